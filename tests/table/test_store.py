"""The event log on disk: crash-proof settings, schema versions, damaged files, where it lives."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import platformdirs
import pytest

from companion.errors import StoreError
from companion.event_log import opening, schema
from companion.event_log.store import SCHEMA_VERSION, Store, default_db_path
from companion.table import DrawChance, NewMatch, PlayAction, Rematch, default_players
from tests.table.conftest import FIXED_TIME, open_table

REPO = Path(__file__).resolve().parents[2]
STAMP = "20260501T203000Z"  # FIXED_TIME as it appears in a moved-aside name


def write_garbage(path: Path) -> None:
    path.write_bytes(b"these are not the matches you are looking for\n" * 100)


def write_truncated_log(path: Path) -> None:
    with Store.open(path) as store, open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        for _ in range(200):
            table.post(DrawChance()).result(timeout=10)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def write_foreign_schema(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO customers (name) VALUES ('Ada')")


def write_newer_schema(path: Path) -> None:
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE venues (id INTEGER PRIMARY KEY)")
        db.execute("PRAGMA user_version = 99")


def write_other_program_with_a_user_version(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, home TEXT, away TEXT)")
        db.execute("PRAGMA user_version = 7")


def write_ours_with_a_table_missing(path: Path) -> None:
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE rounds")


DAMAGE: list[tuple[str, Callable[[Path], None], str]] = [
    ("not a database", write_garbage, "file is not a database"),
    ("truncated", write_truncated_log, "was damaged"),  # a plain sentence: no SQLite page internals
    ("newer schema", write_newer_schema, "it was written by a newer companion (schema 99)"),
    ("table missing", write_ours_with_a_table_missing, "its rounds table is not the companion's"),
    ("foreign schema", write_foreign_schema, "it holds tables that are not the companion's:"
     " customers"),
    ("other program", write_other_program_with_a_user_version, "written by a newer companion"),
]
OURS = {"truncated", "newer schema", "table missing"}
"""Damaged logs that still hold the companion's tables: moved aside even from a chosen path."""


def test_the_log_uses_write_ahead_logging_and_full_sync(store: Store) -> None:
    assert store.settings() == {
        "journal_mode": "wal",
        "synchronous": 2,  # FULL
        "user_version": SCHEMA_VERSION,
    }


def test_an_empty_file_becomes_a_fresh_log(db_path: Path) -> None:
    db_path.write_bytes(b"")
    with Store.open(db_path) as store:
        assert store.notices == [] and store.matches() == []
        assert store.settings()["user_version"] == SCHEMA_VERSION


