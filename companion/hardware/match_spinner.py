"""The spinner fitted for one match: the configured motor, or software picks with the reason.

`match_spinner` is what a table program (the demo, the touchscreen) opens
for a game that asks for spins. It opens the configured spinner as a
`TableSpinner` (results at once, the motor following) through `table_spins`,
the one place a table's spinner is opened, and when that is impossible it says
why and gets that place's one fallback, `SoftwareSpins` (the companion's picks,
whose log lines read "The companion picks Dev: the spinner is unavailable").
A match is never refused because of the spinner.

Seats: the policy of `device.seat_fit`, the same as the touchscreen's. On
the simulated backend a match with more players than calibrated seats has
them spaced evenly; on real hardware it gets software picks until the
seats are calibrated with `companion hw calibrate`, and says so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from companion.config import Config
from companion.games.notes import N_, Note
from companion.hardware.spin_status import (
    SpinnerProblem,
    SpinnerStatus,
    seats_note,
    status_notes,
)
from companion.hardware.table_spinner import TableSpinner
from companion.hardware.table_spins import SoftwareSpins, TableSpins, table_spins
from companion.table.chance import SoftwarePick
from device.seat_fit import evenly_spaced, fit_seats

LAST_MOTION_WAIT_S = 10.0
"""How long a finished match waits for the pointer to show the last spin."""


def seats_for_match(config: Config, players: int) -> tuple[Config, Note | None]:
    """The configuration to spin for `players`, and a sentence when it cannot point at them.

    The sentence is None when the spinner can show every player's seat (on the
    simulated backend, seats spaced evenly for a larger table: `fit_seats`).

    Raises:
        ValueError: `players` is not a positive number.
    """
    spinner = config.spinner
    fit = fit_seats(spinner.seat_angles, players, config.backend == "sim", spinner.margin_deg)
    if fit.software:
        return config, seats_note(fit)
    if len(spinner.seat_angles) < players:
        return replace(config, spinner=replace(spinner, seat_angles=fit.angles)), None
    return config, None


@contextlib.contextmanager
def match_spinner(
    config: Config,
    names: Sequence[str],
    seed: int | None = None,
    say: Callable[[Note], None] | None = None,
) -> Iterator[TableSpins]:
    """The spin source for a match of the players `names`, closed on leaving.

    `say` gets sentences for the person at the table, as `Note`s to be said in
    the table's language (the demo prints them with `companion.i18n.note_text`;
    None prints them in English): why the spinner is not used, and each change
    of its status ("Spinner unavailable: the home sensor did not trigger ...").
    After a match that ended normally it waits up to `LAST_MOTION_WAIT_S` for
    the last motion.

    The match starts once the spinner has homed (or found that it cannot): a spin
    asked while homing was under way would be told as the pointer's although a
    spinner that then fails to home never turns (seen when the machine is busy).
    """
    tell = say if say is not None else _print
    config, problem = seats_for_match(config, len(names))
    if problem is not None:
        tell(problem)
        yield SoftwareSpins(SoftwarePick(seed), config.spinner, problem.render(str),
                            SpinnerProblem.NONE)
        return
    with table_spins(config, seed, listener=_sayer(tell)) as spins:
        if isinstance(spins, SoftwareSpins):
            tell(Note.of(NOT_OPENED, error=spins.opening_error))
        else:
            spins.wait_idle(config.spinner.home.timeout_s + LAST_MOTION_WAIT_S)
        yield spins
        spins.wait_idle(LAST_MOTION_WAIT_S)


NOT_OPENED = N_("Software picks for spins: the spinner could not be opened. {error}")
WORKING_AGAIN = N_("The spinner is working again.")


def _print(note: Note) -> None:
    print(note.render(str))


def _sayer(say: Callable[[Note], None]) -> Callable[[SpinnerStatus], None]:
    """A status listener that says when the spinner becomes unavailable (why) and is back.

    Each software pick is in the log line of its spin, so it is not repeated here.
    """
    said = [True, ""]

    def listen(status: SpinnerStatus) -> None:
        now = [status.available, status.reason]
        if now == said:
            return
        if not status.available:
            unavailable = SpinnerStatus(False, status.reason, problem=status.problem)
            for note in status_notes(unavailable, detail=True):
                say(note)
        elif not said[0]:
            say(Note(WORKING_AGAIN))
        said[:] = now

    return listen


__all__ = ["TableSpinner", "evenly_spaced", "match_spinner", "seats_for_match"]
