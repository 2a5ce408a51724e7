"""Seat sessions in memory: bound to their address, bounded in number, forgotten when idle."""

from __future__ import annotations

from companion.web import seats
from companion.web.seats import IDLE_S, MAX_SESSIONS, SeatSessions, csrf_matches
from tests.web.conftest import ManualClock


def test_a_session_is_found_only_from_the_address_it_joined_from() -> None:
    sessions = SeatSessions(ManualClock())
    session_id, session = sessions.open("Cleo", "192.168.1.31")
    assert sessions.find(session_id, "192.168.1.31") == session
    assert sessions.find(session_id, "192.168.1.32") is None


def test_each_session_has_its_own_unguessable_id_and_csrf_token() -> None:
    sessions = SeatSessions(ManualClock())
    opened = [sessions.open("Cleo", "10.0.0.1") for _ in range(50)]
    ids = {session_id for session_id, _ in opened}
    tokens = {session.csrf for _, session in opened}
    assert len(ids) == len(tokens) == 50 and not ids & tokens
    assert all(len(session_id) >= 40 for session_id in ids)


def test_a_session_unused_for_its_idle_time_is_forgotten_and_use_keeps_it() -> None:
    clock = ManualClock()
    sessions = SeatSessions(clock)
    kept, _ = sessions.open("Ana", "10.0.0.1")
    idle, _ = sessions.open("Ben", "10.0.0.2")
    clock.advance(IDLE_S - 1)
    assert sessions.find(kept, "10.0.0.1") is not None
    clock.advance(2)
    assert sessions.find(kept, "10.0.0.1") is not None
    assert sessions.find(idle, "10.0.0.2") is None


def test_sessions_are_bounded_forgetting_the_least_recently_used(monkeypatch) -> None:
    monkeypatch.setattr(seats, "MAX_SESSIONS", 3)
    clock = ManualClock()
    sessions = SeatSessions(clock)
    first, _ = sessions.open("Ana", "10.0.0.1")
    second, _ = sessions.open("Ben", "10.0.0.2")
    sessions.open("Cleo", "10.0.0.3")
    assert sessions.find(first, "10.0.0.1") is not None  # used: now the most recent
    sessions.open("Dev", "10.0.0.4")
    assert len(sessions) == 3
    assert sessions.find(second, "10.0.0.2") is None
    assert sessions.find(first, "10.0.0.1") is not None


def test_the_real_bound_holds_under_a_flood_of_joins() -> None:
    sessions = SeatSessions(ManualClock())
    for number in range(MAX_SESSIONS + 100):
        sessions.open("Ana", f"10.0.{number // 256}.{number % 256}")
    assert len(sessions) == MAX_SESSIONS


def test_the_csrf_token_must_be_the_sessions_own() -> None:
    sessions = SeatSessions(ManualClock())
    _, session = sessions.open("Ana", "10.0.0.1")
    _, other = sessions.open("Ben", "10.0.0.1")
    assert csrf_matches(session, session.csrf)
    assert not csrf_matches(session, other.csrf)
    assert not csrf_matches(session, None)
    assert not csrf_matches(session, "")


def test_a_closed_session_is_gone_and_the_session_holds_no_pin() -> None:
    sessions = SeatSessions(ManualClock())
    session_id, session = sessions.open("Ana", "10.0.0.1")
    assert set(vars(session)) == {"name", "address", "csrf", "last_used"}
    sessions.close(session_id)
    assert sessions.find(session_id, "10.0.0.1") is None
