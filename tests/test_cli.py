"""The `companion` command itself: help, version, exit codes."""

import subprocess
import sys

import pytest

from companion import __version__
from companion.cli import main


def test_version_flag_prints_the_package_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--version"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"companion {__version__}"


def test_no_arguments_prints_help_and_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "usage: companion" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["no-such-command"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
