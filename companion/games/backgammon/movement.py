"""The movement core of Backgammon, Mini-Gam and Multi-Gam: legal plays and steps.

Public API (positions are track positions, see `geometry`: 0 = bar,
1..N = points in the mover's travel order, N + 1 = off):

- `Geometry`, `BACKGAMMON`, `MINIGAM`, `MULTIGAM`, `Board` (re-exported from
  `geometry`): immutable, hashable board values; `Board.start(geometry)`.
- `Step(source, destination, die, hit)`: one checker moved by one die
  (a NamedTuple; `Geometry.point_number` gives the numbers players use).
- `Play(steps, board)`: a whole turn and the board it leads to (`steps` is
  one order of playing it, `board` what it reaches; a generated play works
  its board out the first time it is read).
- `legal_plays(board, mover, dice) -> list[Play]`: every legal play for a
  roll, each distinct resulting position once, with the forced-move rule
  applied (as many dice as possible; the larger die when only one of two
  fits; doubles as many times as possible). An empty list means the turn is
  lost.
- `legal_play_steps(board, mover, dice)`: the steps of each of those plays,
  without the plays (`board_after(board, mover, steps)` gives a board).
- `legal_steps(board, mover, dice, steps_made) -> list[Step]`: the single
  steps that can still be completed into a legal play after `steps_made`
  (for the touchscreen: no first step can trap a player).
- `find_play(board, mover, dice, steps) -> Play`: the legal play a complete
  list of steps makes, or a `RuleError` explaining why it is not legal.
- `single_steps(board, mover, die) -> list[Step]`: every single move of one
  checker the board allows now (forced-move rule not applied).
- `apply_step(board, mover, step) -> Board`: the board after one step; a
  `RuleError` says why if that checker cannot move so (bar first, blocked,
  not home yet, ...). The forced-move rule is `legal_steps`'s job.
- Helpers: `pip_count`, `borne_off`, `checkers_on_bar`, `all_home`,
  `has_won`.

Rules, once for the three games (`Geometry` holds the differences): a die d
moves a checker from position q to q + d. A point holding two or more
opposing checkers is blocked; landing on a single opposing checker hits it to
its owner's bar. In Backgammon and Mini-Gam checkers on the bar must all
enter before any other checker moves; in Multi-Gam (loose bar) any checker may
move. A checker bears off with an exact roll once no checker of the player is
below `home_start`, and with a larger roll only from the lowest occupied
position.

Each of these rules is stated once, in `step_rules`; this module asks them
why a step is refused. The generator lives in `movegen` (written for speed,
asking the same rules, explained there); this module checks input and picks
the generator's path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.backgammon.double_plays import fast_double, search_double
from companion.games.backgammon.geometry import (
    BACKGAMMON,
    MINIGAM,
    MULTIGAM,
    Board,
    Geometry,
)
from companion.games.backgammon.movegen import (
    Found,
    Play,
    board_after,
    enter_pair,
    fast_pair,
    order_free,
    plays_from,
    search_pair,
)
from companion.games.backgammon.step_rules import (
    BAR,
    DICE_IN_A_DOUBLE,
    DICE_IN_A_ROLL,
    Step,
    bears_off_from,
    destination,
    dice_to_play,
    is_blocked,
    is_hit,
    landings,
    larger_die,
    may_bear_off,
    may_move_from,
    most_dice,
    must_enter,
    opposition,
)
from companion.games.base import N_, N_counted, Note, RuleError

NEVER_ON_ROLL = N_(
    "{0} has borne off every checker and is never on roll again:"
    " use a position of a game still in play."
)
GAME_OVER_ONE = N_(
    "That game is over: {0} has borne off every checker. Use a position of a game still in play."
)
GAME_OVER_MANY = N_counted(
    "That game is over: {count} player has borne off every checker. Use a position of a"
    " game still in play.",
    "That game is over: {count} players have borne off every checker. Use a position of a"
    " game still in play.",
)
NO_CHECKER_THERE = N_("You have no checker there to move.")
BAR_FIRST = N_("You have a checker on the bar: enter it first.")
POINT_BLOCKED = N_("Point {point} is blocked: two or more opposing checkers hold it.")
NO_BEAR_OFF_FROM_BAR = N_("You cannot bear off while a checker is on the bar: enter it first.")
NOT_ALL_HOME = N_("You can bear off only once all your checkers are in your home board.")
FURTHEST_POINT = N_(
    "A {die} bears off only from your furthest point; move a checker from further back instead."
)
WRONG_POINT = N_("A {die} does not move a checker to that point.")
NO_DIE_LEFT = N_("You have no {die} left to play this turn.")
TURN_PASSES = N_("You have no legal move with this roll: the turn passes.")
AT_MOST = N_counted(
    "This roll allows {count} move at most.", "This roll allows {count} moves at most."
)
LARGER_DIE = N_(
    "Only one die can be played this turn, and it must be the larger one if it fits: "
    "play the {die}."
)
USE_DICE = N_counted(
    "That move leaves the rest of your roll unplayable: you must use {count} "
    "die if you can. Choose another move.",
    "That move leaves the rest of your roll unplayable: you must use {count} "
    "dice if you can. Choose another move.",
)
PLAY_ANOTHER_DIE = N_("Your turn is not finished: play another die.")
PLAY_MORE_DICE = N_counted(
    "Your turn is not finished: play {count} more die.",
    "Your turn is not finished: play {count} more dice.",
)

__all__ = [
    "BACKGAMMON",
    "MINIGAM",
    "MULTIGAM",
    "Board",
    "Geometry",
    "Play",
    "Step",
    "all_home",
    "apply_step",
    "board_after",
    "borne_off",
    "checkers_on_bar",
    "find_play",
    "has_won",
    "legal_play_steps",
    "legal_plays",
    "legal_steps",
    "pip_count",
    "plays_from",
]


def _roll(board: Board, mover: int, dice: Sequence[int]) -> tuple[int, int]:
    """The roll as (higher die, lower die).

    Raises:
        RuleError: the mover or the dice are out of range.
    """
    if not 0 <= mover < board.geometry.players:
        raise RuleError(f"There is no player {mover} in {board.geometry.title}.")
    if len(dice) == DICE_IN_A_ROLL:
        first, second = dice
        # `type(...) is int` also turns away True and False.
        if type(first) is int and type(second) is int and 1 <= first <= 6 and 1 <= second <= 6:
            return (first, second) if first >= second else (second, first)
    raise RuleError(f"A roll is two dice from 1 to 6, not {list(dice)!r}.")


def legal_plays(board: Board, mover: int, dice: Sequence[int]) -> list[Play]:
    """Every legal play of `mover` for a roll, each resulting position once.

    The forced-move rule is applied: plays use as many dice as the position
    allows; when only one die of a non-double can be played and either could
    be, only plays of the larger die are legal. An empty list means no legal
    move: the turn is lost.

    Raises:
        RuleError: the mover or the dice are out of range.
    """
    return plays_from(board, mover, legal_play_steps(board, mover, dice))


def legal_play_steps(board: Board, mover: int, dice: Sequence[int]) -> list[tuple[Step, ...]]:
    """The steps of each of `legal_plays`, in the same order, without making the plays.

    For a caller that reads few of them (a random game plays one): a play's
    board is `board_after(board, mover, steps)`.

    Raises:
        RuleError: the mover or the dice are out of range.
    """
    high, low = _roll(board, mover, dice)
    geometry = board.geometry
    track = list(board.tracks[mover])
    landing_codes = landings(board, mover)
    if high == low:
        if order_free(track, geometry, DICE_IN_A_DOUBLE, high):
            return fast_double(track, landing_codes, geometry, high)
        return list(search_double(track, landing_codes, geometry, high).values())
    if order_free(track, geometry, DICE_IN_A_ROLL, high):
        return fast_pair(track, landing_codes, geometry, high, low)
    if track[BAR] == 1 and must_enter(track, geometry.loose_bar):
        entering = enter_pair(track, landing_codes, geometry, high, low)
        if entering is not None:
            return entering
    found: Found = {}
    singles_high: Found = {}
    singles_low: Found = {}
    search_pair(track, landing_codes, geometry, (high, low), found, singles_high)
    search_pair(track, landing_codes, geometry, (low, high), found, singles_low)
    return list(most_dice(({}, larger_die(singles_high, singles_low), found)).values())


def pip_count(board: Board, player: int) -> int:
    """Pips `player` must still travel to bear everything off (the bar counts N + 1)."""
    off = board.geometry.off
    return sum(count * (off - position) for position, count in enumerate(board.tracks[player]))


def borne_off(board: Board, player: int) -> int:
    """How many of `player`'s checkers are off the board."""
    return board.tracks[player][-1]


