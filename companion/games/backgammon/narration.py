"""What an action caused, told as `Note`s: hits, lost turns, the opening roll, results, scores.

The games of the family collect these sentences while they apply an action
(`FamilyGame.narration()` returns them). Seats are ``{0}``, ``{1}``...
placeholders, so the table names its players ("Ana") and a command line
says "seat 1". Points are named as the mover writes them in notation.

Every sentence is a constant marked for the translation catalog: what varies
is a named value (``{dice}``, ``{point}``), a list of seats has one sentence
per length (the family seats two or four), and counted words have a plural
form (`N_counted`), so that a catalog translates each sentence once, in the
order its language needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.backgammon.cube import ResultKind
from companion.games.backgammon.geometry import Board, Geometry
from companion.games.backgammon.movegen import Step
from companion.games.backgammon.opening import OpeningRoll
from companion.games.base import N_, N_counted, Note

Sentence = str | tuple[str, str]

HIT = N_("{0}'s checker on {point} is hit and goes to the bar.")
BACK_FROM_THE_BAR = N_("{0}'s checker is back from the bar on {point}.")
# Translators: {dice} is the roll as players say it, "6-5".
NO_MOVE = N_("{0} cannot move with {dice} and loses the turn.")
OPENING_WON = N_("{0} wins the opening roll and plays {dice}.")
BOTH_TIED = N_("Both rolled {die}: roll one die each again.")
EVERYONE_TIED = N_("Everyone rolled {die}: roll one die each again.")
SOME_TIED = {
    2: N_("{0} and {1} tie for the highest die with {die} and roll again."),
    3: N_("{0}, {1} and {2} tie for the highest die with {die} and roll again."),
}
ROLL_AGAIN = {
    1: N_("The roll does not count: {0} rolls again."),
    2: N_("The roll does not count: {0} and {1} roll again."),
    3: N_("The roll does not count: {0}, {1} and {2} roll again."),
    4: N_("The roll does not count: {0}, {1}, {2} and {3} roll again."),
}
NEW_GAME = N_("Game {number} begins with the opening roll.")
LAST_CHECKER = N_("{0} bears off the last checker.")
GAME_WON = N_("{0} wins the game.")
# The pass itself is told just before, by the action ("Ana refused the double").
PASSED = N_counted(
    "{0} wins the game and {count} point (cube at {cube}).",
    "{0} wins the game and {count} points (cube at {cube}).",
)
WON = {
    ResultKind.SINGLE: N_counted(
        "{0} wins a single game: {count} point.", "{0} wins a single game: {count} points."
    ),
    ResultKind.GAMMON: N_counted(
        "{0} wins a gammon: {count} point.", "{0} wins a gammon: {count} points."
    ),
    ResultKind.BACKGAMMON: N_counted(
        "{0} wins a backgammon: {count} point.", "{0} wins a backgammon: {count} points."
    ),
}
# Translators: {times} is what the kind of win multiplies the cube by: 1, 2 or 3.
WON_TIMES_CUBE = {
    ResultKind.SINGLE: N_counted(
        "{0} wins a single game: {times} × cube {cube} = {count} point.",
        "{0} wins a single game: {times} × cube {cube} = {count} points.",
    ),
    ResultKind.GAMMON: N_counted(
        "{0} wins a gammon: {times} × cube {cube} = {count} point.",
        "{0} wins a gammon: {times} × cube {cube} = {count} points.",
    ),
    ResultKind.BACKGAMMON: N_counted(
        "{0} wins a backgammon: {times} × cube {cube} = {count} point.",
        "{0} wins a backgammon: {times} × cube {cube} = {count} points.",
    ),
}
WON_UNDER_JACOBY = {
    ResultKind.GAMMON: N_counted(
        "{0} wins a gammon: {count} point, counted single under the Jacoby rule.",
        "{0} wins a gammon: {count} points, counted single under the Jacoby rule.",
    ),
    ResultKind.BACKGAMMON: N_counted(
        "{0} wins a backgammon: {count} point, counted single under the Jacoby rule.",
        "{0} wins a backgammon: {count} points, counted single under the Jacoby rule.",
    ),
}
# Translators: {goal} is what the match is played to, "match to 5" or "first to 3 games".
SCORE = {
    2: N_("Score: {0} {score0}, {1} {score1} ({goal})."),
    3: N_("Score: {0} {score0}, {1} {score1}, {2} {score2} ({goal})."),
    4: N_("Score: {0} {score0}, {1} {score1}, {2} {score2}, {3} {score3} ({goal})."),
}
FINAL_SCORE = {
    2: N_("Final score: {0} {score0}, {1} {score1} ({goal})."),
    3: N_("Final score: {0} {score0}, {1} {score1}, {2} {score2} ({goal})."),
    4: N_("Final score: {0} {score0}, {1} {score1}, {2} {score2}, {3} {score3} ({goal})."),
}
MATCH_TO = N_("match to {length}")
FIRST_TO_GAMES = N_counted("first to {count} game", "first to {count} games")
FIRST_TO_POINTS = N_counted("first to {count} point", "first to {count} points")
GAME_OF = N_("game {number} of {games}")
CRAWFORD = N_(
    "{0} is one point from winning the match: the next game is the Crawford game, "
    "with no doubling."
)
POST_CRAWFORD = N_("The Crawford game is over: doubling is allowed again from the next game.")
TIE_SHARED = {
    2: N_counted(
        "{0} and {1} tie on {count} point and first places: they share the match.",
        "{0} and {1} tie on {count} points and first places: they share the match.",
    ),
    3: N_counted(
        "{0}, {1} and {2} tie on {count} point and first places: they share the match.",
        "{0}, {1} and {2} tie on {count} points and first places: they share the match.",
    ),
    4: N_counted(
        "{0}, {1}, {2} and {3} tie on {count} point and first places: they share the match.",
        "{0}, {1}, {2} and {3} tie on {count} points and first places: they share the match.",
    ),
}
# Translators: {won} is the winner's count of first places, {others} the others' ("1" or "1, 0").
TIE_DECIDED = {
    2: N_counted(
        "{0} and {1} tie on {count} point: {0} wins on first places ({won} to {others}).",
        "{0} and {1} tie on {count} points: {0} wins on first places ({won} to {others}).",
    ),
    3: N_counted(
        "{0}, {1} and {2} tie on {count} point: {0} wins on first places ({won} to {others}).",
        "{0}, {1} and {2} tie on {count} points: {0} wins on first places ({won} to {others}).",
    ),
    4: N_counted(
        "{0}, {1}, {2} and {3} tie on {count} point: {0} wins on first places "
        "({won} to {others}).",
        "{0}, {1}, {2} and {3} tie on {count} points: {0} wins on first places "
        "({won} to {others}).",
    ),
}
DOUBLE = N_("{0} offers the cube at {value}: {1} must take or pass.")
TAKES = N_("{0} takes: the cube is at {value} and {0} owns it.")
BEAVERS = N_("{0} beavers: the cube is at {value} and {0} owns it.")
FINISHES = (
    N_("{0} has borne off every checker and finishes 1st: {0} skips the rest of this game."),
    N_("{0} has borne off every checker and finishes 2nd: {0} skips the rest of this game."),
    N_("{0} has borne off every checker and finishes 3rd: {0} skips the rest of this game."),
)
RANKING = {
    2: N_("Game over: 1st {0}, 2nd {1}."),
    3: N_("Game over: 1st {0}, 2nd {1}, 3rd {2}."),
    4: N_("Game over: 1st {0}, 2nd {1}, 3rd {2}, 4th {3}."),
}
SKIPPED = {
    1: N_("{0} has finished and is skipped."),
    2: N_("{0} and {1} have finished and are skipped."),
    3: N_("{0}, {1} and {2} have finished and are skipped."),
}


def _for_seats(sentences: Mapping[int, Sentence], count: int) -> Sentence:
    """The sentence naming `count` seats (the family seats two or four players).

    Raises:
        ValueError: no sentence names that many seats.
    """
    try:
        return sentences[count]
    except KeyError:
        raise ValueError(f"No sentence names {count} seats.") from None


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
    return [Note.of(HIT, (victim,), point=point) for point, victim in _hits(before, mover, steps)]


def undone_hit_notes(before: Board, mover: int, step: Step) -> list[Note]:
    """Taking back a step that had hit: the checker comes back from the bar."""
    return [
        Note.of(BACK_FROM_THE_BAR, (victim,), point=point)
        for point, victim in _hits(before, mover, [step])
    ]


def no_move_note(player: int, dice: Sequence[int]) -> Note:
    """The player on roll has no legal move with `dice`."""
    return Note.of(NO_MOVE, (player,), dice=dice_text(dice))


def opening_notes(before: OpeningRoll, after: OpeningRoll) -> list[Note]:
    """Who won the opening roll and with which dice, or who rolls again after a tie."""
    starter = after.starter
    if starter is not None:
        return [Note.of(OPENING_WON, (starter,), dice=dice_text(after.first_roll()))]
    die = after.showing[after.rolling[0]]
    tied = len(after.rolling)
    if tied == len(after.showing):
        return [Note.of(EVERYONE_TIED if tied > 2 else BOTH_TIED, die=die)]
    return [Note.of(_for_seats(SOME_TIED, tied), after.rolling, die=die)]


def invalid_roll_note(rolling: Sequence[int]) -> Note:
    """The tray reported a cocked or escaped roll: the same seats roll again."""
    return Note.of(_for_seats(ROLL_AGAIN, len(rolling)), rolling)


def new_game_note(game_number: int) -> Note:
    """The next game of the match begins with its opening roll."""
    return Note.of(NEW_GAME, number=game_number)


def last_checker_note(player: int) -> Note:
    """`player` bore off the last checker."""
    return Note.of(LAST_CHECKER, (player,))


def game_won_note(player: int) -> Note:
    """`player` won the game (Mini-Gam, where every game counts one)."""
    return Note.of(GAME_WON, (player,))


def result_note(winner: int, kind: ResultKind, cube: int, points: int) -> Note:
    """What a finished Backgammon game is worth: the kind of win times the cube."""
    if kind is ResultKind.PASSED:
        return Note.of(PASSED, (winner,), count=points, cube=cube)
    if points != cube * kind.value:
        return Note.of(WON_UNDER_JACOBY[kind], (winner,), count=points)
    if cube > 1:
        return Note.of(WON_TIMES_CUBE[kind], (winner,), count=points, times=kind.value, cube=cube)
    return Note.of(WON[kind], (winner,), count=points)


def match_goal(length: int) -> Note:
    """A Backgammon match's goal, as the score says it: ``match to 5``."""
    return Note.of(MATCH_TO, length=length)


