"""A declared result: the players throw at the table and say only what the five dice made
("Fives x4", "Chance 27", "a Yahtzee of 6s", "nothing"), judged as dice showing it would be."""

from __future__ import annotations

import re

import pytest

from companion.games.base import RuleError
from companion.games.yahtzee import YAHTZEE_ACTIONS, Claim, Phase, Stay, Tile, YahtzeeState
from companion.games.yahtzee.actions import DeclaredResult
from tests.games.yahtzee.conftest import all_tiles_but, land_on, position, roll

NAMES = ("Ana", "Ben", "Cleo")


def declare(state: YahtzeeState, made: str, value: int = 0) -> None:
    """Say what the dice made, as the table supplies it: a chance outcome."""
    state.apply(state.chance_action({"made": made, "value": value}))


def told(state: YahtzeeState) -> list[str]:
    return [note.render(NAMES.__getitem__) for note in state.narration()]


def test_a_declared_count_claims_the_number_tile_on_a_blank_square() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    declare(state, "fives", 4)
    fives = state.holdings[Tile.FIVES]
    assert (fives.owner, fives.value, fives.square) == (0, 4, 3)
    assert told(state) == ["Ana made four 5s.", "Ana claims Fives (four 5s) on square 3."]
    assert state.current == 1 and state.phase is Phase.MOVE


def test_a_declared_result_is_logged_as_said_with_no_dice_values() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    action = state.chance_action({"made": "chance", "value": 27})
    assert action.to_json() == {"action": "declared", "made": "chance", "value": 27}
    assert YAHTZEE_ACTIONS.from_json(action.to_json()) == action
    before = state.to_json()
    state.apply(action)
    assert state.holdings[Tile.CHANCE].value == 27
    # Replayed from the log, the same state: the action says all that happened.
    replayed = YahtzeeState.from_json(before)
    replayed.apply(YAHTZEE_ACTIONS.from_json(action.to_json()))
    assert replayed == state


def test_only_one_declaration_is_the_whole_throwing() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    assert state.chance() is not None and state.chance().takes_declared
    roll(state, 1, 2, 3, 4, 6)  # the first throw entered die by die
    state.apply(state.legal_actions()[0])  # keep some, throw again
    assert state.chance() is not None and not state.chance().takes_declared
    before = state.to_json()
    with pytest.raises(RuleError, match="before any of their throws is entered"):
        declare(state, "fives", 2)
    assert state.to_json() == before


def test_the_movement_die_cannot_be_declared() -> None:
    state = position(squares={0: 1})
    with pytest.raises(RuleError, match="Only what the five dice made can be said"):
        declare(state, "nothing")


def test_a_declared_count_below_the_recorded_one_does_not_steal() -> None:
    state = position(tiles={Tile.SIXES: (1, 3, 7)}, squares={0: 3})
    land_on(state, 7)
    declare(state, "sixes", 2)
    assert state.holdings[Tile.SIXES].owner == 1
    assert told(state)[-1] == "Ana needs at least three 6s to steal Sixes: Ben keeps it."


def test_an_equal_declared_count_steals() -> None:
    state = position(tiles={Tile.SIXES: (1, 3, 7)}, squares={0: 3})
    land_on(state, 7)
    declare(state, "sixes", 3)
    assert (state.holdings[Tile.SIXES].owner, state.positions[0]) == (0, 7)


def test_a_protected_tile_is_stolen_only_by_a_declared_yahtzee() -> None:
    state = position(tiles={Tile.SIXES: (1, 2, 7)}, squares={0: 3}, protected=Tile.SIXES)
    land_on(state, 7)
    declare(state, "sixes", 4)
    assert state.holdings[Tile.SIXES].owner == 1
    state = position(tiles={Tile.SIXES: (1, 2, 7)}, squares={0: 3}, protected=Tile.SIXES)
    land_on(state, 7)
    declare(state, "yahtzee", 2)
    assert state.phase is Phase.CLAIM and state.turn.yahtzee
    assert told(state) == ["Ana made a Yahtzee of 2s.", "Yahtzee! Ana may claim any tile."]
    state.apply(Claim(Tile.SIXES))
    assert (state.holdings[Tile.SIXES].owner, state.holdings[Tile.SIXES].value) == (0, 4)
    assert state.protected is Tile.SIXES


@pytest.mark.parametrize(("needs_rise", "count", "said"), [
    (True, 2, "Ana does not improve Fours, which stays at two 4s."),
    (True, 3, "Ana improves Fours to three 4s."),
    (False, 2, "Ana holds Fours at two 4s."),
])
def test_staying_counts_as_in_d_y7(needs_rise: bool, count: int, said: str) -> None:
    state = position(tiles={Tile.FOURS: (0, 2, 7)}, squares={0: 3},
                     options={"improve_needs_rise": needs_rise})
    land_on(state, 7)
    state.apply(Stay())
    declare(state, "fours", count)
    assert state.holdings[Tile.FOURS].value == max(count, 2)
    assert told(state)[-1] == said


