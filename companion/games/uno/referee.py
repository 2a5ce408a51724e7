"""The table referee: the UNO engine with physical cards.

A referee match is an ordinary match with ``mode = "referee"`` (see
`ClassicUno`): the hands and the draw pile are unknown, so the table enters
what happens in public and the engine checks it. `follow` applies one
simulated action to a simulation and what a person would enter at the table
to a referee match alongside it: how the tests prove that the referee accepts
exactly the plays a simulation allows, and how a demo can drive the referee
screen from a simulated game.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.games.uno import actions as act
from companion.games.uno.match import UnoMatch
from companion.games.uno.phases import Phase


def new_referee(game: type[UnoMatch], players: int, options: Any = None) -> UnoMatch:
    """A match of `game` in referee mode; `options` are the game's options or None.

    Raises:
        RuleError: a bad player count or option.
    """
    base = options if options is not None else game.options_type()
    return game(players, dataclasses.replace(base, mode="referee"))


def follow(referee: UnoMatch, simulation: UnoMatch, action: Any) -> list[Any]:
    """Apply `action` to `simulation` and the matching entries to `referee`.

    Returns the actions entered at the referee: the same play, draw or call;
    the verdict of a challenge (the hand the challenged player shows); the
    dealer and start card once the cards are dealt; "keep" after a drawn card
    that cannot be played; each hand's cards at the end of a round.

    Raises:
        RuleError: the simulation or the referee refused an action.
    """
    entered: list[Any] = []
    pending = simulation.pending_challenge
    if isinstance(action, act.Challenge) and pending is not None:
        entered.append(act.Challenge(bool(pending.guilty)))
    elif not isinstance(action, act.Shuffle):
        entered.append(action)
    simulation.apply(action)
    for entry in entered:
        referee.apply(entry)
    entered.extend(_catch_up(referee, simulation))
    return entered


def _catch_up(referee: UnoMatch, simulation: UnoMatch) -> list[Any]:
    """Enter what the simulation decided by chance or by itself since the last entry."""
    entered: list[Any] = []

    def enter(entry: Any) -> None:
        referee.apply(entry)
        entered.append(entry)

    if referee.phase is Phase.DEALER and simulation.dealer is not None:
        # The variant's own entry for the cut (UNO Duo's first drafter), as the screen lists it.
        cuts = [cut for cut in referee.legal_actions() if isinstance(cut, act.ChooseDealer)]
        enter(next(cut for cut in cuts if cut.dealer == simulation.dealer))
    same_round = len(referee.rounds) == len(simulation.rounds)
    while (
        same_round
        and referee.phase is Phase.START_CARD
        and len(referee.start_cards) < len(simulation.start_cards)
    ):
        enter(act.TurnUp(simulation.start_cards[len(referee.start_cards)]))
    if referee.phase is Phase.DRAWN and simulation.phase is not Phase.DRAWN and not simulation.owed:
        enter(act.KeepCard())
    for entry in referee.follow_entries(simulation):  # a variant's own (Tiki: "none of it")
        enter(entry)
    if referee.phase is Phase.SCORING and len(simulation.rounds) > len(referee.rounds):
        for seat in referee.seats_to_count():
            cards = tuple(card for card in simulation.hands[seat] if card is not None)
            enter(act.CountHand(seat, cards=cards))
        entered.extend(_catch_up(referee, simulation))
    return entered
