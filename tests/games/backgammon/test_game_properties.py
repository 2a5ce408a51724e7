"""Properties of random legal games of Backgammon, Mini-Gam and Multi-Gam.

A driver plays each game with random choices: chance answered fairly (with the
odd invalid roll from the tray), turns played either as whole plays or step
by step (with the odd undo). After every action: checkers are conserved, no
point holds two players, and a finished turn reached a position of one of the
legal plays. Along the way the JSON form round-trips exactly, and at the end
replaying the logged actions from a new match reproduces the final state.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.autoplay import sample_outcome
from companion.games.backgammon.actions import InvalidRoll, TurnPlay, UndoStep
from companion.games.backgammon.family import FamilyGame, Phase
from companion.games.backgammon.movement import Board
from companion.games.base import GameState, RuleError
from companion.games.registry import game_spec

GAMES = [
    ("backgammon", 2, {"match_length": 1, "cube": False}),
    ("backgammon", 2, {"match_length": 3}),
    ("backgammon", 2, {"match_length": 0, "jacoby": True, "beavers": True}),
    ("minigam", 2, {"wins_needed": 2}),
    ("minigam", 2, {"enter_first": False}),
    ("multigam", 4, {}),
    ("multigam", 4, {"games": 2, "forced_moves": False}),
]


def check_board(board: Board) -> None:
    geometry = board.geometry
    for track in board.tracks:
        assert sum(track) == geometry.checkers
        assert min(track) >= 0
    for cell in range(1, geometry.points + 1):
        holders = [
            seat for seat, track in enumerate(board.tracks) if track[geometry.position(seat, cell)]
        ]
        assert len(holders) <= 1


def check_json(game: FamilyGame, name: str) -> None:
    data = game.to_json()
    again = game_spec(name).state_from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data


def check_narration(game: FamilyGame) -> None:
    """Every note names real seats, uses each seat and value it has, and reads whole."""
    for note in game.narration():
        assert all(0 <= seat < game.players for seat in note.seats)
        fields = {field for _, field, _, _ in string.Formatter().parse(note.text) if field}
        seats = {field for field in fields if field.isdigit()}
        assert {int(field) for field in seats} == set(range(len(note.seats))), note
        assert fields - seats == {name for name, _ in note.values}, note
        text = note.render(lambda seat: f"seat {seat}")
        assert "{" not in text and text.endswith("."), text


def choose(game: FamilyGame, rng: random.Random) -> Any:
    """A random action: chance, a whole play, a step, an undo or a decision."""
    request = game.chance()
    if request is not None:
        if rng.random() < 0.05:
            return InvalidRoll()
        return game.chance_action(sample_outcome(request, rng))
    actions = game.legal_actions()
    if game.phase is Phase.MOVE and not game.steps and rng.random() < 0.5:
        steps = game.legal_steps()
        return game.step_action(rng.choice(steps))
    undo = [a for a in actions if isinstance(a, UndoStep)]
    if undo and rng.random() < 0.1:
        return undo[0]
    steps_only = [a for a in actions if not isinstance(a, UndoStep)]
    return rng.choice(steps_only or actions)


def play_checked(name: str, players: int, options: dict, seed: int) -> None:
    spec = game_spec(name)
    game = spec.new(players, options)
    assert isinstance(game, FamilyGame)
    rng = random.Random(seed)
    log: list[dict] = []
    turn_targets: set[Board] | None = None
    for count in range(20_000):
        if game.is_over:
            break
        if game.phase is Phase.MOVE and not game.steps:
            plays = game.legal_plays()
            targets = {play.board for play in plays}
            assert len(targets) == len(plays), "each legal play reaches a distinct position"
            turn_targets, mover = targets, game.player
        action = choose(game, rng)
        if isinstance(action, TurnPlay):
            assert action in game.legal_actions()
        before_turn = (game.phase, game.player, game.game_number)
        game.apply(action)
        log.append(action.to_json())
        check_board(game.board)
        check_narration(game)
        finished = getattr(game, "finished", [])
        assert game.is_over or game.player not in finished, "a finished player skips every turn"
        turn_over = before_turn[0] is Phase.MOVE and (game.phase, game.player) != before_turn[:2]
        if turn_over and turn_targets is not None and game.game_number == before_turn[2]:
            assert game.turn_start.tracks[mover] in {b.tracks[mover] for b in turn_targets}
        if count % 37 == 0:
            check_json(game, name)
    assert game.is_over
    assert game.winners()
    check_json(game, name)
    replay = spec.new(players, options)
    for entry in log:
        replay.apply(spec.actions.from_json(json.loads(json.dumps(entry))))
    assert replay.to_json() == game.to_json()


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_games_keep_every_invariant(game: tuple, seed: int) -> None:
    name, players, options = game
    play_checked(name, players, options, seed)


def test_every_game_variant_is_played_to_the_end() -> None:
    for index, (name, players, options) in enumerate(GAMES):
        play_checked(name, players, options, seed=index)


def test_every_game_state_follows_the_engine_protocol() -> None:
    for name, players, options in GAMES:
        assert isinstance(game_spec(name).new(players, options), GameState)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)


def saved_mid_match(name: str, players: int, options: dict, seed: int) -> dict:
    """The JSON of a match stopped after a few random actions."""
    game = game_spec(name).new(players, options)
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 60)):
        if game.is_over:
            break
        game.apply(choose(game, rng))
    return game.to_json()


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 1000),
    key=st.integers(0, 30),
    inner_key=st.integers(0, 30),
    value=JSON_VALUES,
)
def test_a_corrupted_saved_match_is_refused_with_a_rule_error(
    game: tuple, seed: int, key: int, inner_key: int, value: Any
) -> None:
    name, players, options = game
    data = saved_mid_match(name, players, options, seed)
    target = data
    keys = sorted(target)
    part = target[keys[key % len(keys)]]
    if isinstance(part, dict) and part and inner_key % 2:
        target = part  # corrupt one field of a nested part (score, cube, options...)
        keys = sorted(target)
    target[keys[inner_key % len(keys) if target is part else key % len(keys)]] = value
    try:
        state = game_spec(name).state_from_json(data)
    except RuleError:
        return
    # Whatever was accepted is a state that plays on without crashing.
    assert state.to_json()
    state.chance()
    state.legal_actions()


def _won_board(data: dict) -> None:
    """Seat 0 has borne off everything on the saved board."""
    track = data["tracks"][0]
    data["tracks"][0] = [0] * (len(track) - 1) + [sum(track)]


def _score_over(data: dict) -> None:
    """The saved score says the match is won, though play goes on."""
    score = data["score"]
    if "wins" in score:
        score["wins"][0] = score["wins_needed"]
    elif "first_places" in score:
        score["games_played"] = score["games"]
    else:
        score["scores"][0] = score["match_length"]


@pytest.mark.parametrize("corrupt", [_won_board, _score_over])
@pytest.mark.parametrize("game", GAMES[:1] + GAMES[3:4] + GAMES[5:6], ids=lambda g: g[0])
def test_a_saved_match_whose_outcome_was_never_scored_is_refused(game: tuple, corrupt) -> None:
    name, players, options = game
    data = saved_mid_match(name, players, options, seed=3)
    assert data["phase"] != "over"
    corrupt(data)
    with pytest.raises(RuleError, match="saved"):
        game_spec(name).state_from_json(data)


@pytest.mark.parametrize(
    ("name", "players", "opening"),
    [
        ("backgammon", 2, {"showing": [5, 2], "rolling": [0]}),  # decided, yet still rolling
        ("multigam", 4, {"showing": [3, 1], "rolling": [0, 1]}),  # dice of two seats, not four
    ],
)
def test_a_saved_opening_roll_that_cannot_go_on_is_refused(
    name: str, players: int, opening: dict
) -> None:
    data = game_spec(name).new(players, {}).to_json()
    data["opening"] = opening
    with pytest.raises(RuleError, match="opening roll"):
        game_spec(name).state_from_json(data)


ACTION_JSON = st.fixed_dictionaries(
    {
        "action": st.sampled_from(
            ["dice", "invalid_roll", "step", "play", "roll", "double", "take", "pass",
             "beaver", "undo_step", "castle"]
        )
    },
    optional={
        "values": st.lists(st.integers(-1, 8), max_size=5),
        "source": st.integers(-2, 27),
        "destination": st.integers(-2, 27),
        "die": st.integers(-1, 8),
        "hit": st.booleans(),
        "steps": st.lists(st.lists(st.integers(-1, 27), min_size=4, max_size=4), max_size=4),
    },
)


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 1000), action=ACTION_JSON)
def test_any_action_is_applied_or_refused_without_changing_anything(
    game: tuple, seed: int, action: dict
) -> None:
    name, players, options = game
    spec = game_spec(name)
    state = spec.state_from_json(saved_mid_match(name, players, options, seed))
    before = state.to_json()
    try:
        parsed = spec.actions.from_json(action)
        state.apply(parsed)
    except RuleError as error:
        assert str(error) == str(error).strip() and str(error).endswith((".", "?", "!"))
        assert state.to_json() == before
