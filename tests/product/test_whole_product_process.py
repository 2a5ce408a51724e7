"""The whole companion as its own process, `companion run` with the `sim` devices: phones play
a whole match of each game family over HTTP while the headless touchscreen, played by the
scripted driver, waits for the result and prints what it shows; the screen, the phones and
the log agree. (tests/product/test_whole_product.py plays every game in-process, closer.)"""

from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from companion.event_log.store import Store
from tests.product.phone import Phone
from tests.product.test_run_command import port_of, read_until
from tests.web.test_command import REPO, read_lines

FAMILIES = [
    ("backgammon", {"match_length": 1}, ["Ana", "Ben"]),
    ("classic", {"target": 100, "mode": "referee"}, ["Ana", "Ben"]),
    ("yahtzee", {}, ["Ana", "Ben"]),
]
SCREEN_WAIT_S = 240
"""How long the screen waits for the phones' match to end (a loaded CI machine is slow)."""


def companion_run(tmp_path: Path, script: str) -> subprocess.Popen[str]:
    (tmp_path / "config.toml").write_text('backend = "sim"\n[web]\npin = "4821"\n',
                                          encoding="utf-8")
    (tmp_path / "screen.script").write_text(script, encoding="utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_CONFIG": ""}
    env.pop("DISPLAY", None)
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--headless", "--script",
         str(tmp_path / "screen.script"), "--port", "0", "--seed", "5", "--size", "800x480",
         "--db", str(tmp_path / "log.db"), "--config", str(tmp_path / "config.toml")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, env=env,
    )  # fmt: skip


def play_until_the_screen_closes(phone: Phone, rng: random.Random) -> None:
    """Play random moves to the end of the match. The screen's script ends when it sees the
    result, and the companion closes with it: a request after the last move may find the
    page gone (the log, not the phone, then says how the match ended)."""
    try:
        while not phone.state()["is_over"]:
            phone.play_one(rng)
    except (OSError, http.client.HTTPException):
        return


@pytest.mark.parametrize(("game", "options", "names"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_phones_play_a_whole_match_while_the_screen_of_companion_run_shows_its_result(
    tmp_path: Path, game: str, options: dict, names: list[str]
) -> None:
    shot = tmp_path / "result.png"
    process = companion_run(tmp_path, f"""
expect "PIN 4821"
wait {SCREEN_WAIT_S} for Rematch
widgets
shot {shot}
""")
    try:
        phone = Phone(port_of(read_lines(process, 2)), "4821")
        read_until(process, "First frame on screen.")  # the screen is up: the match is news
        match_id = phone.new_match(game, names, options)
        play_until_the_screen_closes(phone, random.Random(f"process-{game}"))
        out, err = process.communicate(timeout=SCREEN_WAIT_S)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "Traceback" not in err
    with Store.open(tmp_path / "log.db") as store:
        record = store.match(match_id)
        events = store.events(match_id)
    assert record is not None and record.status == "finished" and record.result is not None
    last = events[-1].seq
    assert [event.seq for event in events] == list(range(1, last + 1))
    assert phone.answered == sorted(phone.answered) and phone.answered[-1] == last
    shown = [json.loads(line) for line in out.splitlines()]
    texts = "\n".join(widget["text"] for widget in shown)
    winner = record.players[record.result["winners"][0]].name
    assert f"{winner} won the match" in texts, texts
    assert pygame.image.load(str(shot)).get_size() == (800, 480)