def wins_goal(wins: int) -> Note:
    """A Mini-Gam match's goal: ``first to 3 games``."""
    return Note.of(FIRST_TO_GAMES, count=wins)


def points_goal(target: int) -> Note:
    """A Multi-Gam match to a target score: ``first to 10 points``."""
    return Note.of(FIRST_TO_POINTS, count=target)


def games_goal(played: int, games: int) -> Note:
    """A Multi-Gam match of so many games, after `played` of them: ``game 2 of 5``."""
    return Note.of(GAME_OF, number=played, games=games)


def score_note(scores: Sequence[int], goal: Note, final: bool = False) -> Note:
    """The match score after a game: ``Score: {0} 3, {1} 1 (match to 5).``.

    After the last game it is the ``Final score``: the table itself names the
    match's winners, so the note does not repeat them.
    """
    sentence = _for_seats(FINAL_SCORE if final else SCORE, len(scores))
    each = {f"score{seat}": score for seat, score in enumerate(scores)}
    return Note.of(sentence, range(len(scores)), goal=goal, **each)


def crawford_note(leader: int) -> Note:
    """The next game is the Crawford game."""
    return Note.of(CRAWFORD, (leader,))


def tie_break_notes(
    winners: Sequence[int], scores: Sequence[int], first_places: Sequence[int]
) -> list[Note]:
    """How a Multi-Gam match tied on points was decided: first places, or shared."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if len(tied) < 2:
        return []
    if len(winners) > 1:
        return [Note.of(_for_seats(TIE_SHARED, len(winners)), winners, count=best)]
    others = [seat for seat in tied if seat != winners[0]]
    sentence = _for_seats(TIE_DECIDED, len(tied))
    won = first_places[winners[0]]
    lost = ", ".join(str(first_places[seat]) for seat in others)
    return [Note.of(sentence, (winners[0], *others), count=best, won=won, others=lost)]


def post_crawford_note() -> Note:
    """The Crawford game is over: the cube is back in play for the rest of the match."""
    return Note.of(POST_CRAWFORD)


def double_note(doubler: int, value: int) -> Note:
    """`doubler` offered the cube at `value`; the opponent must answer."""
    return Note.of(DOUBLE, (doubler, 1 - doubler), value=value)


def take_note(taker: int, value: int, beaver: bool) -> Note:
    """The double was taken (or beavered): the cube's new value and owner."""
    return Note.of(BEAVERS if beaver else TAKES, (taker,), value=value)


def finish_note(seat: int, rank: int) -> Note:
    """A Multi-Gam player bore off everything and takes a finishing rank (0 for first)."""
    return Note.of(FINISHES[rank], (seat,))


def ranking_note(ranking: Sequence[int]) -> Note:
    """A finished Multi-Gam game's order: ``1st {0}, 2nd {1}, 3rd {2}, 4th {3}.``."""
    return Note.of(_for_seats(RANKING, len(ranking)), ranking)


def skipped_note(seats: Sequence[int]) -> Note:
    """Finished Multi-Gam players passed over when the turn went on."""
    return Note.of(_for_seats(SKIPPED, len(seats)), seats)
