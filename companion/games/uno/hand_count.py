"""Referee mode: the hands left at a round's end, entered as their cards or their points.

After a round played with physical cards the engine knows only how many
cards each loser holds. Each hand is entered once (`CountHand`): as its
cards, checked against the deck and the copies already showing, or as its
points, which must be a total that many cards of the deck can be worth. The
listed choices are the points (any cards of the deck may be in a hand, so
the cards are not listed). `UnoMatch` applies the counts and closes the round.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.base import Note, RuleError
from companion.games.uno import actions as act
from companion.games.uno import refusals
from companion.games.uno.match_state import MatchState
from companion.games.uno.scoring import hand_points, possible_hand_points


def hands_to_count(match: MatchState) -> list[int]:
    """The seats whose hands must be entered after the round: every loser holding cards."""
    return [seat for seat, hand in enumerate(match.hands) if hand and seat != match.round_winner]


def possible_points(match: MatchState, size: int) -> list[int]:
    """Every total a hand of `size` cards of the match's deck can be worth."""
    return possible_hand_points(match.deck, size, match.round_points_table)


def counted_points(match: MatchState, action: act.CountHand) -> int:
    """The points `action` enters for its hand.

    Raises:
        RuleError: both cards and points given, neither, cards that are not
            the hand's number or not in the deck or already showing, or points
            no hand of that size can be worth.
    """
    counted = (action.counted,)
    size = len(match.hands[action.counted])
    if action.cards and action.points is not None:
        raise RuleError(Note.of(refusals.CARDS_OR_POINTS))
    if action.cards:
        if len(action.cards) != size:
            note = Note.of(refusals.ENTER_ALL_CARDS, counted, size=size)
            raise RuleError(note, match.seat_name)
        missing = [str(card) for card in action.cards if card not in match.deck_kinds]
        if missing:
            raise RuleError(Note.of(refusals.NOT_IN_DECK, card=missing[0]))
        for card, entered in Counter(action.cards).items():
            match.check_copies_left(card, entered)
        return hand_points(action.cards, match.round_points_table)
    if action.points is None:
        raise RuleError(Note.of(refusals.ENTER_THE_HAND, counted), match.seat_name)
    possible = possible_points(match, size)
    if action.points not in possible:
        note = Note.of(
            refusals.POINTS_IMPOSSIBLE,
            counted,
            size=size,
            points=action.points,
            low=possible[0],
            high=possible[-1],
        )
        raise RuleError(note, match.seat_name)
    return action.points


def count_hand_actions(match: MatchState, seat: int) -> list[Any]:
    """Each hand still to count, entered by `seat` as its points: every total its cards can make.

    The same hand may instead be entered as its cards (`CountHand` with
    ``cards``, as many as the seat holds); those are not listed, since any
    cards of the deck may be in it.
    """
    actions: list[Any] = []
    for counted in hands_to_count(match):
        if counted not in match.counted:
            possible = possible_points(match, len(match.hands[counted]))
            actions.extend(act.CountHand(counted, points=points, seat=seat) for points in possible)
    return actions