def test_an_older_log_is_migrated_and_keeps_its_matches(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(db_path) as store, open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
    newer = (*schema.MIGRATIONS, "ALTER TABLE matches ADD COLUMN venue TEXT")
    monkeypatch.setattr(schema, "MIGRATIONS", newer)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", len(newer))
    with Store.open(db_path) as store:
        assert store.settings()["user_version"] == SCHEMA_VERSION + 1
        assert [match.game for match in store.matches()] == ["tally"]
    with sqlite3.connect(db_path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(matches)")]
    assert columns[-1] == "venue"


def write_three_matches(path: Path) -> None:
    """A seeded match played to its end, its rematch played to its end, then a long third
    match (its events and round scores fill the last pages of their tables)."""
    with Store.open(path, clock=lambda: FIXED_TIME) as store, open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {"target": 3}, seed=31)).result(10)
        for rematch in (False, True):
            if rematch:
                assert table.post(Rematch()).result(timeout=10).applied
            for _ in range(200):
                snapshot = table.snapshot
                assert snapshot is not None
                if snapshot.is_over:
                    break
                command = DrawChance() if snapshot.chance else PlayAction({"action": "add"})
                assert table.post(command).result(timeout=10).applied
        table.post(NewMatch("tally", default_players(2), {"target": 10000})).result(10)
        for _ in range(400):
            table.post(DrawChance()).result(timeout=10)
            table.post(PlayAction({"action": "add"})).result(timeout=10)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def damage_page(path: Path, table: str, which: str) -> None:
    """Overwrite the first or the last page of rows of `table` in the log file."""
    with sqlite3.connect(path) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        pages = [row[0] for row in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            (table,),
        )]
    assert len(pages) > 1, f"the {table} fill one page: play a longer third match"
    page = pages[0] if which == "first" else pages[-1]
    data = bytearray(path.read_bytes())
    data[(page - 1) * page_size : page * page_size] = b"\xff" * page_size
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("table", ["events", "rounds"])
def test_the_matches_a_damaged_log_still_holds_whole_are_kept_with_their_seed_and_rematch(
    home_db: Path, table: str
) -> None:
    write_three_matches(home_db)
    with Store.open(home_db) as whole:
        events = {match_id: whole.events(match_id) for match_id in (1, 2)}
        rounds = {match_id: whole.rounds(match_id) for match_id in (1, 2)}
    damage_page(home_db, table, "last")
    with Store.open(clock=lambda: FIXED_TIME) as store:
        moved = home_db.with_name(f"companion.db.damaged-{STAMP}")
        assert store.notices == [
            f"The match log {home_db} was damaged: 2 matches (#1 to #2), all that could be"
            f" read whole, were kept in a fresh log. The damaged file was moved to {moved};"
            f" look at it with: sqlite3 {moved}"
        ]
        first, second = store.matches()
        assert (first.id, first.status, first.seed, first.rematch_of) == (1, "finished", 31, None)
        assert (second.id, second.status, second.seed, second.rematch_of) == (
            2, "finished", 31, 1
        )
        assert {match_id: store.events(match_id) for match_id in (1, 2)} == events
        assert {match_id: store.rounds(match_id) for match_id in (1, 2)} == rounds


def test_a_match_whose_rows_read_as_garbage_is_left_out_and_the_next_one_kept(
    home_db: Path,
) -> None:
    """A rematch kept without the match it follows forgets what it was a rematch of."""
    write_three_matches(home_db)
    with sqlite3.connect(home_db) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute("UPDATE events SET kind = 'garbled' WHERE match_id = 1 AND seq = 2")
    damage_page(home_db, "events", "last")
    with Store.open(clock=lambda: FIXED_TIME) as store:
        assert "match #2, all that could be read whole, was kept" in store.notices[0]
        (second,) = store.matches()
        assert (second.id, second.status, second.seed, second.rematch_of) == (
            2, "finished", 31, None
        )
        assert [event.seq for event in store.events(1)] == []


def test_a_damaged_log_whose_first_round_scores_cannot_be_read_keeps_no_match(
    home_db: Path,
) -> None:
    """A match without its round scores would show another standing than was played."""
    write_three_matches(home_db)
    damage_page(home_db, "rounds", "first")
    with Store.open(clock=lambda: FIXED_TIME) as store:
        assert "no match in it could be read whole" in store.notices[0]
        assert store.matches() == []


@pytest.mark.parametrize(
    ("write", "reason"),
    [case[1:] for case in DAMAGE if case[0] != "truncated"],
    ids=[c[0] for c in DAMAGE if c[0] != "truncated"],
)
def test_a_damaged_log_is_moved_aside_and_the_companion_starts_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, write: Callable[[Path], None], reason: str
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    db_path = tmp_path / "companion.db"
    write(db_path)
    original = db_path.read_bytes()
    with Store.open(clock=lambda: FIXED_TIME) as store:
        moved = db_path.with_name(f"companion.db.damaged-{STAMP}")
        assert len(store.notices) == 1
        assert store.notices[0].startswith(f"The match log {db_path} could not be read (")
        assert reason in store.notices[0]
        assert store.notices[0].endswith(
            f"it was moved to {moved.name} and the companion starts with an empty log."
        )
        assert moved.read_bytes() == original
        assert store.matches() == []
        with open_table(store) as table:
            outcome = table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        assert outcome.applied