def checkers_on_bar(board: Board, player: int) -> int:
    """How many of `player`'s checkers wait on the bar."""
    return board.tracks[player][0]


def all_home(board: Board, player: int) -> bool:
    """True when `player` may bear off: no checker below the home board (nor on the bar)."""
    return may_bear_off(board.tracks[player], board.geometry.home_start)


def has_won(board: Board, player: int) -> bool:
    """True once every checker of `player` is off."""
    return board.tracks[player][-1] == board.geometry.checkers


def over_problem(board: Board, mover: int, seat_name: Callable[[int], str]) -> str | None:
    """Why nobody can be on roll in this position (its game is over), or None.

    `over_note` said in English; `seat_name` names a seat at the start of a sentence.
    """
    note = over_note(board, mover)
    return None if note is None else note.render(seat_name)


def over_note(board: Board, mover: int) -> Note | None:
    """Why nobody can be on roll in this position (its game is over), or None.

    A player who has borne off every checker is never on roll again (Multi-Gam
    skips their turns), and a game is over once all but one player have borne
    off.
    """
    players = len(board.tracks)
    done = [seat for seat in range(players) if has_won(board, seat)]
    if mover in done:
        return Note.of(NEVER_ON_ROLL, (mover,))
    if len(done) >= players - 1:
        if len(done) == 1:
            return Note.of(GAME_OVER_ONE, (done[0],))
        return Note.of(GAME_OVER_MANY, count=len(done))
    return None