def test_a_declared_chance_below_the_minimum_does_not_make_chance() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    declare(state, "chance", 22)
    assert state.holdings[Tile.CHANCE].owner is None
    assert told(state)[-1] == "Ana does not make Chance (it needs 25 or more): the turn ends."


def test_a_declared_nothing_ends_the_turn() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    declare(state, "nothing")
    assert told(state) == ["Ana made nothing: the turn ends."]
    assert state.current == 1 and all(h.owner is None for h in state.holdings.values())


def test_a_wild_square_declaration_steals_and_moves_to_the_tile() -> None:
    state = position(tiles={Tile.FULL_HOUSE: (1, 1, 11)}, squares={0: 3})
    land_on(state, 5)
    declare(state, "full_house", 1)
    assert state.holdings[Tile.FULL_HOUSE].owner == 0 and state.positions[0] == 11


@pytest.mark.parametrize(("square", "tiles", "made", "refusal"), [
    (3, {Tile.FIVES: (1, 2, 7)}, "fives",
     "Square 3 is blank: only a tile nobody holds can be claimed here, and Fives is Ben's."),
    (7, {Tile.SIXES: (1, 2, 7)}, "fives",
     "Square 7 holds Sixes (two 6s): only Sixes, or a Yahtzee, can be won here."),
    (5, {Tile.FIVES: (0, 2, 7)}, "fives",
     "Fives is already Ana's: on a wild square go for any other tile."),
])
def test_a_tile_the_square_does_not_offer_is_refused_and_changes_nothing(
        square: int, tiles: dict[Tile, tuple[int, int, int]], made: str, refusal: str) -> None:
    state = position(tiles=tiles, squares={0: 3 if square != 3 else 1})
    state.name_seats(NAMES[:2])
    land_on(state, square)
    before = state.to_json()
    with pytest.raises(RuleError) as refused:
        declare(state, made, 3)
    assert str(refused.value) == refusal and refused.value.note is not None
    assert state.to_json() == before


@pytest.mark.parametrize(("made", "value", "refusal"), [
    ("fives", 5, "Five dice showing 5 are a Yahtzee: say a Yahtzee of 5s."),
    ("fives", 0, "Fives counts 1 to 4 dice showing 5, not 0."),
    ("chance", 31, "Five dice add up to 5 to 30, not 31."),
    ("full_house", 2, "Full House is made or not: give it the value 1, not 2."),
    ("yahtzee", 7, "A Yahtzee is five dice showing one face, 1 to 6, not 7."),
    ("nothing", 3, "Nothing made has no value: give 0, not 3."),
])
def test_what_five_dice_cannot_show_is_refused(made: str, value: int, refusal: str) -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    with pytest.raises(RuleError, match=re.escape(refusal)):
        declare(state, made, value)


def test_a_result_that_is_not_a_declaration_is_refused_in_a_sentence() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    with pytest.raises(RuleError, match=re.escape('Say what the dice made as {"made": "fives"')):
        state.chance_action({"tile": "fives"})
    with pytest.raises(RuleError, match="There is no tile called 'sevens'"):
        state.chance_action({"made": "sevens", "value": 1})


def test_the_card_lists_only_what_wins_then_a_yahtzee_of_each_face_and_nothing() -> None:
    state = position(tiles={Tile.SIXES: (1, 2, 7)}, squares={0: 3})
    land_on(state, 7)
    listed = [(declared.made, declared.value) for declared in state.declarations()]
    assert listed == [("sixes", 2), ("sixes", 3), ("sixes", 4),
                      *[("yahtzee", face) for face in range(1, 7)], ("nothing", 0)]


def test_the_card_lists_chance_totals_from_what_beats_the_recorded_one() -> None:
    tiles = all_tiles_but({Tile.ONES}, owner=1)
    tiles[Tile.CHANCE] = (1, 28, 15)
    state = position(tiles=tiles, squares={0: 12})
    land_on(state, 15)
    totals = [declared.value for declared in state.declarations() if declared.made == "chance"]
    assert totals == [28, 29, 30]


def test_declared_result_describes_itself_for_the_log() -> None:
    assert str(DeclaredResult("fives", 4)) == "Made Fives: four 5s"
    assert str(DeclaredResult("yahtzee", 6)) == "Made a Yahtzee of 6s"
    assert str(DeclaredResult("nothing")) == "Made nothing"
