"""`scripts/check-pi` itself takes half an hour and root (it boots an emulated Pi): it is
run by hand, never here. These only keep it well-formed and out of the test run."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.install.conftest import REPO

CHECK_PI = REPO / "scripts" / "check-pi"


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_it_parses() -> None:
    result = subprocess.run(["bash", "-n", str(CHECK_PI)], capture_output=True, text=True,
                            timeout=30, check=False)
    assert result.returncode == 0, result.stderr


def test_an_unknown_argument_stops_it_before_it_touches_anything() -> None:
    result = subprocess.run([str(CHECK_PI), "--no-such-option"], capture_output=True,
                            text=True, timeout=30, check=False)
    assert result.returncode == 2
    assert result.stderr == "usage: scripts/check-pi [--clean]\n"


def test_it_stops_its_container_however_it_ends() -> None:
    text = CHECK_PI.read_text()
    assert "trap stop_container EXIT" in text
    # By its own process ids, never by a name.
    assert "pkill" not in text and "killall" not in text and "machinectl" not in text


def test_the_test_run_does_not_run_it() -> None:
    assert "check-pi" not in (REPO / "scripts" / "test").read_text()
