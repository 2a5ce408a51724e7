"""The actions of classic UNO: frozen `Action` values, their JSON derived from their fields.

`CLASSIC_ACTIONS` is classic UNO's `ActionSet`; UNO Tiki Twist and UNO Duo
extend it (`tiki_actions`, `duo_actions`). Chance arrives as the shared
`Shuffle` (and, in Tiki Twist, `SpinResult`). `str(action)` is how the table
shows it ("Blue 7", "Wild (Red), UNO!"); `narrate` tells it as done, for the
screen ("{0} played Blue 7"). Cards are named as the deck prints them
(``{card}``), a colour on its own is a phrase of its own (`colour_name`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.action_codec import Action, ActionSet, register_value
from companion.games.chance_actions import Shuffle
from companion.games.notes import N_, N_counted, Note
from companion.games.uno.cards import Card, Colour, colour_name

register_value(Card, str, Card.parse, 'the name of a card, such as "Blue 7"')
register_value(Colour, lambda colour: colour.value, Colour.parse, "Red, Yellow, Green or Blue")

# What each action did, as the screen's last-action line says it; {0} is the seat that took it
# unless the sentence says otherwise. {card} is a card as the deck prints it, "Red 7".
CHOSEN_TO_DEAL = N_("{0} was chosen to deal")
TURNED_UP = N_("{0} turned up {card}")
PLAYED_CARD = N_("{0} played {card}")
PLAYED_CARD_UNO = N_("{0} played {card} and called UNO")
# Translators: {colour} is the colour a wild named, "Red".
PLAYED_WILD = N_("{0} played {card} and chose {colour}")
PLAYED_WILD_UNO = N_("{0} played {card}, chose {colour} and called UNO")
DREW = N_("{0} drew a card")
KEPT = N_("{0} kept the drawn card")
CHOSE_COLOUR = N_("{0} chose {colour}")
CHALLENGED = N_("{0} challenged the Wild Draw Four")
ACCEPTED = N_("{0} accepted the Wild Draw Four")
CAUGHT_WITHOUT_UNO = N_("{0} was caught without UNO")
CALLED_UNO = N_("{0} called UNO")
# Translators: {0} is the player whose hand was counted; {cards} the cards, "Red 7, Blue 2".
SHOWED = N_("{0} showed {cards}")
HELD_POINTS = N_counted("{0} held {count} point", "{0} held {count} points")


@dataclass(frozen=True)
class ChooseDealer(Action, tag="choose_dealer"):
    """Referee mode: the seat that deals the first round (the players cut physically)."""

    dealer: int

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The choice, with the dealer named."""
        return f"{seat_name(self.dealer)} deals"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben was chosen to deal"."""
        return Note.of(CHOSEN_TO_DEAL, (self.dealer,))


@dataclass(frozen=True)
class TurnUp(Action, tag="turn_up"):
    """Referee mode: the card turned up from the draw pile to start the discard pile."""

    card: Card

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "turn up Red 7"."""
        return f"turn up {self.card}"

    def narrate(self, actor: int) -> Note:
        """Reads "Dev turned up Red 5"."""
        return Note.of(TURNED_UP, (actor,), card=str(self.card))


@dataclass(frozen=True)
class PlayCard(Action, tag="play"):
    """Play a card from hand; `colour` names the colour for a wild; `uno` is the UNO call."""

    card: Card
    colour: Colour | None = None
    uno: bool = False

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Blue 7", "Wild (Red), UNO!"."""
        text = str(self.card)
        if self.colour is not None:
            text += f" ({self.colour.value})"
        return text + (", UNO!" if self.uno else "")

    def narrate(self, actor: int) -> Note:
        """Reads "Ana played Red 7", "Ana played Wild, chose Red and called UNO"."""
        card = str(self.card)
        if self.colour is None:
            return Note.of(PLAYED_CARD_UNO if self.uno else PLAYED_CARD, (actor,), card=card)
        text = PLAYED_WILD_UNO if self.uno else PLAYED_WILD
        return Note.of(text, (actor,), card=card, colour=colour_name(self.colour))


