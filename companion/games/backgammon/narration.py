"""What an action caused, told as `Note`s: hits, lost turns, the opening roll, results, scores.

The games of the family collect these sentences while they apply an action
(`FamilyGame.narration()` returns them). Seats are ``{0}``, ``{1}``...
placeholders, so the table names its players ("Ana") and a command line
says "seat 1". Points are named as the mover writes them in notation.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.backgammon.cube import ResultKind
from companion.games.backgammon.geometry import Board, Geometry
from companion.games.backgammon.movegen import Step
from companion.games.backgammon.opening import OpeningRoll
from companion.games.base import Note

ORDINALS = ("1st", "2nd", "3rd", "4th")


def _seats(count: int, start: int = 0) -> str:
    """``{0}``, ``{0} and {1}``, ``{0}, {1} and {2}``: placeholders for `count` seats."""
    names = [f"{{{start + i}}}" for i in range(count)]
    return names[0] if count == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def dice_text(dice: Sequence[int]) -> str:
    """Dice as players say them: ``6-3``."""
    return "-".join(str(die) for die in dice)


def _hits(before: Board, mover: int, steps: Sequence[Step]) -> list[tuple[int, int]]:
    """(point as the mover numbers it, victim's seat) of each checker `steps` hit.

    A step hits when it lands on a cell that an opponent holds on `before`
    (a lone checker: the movement core allows nothing else); each cell is hit
    at most once a turn, since the mover's checker then holds it. Hits come
    furthest-back first, as notation writes the moves.
    """
    geometry: Geometry = before.geometry
    found: list[tuple[int, int, int]] = []
    taken: set[int] = set()
    for step in steps:
        if step.destination >= geometry.off:
            continue
        cell = geometry.cell(mover, step.destination)
        occupant = before.occupant(cell)
        if occupant is None or occupant[0] == mover or cell in taken:
            continue
        taken.add(cell)
        point = geometry.point_number(mover, step.destination)
        found.append((step.destination, point, occupant[0]))
    return [(point, victim) for _, point, victim in sorted(found)]


def hit_notes(before: Board, mover: int, steps: Sequence[Step]) -> list[Note]:
    """One note per opposing checker that `steps`, played from the board `before`, hit."""
    return [
        Note(f"{{0}}'s checker on {point} is hit and goes to the bar.", (victim,))
        for point, victim in _hits(before, mover, steps)
    ]


def undone_hit_notes(before: Board, mover: int, step: Step) -> list[Note]:
    """Taking back a step that had hit: the checker comes back from the bar."""
    return [
        Note(f"{{0}}'s checker is back from the bar on {point}.", (victim,))
        for point, victim in _hits(before, mover, [step])
    ]


def no_move_note(player: int, dice: Sequence[int]) -> Note:
    """The player on roll has no legal move with `dice`."""
    return Note(f"{{0}} cannot move with {dice_text(dice)} and loses the turn.", (player,))


def opening_notes(before: OpeningRoll, after: OpeningRoll) -> list[Note]:
    """Who won the opening roll and with which dice, or who rolls again after a tie."""
    starter = after.starter
    if starter is not None:
        roll = dice_text(after.first_roll())
        return [Note(f"{{0}} wins the opening roll and plays {roll}.", (starter,))]
    die = after.showing[after.rolling[0]]
    tied = len(after.rolling)
    if tied == len(after.showing):
        who = "Everyone" if tied > 2 else "Both"
        return [Note(f"{who} rolled {die}: roll one die each again.")]
    return [
        Note(
            f"{_seats(tied)} tie for the highest die with {die} and roll again.",
            tuple(after.rolling),
        )
    ]


def invalid_roll_note(rolling: Sequence[int]) -> Note:
    """The tray reported a cocked or escaped roll: the same seats roll again."""
    if len(rolling) == 1:
        return Note("The roll does not count: {0} rolls again.", tuple(rolling))
    return Note(f"The roll does not count: {_seats(len(rolling))} roll again.", tuple(rolling))


def new_game_note(game_number: int) -> Note:
    """The next game of the match begins with its opening roll."""
    return Note(f"Game {game_number} begins with the opening roll.")


def last_checker_note(player: int) -> Note:
    """`player` bore off the last checker."""
    return Note("{0} bears off the last checker.", (player,))


def result_note(winner: int, kind: ResultKind, cube: int, points: int) -> Note:
    """What a finished Backgammon game is worth: the kind of win times the cube."""
    seats = (winner, 1 - winner)
    if kind is ResultKind.PASSED:
        return Note(
            f"{{1}} passes: {{0}} wins the game and {_points(points)} (cube at {cube}).", seats
        )
    label = {ResultKind.SINGLE: "a single game", ResultKind.GAMMON: "a gammon"}.get(
        kind, "a backgammon"
    )
    if points == cube * kind.value:
        worth = f"{kind.value} × cube {cube} = {_points(points)}" if cube > 1 else _points(points)
    else:
        worth = f"{_points(points)}, counted single under the Jacoby rule"
    return Note(f"{{0}} wins {label}: {worth}.", (winner,))


def score_note(scores: Sequence[int], goal: str, final: bool = False) -> Note:
    """The match score after a game: ``Score: {0} 3, {1} 1 (match to 5).``.

    After the last game it is the ``Final score``: the table itself names the
    match's winners, so the note does not repeat them.
    """
    parts = ", ".join(f"{{{seat}}} {score}" for seat, score in enumerate(scores))
    label = "Final score" if final else "Score"
    return Note(f"{label}: {parts} ({goal}).", tuple(range(len(scores))))


def crawford_note(leader: int) -> Note:
    """The next game is the Crawford game."""
    return Note(
        "{0} is one point from winning the match: the next game is the Crawford game, "
        "with no doubling.",
        (leader,),
    )


def tie_break_notes(
    winners: Sequence[int], scores: Sequence[int], first_places: Sequence[int]
) -> list[Note]:
    """How a Multi-Gam match tied on points was decided: first places, or shared."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if len(tied) < 2:
        return []
    if len(winners) > 1:
        text = f"{_seats(len(winners))} tie on {_points(best)} and first places: "
        text += "they share the match."
        return [Note(text, tuple(winners))]
    others = [seat for seat in tied if seat != winners[0]]
    wins = ", ".join(str(first_places[seat]) for seat in others)
    return [
        Note(
            f"{_seats(len(tied))} tie on {_points(best)}: {{0}} wins on first places "
            f"({first_places[winners[0]]} to {wins}).",
            (winners[0], *others),
        )
    ]


def post_crawford_note() -> Note:
    """The Crawford game is over: the cube is back in play for the rest of the match."""
    return Note("The Crawford game is over: doubling is allowed again from the next game.")


def double_note(doubler: int, value: int) -> Note:
    """`doubler` offered the cube at `value`; the opponent must answer."""
    text = f"{{0}} offers the cube at {value}: {{1}} must take or pass."
    return Note(text, (doubler, 1 - doubler))


def take_note(taker: int, value: int, beaver: bool) -> Note:
    """The double was taken (or beavered): the cube's new value and owner."""
    how = "beavers" if beaver else "takes"
    return Note(f"{{0}} {how}: the cube is at {value} and {{0}} owns it.", (taker,))


def finish_note(seat: int, rank: int) -> Note:
    """A Multi-Gam player bore off everything and takes a finishing rank."""
    return Note(
        f"{{0}} has borne off every checker and finishes {ORDINALS[rank]}: "
        "{0} skips the rest of this game.",
        (seat,),
    )


def ranking_note(ranking: Sequence[int]) -> Note:
    """A finished Multi-Gam game's order: ``1st {0}, 2nd {1}, 3rd {2}, 4th {3}.``."""
    parts = ", ".join(f"{ORDINALS[i]} {{{i}}}" for i in range(len(ranking)))
    return Note(f"Game over: {parts}.", tuple(ranking))


def skipped_note(seats: Sequence[int]) -> Note:
    """Finished Multi-Gam players passed over when the turn went on."""
    verbs = "has finished and is" if len(seats) == 1 else "have finished and are"
    return Note(f"{_seats(len(seats))} {verbs} skipped.", tuple(seats))
