"""Properties over many seeded random matches of every UNO game.

Parametrised over game names: a variant joins by adding its name to `GAMES`
(and, if it likes, option sets to `OPTION_SETS`). Each seed pairs an option
set with a player count, so enough seeds play every pairing.

Each seeded match is played once (`playthrough`, a module-scoped fixture
parametrised by game and seed, so pytest runs every property of one match
before the next match): the playthrough records what every property needs
at each step (the chance request, the legal actions, whose move, the card
census, the saved JSON at random moments), and each property test checks
its own part of the record.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import pytest

from companion.games.autoplay import next_random_action
from companion.games.base import ChanceRequest
from companion.games.registry import game_spec
from companion.games.uno import actions as act
from companion.games.uno.referee import follow, new_referee

GAMES = ["classic", "tiki", "duo"]
"""Every UNO game the properties run on, by registry name."""

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "classic": [
        {},
        {"scoring": "own_hand", "deck": "classic112"},
        {"wild_draw_four_bluff": False, "target": 200},
        {"play_drawn_card": False, "blank_wild": "wild_draw_four", "deck": "classic112"},
        {"last_card_effects": False, "dealer_tie": "lowest_seat", "uno_penalty": 4},
    ],
    "tiki": [
        {},
        {"scoring": "own_hand", "target": 300},
        {"play_drawn_card": False, "hand_size": 5, "uno_penalty": 4},
        {"go_to_plays_drawn_card": False, "tiki_face_goes_out": False},
        {"spin_on_empty_idol": "picks_next_player", "tiki_discards": "on_top"},
    ],
    "duo": [
        {},
        {"blank_wild": "wild_draw_four", "target": 150},
        {"wild_draw_four_bluff": False, "scoring": "winner", "target": 300},
        {"run_last_card_acts": False, "guilty_loses_extra_turn": False},
    ],
}
"""Rule option sets the matches cycle through, per game ({} for the defaults)."""

SEEDS = range(int(os.environ.get("UNO_PROPERTY_SEEDS", "100")))
"""Seeded matches per game: 100 in CI, each played once and checked by all five
properties; set UNO_PROPERTY_SEEDS for more or fewer."""


def match_setup(game: str, seed: int) -> tuple[int, dict[str, Any]]:
    """Players and options for the match with this seed (every pairing over enough seeds)."""
    spec = game_spec(game)
    option_sets = OPTION_SETS.get(game, [{}])
    counts = min(spec.max_players, 6) - spec.min_players + 1
    players = spec.min_players + (seed // len(option_sets)) % counts
    return players, option_sets[seed % len(option_sets)]


def new_state(game: str, seed: int) -> Any:
    players, options = match_setup(game, seed)
    return game_spec(game).new(players, options)


def card_census(state: Any) -> Counter[Any]:
    return Counter(chain.from_iterable(state.card_locations().values()))


def same_cards(census: Counter[Any], deck: Counter[Any]) -> bool:
    """`census == deck` compared as plain dicts: both hold only positive counts, so this is
    the same test, without `Counter.__eq__`'s per-card loop in Python (a hot spot here)."""
    return dict.__eq__(census, deck) is True


RESTORE_RATE = 0.1
"""How often the saved-state property saves the match and plays on from the saved copy."""


@dataclass
class Step:
    """One step of a recorded match: what the match offered, and the action taken."""

    chance: ChanceRequest | None
    legal: list[Any]
    """`legal_actions()` before the action (empty while chance is pending)."""
    to_move: int | None
    action: Any
    read_back: Any
    """The action written as JSON text and read back, as the table's log stores it."""
    saved: dict[str, Any] | None
    """The match as saved JSON before the action, at the moments the saving property restores."""
    misplaced: Counter[Any] | None
    """After the action: the card census minus the deck, where they differ (None: every
    card is in exactly one place)."""


@dataclass
class Playthrough:
    """A seeded random match of one game, played once and recorded step by step."""

    game: str
    seed: int
    players: int
    options: dict[str, Any]
    start_json: dict[str, Any]
    start_census_matches: bool
    steps: list[Step] = field(default_factory=list)
    final: Any = None
    """The match once over."""


