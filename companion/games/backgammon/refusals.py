"""Why the backgammon family refuses an action, and what its chance requests ask: as `Note`s.

The game flow (`family`) and Backgammon's cube (`backgammon_game`) raise
`RuleError` with these sentences, and ask for dice with these prompts.
Seats are ``{0}`` placeholders and whatever varies is a named value, as in
`narration`, so a catalog translates each sentence once and the screen names
the players afterwards; `str(error)` and `ChanceRequest.prompt` are the
sentences said in English.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.backgammon.phase import Phase
from companion.games.base import N_, ChanceRequest, Note

# ----- what the game waits for (a phrase inside a refusal) -----

WAITING = {
    Phase.OPENING: N_("the opening roll comes first"),
    Phase.DECIDE: N_("{0} may double or roll"),
    Phase.ROLL: N_("{0} must roll the dice"),
    Phase.DOUBLED: N_("{0} must take or pass the double"),
    Phase.MOVE: N_("{0} must play the dice"),
    Phase.OVER: N_("the match is over"),
}
# Translators: {waiting} is what the game waits for, "Ana must play the dice".
NO_DICE_NEEDED = N_("No dice are needed now: {waiting}.")
NO_DICE_ROLLED = N_("No dice are being rolled now: {waiting}.")
NOT_TIME_TO_MOVE = N_("It is not time to move checkers: {waiting}.")

# ----- the game flow -----

MATCH_OVER = N_("The match is over: start a new one to play again.")
MATCH_OVER_FOR_SETUP = N_("The match is over: start a new one to set up a position.")
# Translators: {play} is a play in notation, "24/18 13/11"; {dice} the roll, "6-2".
NOT_LEGAL_WITH = N_("{play} is not a legal play with {dice}.")
# Translators: {board} and {game} are the games' names, "Mini-Gam".
OTHER_BOARD = N_("That is a {board} board, not {game}.")
NO_SEAT = N_("There is no seat {seat} in {game}.")
STARTED_STEPS = N_("You have started moving checkers: finish step by step or undo.")
PLAY_EVERY_DIE = N_("Your turn is not finished: play every die that can be played.")
NOT_A_PLAY = N_("Those moves are not a legal play with this roll: choose another.")
NOT_THAT_WAY = N_("That checker cannot move that way now: choose a highlighted move.")
NO_STEP_TO_UNDO = N_("There is no step to undo this turn.")
# Translators: {action} is the action as the log writes it.
NOT_AN_ACTION = N_("{action} is not an action of {game}.")

# ----- Backgammon's cube -----

NO_CUBE = N_("This match is played without the doubling cube.")
CRAWFORD = N_("No doubling in the Crawford game: roll the dice.")
OPPONENT_OWNS = N_("Your opponent owns the cube: only the cube's owner may double.")
CUBE_LIMIT_ROLL = N_("The cube cannot go above {cube}: roll the dice.")
ALREADY_OFFERED = N_("A double is already offered: take it or pass.")
DOUBLE_AT_START = N_("You may double only at the start of your turn, before rolling.")
ALREADY_WAITING = N_("Throw the dice: the companion is already waiting for them.")
ROLL_AT_START = N_("You may roll only at the start of your turn.")
NO_DOUBLE_TO_ANSWER = N_("Nobody has doubled: there is no double to answer.")
NOT_BACKGAMMON = N_("{action} is not a Backgammon action.")
NO_BEAVERS = N_("Beavers are not allowed in this game: take or pass.")
CUBE_LIMIT = N_("The cube cannot go above {cube}.")
CUBE_LIMIT_BEAVER = N_("The cube cannot go above {cube}: take or pass instead.")
NOTHING_TO_TAKE = N_("Nobody has doubled: there is nothing to take.")
NOTHING_TO_BEAVER = N_("Nobody has doubled: there is nothing to beaver.")

# ----- the prompts of chance requests -----

ROLL_TWO = N_("Roll two dice.")
SEAT_ROLLS_TWO = N_("{0}: roll two dice.")
SEAT_ROLLS_OR_DOUBLES = N_("{0}: roll two dice, or double first.")
OPENING = {
    2: N_("Roll one die each: {0}, {1}, in that order."),
    3: N_("Roll one die each: {0}, {1}, {2}, in that order."),
    4: N_("Roll one die each: {0}, {1}, {2}, {3}, in that order."),
}
OPENING_AGAIN = {
    2: N_("Roll one die each again to break the tie: {0}, {1}, in that order."),
    3: N_("Roll one die each again to break the tie: {0}, {1}, {2}, in that order."),
    4: N_("Roll one die each again to break the tie: {0}, {1}, {2}, {3}, in that order."),
}


def waiting_note(phase: Phase, seat: int) -> Note:
    """What the game waits for in `phase`, `seat` being the one whose decision it is."""
    text = WAITING[phase]
    return Note.of(text, (seat,) if "{0}" in text else ())


def two_dice_request(prompt: str, seat: int, seat_name: Callable[[int], str]) -> ChanceRequest:
    """The two dice of `seat`'s turn; the `prompt` is said in English with `seat_name`."""
    note = Note.of(prompt, (seat,))
    return ChanceRequest("dice", note.render(seat_name), dice=2, note=note)


def opening_note(rolling: Sequence[int], tied: bool) -> Note | None:
    """The opening roll's prompt for the seats still `rolling`, or None for a count it lacks."""
    text = (OPENING_AGAIN if tied else OPENING).get(len(rolling))
    return None if text is None else Note.of(text, rolling)
