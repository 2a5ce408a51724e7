"""Set up UNO Tiki Twist and UNO Duo positions for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.duo import DuoUno
from companion.games.uno.duo_actions import DraftPick
from companion.games.uno.idol import Idol
from companion.games.uno.piles import Piles
from companion.games.uno.tiki import TikiTwist

from .classic_tables import cards, stacked


def tiki_match(players: int = 4, **options: Any) -> TikiTwist:
    """A fresh simulated Tiki Twist match with the given rule options."""
    return TikiTwist(players, TikiTwist.options_type.from_json(options))


def duo_match(**options: Any) -> DuoUno:
    """A fresh simulated UNO Duo match with the given rule options."""
    return DuoUno(2, DuoUno.options_type.from_json(options))


def laid_out(
    game: type[TikiTwist] | type[DuoUno],
    hands: Sequence[Sequence[str]],
    top: str = "Red 5",
    colour: str | None = None,
    current: int = 0,
    draw: Sequence[str] = ("Green 1", "Green 2", "Green 3", "Green 7", "Green 9", "Green 0"),
    discard_below: Sequence[str] = (),
    idol: Sequence[str] = (),
    direction: int = 1,
    **options: Any,
) -> Any:
    """A match in the middle of a round: exactly these hands, top card, draw pile and idol.

    `draw` lists the draw pile from the top down.
    """
    state = game(len(hands), game.options_type.from_json(options))
    state.pending_chance = None
    state.dealer = len(hands) - 1
    state.piles = Piles(
        [cards(*hand) for hand in hands],
        draw_pile=cards(*reversed(draw)),
        discard=[*cards(*discard_below), Card.parse(top)],
    )
    state.colour = Colour.parse(colour) if colour else Card.parse(top).colour
    state.direction = direction
    if isinstance(state, TikiTwist):
        state.idol = Idol(cards(*idol))
    state.start_turn(current)
    return state


def tiki_deal(
    state: TikiTwist, starts: Sequence[str], hands: Sequence[Sequence[str]] = (), dealer: int = 0
) -> TikiTwist:
    """Deal `hands` (others get any cards) and turn up `starts` in order (Tiki Faces first)."""
    state.dealer = dealer
    state.pending_chance = None
    state.begin_round()
    wanted = [cards(*hand) for hand in hands] + [[] for _ in range(state.players - len(hands))]
    spare = list(state.deck)
    for card in [c for hand in wanted for c in hand] + cards(*starts):
        spare.remove(card)
    spare = [card for card in spare if not card.is_tiki_face]
    order = [(dealer + step) % state.players for step in range(1, state.players + 1)]
    top: list[Card] = []
    for index in range(state.options.hand_size):
        for seat in order:
            hand = wanted[seat]
            top.append(hand[index] if index < len(hand) else spare.pop())
    top.extend(cards(*starts))
    state.apply(stacked(state.shuffle_cards("deal"), top))
    return state


def duo_draft(
    state: DuoUno,
    first_hand: Sequence[str],
    second_hand: Sequence[str],
    start: str,
    dealer: int = 0,
) -> DuoUno:
    """Draft the two hands by keeping every card looked at, then turn up `start`.

    `first_hand` goes to the dealer (Player 1, who drafts first). Hands may be
    short: the rest of each is made of spare number cards.
    """
    state.dealer = dealer
    state.pending_chance = None
    state.begin_round()
    spare = [card for card in state.deck if card.value is not None]
    wanted = [cards(*first_hand), cards(*second_hand)]
    for card in [c for hand in wanted for c in hand] + [Card.parse(start)]:
        if card in spare:
            spare.remove(card)
    size = state.options.hand_size
    for hand in wanted:
        while len(hand) < size:
            hand.append(spare.pop())
    top: list[Card] = []
    for index in range(size):
        for hand in wanted:
            top.extend([hand[index], spare.pop()])
    top.append(Card.parse(start))
    state.apply(stacked(state.shuffle_cards("deal"), top))
    while state.phase == "draft":
        state.apply(DraftPick(True))
    return state


def names(actions: Sequence[Any]) -> set[str]:
    """The actions as texts."""
    return {str(action) for action in actions}


def play(text: str, colour: str | None = None, uno: bool = False) -> act.PlayCard:
    """A play action from a card text."""
    return act.PlayCard(Card.parse(text), Colour.parse(colour) if colour else None, uno)
