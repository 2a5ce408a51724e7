"""What the table reads after each action: `state.notes`, one clear sentence each."""

from __future__ import annotations

import re

import pytest

from companion.app.cli import main
from companion.games.yahtzee import ChooseTarget, Claim, MoveOn, Stop, Tile, new_game
from tests.games.yahtzee.conftest import all_tiles_but, land_on, position, roll, throw


@pytest.mark.parametrize(
    ("tile", "value", "needed"),
    [
        (Tile.FIVES, 2, "Player 1 needs at least two 5s, or a Yahtzee, to steal it."),
        (Tile.ONES, 1, "Player 1 needs at least one 1, or a Yahtzee, to steal it."),
        (Tile.CHANCE, 27, "Player 1 needs a total of 27 or more, or a Yahtzee, to steal it."),
        (Tile.FULL_HOUSE, 1, "Player 1 needs a full house, or a Yahtzee, to steal it."),
        (Tile.FOUR_OF_A_KIND, 1, "Player 1 needs four of a kind, or a Yahtzee, to steal it."),
    ],
)
def test_landing_on_another_players_tile_says_what_it_takes_to_steal_it(
    tile: Tile, value: int, needed: str
) -> None:
    state = position(tiles={tile: (1, value, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.notes[0] == "Player 1 moves 2 to square 3."
    assert state.notes[1].startswith(f"Square 3 holds Player 2's {tile.label}")
    assert state.notes[1].endswith(needed)


def test_landing_on_a_protected_tile_says_only_a_yahtzee_steals_it() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3)}, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 3)
    assert state.notes[1] == (
        "Square 3 holds Player 2's Fives (two 5s), protected: only a Yahtzee steals it."
    )
    throw(state, 5, 5, 5, 5, 1)
    assert state.notes[-1] == (
        "Player 1 needs a Yahtzee to steal the protected Fives: Player 2 keeps it."
    )


def test_a_failed_steal_says_what_was_needed_and_who_keeps_the_tile() -> None:
    state = position(tiles={Tile.ONES: (1, 1, 3)}, squares={0: 1})
    land_on(state, 3)
    throw(state, 2, 4, 3, 3, 6)
    assert state.notes[-1] == "Player 1 needs at least one 1 to steal Ones: Player 2 keeps it."


