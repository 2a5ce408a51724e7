"""Mini-Gam: two players, six points, eight checkers each starting on the bar.

Seat 0 moves 1 -> 6 -> off, seat 1 moves 6 -> 1 -> off. The first to bear
off all eight wins the game; the match is first to `wins_needed` games
(D-B4, default 1). With `enter_first` (D-B3, default on) checkers on the bar
must enter before any other checker moves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Self

from companion.games.action_codec import ActionSet
from companion.games.backgammon.actions import MINIGAM_ACTIONS
from companion.games.backgammon.family import FamilyGame, Phase
from companion.games.backgammon.match import WinsScore
from companion.games.backgammon.movement import MINIGAM, Geometry, has_won
from companion.games.backgammon.narration import (
    game_won_note,
    last_checker_note,
    score_note,
    wins_goal,
)
from companion.games.backgammon.options import MINIGAM_CHOICES, MiniGamOptions
from companion.games.backgammon.saved import (
    check_saved_outcome,
    common_json,
    json_object,
    load_common,
)
from companion.games.base import N_, JSONValue, OptionChoice, RuleError


def minigam_geometry(options: MiniGamOptions) -> Geometry:
    """The Mini-Gam board, with the loose bar when `enter_first` is off."""
    return MINIGAM if options.enter_first else replace(MINIGAM, loose_bar=True)


class MiniGamGame(FamilyGame[MiniGamOptions]):
    """A Mini-Gam match in progress (the `GameState` protocol)."""

    game_name: ClassVar[str] = "minigam"
    title: ClassVar[str] = N_("Mini-Gam")
    description: ClassVar[str] = N_(
        "Backgammon on six points: enter eight checkers from the bar and bear them off first."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type: ClassVar[type[MiniGamOptions]] = MiniGamOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = MINIGAM_CHOICES
    action_types: ClassVar[ActionSet] = MINIGAM_ACTIONS

    def __init__(self, options: MiniGamOptions | None = None) -> None:
        self.options = options or MiniGamOptions()
        super().__init__(minigam_geometry(self.options))
        self.score = WinsScore(self.options.wins_needed)
        self.game_winners: list[int] = []

    def scores(self) -> list[int]:
        """Games won by each seat."""
        return list(self.score.wins)

    def winners(self) -> list[int]:
        """The match winner once the match is over."""
        return self.score.winners()

    def _after_play(self, mover: int) -> bool:
        if not has_won(self.board, mover):
            return False
        self.game_winners.append(mover)
        self.score = self.score.record(mover)
        self._narrate(last_checker_note(mover), game_won_note(mover))
        needed = self.options.wins_needed
        if needed > 1:
            goal = wins_goal(needed)
            self._narrate(score_note(self.score.wins, goal, self.score.is_over))
        if self.score.is_over:
            self.phase = Phase.OVER
        else:
            self._new_game()
        return True

    def to_json(self) -> dict[str, JSONValue]:
        """The whole match as JSON."""
        return {
            "game": "minigam",
            "options": self.options.to_json(),
            "score": self.score.to_json(),
            "game_winners": list(self.game_winners),
            **common_json(self),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a match written by `to_json`.

        Raises:
            RuleError: the data is not a saved Mini-Gam match.
        """
        if not isinstance(data, dict) or data.get("game") != "minigam":
            raise RuleError("This is not a saved Mini-Gam match.")
        options = MiniGamOptions.from_json(json_object(data.get("options")))
        state = cls(options)
        state.score = WinsScore.from_json(json_object(data.get("score")))
        winners = data.get("game_winners")
        if not isinstance(winners, list) or not all(w in (0, 1) for w in winners):
            raise RuleError("A saved Mini-Gam match lists the winner of each game.")
        state.game_winners = [int(w) for w in winners]
        load_common(state, data)
        check_saved_outcome(state, state.score.is_over, [])
        return state