def test_a_log_with_damaged_pages_is_moved_aside_with_one_plain_sentence(home_db: Path) -> None:
    db_path = home_db
    write_truncated_log(db_path)
    original = db_path.read_bytes()
    with Store.open(clock=lambda: FIXED_TIME) as store:
        moved = db_path.with_name(f"companion.db.damaged-{STAMP}")
        # The one match's events run into the missing half: it cannot be kept whole.
        assert store.notices == [
            f"The match log {db_path} was damaged: no match in it could be read whole, so the"
            f" new log starts empty. The damaged file was moved to {moved}; look at it with:"
            f" sqlite3 {moved}"
        ]
        assert moved.read_bytes() == original
        assert store.matches() == []


@pytest.mark.parametrize(
    ("write", "reason"),
    [case[1:] for case in DAMAGE if case[0] not in OURS],
    ids=[case[0] for case in DAMAGE if case[0] not in OURS],
)
def test_a_file_that_is_no_companion_log_at_a_chosen_path_is_refused_and_left_untouched(
    db_path: Path, write: Callable[[Path], None], reason: str
) -> None:
    write(db_path)
    original = db_path.read_bytes()
    with pytest.raises(StoreError) as refusal:
        Store.open(db_path, clock=lambda: FIXED_TIME)
    assert str(refusal.value).startswith(f"{db_path} is not a match log of the companion (")
    assert reason in str(refusal.value)
    assert str(refusal.value).endswith(
        "); it is left as it is: choose another file with --db PATH."
    )
    assert db_path.read_bytes() == original
    assert sorted(path.name for path in db_path.parent.iterdir()) == ["log.db"]


@pytest.mark.parametrize(
    ("write", "reason"),
    [case[1:] for case in DAMAGE if case[0] in OURS],
    ids=[case[0] for case in DAMAGE if case[0] in OURS],
)
def test_a_damaged_companion_log_at_a_chosen_path_is_moved_aside(
    db_path: Path, write: Callable[[Path], None], reason: str
) -> None:
    write(db_path)
    with Store.open(db_path, clock=lambda: FIXED_TIME) as store:
        assert reason in store.notices[0]
    assert db_path.with_name(f"log.db.damaged-{STAMP}").exists()


def test_two_companions_creating_a_new_log_at_once_both_open_it(tmp_path: Path) -> None:
    script = (
        "import sys, time\n"
        "from companion.event_log.store import Store\n"
        "time.sleep(max(0.0, float(sys.argv[2]) - time.time()))\n"
        "Store.open(sys.argv[1]).close()\n"
    )
    for trial in range(6):
        path = tmp_path / f"new-{trial}.db"
        start = f"{__import__('time').time() + 1.0}"
        openers = [
            subprocess.Popen([sys.executable, "-c", script, str(path), start], cwd=REPO,
                             stderr=subprocess.PIPE, text=True)
            for _ in range(3)
        ]  # fmt: skip
        errors = [opener.communicate(timeout=60)[1] for opener in openers]
        assert [opener.returncode for opener in openers] == [0, 0, 0], errors
        with Store.open(path) as store:
            assert store.notices == [] and store.settings()["user_version"] == SCHEMA_VERSION


def test_two_damaged_logs_in_the_same_second_are_both_kept(home_db: Path) -> None:
    for attempt in range(2):
        write_garbage(home_db)
        Store.open(home_db, clock=lambda: FIXED_TIME).close()
        assert home_db.with_name(
            f"companion.db.damaged-{STAMP}" + ("" if attempt == 0 else "-2")
        ).exists()


