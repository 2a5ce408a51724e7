"""Fixtures for the Pi install: `scripts/install-pi --root` into a temporary directory."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INSTALL_PI = REPO / "scripts" / "install-pi"


def install_pi(root: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run `scripts/install-pi --root ROOT --no-venv` (never without --root: that is the system)."""
    return subprocess.run(
        [sys.executable, str(INSTALL_PI), "--root", str(root), "--no-venv", *extra],
        capture_output=True, text=True, timeout=60, check=False,
    )


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    """A tree written by one `install-pi --root`."""
    root = tmp_path / "pi"
    result = install_pi(root)
    assert result.returncode == 0, result.stderr
    return root
