"""The table PIN's lockout: 10 wrong PINs from one address in 10 minutes lock it for a minute."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.table import Table
from companion.web.guard import PinGuard, Verdict
from tests.web.conftest import PIN, ManualClock, play, start


def change(client: FlaskClient, pin: str, address: str = "192.168.1.20"):
    return client.post(
        "/api/chance", headers={"X-Table-PIN": pin}, environ_base={"REMOTE_ADDR": address}
    )


def wrong_guesses(client: FlaskClient, count: int, address: str = "192.168.1.20") -> list[int]:
    return [change(client, "0000", address).status_code for _ in range(count)]


def test_the_tenth_wrong_pin_locks_the_address_with_retry_after(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    assert wrong_guesses(client, 9) == [403] * 9
    answer = change(client, "0000")
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "60"
    assert "wait 60 s" in answer.get_json()["error"]


def test_a_locked_address_is_refused_even_with_the_right_pin(
    client: FlaskClient, table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    wrong_guesses(client, 10)
    clock.advance(20)
    answer = change(client, PIN)
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "40"
    assert table.snapshot.seq == 0


def test_reads_stay_open_to_a_locked_address(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    wrong_guesses(client, 10)
    answer = client.get("/api/state", environ_base={"REMOTE_ADDR": "192.168.1.20"})
    assert answer.status_code == 200


def test_the_lock_ends_after_a_minute(
    client: FlaskClient, table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    wrong_guesses(client, 10)
    clock.advance(60)
    assert change(client, PIN).status_code == 200


def test_the_lock_is_for_that_address_only(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    wrong_guesses(client, 10)
    assert change(client, PIN, address="192.168.1.21").status_code == 200


def test_a_right_pin_before_the_tenth_resets_the_count(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    wrong_guesses(client, 9)
    assert change(client, PIN).status_code == 200
    assert wrong_guesses(client, 9) == [403] * 9


def test_wrong_pins_older_than_ten_minutes_do_not_count(
    client: FlaskClient, table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    wrong_guesses(client, 5)
    clock.advance(601)
    assert wrong_guesses(client, 9) == [403] * 9


def test_the_guard_remembers_a_bounded_number_of_addresses() -> None:
    clock = ManualClock()
    guard = PinGuard("1234", clock)
    for number in range(5000):
        assert guard.check(f"10.0.{number // 256}.{number % 256}", "0").verdict is Verdict.WRONG
    assert len(guard._wrong) <= 4096


def test_wrong_pins_spread_over_ten_minutes_still_add_up_to_the_lockout(
    client: FlaskClient, table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    answers = []
    for _ in range(9):
        answers += wrong_guesses(client, 1)
        clock.advance(66)  # nine gaps of 66 s: the first guess is 594 s old at the tenth
    assert answers == [403] * 9
    assert change(client, "0000").status_code == 429
    assert change(client, PIN).status_code == 429


@pytest.mark.parametrize("pin", [None, "", "0000"])
def test_a_phone_without_the_pin_is_refused_when_it_asks_for_undo(
    client: FlaskClient, table: Table, pin: str | None
) -> None:
    start(table, "backgammon")
    snapshot = play(table, 3, seed=5)
    assert snapshot.seq > 1
    headers = {} if pin is None else {"X-Table-PIN": pin}
    answer = client.post("/api/undo", headers=headers)
    assert answer.status_code == 403
    assert "PIN" in answer.get_json()["error"]
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq
    assert client.post("/api/undo", headers={"X-Table-PIN": PIN}).status_code == 200
    assert table.snapshot.seq != snapshot.seq