def test_the_write_ahead_files_of_a_damaged_log_move_with_it(home_db: Path) -> None:
    write_garbage(home_db)
    home_db.with_name("companion.db-wal").write_bytes(b"stale")
    Store.open(home_db, clock=lambda: FIXED_TIME).close()
    assert home_db.with_name(f"companion.db.damaged-{STAMP}-wal").read_bytes() == b"stale"


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        # A regular file where a directory should be: not even root can write there.
        (lambda tmp: tmp / "a-file" / "state" / "companion.db",
         "cannot be created (Not a directory)"),
        # os.access says /proc is writable for root, but nothing can be created in it.
        (lambda tmp: Path("/proc") / "companion.db", "cannot be written ("),
    ],
    ids=["under a file", "proc"],
)  # fmt: skip
def test_a_data_directory_that_cannot_be_written_gets_a_clear_error(
    tmp_path: Path, where: Callable[[Path], Path], reason: str
) -> None:
    (tmp_path / "a-file").write_text("not a directory")
    path = where(tmp_path)
    with pytest.raises(StoreError) as error:
        Store.open(path)
    assert str(error.value).startswith(f"The data directory {path.parent} {reason}")
    assert str(error.value).endswith("choose a writable place with --db PATH or $STATE_DIRECTORY.")


def test_the_demo_on_an_unwritable_data_directory_says_so_without_a_traceback(
    tmp_path: Path,
) -> None:
    (tmp_path / "a-file").write_text("not a directory")
    result = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--game", "yahtzee", "--pace", "0",
         "--db", str(tmp_path / "a-file" / "companion.db")],
        capture_output=True, text=True, cwd=REPO, timeout=60,
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith(f"companion: The data directory {tmp_path / 'a-file'} cannot")
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_the_log_lives_in_state_directory_under_systemd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", f"{tmp_path}/one:{tmp_path}/two")
    assert default_db_path() == tmp_path / "one" / "companion.db"


def test_the_log_lives_in_the_platform_state_directory_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("STATE_DIRECTORY")
    expected = Path(platformdirs.user_state_dir("companion", appauthor=False)) / "companion.db"
    assert default_db_path() == expected


def test_a_closed_store_can_be_closed_again_and_refuses_reads(db_path: Path) -> None:
    store = Store.open(db_path)
    store.close()
    store.close()
    with pytest.raises(StoreError, match=r"The match log is closed\."):
        store.matches()


def test_the_move_aside_time_is_utc(home_db: Path) -> None:
    write_garbage(home_db)
    evening_in_tokyo = datetime(2026, 5, 2, 5, 30, tzinfo=UTC).astimezone()
    Store.open(home_db, clock=lambda: evening_in_tokyo).close()
    assert home_db.with_name("companion.db.damaged-20260502T053000Z").exists()


NOBODY = 65534


def open_as_an_ordinary_user(path: Path) -> str:
    """`Store.open(path)` without root's power to write anywhere; the error, or "opened"."""
    return as_an_ordinary_user(lambda: _try_open(path))


def as_an_ordinary_user(
    call: Callable[[], str], meanwhile: Callable[[], None] | None = None
) -> str:
    """What `call` returns when made without root's power to write anywhere.

    As root it runs in a forked child that has become nobody, so that file
    modes mean what they say; `meanwhile` runs here, as root, while it does.
    """
    if os.geteuid() != 0:
        if meanwhile is not None:
            pytest.skip("needs root to act as the log's owner while another user reads")
        return call()
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            os.write(writer, call().encode())
        finally:
            os._exit(0)
    os.close(writer)
    if meanwhile is not None:
        meanwhile()
    with os.fdopen(reader) as answer:
        message = answer.read()
    os.waitpid(pid, 0)
    return message


def _try_open(path: Path) -> str:
    try:
        Store.open(path).close()
    except StoreError as error:
        return str(error)
    return "opened"


@pytest.fixture
def shared_directory() -> Iterator[Path]:
    """A directory an ordinary user can reach (pytest's own tmp_path is private to root)."""
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        directory.chmod(0o755)
        yield directory


def test_a_read_only_data_directory_gets_a_clear_error(shared_directory: Path) -> None:
    data = shared_directory / "state"
    data.mkdir()
    data.chmod(0o555)
    assert open_as_an_ordinary_user(data / "companion.db") == (
        f"The data directory {data} cannot be written (Permission denied); choose a writable"
        " place with --db PATH or $STATE_DIRECTORY."
    )
    assert list(data.iterdir()) == []


