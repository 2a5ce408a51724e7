"""Why an UNO game refuses an action during play, as sentences with their seats apart.

Classic UNO, UNO Tiki Twist and UNO Duo raise `RuleError` with these
sentences (``RuleError(Note.of(...), self.seat_name)``): `str(error)` is the
sentence in English with the players named, and `error.note` keeps it for a
screen to say in its own language. Seats are ``{0}`` placeholders and
whatever varies is a named value, as in `companion.games.uno.narration`;
cards are named as the deck prints them (``{card}``). Refusals of set-up
and stored data (player counts, decks, options, saved matches) stay
English sentences: a player at the table does not meet them.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import N_, N_counted, Note
from companion.games.uno.phases import Phase

# ----- an action that does not fit the moment: "You cannot {what} now. {reason}" -----

# Translators: {what} is what was tried ("play Red 7"), {reason} what the game waits for.
NOT_NOW = N_("You cannot {what} now. {reason}")
CHOOSE_THE_DEALER = N_("choose the dealer")
CATCH_A_PLAYER = N_("catch a player")
COUNT_A_HAND = N_("count a hand")
TURN_UP_A_START_CARD = N_("turn up a start card")
PLAY_CARD = N_("play {card}")
DRAW = N_("draw")
KEEP_A_DRAWN_CARD = N_("keep a drawn card")
NAME_A_COLOUR = N_("name a colour")
CHALLENGE = N_("challenge")
ACCEPT_A_WILD_DRAW_FOUR = N_("accept a Wild Draw Four")
PICK_A_SEAT = N_("pick a seat")
DISCARD_CARD = N_("discard {card}")
DISCARD_A_COLOUR = N_("discard all cards of a colour")
END_A_TIKI_ACTION = N_("end a Tiki action")
DRAFT_A_CARD = N_("draft a card")
PLAY_A_COLOUR = N_("play all cards of a colour")

WAITING = {
    Phase.CHALLENGE: N_("{0} must first challenge or accept the Wild Draw Four."),
    Phase.START_COLOUR: N_("{0} must first name the colour of the Wild."),
    Phase.DRAWN: N_("{0} must play the drawn card or keep it."),
    Phase.TURN: N_("It is {0}'s turn to play or draw."),
    Phase.SCORING: N_("The round is over: enter the cards left in each hand."),
    Phase.START_CARD: N_("Turn up the start card first."),
    Phase.DEALER: N_("Choose the dealer first."),
}
"""What classic UNO waits for in each phase, `{0}` being the player on turn."""
NOT_POSSIBLE_NOW = N_("That is not possible now.")
TIKI_WAITING = {
    Phase.SPIN: N_("{0} must spin the idol first."),
    Phase.PICK_SEAT: N_("{0} must pick the seat the idol points at."),
    Phase.TIKI_DISCARD: N_("{0} is discarding for Discard 2."),
    Phase.TIKI_DISCARD_ALL: N_("{0} must discard all or none."),
}
"""What a Tiki action waits for: `{0}` spins or picks, or is the chosen player who discards."""
CHOSEN_PLAYER_WAITING = {
    Phase.TIKI_DISCARD: N_("The chosen player is discarding for Discard 2."),
    Phase.TIKI_DISCARD_ALL: N_("The chosen player must discard all or none."),
}
"""A Tiki discard waited for before its player is known."""
DRAFTING = N_("{0} is drafting.")

# ----- the engine protocol -----

NOTHING_TO_SHUFFLE_OR_SPIN = N_("Nothing needs shuffling or spinning now.")
NOTHING_TO_SHUFFLE = N_("Nothing needs shuffling now.")
NO_SPINNER = N_("Classic UNO has no spinner.")
# Translators: {prompt} is what chance is needed for, "Spin needed: Draw 4 is active.".
CHANCE_NEEDED = N_("Chance needed now: {prompt}")
# Translators: {action} is the action as the log writes it; {game} the game's name, "UNO Duo".
NOT_AN_ACTION = N_("{action} is not an action of {game}.")
MATCH_OVER = N_("The match is over: start a new one.")

# ----- the cut, the start card, the cards entered at the table -----

CHOOSE_A_DEALER_FROM = N_("Choose a dealer from seat 0 to seat {last}.")
NOT_IN_DECK = N_("{card} is not in this deck.")
TURNED_UP_NOT_IN_DECK = N_("{card} is not in this deck: enter the card turned up.")
COPIES_SHOWING = N_counted(
    "The deck has {count} {card} and one already showing: check the card entered.",
    "The deck has {count} {card} and all {count} already showing: check the card entered.",
)

# ----- a play -----

NO_CARDS_TO_PLAY = N_("{0} has no cards to play.")
HOLDS_NO = N_("{0} holds no {card}.")
ONLY_THE_DRAWN_CARD = N_("After drawing you may play only the card drawn, {card}.")
NAME_THE_COLOUR = N_("Name a colour for the {card}: Red, Yellow, Green or Blue.")
ONLY_A_WILD_NAMES = N_("Only a wild names a colour: play {card} without one.")
UNO_WITH_ONE_LEFT = N_("Call UNO only with the play that leaves you one card.")
HOLDS_A_PLAYABLE_CARD = N_(
    "You hold a card you could play: a Wild Draw Four needs a hand without one."
)
HOLDS_A_MATCHING_CARD = N_("You hold a matching card: a Wild Draw Four needs a hand without one.")
# Translators: {colour} is the colour in play, "Red".
HOLDS_A_COLOUR = N_("You hold a {colour} card: a Wild Draw Four needs a hand without one.")

# ----- UNO calls and the challenge -----

CANNOT_BE_CAUGHT = N_(
    "{0} cannot be caught: only a player who just went down to one card without calling UNO "
    "can, before the next player acts."
)
CANNOT_CALL_UNO = N_(
    "{0} cannot call UNO now: a late call is for a player who just went down to one card "
    "without calling, before anyone catches them."
)
# Translators: {question} is what the referee asks about the shown hand, "did it hold ...?".
ENTER_THE_VERDICT = N_("Enter what the challenged hand showed: {question}")
NO_VERDICT = N_("The engine checks the hand itself: challenge without a verdict.")

# ----- counting the hands at a round's end (referee) -----

# Translators: {waiting} lists the players whose hands are still to count, "Ben, Cleo".
NO_HAND_TO_COUNT = N_("{0} has no hand to count; still to count: {waiting}.")
CARDS_OR_POINTS = N_("Enter the cards or the points of a hand, not both.")
# Translators: {size} is how many cards the hand holds.
ENTER_ALL_CARDS = N_("{0} holds {size} cards: enter all {size}, or their points.")
ENTER_THE_HAND = N_("Enter the cards left in {0}'s hand or their points.")
# Translators: {low} and {high} are the fewest and most points the hand can be worth.
POINTS_IMPOSSIBLE = N_(
    "{0}'s {size} cards cannot be worth {points} points with this deck: enter the cards left, "
    "or points from {low} to {high}."
)

# ----- UNO Tiki Twist -----

GO_TO_NOT_A_FACE = N_("Go To: play a card onto the discard pile; a Tiki Face does not count.")
NO_LAST_TIKI_FACE = N_("A Tiki Face cannot be your last card at this table: draw instead.")
# Translators: {outcome} is what was given as the idol's stop, as written.
STOPS_AT_A_SEAT = N_("The idol stops at a seat number, not {outcome}.")
STOPS_AT_SEATS = N_("The idol stops at one seat or between two, from seat 0 to {last}.")
NOT_NEIGHBOURS = N_(
    "{0} and {1} are not neighbours: the idol stops between two players sitting side by side."
)
NOBODY_SPINS = N_("Nobody needs to spin the idol now.")
PICK_ONE_OF_THEM = N_("The idol stopped between {0} and {1}: pick one of them.")
GO_TO_MUST_PLAY = N_(
    "Go To: you must play to the discard pile, and {card} fits; you draw only with no playable "
    "card."
)
DISCARD_FROM_ONE_TO = N_("{0} holds {size} cards: discard 1 to {size}.")
# Translators: {held} is how many cards of the colour the player holds.
DISCARD_ALL_OR_NONE = N_("Discard All is all or none: {0} holds {held} {colour} cards.")
NO_CARD_TO_LAY_LAST = N_("{0} holds no {card} to lay down last.")
NAME_THE_LAST_CARD = N_(
    "Name the {colour} card laid down last: it stays on top of the discard pile."
)
DISCARDS_GO_UNDER = N_(
    "Tiki discards go under the top card at this table: name no card to leave on top."
)
NOT_OF_THE_COLOUR = N_("{card} is not a {colour} card: discard all {colour} cards.")

# ----- UNO Duo -----

# Translators: {count} is the cards the volley has stacked up so far.
VOLLEY_ON = N_counted(
    "A Draw Two volley is on: stack a Draw Two or draw {count} card.",
    "A Draw Two volley is on: stack a Draw Two or draw {count} cards.",
)
DRAW_PILE_TOO_SMALL = N_("The draw pile is too small to draft from: use a bigger deck.")
DRAFT_OVER = N_("The draft is over: both players hold their cards.")
# Translators: {number} is 1 or 2, the player as the UNO Duo rulebook numbers them.
NOT_YOUR_PICK = N_("It is Player {number}'s pick, not yours.")
RUN_NEEDS_A_REVERSE = N_(
    "Play all your cards of one colour only with a Reverse of that colour first (or after a "
    "Reverse start card), all of them or none."
)
HOLDS_ONLY = N_("{0} holds only {size} cards.")
# Translators: {cards} lists the cards of the colour the player holds, "Red 1, Red Reverse".
PLAY_EVERY_CARD = N_("All or none: play every {colour} card you hold ({cards}).")


def seat_list(seats: Sequence[int]) -> Note:
    """At least one seat, named one after the other ("Ben, Cleo"), as a value of a sentence.

    The list has no words to translate (only commas), so it is not in the
    catalog; its seats are named by whoever says the sentence.
    """
    return Note(", ".join(f"{{{place}}}" for place in range(len(seats))), tuple(seats))
