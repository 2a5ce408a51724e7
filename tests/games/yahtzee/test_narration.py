"""Narration: the sentences of `notes` as `Note`s, seats left for the table to name.

The table names seat 0 "Ana", seat 1 "Ben" and seat 2 "Cleo"; the command
line keeps "Player N" in `notes`.
"""

from __future__ import annotations

import random
import string

import pytest

from companion.games.autoplay import random_actions
from companion.games.yahtzee import ChooseTarget, Claim, MoveOn, Stop, Tile, YahtzeeState, new_game
from companion.games.yahtzee.narration import GAME_OVER
from companion.games.yahtzee.turn import player_name
from tests.games.yahtzee.conftest import all_tiles_but, land_on, position, roll, throw

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def told(state: YahtzeeState) -> list[str]:
    """The narration of the last action, seats named as the table names them."""
    return [note.render(lambda seat: NAMES[seat]) for note in state.narration()]


def test_a_failed_steal_is_narrated_with_the_table_names_of_thief_and_owner() -> None:
    state = position(tiles={Tile.ONES: (1, 1, 3)}, squares={0: 1})
    land_on(state, 3)
    assert told(state) == [
        "Ana moves 2 to square 3.",
        "Square 3 holds Ben's Ones (one 1): Ana needs at least one 1, or a Yahtzee, to steal it.",
    ]
    throw(state, 2, 4, 3, 3, 6)
    assert told(state)[-1] == "Ana needs at least one 1 to steal Ones: Ben keeps it."


def test_a_steal_with_a_yahtzee_moves_the_protection_marker_in_the_narration() -> None:
    tiles = {Tile.FIVES: (1, 2, 3), Tile.SIXES: (1, 2, 4)}
    state = position(tiles=tiles, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 4)
    throw(state, 1, 1, 1, 1, 1)
    state.apply(Claim(Tile.SIXES))
    assert told(state) == [
        "Ana steals Sixes (four 6s) from Ben.",
        "The Yahtzee protection marker moves from Fives to Sixes.",
    ]


def test_the_order_of_play_is_narrated_by_name() -> None:
    state = new_game(3)
    roll(state, 2, 2)
    roll(state, 6, 6)
    roll(state, 3, 4)
    assert told(state) == ["Cleo rolls 7 for the order of play.", "Order of play: Ben, Cleo, Ana."]


def test_a_roll_off_tie_names_the_tied_players() -> None:
    state = new_game(3)
    roll(state, 3, 4)
    roll(state, 2, 5)
    roll(state, 6, 6)
    assert told(state)[-1] == "Ana and Ben tie: they roll again for their places."


def test_the_end_is_narrated_with_each_score_and_leaves_the_winners_to_the_table() -> None:
    tiles = all_tiles_but(set(), owner=1)
    for tile in (Tile.LARGE_STRAIGHT, Tile.FOUR_OF_A_KIND, Tile.FULL_HOUSE, Tile.ONES):
        tiles[tile] = (0, *tiles[tile][1:])
    state = position(tiles=tiles, squares={1: 1}, current=1, challenge=([1], 1))
    land_on(state, 2)
    throw(state, 2, 3, 3, 4, 6)
    # The table's line ends "Ana and Ben won the match": the narration does not say it first.
    assert told(state)[-1] == "Game over: Ana 130, Ben 130."
    assert state.notes[-1].endswith("Winners: Player 1 and Player 2 share the win.")


def test_the_challenge_rounds_beginning_names_who_plays_in_turn() -> None:
    state = position(3, tiles=all_tiles_but({Tile.SIXES}), squares={0: 13})
    land_on(state, 16)
    throw(state, 6, 1, 2, 3, 3)
    assert told(state)[-1] == (
        "Every tile is claimed: challenge rounds begin. In turn, Ben, Cleo and Ana each play "
        "until they fail to win a tile."
    )


@pytest.mark.parametrize(
    ("setup", "action", "note"),
    [
        ({Tile.FIVES: (0, 2, 3)}, MoveOn(), "Player 1 moves on."),
        (None, ChooseTarget(Tile.CHANCE), "Player 1 goes for Chance."),
    ],
)
def test_a_choice_that_only_repeats_the_action_is_in_the_notes_but_not_narrated(
    setup: dict[Tile, tuple[int, int, int]] | None, action: object, note: str
) -> None:
    state = position(tiles=setup, squares={0: 1})
    if setup is None:
        land_on(state, 5)  # a wild square: the tile is chosen after the first throw
        roll(state, 1, 1, 2, 3, 6)
    else:
        land_on(state, 3)
    state.apply(action)
    assert state.notes == [note]
    assert told(state) == []


def test_narration_and_notes_tell_the_same_sentences_with_player_numbers() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    throw(state, 2, 3, 4, 5, 5)
    state.apply(state.legal_actions()[-1])
    assert [note.render(player_name) for note in state.narration()] == state.notes
    assert state.notes == ["Player 1 claims Small Straight on square 3."]


def test_a_refused_action_leaves_the_narration_as_it_was() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    before = told(state)
    with pytest.raises(ValueError):
        state.apply(Stop())
    assert told(state) == before


def test_a_state_read_back_from_json_has_no_narration_but_keeps_its_notes() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    data = state.to_json()
    assert "narration" not in data
    restored = YahtzeeState.from_json(data)
    assert restored.narration() == []
    assert restored.notes == state.notes
    assert restored.to_json() == data


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_narrated_sentence_of_a_random_game_names_real_seats_and_matches_its_note(
    seed: int,
) -> None:
    state = new_game(3)
    for _ in random_actions(state, random.Random(seed)):
        notes = iter(state.notes)
        for note in state.narration():
            assert all(0 <= seat < state.players for seat in note.seats)
            fields = [field for _, field, _, _ in string.Formatter().parse(note.text) if field]
            used = {int(field) for field in fields if field.isdigit()}  # the rest are values
            assert used == set(range(len(note.seats))), note
            # In the same order as the notes, which only add the choices that repeat the action
            # (and the winners, after the scores: the table names them after the narration).
            said = note.render(player_name)
            if note.text == GAME_OVER:
                said = said.removesuffix(".")
                assert any(logged.startswith(said + ". Winner") for logged in notes), said
                continue
            assert said in notes
    assert state.is_over
