"""The dice of the backgammon family: those asked for, those thrown checked, what they start.

`TurnDice` is mixed into `FamilyGame`: one die per player in the opening roll
and two on a turn (a chance request, made once per prompt, seat and names),
two dice accepted unasked while a player may double (throwing them means
rolling without doubling), the dice thrown checked once, and `InvalidRoll`
(a cocked die) accepted whenever dice are awaited. `Rolling` names what it
needs of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NoReturn, Protocol, cast

from companion.games.backgammon import refusals
from companion.games.backgammon.actions import DiceThrow, InvalidRoll, dice_throw
from companion.games.backgammon.narration import invalid_roll_note, opening_notes
from companion.games.backgammon.opening import OpeningRoll
from companion.games.backgammon.phase import Phase
from companion.games.backgammon.position_setup import TWO_DICE
from companion.games.backgammon.refusals import two_dice_request
from companion.games.base import INVALID_ROLL, ChanceRequest, Note, NoteValue, check_outcome


class Rolling(Protocol):
    """What `TurnDice` reads and calls of the game it is mixed into (`FamilyGame`)."""

    phase: Phase
    player: int
    opening: OpeningRoll
    _seat_names: tuple[str, ...]
    _dice_requests: dict[tuple[str, int, tuple[str, ...]], ChanceRequest]
    _checked_dice: tuple[ChanceRequest | None, tuple[int, ...]]

    @property
    def players(self) -> int: ...
    def seat_name(self, seat: int) -> str: ...
    def chance(self) -> ChanceRequest | None: ...
    def accepted_chance(self) -> ChanceRequest | None: ...
    def _two_dice_request(self, prompt: str) -> ChanceRequest: ...
    def _check_dice(self, request: ChanceRequest, values: tuple[int, ...]) -> None: ...
    def _start_move(self, dice: tuple[int, int]) -> None: ...
    def _waiting_for(self) -> Note: ...
    def _narrate(self, *notes: Note) -> None: ...
    def _refuse(
        self, sentence: str, seats: Sequence[int] = (), **values: NoteValue
    ) -> NoReturn: ...


class TurnDice:
    """The dice asked for, checked and thrown (see the module docstring), in `FamilyGame`."""

    _checked_dice: tuple[ChanceRequest | None, tuple[int, ...]]
    """The request whose dice `_check_dice` passed last, and those dice."""

    def chance(self: Rolling) -> ChanceRequest | None:
        """The dice needed next: one per player in the opening roll, two on a turn."""
        ask = TurnDice._dice_askers.get(self.phase)
        return None if ask is None else ask(self)

    def _opening_dice(self: Rolling) -> ChanceRequest:
        return self.opening.request([self.seat_name(s) for s in range(self.players)])

    def _turn_dice(self: Rolling) -> ChanceRequest:
        return self._two_dice_request(refusals.SEAT_ROLLS_TWO)

    _dice_askers: ClassVar[dict[Phase, Callable[[Any], ChanceRequest]]] = {
        Phase.OPENING: _opening_dice,
        Phase.ROLL: _turn_dice,
    }
    """The phases that wait for dice, each with the method saying which dice."""

    def _two_dice_request(self: Rolling, prompt: str) -> ChanceRequest:
        """The two dice of the turn of the seat on roll, made once per prompt, seat and names."""
        key = (prompt, self.player, self._seat_names)
        request = self._dice_requests.get(key)
        if request is None:
            request = two_dice_request(prompt, self.player, self.seat_name)
            self._dice_requests[key] = request
        return request

    def _check_dice(self: Rolling, request: ChanceRequest, values: tuple[int, ...]) -> None:
        """`check_outcome` of dice for `request`, done once for the dice `chance_action` made.

        Raises:
            RuleError: the dice are not the ones asked for.
        """
        checked = self._checked_dice
        if checked[0] is request and checked[1] is values:
            return  # these very dice passed this very request's check (both immutable)
        check_outcome(request, list(values), self.seat_name)
        self._checked_dice = (request, values)

    def chance_action(self: Rolling, outcome: object) -> DiceThrow | InvalidRoll:
        """The action that applies dice from the tray, the screen or a test.

        The outcome is the list of dice asked for, or `INVALID_ROLL` when the
        tray reports a cocked die (the dice are rolled again: `InvalidRoll`).
        While a Backgammon player may double, two dice are accepted too: throwing
        them means rolling without doubling.

        Raises:
            RuleError: no dice are awaited, or the outcome is not the dice asked for.
        """
        request = self.accepted_chance()
        if request is None:
            self._refuse(refusals.NO_DICE_NEEDED, waiting=self._waiting_for())
        if outcome == INVALID_ROLL:
            return InvalidRoll()
        check_outcome(request, outcome, self.seat_name)
        throw = dice_throw(tuple(cast(Sequence[int], outcome)))  # checked: a sequence of dice
        self._checked_dice = (request, throw.values)
        return throw

    def unasked_chance(self: Rolling) -> ChanceRequest | None:
        """Dice accepted without being asked for: a player who may double throws them instead.

        Throwing the dice then means rolling without doubling (see `_apply_dice`).
        """
        if self.phase is Phase.DECIDE:
            return self._two_dice_request(refusals.SEAT_ROLLS_OR_DOUBLES)
        return None

    # ----- dice thrown -----

    def _apply_dice(self: Rolling, values: tuple[int, ...]) -> None:
        if self.phase is Phase.DECIDE:
            # Throwing the dice while allowed to double means rolling without doubling.
            check_outcome(TWO_DICE, list(values), self.seat_name)
            self._start_move((values[0], values[1]))
            return
        request = self.chance()
        if request is None:
            self._refuse(refusals.NO_DICE_NEEDED, waiting=self._waiting_for())
        self._check_dice(request, values)
        if self.phase is Phase.OPENING:
            before, self.opening = self.opening, self.opening.record(values)
            self._narrate(*opening_notes(before, self.opening))
            starter = self.opening.starter
            if starter is not None:
                self.player = starter
                self._start_move(self.opening.first_roll())
        else:
            self._start_move((values[0], values[1]))

    def _check_invalid_roll(self: Rolling) -> None:
        if self.phase not in (Phase.OPENING, Phase.ROLL, Phase.DECIDE):
            self._refuse(refusals.NO_DICE_ROLLED, waiting=self._waiting_for())
        rolling = self.opening.rolling if self.phase is Phase.OPENING else (self.player,)
        self._narrate(invalid_roll_note(rolling))