def play_through(game: str, seed: int) -> Playthrough:
    """Play the match of `game` seeded `seed` with random choices and record every step."""
    players, options = match_setup(game, seed)
    spec = game_spec(game)
    state = spec.new(players, options)
    deck = Counter(state.deck)
    rng, saving = random.Random(seed), random.Random(f"save-{seed}")
    record = Playthrough(
        game, seed, players, options, plain_json(state), same_cards(card_census(state), deck)
    )
    while not state.is_over:
        saved = plain_json(state) if saving.random() < RESTORE_RATE else None
        request, legal = state.chance(), state.legal_actions()
        # next_random_action's own choice, without listing the actions twice
        action = next_random_action(state, rng) if request else rng.choice(legal)
        to_move = state.to_move
        state.apply(action)
        census = card_census(state)
        misplaced = None if same_cards(census, deck) else census - deck
        read_back = spec.actions.from_json(json.loads(json.dumps(action.to_json())))
        record.steps.append(Step(request, legal, to_move, action, read_back, saved, misplaced))
    record.final = state
    return record


def plain_json(state: Any) -> dict[str, Any]:
    """`state` written as JSON text and read back as plain data, as the table's log does."""
    data: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    return data


@pytest.fixture(
    scope="module",
    params=[(game, seed) for game in GAMES for seed in SEEDS],
    ids=lambda param: f"{param[0]}-{param[1]}",
)
def playthrough(request: pytest.FixtureRequest) -> Iterator[Playthrough]:
    """The recorded match of one game and seed, shared by every property of this module.

    Module-scoped and parametrised, so pytest runs all the properties of one
    match together and drops the record before playing the next.
    """
    game, seed = request.param
    yield play_through(game, seed)


def test_every_card_is_always_in_exactly_one_place(playthrough: Playthrough) -> None:
    assert playthrough.start_census_matches
    for step in playthrough.steps:
        assert step.misplaced is None, f"after {step.action}: {step.misplaced}"


def test_legal_actions_are_never_empty_before_the_match_ends(playthrough: Playthrough) -> None:
    for step in playthrough.steps:
        if step.chance is None:
            assert step.legal, "no legal action"
            assert step.to_move is not None
        else:
            assert step.legal == [] and step.to_move is None
    final = playthrough.final
    assert final.legal_actions() == [] and final.winners()


def saved_and_restored(spec: Any, saved: dict[str, Any]) -> Any:
    """The match saved as `saved` (plain JSON) read back, as the table's log does."""
    restored = spec.state_from_json(saved)
    assert restored.to_json() == saved
    return restored


def test_a_match_restored_from_json_plays_on_exactly_like_the_unsaved_one(
    playthrough: Playthrough,
) -> None:
    """Saved at random moments (any phase: a spin, a Go To, a draft, a volley...),
    the restored copy offers the same actions and chance at every later step,
    takes the same actions, and ends with the same result."""
    spec = game_spec(playthrough.game)
    restored = saved_and_restored(spec, playthrough.start_json)
    for step in playthrough.steps:
        if step.saved is not None:
            restored = saved_and_restored(spec, step.saved)
        assert restored.chance() == step.chance
        assert restored.legal_actions() == step.legal, f"before {step.action}"
        assert restored.to_move == step.to_move
        restored.apply(step.read_back)
    state = playthrough.final
    assert restored.is_over
    assert restored.scores() == state.scores() and restored.winners() == state.winners()
    assert restored.to_json() == state.to_json()


def test_replay_reproduces_the_state(playthrough: Playthrough) -> None:
    spec = game_spec(playthrough.game)
    replayed = spec.new(playthrough.players, playthrough.options)
    for step in playthrough.steps:
        replayed.apply(step.read_back)
    assert replayed.to_json() == playthrough.final.to_json()


def plays_allowed(actions: list[Any]) -> set[Any]:
    return {action for action in actions if isinstance(action, act.PlayCard)}


def test_referee_accepts_exactly_the_plays_simulation_allows(playthrough: Playthrough) -> None:
    simulation = new_state(playthrough.game, playthrough.seed)
    # Without bluffing a Wild Draw Four depends on the hidden hand: the referee allows it.
    hidden_rule = not getattr(simulation.options, "wild_draw_four_bluff", True)
    referee = new_referee(type(simulation), simulation.players, simulation.options)
    for step in playthrough.steps:
        if step.chance is None and simulation.phase in ("turn", "drawn"):
            assert referee.phase == simulation.phase
            seat = simulation.current
            if simulation.phase == "turn":
                held = set(simulation.hands[seat])
            else:
                held = {simulation.drawn_card}
            entered = {play for play in plays_allowed(referee.legal_actions()) if play.card in held}
            allowed = plays_allowed(step.legal)
            if hidden_rule:
                assert allowed <= entered
                assert all(str(play.card) == "Wild Draw Four" for play in entered - allowed)
            else:
                assert entered == allowed
        follow(referee, simulation, step.action)
        if simulation.chance() is None:
            assert referee.hand_sizes == simulation.hand_sizes
    assert referee.is_over
    assert referee.scores() == simulation.scores()
    assert referee.winners() == simulation.winners()
