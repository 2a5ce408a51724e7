"""Match scoring for the three games: points to a match length with the Crawford
rule (Backgammon), first to N wins (Mini-Gam), 5/3/2/1 over a set of games
(Multi-Gam).

Each score is a small immutable value; recording a game returns a new one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.games.base import JSONValue, RuleError

RANK_POINTS = (5, 3, 2, 1)
"""Multi-Gam points for 1st, 2nd, 3rd and 4th place."""


def _int_list(data: dict[str, JSONValue], key: str, length: int) -> tuple[int, ...]:
    """A list of `length` non-negative whole numbers from JSON."""
    values = data.get(key)
    if (
        not isinstance(values, list)
        or len(values) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)
    ):
        raise RuleError(f"The match score needs {length} whole numbers under {key!r}.")
    return tuple(values)


@dataclass(frozen=True)
class BackgammonScore:
    """The score of a backgammon match and where it stands on the Crawford rule.

    `match_length` 0 is a money game: one game, scored in points.
    """

    match_length: int
    crawford_rule: bool = True
    scores: tuple[int, int] = (0, 0)
    crawford_game: bool = False
    """True while the current game is the Crawford game (no doubling)."""
    post_crawford: bool = False
    games_played: int = 0

    @property
    def is_over(self) -> bool:
        """True once someone reached the match length (or the money game was played)."""
        if self.match_length == 0:
            return self.games_played > 0
        return max(self.scores) >= self.match_length

    def winners(self) -> list[int]:
        """The match winner, once the match is over."""
        if not self.is_over:
            return []
        return [0] if self.scores[0] > self.scores[1] else [1]

    def record(self, winner: int, points: int) -> BackgammonScore:
        """The score after `winner` won a game worth `points`.

        Raises:
            RuleError: the match is already over.
        """
        if self.is_over:
            raise RuleError("The match is over: no more games are scored.")
        scores = list(self.scores)
        scores[winner] += points
        if self.match_length:
            scores[winner] = min(scores[winner], self.match_length)
        was_crawford = self.crawford_game
        reaches_match_point = scores[winner] == self.match_length - 1
        crawford_next = (
            self.crawford_rule
            and not was_crawford
            and not self.post_crawford
            and reaches_match_point
            and self.match_length > 1
        )
        return replace(
            self,
            scores=(scores[0], scores[1]),
            crawford_game=crawford_next,
            post_crawford=self.post_crawford or was_crawford,
            games_played=self.games_played + 1,
        )

    def to_json(self) -> dict[str, JSONValue]:
        """The score as JSON."""
        return {
            "match_length": self.match_length,
            "crawford_rule": self.crawford_rule,
            "scores": list(self.scores),
            "crawford_game": self.crawford_game,
            "post_crawford": self.post_crawford,
            "games_played": self.games_played,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> BackgammonScore:
        """Read a score written by `to_json`.

        Raises:
            RuleError: the data is not a valid score.
        """
        scores = _int_list(data, "scores", 2)
        length = data.get("match_length")
        games = data.get("games_played")
        if not isinstance(length, int) or not isinstance(games, int):
            raise RuleError("The match score needs a match length and a number of games.")
        return cls(
            match_length=length,
            crawford_rule=bool(data.get("crawford_rule")),
            scores=(scores[0], scores[1]),
            crawford_game=bool(data.get("crawford_game")),
            post_crawford=bool(data.get("post_crawford")),
            games_played=games,
        )


@dataclass(frozen=True)
class WinsScore:
    """A Mini-Gam match: first to `wins_needed` game wins."""

    wins_needed: int
    wins: tuple[int, int] = (0, 0)

    @property
    def is_over(self) -> bool:
        """True once someone has won enough games."""
        return max(self.wins) >= self.wins_needed

    def winners(self) -> list[int]:
        """The match winner, once the match is over."""
        if not self.is_over:
            return []
        return [0] if self.wins[0] >= self.wins_needed else [1]

    def record(self, winner: int) -> WinsScore:
        """The score after `winner` won a game.

        Raises:
            RuleError: the match is already over.
        """
        if self.is_over:
            raise RuleError("The match is over: no more games are scored.")
        wins = list(self.wins)
        wins[winner] += 1
        return replace(self, wins=(wins[0], wins[1]))

    def to_json(self) -> dict[str, JSONValue]:
        """The score as JSON."""
        return {"wins_needed": self.wins_needed, "wins": list(self.wins)}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> WinsScore:
        """Read a score written by `to_json`.

        Raises:
            RuleError: the data is not a valid score.
        """
        wins = _int_list(data, "wins", 2)
        needed = data.get("wins_needed")
        if not isinstance(needed, int) or needed < 1:
            raise RuleError("The match score needs the number of wins to reach.")
        return cls(wins_needed=needed, wins=(wins[0], wins[1]))


@dataclass(frozen=True)
class RankScore:
    """A Multi-Gam match: 5/3/2/1 points per game by finishing rank.

    The match is `games` games, or, when `target_score` is above 0, ends after
    the game in which someone reaches it. The winners have the most points;
    ties go to the most first places, then are shared.
    """

    games: int
    target_score: int = 0
    scores: tuple[int, ...] = (0, 0, 0, 0)
    first_places: tuple[int, ...] = (0, 0, 0, 0)
    games_played: int = 0

    @property
    def is_over(self) -> bool:
        """True once the set number of games is played or the target is reached."""
        if self.target_score:
            return max(self.scores) >= self.target_score
        return self.games_played >= self.games

    def winners(self) -> list[int]:
        """Seats that won the match (several when tied on points and first places)."""
        if not self.is_over:
            return []
        best = max(zip(self.scores, self.first_places, strict=True))
        return [
            seat
            for seat, key in enumerate(zip(self.scores, self.first_places, strict=True))
            if key == best
        ]

    def record(self, ranking: Sequence[int]) -> RankScore:
        """The score after a game finished in `ranking` (seats, 1st place first).

        Raises:
            RuleError: the match is over or the ranking is not the four seats.
        """
        if self.is_over:
            raise RuleError("The match is over: no more games are scored.")
        if sorted(ranking) != [0, 1, 2, 3]:
            raise RuleError(f"A Multi-Gam game ranks all four seats, not {list(ranking)}.")
        scores = list(self.scores)
        for seat, points in zip(ranking, RANK_POINTS, strict=True):
            scores[seat] += points
        firsts = list(self.first_places)
        firsts[ranking[0]] += 1
        return replace(
            self,
            scores=tuple(scores),
            first_places=tuple(firsts),
            games_played=self.games_played + 1,
        )

    def to_json(self) -> dict[str, JSONValue]:
        """The score as JSON."""
        return {
            "games": self.games,
            "target_score": self.target_score,
            "scores": list(self.scores),
            "first_places": list(self.first_places),
            "games_played": self.games_played,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> RankScore:
        """Read a score written by `to_json`.

        Raises:
            RuleError: the data is not a valid score.
        """
        games, target = data.get("games"), data.get("target_score")
        played = data.get("games_played")
        if not (isinstance(games, int) and isinstance(target, int) and isinstance(played, int)):
            raise RuleError("The match score needs games, target_score and games_played.")
        return cls(
            games=games,
            target_score=target,
            scores=_int_list(data, "scores", 4),
            first_places=_int_list(data, "first_places", 4),
            games_played=played,
        )
