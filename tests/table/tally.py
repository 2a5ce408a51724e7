"""Tally: a tiny game that implements the engine protocol, for the table's own tests.

Play starts with a shuffle of five cards. Each turn the player to move rolls
one die, then either adds it to their score or spins: the spun seat scores
one point. The first to reach the target wins. Its narration tells who
scored from a spin and what an added die brought. Two deliberately buggy engine
moves let tests check that the table survives engine bugs: "crash" changes
the state and then raises a non-rule error; "jam" is applied cleanly but
leaves a state that cannot be described: its legal actions raise an error
(what None), or its legal actions or its scores raise a RuleError (what
"moves" or "scores"), which no engine may do for a state it has reached.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.actions import Action, ActionSet
from companion.games.base import (
    INVALID_ROLL,
    ChanceRequest,
    GameSpec,
    GameState,
    Note,
    RuleError,
    check_outcome,
)
from companion.games.chance_actions import DiceThrow, InvalidRoll, Shuffle, SpinResult


@dataclass(frozen=True)
class Add(Action, tag="add"):
    def describe(self, seat_name: Callable[[int], str]) -> str:
        return "add the die"


@dataclass(frozen=True)
class Spin(Action, tag="spin"):
    def describe(self, seat_name: Callable[[int], str]) -> str:
        return "spin"


@dataclass(frozen=True)
class Cheer(Action, tag="cheer"):
    """A cheer may be given by anyone, whoever's turn it is, and names the cheered seat."""

    cheered: int

    @property
    def about_seat(self) -> int:
        return self.cheered

    def describe(self, seat_name: Callable[[int], str]) -> str:
        return "cheered"


@dataclass(frozen=True)
class Crash(Action, tag="crash"):
    def describe(self, seat_name: Callable[[int], str]) -> str:
        return "crash"


@dataclass(frozen=True)
class Jam(Action, tag="jam"):
    what: str | None = None

    def describe(self, seat_name: Callable[[int], str]) -> str:
        return "jam"


TALLY_ACTIONS = ActionSet(
    "Tally", (Shuffle, DiceThrow, InvalidRoll, SpinResult, Add, Spin, Cheer, Crash, Jam)
)


@dataclass(frozen=True)
class TallyOptions:
    """Tally's one rule option: the points that win."""

    target: int = 12

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target}