def test_landing_on_your_own_tile_offers_the_choice_in_words() -> None:
    state = position(tiles={Tile.FIVES: (0, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.notes[1] == (
        "Square 3 holds Player 1's own Fives (two 5s): stay to improve it, or move on."
    )
    state.apply(MoveOn())
    assert state.notes == ["Player 1 moves on."]


def test_an_own_tile_that_cannot_be_improved_is_announced_and_the_player_moves_on() -> None:
    state = position(tiles={Tile.FULL_HOUSE: (0, 1, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.notes[1] == (
        "Square 3 holds Player 1's own Full House, which cannot be improved: Player 1 moves on."
    )


def test_blank_square_and_claim_choice_are_announced() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    assert state.notes[1] == "Square 3 is blank: Player 1 rolls for any unclaimed tile."
    throw(state, 3, 3, 3, 5, 5)
    assert state.notes[-1] == ("Player 1 may claim Threes, Fives, Three of a Kind or Full House.")


def test_a_pattern_tile_is_claimed_without_a_value_and_a_number_tile_with_its_count() -> None:
    state = position(squares={0: 1, 1: 1})
    land_on(state, 3)
    throw(state, 2, 3, 4, 5, 5)
    state.apply(state.legal_actions()[-1])  # the last choice is Small Straight
    assert state.notes[-1] == "Player 1 claims Small Straight on square 3."
    land_on(state, 4)
    throw(state, 6, 6, 1, 1, 2)
    state.apply(state.legal_actions()[-1])  # Sixes, after Ones and Twos
    assert state.notes[-1] == "Player 2 claims Sixes (two 6s) on square 4."


def test_blank_square_failure_explains_the_chance_minimum() -> None:
    state = position(squares={0: 1}, options={"tiles": ["chance", "large_straight"]})
    land_on(state, 3)
    throw(state, 6, 6, 5, 5, 1)
    assert state.notes[-1] == (
        "Player 1 makes no unclaimed tile (Chance needs 25 or more): the turn ends."
    )


def test_wild_square_says_the_tile_is_picked_after_the_first_roll() -> None:
    state = position(squares={0: 1})
    land_on(state, 5)
    assert state.notes[1] == (
        "Wild square: Player 1 rolls, then picks any tile but their own to go for."
    )
    roll(state, 1, 1, 2, 3, 6)
    state.apply(ChooseTarget(Tile.CHANCE))
    state.apply(Stop())
    assert state.notes[-1] == (
        "Player 1 does not make Chance (it needs 25 or more): the turn ends."
    )


def test_roll_off_tie_is_announced_and_the_tied_players_roll_again() -> None:
    state = new_game(3)
    roll(state, 3, 4)
    roll(state, 2, 5)
    roll(state, 6, 6)
    assert state.notes[-1] == "Player 1 and Player 2 tie: they roll again for their places."


def test_reroll_all_tie_is_announced_as_everybody_rolling_again() -> None:
    state = new_game(2, {"roll_off_ties": "reroll_all"})
    roll(state, 3, 4)
    roll(state, 2, 5)
    assert state.notes[-1] == "There is a tie, so everybody rolls again."


def test_game_over_names_every_winner_of_a_shared_win() -> None:
    tiles = all_tiles_but(set(), owner=1)
    for tile in (Tile.LARGE_STRAIGHT, Tile.FOUR_OF_A_KIND, Tile.FULL_HOUSE, Tile.ONES):
        tiles[tile] = (0, *tiles[tile][1:])
    state = position(tiles=tiles, squares={1: 1}, current=1, challenge=([1], 1))
    land_on(state, 2)  # Player 1's Ones
    throw(state, 2, 3, 3, 4, 6)
    assert state.is_over
    assert state.notes[-1] == (
        "Game over: Player 1 130, Player 2 130. Winners: Player 1 and Player 2 share the win."
    )


def test_cli_log_prints_each_choice_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["yahtzee", "simulate", "--players", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    # Choices the game narrates itself ("Player 1 goes for Sixes.") get no second line...
    assert not re.search(r"^Player \d: (Go for|Claim|Move on|Stay)", out, re.MULTILINE)
    assert re.search(r"^  Player \d goes for ", out, re.MULTILINE)
    assert re.search(r"^  Player \d claims ", out, re.MULTILINE)
    # ...while holding dice and stopping, which it does not narrate, keep theirs.
    assert re.search(r"^Player \d: Keep [1-6 ]+ and roll the rest\.$", out, re.MULTILINE)
    assert re.search(r"^Player \d: Stop rolling\.$", out, re.MULTILINE)


def test_moving_the_protection_marker_says_which_tile_lost_it() -> None:
    tiles = {Tile.FIVES: (1, 2, 3), Tile.SIXES: (1, 2, 4)}
    state = position(tiles=tiles, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 4)
    throw(state, 1, 1, 1, 1, 1)
    state.apply(Claim(Tile.SIXES))
    assert state.notes == [
        "Player 1 steals Sixes (four 6s) from Player 2.",
        "The Yahtzee protection marker moves from Fives to Sixes.",
    ]


def test_start_of_the_challenge_rounds_says_who_plays_and_how() -> None:
    state = position(3, tiles=all_tiles_but({Tile.SIXES}), squares={0: 13})
    land_on(state, 16)
    throw(state, 6, 1, 2, 3, 3)
    assert state.notes[-1] == (
        "Every tile is claimed: challenge rounds begin. In turn, Player 2, Player 3 and "
        "Player 1 each play until they fail to win a tile."
    )


def test_a_challenger_who_wins_is_told_to_go_again_and_one_who_fails_is_out() -> None:
    state = position(
        tiles=all_tiles_but(set()), squares={0: 1, 1: 1}, current=0, challenge=([0, 1], 1)
    )
    land_on(state, 2)  # Player 2's Ones
    throw(state, 1, 2, 3, 4, 6)
    assert state.notes[-1] == "Player 1 succeeded: they go again."
    land_on(state, 3)  # Player 2's Twos
    throw(state, 1, 1, 3, 4, 6)
    assert state.notes[-1] == "Player 1 is out of the challenge rounds."
