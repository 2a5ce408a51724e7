"""Every script of `bench/` still starts: a rename elsewhere must not leave a bench that
cannot even be imported (the figures an issue asks for are read from them)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
NO_HELP = {"rp2040_rate.py"}
"""Benches without a command line: they are imported, not run (this one boots an emulator)."""


SCRIPTS = sorted(path.name for path in BENCH.glob("*.py") if path.name not in NO_HELP)


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_bench_starts_and_explains_its_options(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout


@pytest.mark.parametrize("script", sorted(NO_HELP))
def test_the_bench_imports(script: str) -> None:
    spec = importlib.util.spec_from_file_location(f"bench_{script[:-3]}", BENCH / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(module.main)


def test_the_phones_as_hands_bench_plays_taps_and_prints_both_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "web.py"), "--hands", "--hands-runs", "1", "--taps", "3",
         "--tap-s", "0.01", "--spectators", "2"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    applied = [int(found.group(1)) for line in lines
               if (found := re.search(r"(\d+) taps of the phones applied", line))]
    assert applied and applied[0] >= 3, done.stdout
    for figure in ("tap to the tapping phone's new state", "tap to the table's screen"):
        assert any(figure in line and "p95" in line for line in lines), done.stdout
    assert sum("[target p95 under" in line for line in lines) == 2, done.stdout
    assert lines[0].startswith("machine load before"), done.stdout
