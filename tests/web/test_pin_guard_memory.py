"""The PIN guard's bounded memory: a flood of made-up addresses cannot make it forget the one
guessing now, nor grow its locks without end; and a wrong PIN ten minutes old no longer counts."""

from __future__ import annotations

from companion.web.guard import LOCKOUT_S, MAX_ADDRESSES, MAX_WRONG, WINDOW_S, PinGuard, Verdict
from tests.web.conftest import ManualClock


def flood(guard: PinGuard, count: int, wrong_each: int = 1, prefix: str = "10.1") -> None:
    for number in range(count):
        for _ in range(wrong_each):
            guard.check(f"{prefix}.{number // 256}.{number % 256}", "0")


def test_a_flood_of_addresses_forgets_the_least_lately_heard_not_the_one_guessing_now() -> None:
    guard = PinGuard("123456", ManualClock())
    flood(guard, MAX_ADDRESSES - 1)
    guesser = "192.168.1.20"
    for _ in range(MAX_WRONG - 1):
        assert guard.check(guesser, "0").verdict is Verdict.WRONG
    assert guard.check("10.9.9.9", "0").verdict is Verdict.WRONG  # one address too many
    assert guard.check(guesser, "0").verdict is Verdict.LOCKED


def test_a_flood_of_locked_addresses_keeps_a_bounded_number_of_locks() -> None:
    clock = ManualClock()
    guard = PinGuard("123456", clock)
    flood(guard, MAX_ADDRESSES + 1, wrong_each=MAX_WRONG)
    assert len(guard._locked_until) <= MAX_ADDRESSES
    # The lock still standing at the end is the latest one's.
    assert guard.check("10.1.16.0", "123456").verdict is Verdict.LOCKED
    clock.advance(LOCKOUT_S)
    assert guard.check("10.1.16.0", "123456").verdict is Verdict.ALLOWED


def test_a_wrong_pin_exactly_ten_minutes_old_no_longer_counts() -> None:
    clock = ManualClock()
    guard = PinGuard("123456", clock)
    guesser = "192.168.1.20"
    guard.check(guesser, "0")
    clock.advance(1)
    for _ in range(MAX_WRONG - 2):
        guard.check(guesser, "0")
    clock.advance(WINDOW_S - 1)  # the first guess is now exactly WINDOW_S old
    assert guard.check(guesser, "0").verdict is Verdict.WRONG
    assert guard.check(guesser, "0").verdict is Verdict.LOCKED
