"""What an UNO action caused, told as sentences: draws, skips, challenges, spins, round scores.

The games of the family (classic UNO, UNO Tiki Twist, UNO Duo) collect these
sentences while they apply an action (`MatchState.note`, read back with
`narration()`). Seats are ``{0}``, ``{1}``... placeholders, so the table
names its players ("Ana") and a command line says "seat 1".

Every sentence is a constant marked for the translation catalog, as in the
backgammon family: what varies is a named value, so a catalog translates
each sentence once, in the order its language needs. Cards and Tiki Faces
are named as the decks print them (``{card}`` "Red Draw Two", ``{face}``
"Draw 4"), like notation; a colour said on its own is a phrase of its own
(``{colour}``, `colour_name`), translated apart. Counts of cards have their
plural forms (`N_counted`); points are said as the English always said them,
"10 points", so they are named values (``{points}``), not counts.
"""

from __future__ import annotations

from companion.games.base import N_, N_counted

# ----- the turn (classic UNO) -----

DRAWS_TWO = N_("{0} draws 2 cards and misses the turn.")
DRAWS_FOUR = N_("{0} draws 4 cards and misses the turn.")
SKIPPED = N_("{0} is skipped.")
REVERSE_SKIPS = N_("{0} is skipped (a Reverse with two players).")
REVERSES = N_("The direction reverses: {0} plays next.")
MAY_CHALLENGE = N_("{0} may challenge the Wild Draw Four or draw 4 cards.")
# Translators: {count} is 2 (a Draw Two) or 4 (a Wild Draw Four) that went out.
LAST_CARD_DRAWS = N_counted(
    "{0} still draws {count} card from the last card.",
    "{0} still draws {count} cards from the last card.",
)
DRAWN_CARD_PASSES = N_("{0} cannot play the drawn card: the turn passes.")
NO_UNO_CALLED = N_("{0} has one card left and did not call UNO.")
CAUGHT = N_counted(
    "{0} draws {count} card for not calling UNO.", "{0} draws {count} cards for not calling UNO."
)

# ----- the Wild Draw Four challenge -----

CHALLENGE_SUCCEEDS = {
    "colour_in_play": N_("The challenge succeeds: {0} held a matching card and draws 4 cards."),
    "playable_card": N_(
        "The challenge succeeds: {0} held a card they could have played and draws 4 cards."
    ),
}
"""By the options' challenge test (`companion.games.uno.challenge`): what the guilty player held."""
CHALLENGE_FAILS = N_("The challenge fails: {0} draws 6 cards and misses the turn.")

# ----- the cut, the deal and the start card -----

CUT_TIED = N_("A tie for the highest card: the tied players cut again.")
CUT_DEALS = N_("{0} cut the highest card and deals.")
CUT_DRAFTS_FIRST = N_("{0} cut the highest card and drafts first.")
# Translators: {card} is the card as the deck prints it, "Red 7".
TURNED_UP = N_("{card} is turned up as the start card.")
WILD_DRAW_FOUR_START = N_("A Wild Draw Four cannot start: it goes back into the draw pile.")
START_SKIPS = N_("{0} is skipped by the start card.")
START_REVERSES = N_("The start card reverses the direction: {0} plays first.")
START_WILD = N_("{0} names the colour of the Wild start card.")

# ----- the draw pile -----

RESHUFFLED = N_("The discard pile is shuffled into a new draw pile.")
RAN_OUT = N_("The draw pile ran out: shuffle the discard pile (all but its top card).")
TURNED_OVER = N_("The discard pile (all but its top card) is turned over as the new draw pile.")

# ----- the round's end -----

WENT_OUT = N_("{0} went out: enter the cards left in the other hands.")
# Translators: {points} is a number of points, "60".
ROUND_WON = N_("{0} wins the round and scores {points} points.")
ROUND_WON_NOTHING = N_("{0} wins the round and scores nothing.")
CARDS_LEFT = N_("{0} adds {points} points for the cards left.")
MATCH_OVER = N_("{0} reaches {points} points: the match is over.")
NEW_ROUND_DEALS = N_("A new round begins: {0} deals.")
NEW_ROUND_DRAFTS_FIRST = N_("A new round begins: {0} drafts first.")

# ----- UNO Tiki Twist -----

SPINS_EMPTY_IDOL = N_("{0} spins the empty idol: the player it points to plays next.")
# Translators: {face} is the action of the Tiki Face in the idol, "Draw 4", "Discard All Red".
SPINS = N_("{0} spins the idol: {face} is active.")
FACE_INTO_IDOL = N_("The Tiki Face goes into the idol: {face} is active.")
GO_TO_KEEPS = N_("{0} keeps the drawn card (Go To): the turn passes.")
PICKS_BETWEEN = N_("{0} picks {1} or {2}.")
PLAYS_NEXT_EMPTY_IDOL = N_("{0} plays next (the idol is empty).")
# D-U4 "nothing": a Spin card played while the idol is empty is played as a number card.
SPIN_CARD_ON_EMPTY_IDOL = N_("The idol is empty: the Spin card does nothing.")
# Translators: {card} is the Tiki Face as the deck prints it, "Tiki Draw 2".
TIKI_DRAWS = N_counted("{0} draws {count} card ({card}).", "{0} draws {count} cards ({card}).")
TIKI_DISCARD_2 = N_("{0} may discard up to 2 cards ({card}).")
TIKI_DISCARD_ALL = N_("{0} may discard all {colour} cards, or none ({card}).")
TIKI_NOTHING_TO_DISCARD = N_("{0} holds no {colour} card: nothing to discard ({card}).")
TIKI_GO_TO = N_("{0} plays next, onto the discard pile ({card}).")
PLAY_GOES_ON = N_("Play goes on with {0}.")
NO_CARDS_LEFT = N_("{0} has no cards left.")
DISCARDS_ALL = N_counted(
    "{0} discards all {colour} cards: {count} card.",
    "{0} discards all {colour} cards: {count} cards.",
)

# ----- UNO Duo -----

# Translators: {count} is 2 (a Draw Two) or 4 (a Wild Draw Four).
START_CARD_DRAWS = N_counted(
    "{0} draws {count} card because of the start card.",
    "{0} draws {count} cards because of the start card.",
)
PLAYS_FIRST = N_("{0} plays first.")
START_RUN = N_("{0} may play all {colour} cards at once.")
PLAYS_AGAIN = N_("{0} plays again (Skip).")
STILL_PLAYS_AGAIN = N_("{0} still plays again.")
# Translators: {count} is the cards a Draw Two volley has stacked up so far.
VOLLEY = N_counted(
    "{0} must stack a Draw Two or draw {count} card.",
    "{0} must stack a Draw Two or draw {count} cards.",
)
VOLLEY_DRAWN = N_counted(
    "{0} draws {count} card for the volley: the turn passes.",
    "{0} draws {count} cards for the volley: the turn passes.",
)
VOLLEY_LAST_CARD = N_counted(
    "{0} still draws {count} card: the volley and the last card.",
    "{0} still draws {count} cards: the volley and the last card.",
)
