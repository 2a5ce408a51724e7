"""Log lines: timed in a terminal, plain under systemd (the journal stamps them itself)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from companion.journal import under_journal


def test_a_stream_is_the_journals_when_journal_stream_names_its_device_and_inode(
    tmp_path: Path,
) -> None:
    with (tmp_path / "stream").open("w") as stream:
        facts = os.fstat(stream.fileno())
        environ = {"JOURNAL_STREAM": f"{facts.st_dev}:{facts.st_ino}"}
        assert under_journal(stream, environ)


def test_a_child_whose_stderr_went_elsewhere_still_times_its_lines(tmp_path: Path) -> None:
    with (tmp_path / "journal").open("w") as journal, (tmp_path / "file").open("w") as other:
        facts = os.fstat(journal.fileno())
        environ = {"JOURNAL_STREAM": f"{facts.st_dev}:{facts.st_ino}"}
        assert not under_journal(other, environ)


def test_no_or_a_garbled_journal_stream_means_a_terminal(tmp_path: Path) -> None:
    with (tmp_path / "stream").open("w") as stream:
        assert not under_journal(stream, {})
        assert not under_journal(stream, {"JOURNAL_STREAM": "garbage"})
        assert not under_journal(stream, {"JOURNAL_STREAM": "1:x"})


def test_under_the_journal_each_line_carries_its_syslog_priority(tmp_path: Path) -> None:
    import subprocess
    import sys

    journal = tmp_path / "journal"
    code = (
        "import logging, os, sys\n"
        "facts = os.fstat(sys.stderr.fileno())\n"
        "os.environ['JOURNAL_STREAM'] = f'{facts.st_dev}:{facts.st_ino}'\n"
        "from companion.journal import log_to_stderr\n"
        "log_to_stderr()\n"
        "logging.getLogger('companion.run').error('The port is taken.')\n"
        "logging.getLogger('companion.run').info('Devices: simulated.')\n"
    )
    with journal.open("w") as stream:
        subprocess.run([sys.executable, "-c", code], stderr=stream, check=True,
                       cwd=Path(__file__).resolve().parents[1])
    assert journal.read_text().splitlines() == [
        "<3>ERROR companion.run: The port is taken.",
        "<6>INFO companion.run: Devices: simulated.",
    ]


def test_the_table_pin_stays_out_of_the_journal_when_the_screen_shows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.app.product import pin_line

    with (tmp_path / "journal").open("w") as journal:
        facts = os.fstat(journal.fileno())
        environ = {"JOURNAL_STREAM": f"{facts.st_dev}:{facts.st_ino}"}
        monkeypatch.setattr(sys, "stdout", journal)
        assert "4821" not in pin_line("4821", screen=True, environ=environ)
        assert pin_line("4821", screen=True, environ=environ).endswith("home screen.")
        # With no screen, the journal is the only place a maker can read it.
        assert pin_line("4821", screen=False, environ=environ) == "Table PIN: 4821"
        assert pin_line("4821", screen=True, environ={}) == "Table PIN: 4821"
