"""Log lines: timed in a terminal, plain under systemd (the journal stamps them itself)."""

from __future__ import annotations

import os
from pathlib import Path

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
