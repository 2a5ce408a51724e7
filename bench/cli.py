"""How fast `companion --help` and `companion --version` answer, against `python -c pass`.

Usage:
    python bench/cli.py            # 21 runs of each command
    python bench/cli.py --runs 51  # steadier figures on a busy machine

Each command is a new Python process started the way the `companion` console
script starts it (`from companion.app.cli import run; run()`), with this checkout
first on the path; `python -c pass`, the same interpreter doing nothing, is
the floor. The commands take turns (pass, --help, --version, run --help, pass,
...) so a machine that speeds up or slows down during the run moves them all
alike. Two warm-up rounds first, with bytecode writing allowed, so every
figure is with cached bytecode. Per command: the median wall time and the
median CPU time (user + system, from the kernel's accounting of the finished
child) in milliseconds, and the median of the per-round ratios to
`python -c pass` (issue 13's goal: `--help` and `--version` within 2x).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
START_LIKE_THE_CONSOLE_SCRIPT = "from companion.app.cli import run; run()"
COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "companion --help": ["-c", START_LIKE_THE_CONSOLE_SCRIPT, "--help"],
    "companion --version": ["-c", START_LIKE_THE_CONSOLE_SCRIPT, "--version"],
    "companion run --help": ["-c", START_LIKE_THE_CONSOLE_SCRIPT, "run", "--help"],
}
FLOOR = "python -c pass"


def child_cpu_seconds() -> float:
    """User plus system time of every child reaped so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_once(arguments: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one process running `python ARGUMENTS`, its output discarded."""
    cpu_before = child_cpu_seconds()
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, *arguments],
        env=env,
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    wall = time.perf_counter() - start
    return wall, child_cpu_seconds() - cpu_before


def measure(runs: int, warmups: int) -> dict[str, list[tuple[float, float]]]:
    """Every command's (wall, cpu) seconds per counted round, the commands taking turns."""
    paths = [str(REPO), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up rounds leave the bytecode cached
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for round_ in range(warmups + runs):
        for name, arguments in COMMANDS.items():
            figures = time_once(arguments, env)
            if round_ >= warmups:
                times[name].append(figures)
    return times


def report(times: dict[str, list[tuple[float, float]]]) -> None:
    """One line per command: median wall and CPU milliseconds and the ratios to the floor."""
    floor = times[FLOOR]
    print(f"{'command':24} {'wall ms':>8} {'cpu ms':>8} {'wall/pass':>10} {'cpu/pass':>9}")
    for name, figures in times.items():
        wall = statistics.median(w for w, _ in figures)
        cpu = statistics.median(c for _, c in figures)
        wall_ratio = statistics.median(w / f for (w, _), (f, _) in zip(figures, floor, strict=True))
        cpu_ratio = statistics.median(
            c / max(f, 1e-6) for (_, c), (_, f) in zip(figures, floor, strict=True)
        )
        print(f"{name:24} {wall * 1e3:8.1f} {cpu * 1e3:8.1f} {wall_ratio:10.2f} {cpu_ratio:9.2f}")


def main() -> None:
    """Time the commands and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="counted runs of each command")
    parser.add_argument("--warmups", type=int, default=2, help="uncounted rounds first")
    options = parser.parse_args()
    print(f"{options.runs} runs of each command, medians; {sys.executable}")
    report(measure(options.runs, options.warmups))


if __name__ == "__main__":
    main()
