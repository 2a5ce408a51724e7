"""Multi-Gam: four players, six points, five checkers each, everyone moving BAR -> 1..6 -> OFF.

The high/low start decides who goes first (see `opening`). A player who
bears off all five takes the next finishing rank and skips every later turn;
the game ends when the third player finishes and the last takes fourth.
Ranks score 5/3/2/1; the match (D-B5) is a set number of games or first to
a target score, ties going to the most first places, then shared. The
forced-move rule applies (D-B1) unless turned off.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from companion.games.action_codec import ActionSet
from companion.games.backgammon.actions import MULTIGAM_ACTIONS
from companion.games.backgammon.family import FamilyGame, Phase
from companion.games.backgammon.match import RankScore
from companion.games.backgammon.movement import MULTIGAM, Board, has_won
from companion.games.backgammon.narration import (
    finish_note,
    games_goal,
    points_goal,
    ranking_note,
    score_note,
    skipped_note,
    tie_break_notes,
)
from companion.games.backgammon.options import MULTIGAM_CHOICES, MultiGamOptions
from companion.games.backgammon.saved import (
    check_saved_outcome,
    common_json,
    json_object,
    load_common,
)
from companion.games.base import N_, JSONValue, Note, OptionChoice, RuleError


class MultiGamGame(FamilyGame[MultiGamOptions]):
    """A Multi-Gam match in progress (the `GameState` protocol)."""

    game_name: ClassVar[str] = "multigam"
    title: ClassVar[str] = N_("Multi-Gam")
    description: ClassVar[str] = N_(
        "Backgammon for four on six points: bring five checkers each from the bar and off first."
    )
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_type: ClassVar[type[MultiGamOptions]] = MultiGamOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = MULTIGAM_CHOICES
    action_types: ClassVar[ActionSet] = MULTIGAM_ACTIONS

    def __init__(self, options: MultiGamOptions | None = None) -> None:
        self.options = options or MultiGamOptions()
        super().__init__(MULTIGAM)
        self.forced_moves = self.options.forced_moves
        self.score = RankScore(self.options.games, self.options.target_score)
        self.finished: list[int] = []
        """Seats that have borne off everything this game, in finishing order."""
        self.rankings: list[list[int]] = []
        """The finishing order of every game played so far."""

    def scores(self) -> list[int]:
        """Match points of each seat (5/3/2/1 per game)."""
        return list(self.score.scores)

    def winners(self) -> list[int]:
        """Seats that won the match (several when the tie-break leaves a tie)."""
        return self.score.winners()

    def set_position(self, board: Board, player: int, dice: tuple[int, int] | None = None) -> None:
        """Set up a position (see `FamilyGame.set_position`).

        Seats whose checkers are all off count as finished, ranked in seat order.

        Raises:
            RuleError: as `FamilyGame.set_position`, or the seat on roll has finished.
        """
        super().set_position(board, player, dice)
        self.finished = [seat for seat in range(self.players) if has_won(board, seat)]

    def _next_player(self, player: int) -> int:
        """The next seat clockwise that has not finished: finished players skip their turns."""
        seat = player
        skipped: list[int] = []
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if seat not in self.finished:
                if skipped:
                    self._narrate(skipped_note(skipped))
                return seat
            skipped.append(seat)
        raise AssertionError("a game in progress always has unfinished players")

    def _after_play(self, mover: int) -> bool:
        if mover in self.finished or not has_won(self.board, mover):
            return False
        self.finished.append(mover)
        self._narrate(finish_note(mover, len(self.finished) - 1))
        if len(self.finished) < self.players - 1:
            return False
        last = next(seat for seat in range(self.players) if seat not in self.finished)
        ranking = [*self.finished, last]
        self.rankings.append(ranking)
        self.score = self.score.record(ranking)
        score = self.score
        self._narrate(ranking_note(ranking), score_note(score.scores, self._goal(), score.is_over))
        if score.is_over:
            self._narrate(*tie_break_notes(score.winners(), score.scores, score.first_places))
            self.phase = Phase.OVER
        else:
            self._new_game()
        return True

    def _goal(self) -> Note:
        """What the match is played to, as the score note says it."""
        if self.options.target_score:
            return points_goal(self.options.target_score)
        return games_goal(self.score.games_played, self.options.games)

    def _new_game(self) -> None:
        super()._new_game()
        self.finished = []

    def to_json(self) -> dict[str, JSONValue]:
        """The whole match as JSON."""
        return {
            "game": "multigam",
            "options": self.options.to_json(),
            "score": self.score.to_json(),
            "finished": list(self.finished),
            "rankings": [list(ranking) for ranking in self.rankings],
            **common_json(self),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a match written by `to_json`.

        Raises:
            RuleError: the data is not a saved Multi-Gam match.
        """
        if not isinstance(data, dict) or data.get("game") != "multigam":
            raise RuleError("This is not a saved Multi-Gam match.")
        state = cls(MultiGamOptions.from_json(json_object(data.get("options"))))
        state.score = RankScore.from_json(json_object(data.get("score")))
        finished, rankings = data.get("finished"), data.get("rankings")
        if not _seats(finished) or not isinstance(rankings, list):
            raise RuleError("A saved Multi-Gam match lists finished players and past rankings.")
        if not all(_seats(r) and sorted(r) == [0, 1, 2, 3] for r in rankings):
            raise RuleError("Each past Multi-Gam game ranks all four seats.")
        state.finished = [int(seat) for seat in finished or ()]
        state.rankings = [list(r) for r in rankings]
        load_common(state, data)
        check_saved_outcome(state, state.score.is_over, state.finished)
        return state


def _seats(value: Any) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(s, int) and 0 <= s < 4 for s in value)
        and len(set(value)) == len(value)
    )
