"""Set up classic UNO positions for the rule tests: stacked shuffles and laid-out tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.classic import ClassicUno
from companion.games.uno.options import ClassicOptions
from companion.games.uno.piles import Piles


def cards(*texts: str) -> list[Card]:
    """Cards from their texts."""
    return [Card.parse(text) for text in texts]


def stacked(pool: Sequence[Any], top: Sequence[Card]) -> act.Shuffle:
    """A shuffle of `pool` that leaves `top` on top of the pile, `top[0]` drawn first."""
    remaining = list(range(len(pool)))
    chosen: list[int] = []
    for card in top:
        index = next(i for i in remaining if pool[i] == card)
        remaining.remove(index)
        chosen.append(index)
    return act.Shuffle(tuple(remaining + chosen[::-1]))


def new_match(players: int = 4, **options: Any) -> ClassicUno:
    """A fresh simulated match with the given rule options."""
    return ClassicUno(players, ClassicOptions.from_json(options))


def deal_round(
    state: ClassicUno,
    start: str | Sequence[str],
    hands: Sequence[Sequence[str]] = (),
    dealer: int = 0,
) -> ClassicUno:
    """Choose `dealer`, deal `hands` (seat by seat; others get any cards) and turn up `start`.

    `start` may list several cards: a Wild Draw Four start goes back and the
    next one listed is turned up after the reshuffle.
    """
    starts = [start] if isinstance(start, str) else list(start)
    state.dealer = dealer
    state.pending_chance = None
    state.begin_round()
    wanted = [cards(*hand) for hand in hands] + [[] for _ in range(state.players - len(hands))]
    size = state.options.hand_size
    reserved = [c for hand in wanted for c in hand] + cards(*starts)
    spare = list(state.deck)
    for card in reserved:
        spare.remove(card)
    order = [(dealer + step) % state.players for step in range(1, state.players + 1)]
    top: list[Card] = []
    for round_ in range(size):
        for seat in order:
            hand = wanted[seat]
            top.append(hand[round_] if round_ < len(hand) else spare.pop())
    top.append(Card.parse(starts[0]))
    state.apply(stacked(state.shuffle_cards("deal"), top))
    for later in starts[1:]:
        state.apply(stacked(state.shuffle_cards("restart"), [Card.parse(later)]))
    return state


def laid_out(
    hands: Sequence[Sequence[str]],
    top: str = "Red 5",
    colour: str | None = None,
    current: int = 0,
    draw: Sequence[str] = ("Green 1", "Green 2", "Green 3", "Green 4", "Green 6", "Green 7"),
    discard_below: Sequence[str] = (),
    direction: int = 1,
    **options: Any,
) -> ClassicUno:
    """A match in the middle of a round: exactly these hands, top card and draw pile.

    `draw` lists the draw pile from the top down.
    """
    state = new_match(len(hands), **options)
    state.pending_chance = None
    state.dealer = len(hands) - 1
    state.piles = Piles(
        [cards(*hand) for hand in hands],
        draw_pile=cards(*reversed(draw)),
        discard=[*cards(*discard_below), Card.parse(top)],
    )
    top_card = Card.parse(top)
    state.colour = Colour.parse(colour) if colour else top_card.colour
    state.direction = direction
    state.start_turn(current)
    return state


def plays(state: ClassicUno) -> set[str]:
    """The legal plays as texts ("Blue 7", "Wild (Red)"), without UNO variants."""
    return {str(a) for a in state.legal_actions() if isinstance(a, act.PlayCard) and not a.uno}