def test_a_read_only_log_gets_a_clear_error(shared_directory: Path) -> None:
    data = shared_directory / "state"
    data.mkdir()
    data.chmod(0o777)
    log = data / "companion.db"
    Store.open(log).close()
    log.chmod(0o444)
    assert open_as_an_ordinary_user(log) == (
        f"The match log {log} is read-only; make it writable or choose another place with"
        " --db PATH."
    )
    assert sorted(path.name for path in data.iterdir()) == ["companion.db"]


def service_directory_with_a_match(shared_directory: Path) -> Path:
    """A data directory holding a log with a match, that only its owner (root) may write."""
    data = shared_directory / "state"
    data.mkdir()
    with Store.open(data / "companion.db") as store, open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
    data.chmod(0o755)
    return data


def test_the_history_of_a_log_in_a_directory_the_reader_cannot_write_is_readable(
    shared_directory: Path,
) -> None:
    data = service_directory_with_a_match(shared_directory)

    def history() -> str:
        with Store.open_to_read(data / "companion.db") as store:
            return " ".join(f"{match.game}:{match.status}" for match in store.matches())

    assert as_an_ordinary_user(history) == "tally:playing"
    assert sorted(path.name for path in data.iterdir()) == ["companion.db", "companion.db.lock"]


def test_a_log_read_as_it_stands_on_disk_notices_a_companion_writing_meanwhile(
    shared_directory: Path,
) -> None:
    data = service_directory_with_a_match(shared_directory)
    opened_read, opened_write = os.pipe()
    go_read, go_write = os.pipe()

    def read_while_a_companion_writes() -> str:
        with Store.open_to_read(data / "companion.db") as reader:
            before = reader.changed_on_disk()
            os.write(opened_write, b"o")
            os.read(go_read, 1)  # the companion writes now
            return f"{before} {reader.changed_on_disk()}"

    def write_once_it_is_open() -> None:
        assert os.read(opened_read, 1) == b"o"
        with Store.open(data / "companion.db") as store, open_table(store) as table:
            table.post(DrawChance()).result(timeout=10)
        os.write(go_write, b"g")

    seen = as_an_ordinary_user(read_while_a_companion_writes, write_once_it_is_open)
    assert seen == "False True"


def test_a_log_of_another_schema_in_a_directory_the_reader_cannot_write_is_a_sentence(
    shared_directory: Path,
) -> None:
    data = shared_directory / "state"
    data.mkdir()
    Store.open(data / "companion.db").close()
    with sqlite3.connect(data / "companion.db") as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    data.chmod(0o755)

    def history() -> str:
        try:
            Store.open_to_read(data / "companion.db").close()
        except StoreError as error:
            return str(error)
        return "opened"

    assert as_an_ordinary_user(history) == (
        f"The match log {data / 'companion.db'} cannot be read (it was written by a newer"
        f" companion (schema {SCHEMA_VERSION + 1})); nothing was changed."
    )


def test_the_ordinary_user_of_these_tests_can_open_a_writable_log(shared_directory: Path) -> None:
    data = shared_directory / "state"
    data.mkdir()
    data.chmod(0o777)
    assert open_as_an_ordinary_user(data / "companion.db") == "opened"


def test_a_second_table_on_the_same_log_is_refused_until_the_first_closes(
    db_path: Path,
) -> None:
    with Store.open(db_path) as first_store, Store.open(db_path) as second_store:
        first = open_table(first_store)
        with pytest.raises(StoreError) as refusal:
            open_table(second_store)
        assert str(refusal.value) == (
            f"The match log {db_path} is in use by another companion on this machine;"
            " stop it first, or choose another place with --db PATH."
        )
        first.close()
        with open_table(second_store) as second:
            assert second.post(NewMatch("tally", default_players(2), {})).result(timeout=10)