def _step_problem(board: Board, mover: int, source: int, die: int) -> Note | None:
    """Why one checker may not move from `source` by `die` now, or None if it may."""
    geometry = board.geometry
    track = board.tracks[mover]
    off = geometry.off
    if not 0 <= source < off or not track[source]:
        return Note.of(NO_CHECKER_THERE)
    if not may_move_from(source, must_enter(track, geometry.loose_bar)):
        return Note.of(BAR_FIRST)
    target = destination(source, die, off)
    if target < off:
        if is_blocked(opposition(board, mover)[target]):
            number = geometry.point_number(mover, target)
            return Note.of(POINT_BLOCKED, point=number)
        return None
    if not may_bear_off(track, geometry.home_start):
        if track[0]:
            return Note.of(NO_BEAR_OFF_FROM_BAR)
        return Note.of(NOT_ALL_HOME)
    if not bears_off_from(track, source, die, off):
        return Note.of(FURTHEST_POINT, die=die)
    return None


def _hits_at(board: Board, mover: int, position: int) -> bool:
    """True when a checker of `mover` reaching `position` hits there."""
    return position < board.geometry.off and is_hit(opposition(board, mover)[position])


def single_steps(board: Board, mover: int, die: int) -> list[Step]:
    """Every single move of one checker by `die` the board allows (forced-move rule not applied)."""
    off = board.geometry.off
    opposing = opposition(board, mover)
    steps = []
    for source in range(off):
        if _step_problem(board, mover, source, die) is None:
            target = destination(source, die, off)
            steps.append(Step(source, target, die, target < off and is_hit(opposing[target])))
    return steps


def apply_step(board: Board, mover: int, step: Step) -> Board:
    """The board after one step (a hit sends the lone opposing checker to its bar).

    Raises:
        RuleError: the board does not allow that move now; the sentence says why
            (no checker there, enter from the bar first, point blocked, not all
            home yet, or a larger die used while a checker is further back).
    """
    problem = _step_problem(board, mover, step.source, step.die)
    target = destination(step.source, step.die, board.geometry.off)
    if problem is None and step.destination != target:
        problem = Note.of(WRONG_POINT, die=step.die)
    if problem is not None:
        raise RuleError(problem)
    made = Step(step.source, target, step.die, _hits_at(board, mover, target))
    return board_after(board, mover, (made,))


