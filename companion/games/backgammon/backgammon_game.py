"""Backgammon: match play (or one money game) with the doubling cube and the Crawford rule.

Turn flow on top of `FamilyGame`: at the start of a turn, a player who owns
the cube (or while it is centred) may `Double` instead of `Roll` (throwing the
dice counts as rolling); the opponent then `Take`s (the cube doubles and is
theirs), `Pass`es (and loses the game at the cube's value) or, in a money
game with beavers, `Beaver`s. No doubling in the Crawford game (D-B2), nor
before the opening move. A game won by bearing off is single, gammon (the
loser bore off none) or backgammon (and still has a checker on the bar or in
the winner's home board), times the cube; with the Jacoby rule (money play)
gammons count single until the cube is turned.

GNU Backgammon Position IDs and Match IDs come out of `gnubg_ids()` and go in
through `from_gnubg_ids()`.
"""

from __future__ import annotations

from typing import ClassVar, Self

from companion.games.action_codec import ActionSet
from companion.games.backgammon import refusals
from companion.games.backgammon.actions import (
    BACKGAMMON_ACTIONS,
    Action,
    Beaver,
    Double,
    Pass,
    Roll,
    Take,
)
from companion.games.backgammon.cube import Cube, ResultKind
from companion.games.backgammon.family import FamilyGame, Phase
from companion.games.backgammon.match import BackgammonScore
from companion.games.backgammon.match_id import (
    MAX_CUBE,
    GameStatus,
    MatchInfo,
    decode_match_id,
    encode_match_id,
)
from companion.games.backgammon.movement import BACKGAMMON, Board, borne_off, has_won
from companion.games.backgammon.narration import (
    crawford_note,
    double_note,
    last_checker_note,
    match_goal,
    post_crawford_note,
    result_note,
    score_note,
    take_note,
)
from companion.games.backgammon.options import BACKGAMMON_CHOICES, BackgammonOptions
from companion.games.backgammon.position_id import board_from_position_id, position_id
from companion.games.backgammon.saved import (
    check_saved_outcome,
    common_json,
    json_object,
    load_common,
)
from companion.games.base import N_, JSONValue, Note, OptionChoice, RuleError

ID_MATCH_WON = N_(
    "Match ID {match_id} has a player at {score} points of {length}: "
    "that match is already won; give one of a match in play."
)
ID_NO_CRAWFORD = N_(
    "Match ID {match_id} marks the Crawford game, but no player alone is one point "
    "from winning: give one with the right score."
)
ID_CRAWFORD_DOUBLE = N_(
    "Match ID {match_id} has a double offered in the Crawford game, where nobody may "
    "double: give one without the double."
)
ID_GAME_FINISHED = N_("Match ID {match_id} is of a finished game: give one of a game in play.")
NOT_SAVED = N_("This is not a saved Backgammon match.")
SAVED_RESULTS = N_("A saved Backgammon match lists the result of each game.")


def result_kind(board: Board, winner: int) -> ResultKind:
    """Single, gammon or backgammon, judged from the board when `winner` has borne off all."""
    loser = 1 - winner
    if borne_off(board, loser):
        return ResultKind.SINGLE
    geometry = board.geometry
    track = board.tracks[loser]
    home_cells = (geometry.cell(winner, q) for q in range(geometry.home_start, geometry.points + 1))
    in_winners_home = any(track[geometry.position(loser, cell)] for cell in home_cells)
    return ResultKind.BACKGAMMON if track[0] or in_winners_home else ResultKind.GAMMON


def _check_match_in_play(info: MatchInfo, match: str) -> None:
    """Raises RuleError when a Match ID's score cannot be that of a match still in play."""
    length = info.match_length
    if length and max(info.scores) >= length:
        score = max(info.scores)
        raise RuleError(Note.of(ID_MATCH_WON, match_id=match, score=score, length=length))
    if info.crawford and info.scores.count(length - 1) != 1:
        raise RuleError(Note.of(ID_NO_CRAWFORD, match_id=match))
    if info.crawford and info.double_offered:
        raise RuleError(Note.of(ID_CRAWFORD_DOUBLE, match_id=match))