def test_a_demo_on_a_log_that_another_companion_is_playing_leaves_its_match_alone(
    db_path: Path,
) -> None:
    with Store.open(db_path) as store, open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        demo = subprocess.run(
            [sys.executable, "-m", "tests.table.tally", "demo", "--game", "tally", "--pace", "0",
             "--db", str(db_path)],
            capture_output=True, text=True, cwd=REPO, timeout=60,
        )  # fmt: skip
        history = subprocess.run(
            [sys.executable, "-m", "tests.table.tally", "history", "--db", str(db_path)],
            capture_output=True, text=True, cwd=REPO, timeout=60,
        )  # fmt: skip
        assert table.post(DrawChance()).result(timeout=10).applied
    assert (demo.returncode, demo.stdout) == (1, "")
    assert demo.stderr == (
        f"companion: The match log {db_path} is in use by another companion on this machine;"
        " stop it first, or choose another place with --db PATH.\n"
    )
    assert history.returncode == 0 and "Tally  playing" in history.stdout
    with Store.open(db_path) as store:
        assert [(match.id, match.status) for match in store.matches()] == [(1, "playing")]


def test_a_store_serves_one_table_at_a_time(store: Store) -> None:
    with open_table(store):
        with pytest.raises(StoreError) as refusal:
            open_table(store)
        assert str(refusal.value) == (
            f"The match log {store.path} already has a table: close it before opening another."
        )
    with open_table(store) as again:
        assert again.post(NewMatch("tally", default_players(2), {})).result(timeout=10).applied


def test_a_write_that_fails_halfway_leaves_no_transaction_open(store: Store) -> None:
    match_id = store.create_match("tally", {}, default_players(2), [0, 0], "2026-05-01")
    with pytest.raises(TypeError):
        store.create_match("tally", {"target": {30}}, default_players(2), [0, 0], "2026-05-01")
    assert store.create_match("tally", {}, default_players(2), [0, 0], "2026-05-01") == match_id + 1
    assert [match.id for match in store.matches()] == [match_id, match_id + 1]


@pytest.mark.parametrize(
    ("damage", "listed", "shown"),
    [
        (("events", "last"), [1, 2], "the 2 matches that can still be read whole are listed"),
        (("rounds", "first"), [], "no match could be read whole"),
    ],
    ids=["two-whole", "none-whole"],
)
def test_the_history_of_a_damaged_log_lists_the_matches_still_whole_and_says_so(
    db_path: Path, damage: tuple[str, str], listed: list[int], shown: str
) -> None:
    write_three_matches(db_path)
    damage_page(db_path, *damage)
    damaged = db_path.read_bytes()
    with Store.open_to_read(db_path) as store:
        assert store.damaged
        assert store.notices == [
            f"The match log {db_path} is damaged: {shown}. It is left as it is; the next"
            f" companion to open it keeps them in a fresh log. Look at it with: sqlite3 {db_path}"
        ]
        assert [match.id for match in store.matches()] == listed
    assert db_path.read_bytes() == damaged


def test_the_history_of_a_damaged_log_with_one_match_whole_says_it_is_the_one(
    db_path: Path,
) -> None:
    write_three_matches(db_path)
    with sqlite3.connect(db_path) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute("UPDATE events SET kind = 'garbled' WHERE match_id = 1 AND seq = 2")
    damage_page(db_path, "events", "last")
    with Store.open_to_read(db_path) as store:
        assert "is damaged: the one match that can still be read whole is listed." in (
            store.notices[0]
        )
        assert [match.id for match in store.matches()] == [2]


def test_a_log_read_as_it_stood_on_disk_tells_once_the_file_changes(db_path: Path) -> None:
    """What `companion history` relies on in a directory it cannot write (see the test above,
    run as an ordinary user): the stamp taken when the log was opened immutable."""
    Store.open(db_path).close()
    with closing(sqlite3.connect(db_path)) as db:
        reading = opening.ReadConnection(db, db_path, opening._stamp(db_path))
        unchanged = reading.changed()
        with Store.open(db_path) as store, open_table(store) as table:
            table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        assert (unchanged, reading.changed()) == (False, True)
