"""A game is described once: its engine class says what it is, and its spec is read from it."""

from __future__ import annotations

import pytest

from companion.games.backgammon import BackgammonGame, MiniGamGame, MultiGamGame
from companion.games.base import GameState, RuleError
from companion.games.registry import FAMILIES, game_specs
from companion.games.uno import ClassicUno, DuoUno, TikiTwist
from companion.games.yahtzee import YahtzeeState

ENGINES: dict[str, type[GameState]] = {  # type: ignore[type-arg]
    "backgammon": BackgammonGame,
    "minigam": MiniGamGame,
    "multigam": MultiGamGame,
    "classic": ClassicUno,
    "tiki": TikiTwist,
    "duo": DuoUno,
    "yahtzee": YahtzeeState,
}

REFUSALS = [
    ("classic", 1, "UNO is for 2 to 10 players, not 1."),
    ("classic", 11, "UNO is for 2 to 10 players, not 11."),
    ("tiki", 11, "UNO Tiki Twist is for 2 to 10 players, not 11."),
    ("duo", 3, "UNO Duo is for exactly 2 players, not 3."),
    ("backgammon", 3, "Backgammon is for exactly 2 players, not 3."),
    ("minigam", 1, "Mini-Gam is for exactly 2 players, not 1."),
    ("multigam", 2, "Multi-Gam is for exactly 4 players, not 2."),
    ("yahtzee", 5, "The Yahtzee board game is for 2 to 4 players, not 5."),
]


def test_the_registry_lists_exactly_the_seven_games_in_a_fixed_order() -> None:
    assert list(game_specs()) == [
        "backgammon", "minigam", "multigam", "classic", "tiki", "duo", "yahtzee"
    ]
    assert [spec.name for family in FAMILIES for spec in family] == list(game_specs())


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_games_spec_is_derived_from_its_engine_class(name: str) -> None:
    engine = ENGINES[name]
    spec = game_specs()[name]
    assert (spec.name, spec.title, spec.family, spec.description) == (
        engine.game_name, engine.title, engine.family, engine.description
    )
    assert (spec.min_players, spec.max_players) == (engine.min_players, engine.max_players)
    assert spec.actions is engine.action_types
    assert spec.uses_spinner is engine.uses_spinner
    assert isinstance(spec.new(spec.min_players, {}), engine)


@pytest.mark.parametrize(
    ("name", "family"),
    [("backgammon", "backgammon"), ("minigam", "backgammon"), ("multigam", "backgammon"),
     ("classic", "uno"), ("tiki", "uno"), ("duo", "uno"), ("yahtzee", "yahtzee")],
)
def test_every_game_names_its_family(name: str, family: str) -> None:
    assert game_specs()[name].family == family


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_game_describes_its_match_in_one_sentence(name: str) -> None:
    description = game_specs()[name].description
    assert description[0].isupper() and description.endswith(".")
    assert description.count(". ") == 0


@pytest.mark.parametrize(("name", "players", "sentence"), REFUSALS)
def test_a_wrong_player_count_is_refused_with_its_sentence_for_every_game(
    name: str, players: int, sentence: str
) -> None:
    with pytest.raises(RuleError) as refused:
        game_specs()[name].new(players, {})
    assert str(refused.value) == sentence


def test_every_game_has_a_wrong_player_count_in_the_table_of_refusals() -> None:
    assert {name for name, _, _ in REFUSALS} == set(ENGINES)


@pytest.mark.parametrize("name", list(ENGINES))
@pytest.mark.parametrize("players", ["3", True, 2.0])
def test_a_player_count_that_is_not_a_whole_number_is_refused_for_every_game(
    name: str, players: object
) -> None:
    with pytest.raises(RuleError, match=r"^Give the number of players as a whole number, not "):
        game_specs()[name].new(players, {})  # type: ignore[arg-type]
