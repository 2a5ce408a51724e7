"""Checking the bodies of the commands that move, before anything runs.

Every refusal is a `CommandError` whose message goes back in the NAK; a
refused command changes nothing (docs/protocol.md, section 3).
"""

try:
    from firmware import protocol, stepper_pio
except ImportError:  # on the Pico
    import protocol
    import stepper_pio

MIN_GAP_US = protocol.MIN_GAP_US
MAX_GAP_US = protocol.MAX_GAP_US


class CommandError(Exception):
    """A command that cannot run now; its message goes back in the NAK."""


def check_gap(value, name: str) -> None:
    """Refuse a gap between two steps the state machine cannot time."""
    if not isinstance(value, int) or not MIN_GAP_US <= value <= MAX_GAP_US:
        raise CommandError(name + " must be whole microseconds, " + str(MIN_GAP_US)
                           + " to " + str(MAX_GAP_US))


def check_load(fields: dict, loaded_move, loaded_count: int, capacity: int) -> tuple:
    """A LOAD's `(move, offset, intervals)`, refused unless it continues the upload."""
    move_id = fields.get("move")
    offset = fields.get("offset")
    intervals = fields.get("intervals")
    if not isinstance(move_id, int) or not isinstance(intervals, list):
        raise CommandError("load needs a move id and a list of intervals")
    if offset != 0 and (move_id != loaded_move or offset != loaded_count):
        raise CommandError("load out of order: expected offset " + str(loaded_count))
    if not isinstance(offset, int) or offset + len(intervals) > capacity:
        raise CommandError("a move holds at most " + str(capacity) + " steps")
    low, high = MIN_GAP_US, MAX_GAP_US
    for interval in intervals:  # thousands a spin: the quick test first
        if type(interval) is not int or interval < low or interval > high:
            check_gap(interval, "intervals")  # raises, with the reason
    return move_id, offset, intervals


def check_cruise(cruise, loaded_count: int, freq: int) -> tuple:
    """A MOVE's `[after, gap_us, steps]` as the stepper's `(split, word, steps)`."""
    if not isinstance(cruise, list) or len(cruise) != 3:
        raise CommandError("cruise is [after, gap_us, steps]")
    after, gap_us, steps = cruise
    if not isinstance(after, int) or not 1 <= after <= loaded_count:
        raise CommandError("cruise must come after one of the loaded steps")
    if not isinstance(steps, int) or not 1 <= steps <= protocol.MAX_CRUISE_STEPS:
        raise CommandError("cruise steps must be a whole number from 1 to "
                           + str(protocol.MAX_CRUISE_STEPS))
    check_gap(gap_us, "the cruise gap")
    cycles = stepper_pio.microsecond_cycles(gap_us, freq)
    # The loaded step `after` is followed by the cruise: the words of the
    # steps before it play first (see docs/protocol.md, "Moves").
    return after - 1, stepper_pio.wait_word(cycles), steps


def check_home(fields: dict) -> list:
    """A HOME's `[fast_hz, slow_hz, backoff_steps, max_steps]`, within the rates it runs."""
    plan = []
    for key in ("fast_hz", "slow_hz", "backoff_steps", "max_steps"):
        value = fields.get(key)
        if not isinstance(value, (int, float)) or value <= 0:
            raise CommandError("home needs a positive " + key)
        if key.endswith("steps") and value > protocol.MAX_CRUISE_STEPS:
            raise CommandError("home's " + key + " must be at most "
                               + str(protocol.MAX_CRUISE_STEPS))
        plan.append(value)
    low, high = protocol.MIN_STEP_HZ, protocol.MAX_HOME_HZ
    if not low <= min(plan[0], plan[1]) <= max(plan[0], plan[1]) <= high:
        raise CommandError("homing rates must be within " + str(low) + ".." + str(high) + " Hz")
    return plan
