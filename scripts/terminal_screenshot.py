"""Render real `companion` command output as a terminal-style PNG for the README.

Usage: .venv/bin/python scripts/terminal_screenshot.py OUT.png "CMD ARGS" ["CMD ARGS" ...]

Each argument is a `companion` command line (without the word `companion`);
its real output is captured and drawn below a `$ companion ...` prompt line.
Needs pygame-ce and a monospace system font (DejaVu Sans Mono on Debian).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

BACKGROUND = (24, 26, 33)
PROMPT = (126, 211, 133)
TEXT = (220, 223, 228)
FONT_SIZE = 15
MARGIN = 16


def command_transcript(command: str, max_lines: int = 40) -> list[tuple[str, tuple[int, int, int]]]:
    """The prompt line and the output lines of one companion command."""
    args = shlex.split(command)
    result = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    lines = (result.stdout + result.stderr).rstrip("\n").splitlines()[:max_lines]
    return [(f"$ companion {command}", PROMPT)] + [(line, TEXT) for line in lines] + [("", TEXT)]


def render(out_path: str, commands: list[str]) -> None:
    """Draw every transcript into one PNG at `out_path`."""
    pygame.init()
    font = pygame.font.SysFont("dejavusansmono,liberationmono,monospace", FONT_SIZE)
    lines = [line for command in commands for line in command_transcript(command)]
    width = max(font.size(text)[0] for text, _ in lines) + 2 * MARGIN
    height = len(lines) * font.get_linesize() + 2 * MARGIN
    surface = pygame.Surface((width, height))
    surface.fill(BACKGROUND)
    for row, (text, colour) in enumerate(lines):
        surface.blit(font.render(text, True, colour), (MARGIN, MARGIN + row * font.get_linesize()))
    pygame.image.save(surface, out_path)


if __name__ == "__main__":
    render(sys.argv[1], sys.argv[2:])