@dataclass(frozen=True)
class Draw(Action, tag="draw"):
    """Draw one card instead of playing."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "draw a card"."""
        return "draw a card"

    def narrate(self, actor: int) -> Note:
        """Reads "Mum drew a card"."""
        return Note.of(DREW, (actor,))


@dataclass(frozen=True)
class KeepCard(Action, tag="keep"):
    """Keep the card just drawn and end the turn."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "keep the drawn card"."""
        return "keep the drawn card"

    def narrate(self, actor: int) -> Note:
        """Reads "Mum kept the drawn card"."""
        return Note.of(KEPT, (actor,))


@dataclass(frozen=True)
class ChooseColour(Action, tag="choose_colour"):
    """The first player names the colour when a Wild starts the discard pile."""

    colour: Colour

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "name Red"."""
        return f"name {self.colour.value}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana chose Red"."""
        return Note.of(CHOSE_COLOUR, (actor,), colour=colour_name(self.colour))


@dataclass(frozen=True)
class Challenge(Action, tag="challenge"):
    """Challenge a Wild Draw Four. In referee mode `guilty` is what the shown hand proved."""

    guilty: bool | None = None

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "challenge the Wild Draw Four"."""
        return "challenge the Wild Draw Four"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben challenged the Wild Draw Four"."""
        return Note.of(CHALLENGED, (actor,))


@dataclass(frozen=True)
class AcceptDraw(Action, tag="accept"):
    """Take the Wild Draw Four's cards without challenging."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "accept the Wild Draw Four"."""
        return "accept the Wild Draw Four"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben accepted the Wild Draw Four"."""
        return Note.of(ACCEPTED, (actor,))


@dataclass(frozen=True)
class CatchUno(Action, tag="catch_uno"):
    """Catch `caught`, who is down to one card and did not call UNO (anyone may)."""

    caught: int

    @property
    def about_seat(self) -> int:
        """Anyone may catch: the line names the seat that was caught."""
        return self.caught

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "caught without UNO": the table's line names the caught seat before it."""
        return "caught without UNO"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben was caught without UNO" (whoever caught them)."""
        return Note.of(CAUGHT_WITHOUT_UNO, (self.caught,))


@dataclass(frozen=True)
class CallUno(Action, tag="call_uno"):
    """A late UNO call: `caller` went down to one card without calling and calls now,
    before anyone catches them; the call closes the catch."""

    caller: int

    @property
    def about_seat(self) -> int:
        """Said out of turn: the line names the seat that calls."""
        return self.caller

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "call UNO": the table's line names the caller before it."""
        return "call UNO"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben called UNO"."""
        return Note.of(CALLED_UNO, (self.caller,))


@dataclass(frozen=True)
class CountHand(Action, tag="count_hand"):
    """Referee mode, round end: the cards (or just the points) left in the `counted` seat's hand."""

    counted: int
    points: int | None = None
    cards: tuple[Card, ...] = ()

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The count, with the counted seat named."""
        if self.cards:
            return f"{seat_name(self.counted)} shows {', '.join(str(card) for card in self.cards)}"
        return f"{seat_name(self.counted)} holds {self.points} points"

    def narrate(self, actor: int) -> Note:
        """Reads "Cleo showed Red 7, Blue 2", "Cleo held 12 points"."""
        if self.cards:
            shown = ", ".join(str(card) for card in self.cards)
            return Note.of(SHOWED, (self.counted,), cards=shown)
        return Note.of(HELD_POINTS, (self.counted,), count=self.points or 0)


CLASSIC_ACTIONS = ActionSet(
    "UNO",
    (
        Shuffle,
        ChooseDealer,
        TurnUp,
        PlayCard,
        Draw,
        KeepCard,
        ChooseColour,
        Challenge,
        AcceptDraw,
        CatchUno,
        CallUno,
        CountHand,
    ),
)
"""Every action of a classic UNO match; the variants extend it."""

__all__ = [
    "CLASSIC_ACTIONS",
    "AcceptDraw",
    "CallUno",
    "CatchUno",
    "Challenge",
    "ChooseColour",
    "ChooseDealer",
    "CountHand",
    "Draw",
    "KeepCard",
    "PlayCard",
    "Shuffle",
    "TurnUp",
]
