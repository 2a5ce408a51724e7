"""Where the companion's own chance comes from: fair dice, shuffles and spins.

The engines never draw chance themselves (`companion.games.base`): the table
asks a `ChanceSource` for an outcome and logs it as an ordinary action, so a
match replays exactly. In play the source is `secrets`; tests pass a seed.

A spin goes to the spinner. The spinner device chooses its result first and
then drives the motion to stop there, so its hook answers at once and the
worker never waits for a motor. A device that must wait for the world (a dice
reader) does not implement this hook: it posts `SupplyChance` when it knows.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Protocol

from companion.games.autoplay import sample_outcome
from companion.games.base import ChanceRequest, check_outcome
from companion.table.refusals import NOT_A_DEVICE, TABLE_AS_SOURCE, refused

MAX_SOURCE_LENGTH = 24
"""The longest name a supplied outcome may give for where it came from."""


class ChanceSource(Protocol):
    """Anything that answers a chance request with a fair outcome."""

    def outcome(self, request: ChanceRequest) -> Any:
        """An outcome that fits `request` (see `ChanceRequest`).

        Raises:
            RuleError: the source cannot supply this kind of chance.
        """
        ...


class FairChance:
    """Fair dice, uniform shuffles and fair spins, as `sample_outcome` draws them.

    A spin stops at a uniformly chosen seat or now and then between two
    neighbours; at the table spins go to the spinner source, not here.

    With no seed the draws come from `secrets` (the operating system's
    randomness); a seed makes them reproducible, for tests and demos.
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng: random.Random = (
            secrets.SystemRandom() if seed is None else random.Random(f"chance-{seed}")
        )

    def outcome(self, request: ChanceRequest) -> Any:
        """A fair outcome for `request`."""
        return sample_outcome(request, self._rng)


class SoftwareSpinner:
    """The simulated spinner: points at one of the requested seats, each equally likely."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng: random.Random = (
            secrets.SystemRandom() if seed is None else random.Random(f"spinner-{seed}")
        )

    def outcome(self, request: ChanceRequest) -> Any:
        """The seat the pointer stops at."""
        return self._rng.choice(request.seats)


class SoftwarePick(SoftwareSpinner):
    """The companion's own pick when no spinner can show it (none fitted, or it failed to open).

    The log says so: "The companion picks Dev: the spinner is unavailable".
    """

    last_pick_in_software = True


def checked_outcome(source: ChanceSource, request: ChanceRequest) -> Any:
    """Ask `source` for an outcome and make sure it fits the request.

    Raises:
        RuleError: the source gave an outcome that does not fit.
    """
    outcome = source.outcome(request)
    check_outcome(request, outcome)
    return outcome


def request_to_json(request: ChanceRequest) -> dict[str, Any]:
    """A chance request as plain JSON, as written next to its outcome in the log."""
    return {
        "kind": request.kind,
        "prompt": request.prompt,
        "dice": request.dice,
        "sides": request.sides,
        "size": request.size,
        "seats": list(request.seats),
    }


def check_source(source: str) -> None:
    """Check where a supplied chance outcome says it came from.

    "table" is the companion's own draw (`DrawChance`), which undo keeps and
    serves again: an outcome from outside must not pass for one. The source is
    part of a log line, so it is a short name on one line.

    Raises:
        RuleError: the source is "table", empty, too long or not on one line.
    """
    if source == "table":
        raise refused(TABLE_AS_SOURCE)
    if not source or len(source) > MAX_SOURCE_LENGTH or not source.isprintable():
        raise refused(NOT_A_DEVICE, source=repr(source[:MAX_SOURCE_LENGTH]))


def same_request(logged: dict[str, Any], request: ChanceRequest) -> bool:
    """True when a logged request asks for what `request` asks: same kind and shape.

    The prompt is left out: its wording (and the players' names in it) may
    change between versions without changing what chance must supply.
    """
    wanted = request_to_json(request)
    return all(logged.get(key) == wanted[key] for key in wanted if key != "prompt")