@dataclass
class TallyState(GameState[TallyOptions]):
    players: int
    target: int = 12
    scores_: list[int] = field(default_factory=list)
    turn: int = 0
    deck: list[int] | None = None
    die: int | None = None
    spinning: bool = False
    jammed: str | None = None
    notes: list[Note] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.options = TallyOptions(self.target)

    def narration(self) -> list[Note]:
        return list(self.notes)

    @property
    def to_move(self) -> int | None:
        if self.is_over or self.chance() is not None:
            return None
        return self.turn

    @property
    def is_over(self) -> bool:
        return max(self.scores_) >= self.target

    def chance(self) -> ChanceRequest | None:
        if self.is_over:
            return None
        if self.deck is None:
            return ChanceRequest("shuffle", "Shuffle the five cards.", size=5)
        if self.spinning:
            return ChanceRequest("spin", "Spin!", seats=tuple(range(self.players)))
        if self.die is None:
            return ChanceRequest("dice", "Roll the die.", dice=1)
        return None

    def chance_action(self, outcome: Any) -> Action:
        request = self.chance()
        if request is None:
            raise RuleError("No chance is needed now.")
        check_outcome(request, outcome)
        if outcome == INVALID_ROLL:
            return InvalidRoll()  # a cocked roll: roll again, nothing changes
        if request.kind == "shuffle":
            return Shuffle(tuple(outcome))
        if request.kind == "dice":
            return DiceThrow(tuple(outcome))
        return SpinResult((outcome,) if isinstance(outcome, int) else tuple(outcome))

    def legal_actions(self) -> list[Action]:
        if self.jammed == "moves":
            raise RuleError("the engine lost its moves")
        if self.jammed:
            raise RuntimeError("the engine lost its moves")
        if self.is_over or self.chance() is not None:
            return []
        return [Add(seat=self.turn), Spin(seat=self.turn)]

    def apply(self, action: Action) -> None:
        self.notes = []
        request = self.chance()
        if action.is_chance:
            if request is None or not self._fits(request, action):
                raise RuleError(f"That {action.tag} is not what chance needs now.")
            if isinstance(action, Shuffle):
                self.deck = list(action.order)
            elif isinstance(action, DiceThrow):
                self.die = action.values[0]
            elif isinstance(action, SpinResult):
                seat = action.seats[0]
                self.scores_[seat] += 1
                self.notes.append(Note("{0} scores a point from {1}'s spin.", (seat, self.turn)))
                self._next_turn()
            return
        if self.is_over:
            raise RuleError("The game is over.")
        if request is not None:
            raise RuleError(f"{request.prompt[:-1]} first.")
        if isinstance(action, Cheer):
            if not 0 <= action.cheered < self.players:
                raise RuleError(f"There is no seat {action.cheered} to cheer.")
        elif isinstance(action, Add):
            self.scores_[self.turn] += self.die or 0
            self._next_turn()
        elif isinstance(action, Spin):
            self.spinning = True
        elif isinstance(action, Crash):
            self.scores_[self.turn] += 100
            raise ZeroDivisionError("the engine fell over")
        elif isinstance(action, Jam):
            self.jammed = action.what or "anything"
        else:
            raise RuleError(f"Tally has no move called {action.tag}.")

    @staticmethod
    def _fits(request: ChanceRequest, action: Action) -> bool:
        """A chance action of the kind asked for (the outcome itself is checked on the way in)."""
        wanted = {"shuffle": (Shuffle,), "dice": (DiceThrow, InvalidRoll), "spin": (SpinResult,)}
        return isinstance(action, wanted[request.kind])

    def _next_turn(self) -> None:
        self.die = None
        self.spinning = False
        self.turn = (self.turn + 1) % self.players

    def scores(self) -> list[int]:
        if self.jammed == "scores":
            raise RuleError("the engine lost the scores")
        return list(self.scores_)

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        best = max(self.scores_)
        return [seat for seat, score in enumerate(self.scores_) if score == best]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "target": self.target,
            "scores": self.scores_,
            "turn": self.turn,
            "deck": self.deck,
            "die": self.die,
            "spinning": self.spinning,
        }

    @classmethod
    def start(cls, players: int, options: Any) -> TallyState:
        return new_tally(players, options)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TallyState:
        return cls(
            players=data["players"],
            target=data["target"],
            scores_=list(data["scores"]),
            turn=data["turn"],
            deck=data["deck"],
            die=data["die"],
            spinning=data["spinning"],
        )


def new_tally(players: int, options: dict[str, Any]) -> TallyState:
    unknown = set(options) - {"target"}
    if unknown:
        raise RuleError(f"Tally has no option {sorted(unknown)[0]!r}.")
    target = options.get("target", 12)
    if not isinstance(target, int) or target < 1:
        raise RuleError("The target is a whole number of points, at least 1.")
    return TallyState(players=players, target=target, scores_=[0] * players)


TALLY = GameSpec(
    name="tally",
    title="Tally",
    family="tally",
    description="Players add points to their tally until one reaches the target.",
    min_players=2,
    max_players=4,
    new=new_tally,
    state_from_json=TallyState.from_json,
    actions=TALLY_ACTIONS,
)


def main(argv: Sequence[str]) -> int:
    """Run the `companion` command with Tally added to the games (for subprocess tests)."""
    from companion.app.cli import main as companion_main
    from companion.games.registry import game_specs

    game_specs()[TALLY.name] = TALLY
    return companion_main(list(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
