"""The ways to play a card, for the legal-action lists of every UNO game.

A wild is played naming each of the four colours; a play that leaves one
card may come with the UNO call. Actions are immutable values, so each
seat's are made once (`SeatPlays`: each card's play variants, the draw and
keeping a drawn card): listing a turn's actions, run for every decision of
every simulated match, makes no new objects.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour


def distinct(cards: Iterable[Card | None]) -> list[Card]:
    """The distinct known cards of `cards`, in first-seen order."""
    return [card for card in dict.fromkeys(cards) if card is not None]


class PlayTable(dict[Card, tuple[act.PlayCard, ...]]):
    """Every way for one seat to play each card: `table[card]`, each colour for a wild,
    with and without the UNO call when `calls`.

    `calls` says whether the play leaves one card, so that it may call UNO. A
    card's variants are made the first time it is asked for.
    """

    def __init__(self, calls: bool, seat: int) -> None:
        super().__init__()
        self.calls = calls
        self.seat = seat

    def __missing__(self, card: Card) -> tuple[act.PlayCard, ...]:
        colours: list[Colour | None] = list(Colour) if card.is_wild else [None]
        flags = (False, True) if self.calls else (False,)
        variants = tuple(
            act.PlayCard(card, colour, flag, seat=self.seat) for colour in colours for flag in flags
        )
        self[card] = variants
        return variants


class SeatPlays:
    """The actions of one seat's turn, made once: plays by card, the draw, keeping a drawn card."""

    __slots__ = ("draw", "keep", "last_but_one", "plays", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.plays = PlayTable(False, seat)
        """Each card's plays from a hand of other than two cards."""
        self.last_but_one = PlayTable(True, seat)
        """Each card's plays from a hand of two, with and without the UNO call."""
        self.draw = act.Draw(seat=seat)
        self.keep = act.KeepCard(seat=seat)

    def table(self, hand_size: int) -> PlayTable:
        """The plays from a hand of `hand_size` cards (a play from two may call UNO)."""
        return self.last_but_one if hand_size == 2 else self.plays


_SEAT_PLAYS: dict[int, SeatPlays] = {}


def seat_plays(seat: int) -> SeatPlays:
    """The actions of `seat`'s turn, shared by every match."""
    plays = _SEAT_PLAYS.get(seat)
    if plays is None:
        plays = _SEAT_PLAYS[seat] = SeatPlays(seat)
    return plays