class BackgammonGame(FamilyGame[BackgammonOptions]):
    """A Backgammon match (or money game) in progress (the `GameState` protocol)."""

    game_name: ClassVar[str] = "backgammon"
    title: ClassVar[str] = N_("Backgammon")
    description: ClassVar[str] = N_(
        "Race your 15 checkers home and bear them off first, doubling the stakes with the cube."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type: ClassVar[type[BackgammonOptions]] = BackgammonOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = BACKGAMMON_CHOICES
    action_types: ClassVar[ActionSet] = BACKGAMMON_ACTIONS

    def __init__(self, options: BackgammonOptions | None = None) -> None:
        self.options = options or BackgammonOptions()
        super().__init__(BACKGAMMON)
        self.score = BackgammonScore(self.options.match_length, self.options.crawford)
        self.cube = Cube()
        self.results: list[dict[str, JSONValue]] = []
        """One entry per finished game: winner, result, cube and points."""

    # ----- the match -----

    def scores(self) -> list[int]:
        """Match points of each seat."""
        return list(self.score.scores)

    def winners(self) -> list[int]:
        """The match winner once the match is over."""
        return self.score.winners()

    def may_double(self) -> bool:
        """True when the player on roll may double now (before rolling)."""
        return self.phase is Phase.DECIDE

    def _doubling_allowed(self) -> bool:
        return (
            self.options.cube
            and not self.score.crawford_game
            and self.cube.may_double(self.player)
        )

    def _no_double_reason(self) -> Note:
        if not self.options.cube:
            return Note.of(refusals.NO_CUBE)
        if self.score.crawford_game:
            return Note.of(refusals.CRAWFORD)
        if self.phase in (Phase.DECIDE, Phase.ROLL) and self.cube.owner not in (None, self.player):
            return Note.of(refusals.OPPONENT_OWNS)
        if self.phase is Phase.ROLL and self.cube.value * 2 > MAX_CUBE:
            return Note.of(refusals.CUBE_LIMIT_ROLL, cube=MAX_CUBE)
        if self.phase is Phase.DOUBLED:
            return Note.of(refusals.ALREADY_OFFERED)
        return Note.of(refusals.DOUBLE_AT_START)

    # ----- hooks -----

    def _begin_turn(self) -> None:
        self.phase = Phase.DECIDE if self._doubling_allowed() else Phase.ROLL

    def _decision_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.DECIDE:
            return [Roll(seat=seat), Double(seat=seat)]
        actions: list[Action] = [Take(seat=seat), Pass(seat=seat)]
        if self._beaver_allowed():
            actions.append(Beaver(seat=seat))
        return actions

    def _beaver_allowed(self) -> bool:
        return self.options.beavers and self.cube.value * 4 <= MAX_CUBE

    def _apply_decision(self, action: Action) -> None:
        if isinstance(action, Roll):
            if self.phase is Phase.ROLL:
                self._refuse(refusals.ALREADY_WAITING)
            self._require(Phase.DECIDE, refusals.ROLL_AT_START)
            self.phase = Phase.ROLL
        elif isinstance(action, Double):
            if self.phase is not Phase.DECIDE:
                raise RuleError(self._no_double_reason())
            self.cube = self.cube.double(self.player)
            self.phase = Phase.DOUBLED
            self._narrate(double_note(self.player, self.cube.value * 2))
        elif isinstance(action, Take | Beaver | Pass):
            self._require(Phase.DOUBLED, refusals.NO_DOUBLE_TO_ANSWER)
            self._answer_double(action)
        else:
            self._refuse(refusals.NOT_BACKGAMMON, action=str(action))

    def _answer_double(self, action: Take | Beaver | Pass) -> None:
        if isinstance(action, Pass):
            self._end_game(self.player, ResultKind.PASSED)
            return
        if isinstance(action, Beaver):
            if not self.options.beavers:
                self._refuse(refusals.NO_BEAVERS)
            self.cube = self.cube.beaver()
        else:
            self.cube = self.cube.take()
        self.phase = Phase.ROLL
        self._narrate(take_note(self._taker(), self.cube.value, isinstance(action, Beaver)))

    def _require(self, phase: Phase, sentence: str) -> None:
        if self.phase is not phase:
            self._refuse(sentence)

    def _after_play(self, mover: int) -> bool:
        if not has_won(self.board, mover):
            return False
        self._narrate(last_checker_note(mover))
        self._end_game(mover, result_kind(self.board, mover))
        return True

    def _end_game(self, winner: int, kind: ResultKind) -> None:
        """Score a finished game, then end the match or set up the next game."""
        jacoby = self.options.jacoby and self.options.is_money_game
        points = self.cube.points(kind, jacoby=jacoby)
        result = kind.name.lower()
        self.results.append(
            {"winner": winner, "result": result, "cube": self.cube.value, "points": points}
        )
        was_crawford = self.score.crawford_game
        self.score = self.score.record(winner, points)
        self._narrate_score(winner, kind, points)
        if was_crawford and not self.score.is_over:
            self._narrate(post_crawford_note())
        if self.score.is_over:
            self.phase = Phase.OVER
            self.dice = None
            self.player = winner
        else:
            self._new_game()
            self.cube = Cube()

    def _narrate_score(self, winner: int, kind: ResultKind, points: int) -> None:
        """The game's worth, then the match score, the Crawford game or the match's end."""
        self._narrate(result_note(winner, kind, self.cube.value, points))
        length = self.options.match_length
        if not length:
            return
        self._narrate(score_note(self.score.scores, match_goal(length), self.score.is_over))
        if self.score.crawford_game:
            self._narrate(crawford_note(winner))

    # ----- GNU Backgammon IDs -----

    def match_info(self) -> MatchInfo:
        """The match as GNU Backgammon's Match ID sees it (seat 0 is its player 0)."""
        status = GameStatus.PLAYING
        if self.phase is Phase.OVER:
            dropped = self.results and self.results[-1]["result"] == "passed"
            status = GameStatus.DROPPED if dropped else GameStatus.OVER
        to_move = self.to_move
        return MatchInfo(
            cube_value=self.cube.value,
            cube_owner=self.cube.owner,
            player_on_roll=self.player,
            crawford=self.score.crawford_game,
            status=status,
            player_to_decide=self.player if to_move is None else to_move,
            double_offered=self.phase is Phase.DOUBLED,
            dice=self.dice if self.phase is Phase.MOVE and self.dice else (),
            match_length=self.options.match_length,
            scores=self.score.scores,
            # GNU Backgammon 1.07 writes "Jacoby off" in every match (the options refuse the
            # rule in match play); older exports leave the bit 0 and read the same.
            jacoby=self.options.jacoby,
        )

    def gnubg_ids(self) -> tuple[str, str]:
        """(Position ID, Match ID) as GNU Backgammon writes them (player on roll second)."""
        return position_id(self.board, self.player), encode_match_id(self.match_info())

    @classmethod
    def from_gnubg_ids(
        cls, position: str, match: str, options: BackgammonOptions | None = None
    ) -> Self:
        """A game set up from a GNU Backgammon Position ID and Match ID.

        The match length and scores come from the Match ID (and, for a money
        game without `options`, the Jacoby rule); other options (Crawford,
        beavers) from `options`. A Match ID with dice shown puts the
        player on roll to move; one of a game not started yet (no dice, at
        the opening position) starts with the opening roll; otherwise the
        player on roll is to double or roll.

        Raises:
            RuleError: an ID is invalid or does not fit the options.
        """
        info = decode_match_id(match)
        if info.status not in (GameStatus.PLAYING, GameStatus.NONE):
            raise RuleError(Note.of(ID_GAME_FINISHED, match_id=match))
        _check_match_in_play(info, match)
        base = options or BackgammonOptions(match_length=info.match_length)
        settings = base.to_json() | {"match_length": info.match_length}
        if info.match_length:
            settings |= {"jacoby": False, "beavers": False}
        elif options is None:
            settings["jacoby"] = info.jacoby
        state = cls(BackgammonOptions.from_json(settings))
        board = board_from_position_id(position)
        if info.player_on_roll == 1:
            board = Board(BACKGAMMON, (board.tracks[1], board.tracks[0]))
        state._set_up(board, info)
        return state

    def _set_up(self, board: Board, info: MatchInfo) -> None:
        self.board = self.turn_start = board
        self.player = info.player_on_roll
        self.cube = Cube(value=info.cube_value, owner=info.cube_owner)
        self.score = BackgammonScore(
            self.options.match_length,
            self.options.crawford,
            scores=info.scores,
            crawford_game=info.crawford,
            post_crawford=bool(info.match_length) and max(info.scores) == info.match_length - 1
            and not info.crawford,
        )
        if info.double_offered:
            self.cube = self.cube.double(self.player)
            self.phase = Phase.DOUBLED
        elif info.dice:
            self._start_move((info.dice[0], info.dice[1]))
        elif info.status is GameStatus.NONE and board == Board.start(BACKGAMMON):
            # No game started yet: the opening roll decides who starts, and nobody
            # doubles before the opening move.
            self.phase = Phase.OPENING
        else:
            self._begin_turn()

    # ----- JSON -----

    def to_json(self) -> dict[str, JSONValue]:
        """The whole match as JSON."""
        return {
            "game": "backgammon",
            "options": self.options.to_json(),
            "score": self.score.to_json(),
            "cube": self.cube.to_json(),
            "results": [dict(result) for result in self.results],
            **common_json(self),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a match written by `to_json`.

        Raises:
            RuleError: the data is not a saved Backgammon match.
        """
        if not isinstance(data, dict) or data.get("game") != "backgammon":
            raise RuleError(Note.of(NOT_SAVED))
        state = cls(BackgammonOptions.from_json(json_object(data.get("options"))))
        state.score = BackgammonScore.from_json(json_object(data.get("score")))
        state.cube = Cube.from_json(json_object(data.get("cube")))
        results = data.get("results")
        if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
            raise RuleError(Note.of(SAVED_RESULTS))
        state.results = [dict(result) for result in results]
        load_common(state, data)
        check_saved_outcome(state, state.score.is_over, [])
        return state