class _Completion:
    """Which partial turns can still be completed into a legal play."""

    def __init__(self, board: Board, mover: int, dice: Sequence[int]) -> None:
        self.mover = mover
        self.plays = legal_plays(board, mover, dice)
        self.targets = {play.board: play for play in self.plays}
        self.length = len(self.plays[0].steps) if self.plays else 0
        self.memo: dict[tuple[Board, tuple[int, ...]], bool] = {}

    def completable(self, board: Board, remaining: tuple[int, ...], made: int) -> bool:
        if made == self.length:
            return board in self.targets
        key = (board, remaining)
        if key not in self.memo:
            self.memo[key] = any(
                self.completable(after, rest, made + 1)
                for step, after, rest in self.next_steps(board, remaining)
            )
        return self.memo[key]

    def next_steps(
        self, board: Board, remaining: tuple[int, ...]
    ) -> list[tuple[Step, Board, tuple[int, ...]]]:
        result = []
        for die in sorted(set(remaining), reverse=True):
            rest = list(remaining)
            rest.remove(die)
            for step in single_steps(board, self.mover, die):
                result.append((step, apply_step(board, self.mover, step), tuple(rest)))
        return result


def legal_steps(
    board: Board, mover: int, dice: Sequence[int], steps_made: Sequence[Step] = ()
) -> list[Step]:
    """The single steps that can follow `steps_made` and still end in a legal play.

    `steps_made` are the steps already played this turn from `board` (as
    returned by earlier calls). An empty answer means the turn is complete
    (or there was no legal move at all).

    Raises:
        RuleError: the dice are out of range, or `steps_made` cannot be part
            of a legal play (the sentence says why).
    """
    completion = _Completion(board, mover, dice)
    current, remaining = _replay(completion, board, dice, steps_made)
    made = len(steps_made)
    if made == completion.length:
        return []
    return [
        step
        for step, after, rest in completion.next_steps(current, remaining)
        if completion.completable(after, rest, made + 1)
    ]


def _replay(
    completion: _Completion, board: Board, dice: Sequence[int], steps: Sequence[Step]
) -> tuple[Board, tuple[int, ...]]:
    """Play `steps` from `board`, checking each can still lead to a legal play."""
    remaining = dice_to_play(dice)
    current = board
    for made, step in enumerate(steps):
        if made >= completion.length:
            raise RuleError(_too_many(completion.length))
        if step.die not in remaining:
            raise RuleError(Note.of(NO_DIE_LEFT, die=step.die))
        after = apply_step(current, completion.mover, step)
        rest = list(remaining)
        rest.remove(step.die)
        if not completion.completable(after, tuple(rest), made + 1):
            raise RuleError(_forced_move_sentence(completion, dice))
        current, remaining = after, tuple(rest)
    return current, remaining


def _with_hits(board: Board, mover: int, steps: Sequence[Step]) -> tuple[Step, ...]:
    """The steps (already known to be playable in order) with their hit flags set right."""
    fixed = []
    for step in steps:
        fixed.append(step._replace(hit=_hits_at(board, mover, step.destination)))
        board = apply_step(board, mover, step)
    return tuple(fixed)


def _too_many(length: int) -> Note:
    if length == 0:
        return Note.of(TURN_PASSES)
    return Note.of(AT_MOST, count=length)


def _forced_move_sentence(completion: _Completion, dice: Sequence[int]) -> Note:
    if completion.length == 0:
        return Note.of(TURN_PASSES)
    if dice[0] != dice[1] and completion.length == 1:
        return Note.of(LARGER_DIE, die=completion.plays[0].steps[0].die)
    return Note.of(USE_DICE, count=completion.length)


def find_play(board: Board, mover: int, dice: Sequence[int], steps: Sequence[Step]) -> Play:
    """The legal play that `steps` make from `board`.

    Raises:
        RuleError: the steps are not a whole legal play; the sentence says why.
    """
    completion = _Completion(board, mover, dice)
    current, _ = _replay(completion, board, dice, steps)
    steps = _with_hits(board, completion.mover, steps)
    if len(steps) < completion.length:
        more = completion.length - len(steps)
        if more == 1:
            raise RuleError(Note.of(PLAY_ANOTHER_DIE))
        raise RuleError(Note.of(PLAY_MORE_DICE, count=more))
    if not completion.plays:
        return Play((), board)  # no legal move: the turn passes
    return Play(steps, completion.targets[current].board)
