"""Narration: what an action caused that its own text does not show (hits, lost turns, results).

Seats are rendered with the table's names: seat 0 is Ana, seat 1 Ben, and so on.
"""

from __future__ import annotations

import pytest

from companion.games.backgammon.actions import (
    Beaver,
    DiceThrow,
    Double,
    InvalidRoll,
    Pass,
    Roll,
    Take,
    UndoStep,
)
from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.cube import Cube
from companion.games.backgammon.family import FamilyGame, Phase
from companion.games.backgammon.match import BackgammonScore, RankScore
from companion.games.backgammon.minigam_game import MiniGamGame
from companion.games.backgammon.multigam_game import MultiGamGame
from companion.games.backgammon.options import MiniGamOptions, MultiGamOptions
from companion.games.base import RuleError
from companion.games.registry import game_spec
from tests.games.backgammon.game_helpers import (
    BEAR_OFF_LAST,
    bg_game,
    bg_step,
    cell_step,
    six_point_game,
)

NAMES = ("Ana", "Ben", "Cleo", "Dev")
START = "5-000000-0"
DONE = "0-000000-5"


def told(game: FamilyGame) -> list[str]:
    """The narration of the last action, seats named as the table names them."""
    return [note.render(lambda seat: NAMES[seat]) for note in game.narration()]


# ----- hits -----


@pytest.mark.parametrize(("mover", "hit"), [(0, "Ben"), (1, "Ana")])
def test_a_hit_is_narrated_with_the_point_and_the_bar(mover: int, hit: str) -> None:
    # The mover's 13/11* hits the opponent's blot on the mover's 11 (the opponent's 14).
    game = bg_game({13: 1, 6: 5}, {14: 1, 1: 5}, dice=(2, 1), mover=mover)
    game.apply(game.parse_play("13/11* 6/5"))
    assert told(game) == [f"{hit}'s checker on 11 is hit and goes to the bar."]


def test_two_hits_in_one_turn_are_narrated_one_by_one() -> None:
    game = bg_game({13: 2, 6: 5}, {14: 1, 15: 1, 1: 5}, dice=(3, 2))
    game.apply(game.parse_play("13/11* 13/10*"))
    assert told(game) == [
        "Ben's checker on 11 is hit and goes to the bar.",
        "Ben's checker on 10 is hit and goes to the bar.",
    ]


def test_hits_are_told_in_the_order_the_play_is_written() -> None:
    game = six_point_game(MultiGamGame(), f"0:1-001000-3:0-010000-4:{START}:0-000001-4", (2, 3))
    game.apply(game.parse_play("bar/2* 3/6*"))
    assert told(game) == [
        "Ben's checker on 2 is hit and goes to the bar.",
        "Dev's checker on 6 is hit and goes to the bar.",
    ]


def test_a_play_without_a_hit_tells_nothing() -> None:
    game = bg_game({13: 1, 6: 5}, {1: 5}, dice=(2, 1))
    game.apply(game.parse_play("13/11 6/5"))
    assert told(game) == []


def test_a_hit_made_step_by_step_is_told_on_that_step_and_its_undo_says_it_comes_back() -> None:
    game = bg_game({13: 1, 6: 5}, {14: 1, 1: 5}, dice=(2, 1))
    game.apply(bg_step(13, 11))
    assert told(game) == ["Ben's checker on 11 is hit and goes to the bar."]
    game.apply(UndoStep())
    assert told(game) == ["Ben's checker is back from the bar on 11."]
    game.apply(bg_step(6, 5))
    assert told(game) == []


@pytest.mark.parametrize(
    ("game", "text", "die", "told_after"),
    [
        (MiniGamGame(), "1:0-000001-7:1-000000-7", 1, "Ana's checker on 6 is hit"),
        (MultiGamGame(), f"1:0-001000-4:{START}:{START}:{START}", 3, "Ana's checker on 3 is hit"),
    ],
)
def test_a_hit_in_the_six_point_games_names_the_printed_point(
    game: FamilyGame, text: str, die: int, told_after: str
) -> None:
    six_point_game(game, text, (die, 2))
    game.apply(cell_step(game, "bar", die))
    assert told(game) == [f"{told_after} and goes to the bar."]


# ----- rolls -----


def test_a_roll_with_no_legal_move_is_narrated_as_a_lost_turn() -> None:
    # Ana is on the bar and Ben holds all six points of her entry.
    blocked = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}
    game = bg_game({25: 1, 13: 5}, blocked)
    game.apply(DiceThrow((6, 5)))
    assert told(game) == ["Ana cannot move with 6-5 and loses the turn."]
    assert game.player == 1


@pytest.mark.parametrize(
    ("throws", "last_told"),
    [
        ([(6, 3)], ["Ana wins the opening roll and plays 6-3."]),
        ([(2, 5)], ["Ben wins the opening roll and plays 5-2."]),
        ([(4, 4)], ["Both rolled 4: roll one die each again."]),
        ([(4, 4), (1, 2)], ["Ben wins the opening roll and plays 2-1."]),
    ],
)
def test_the_opening_roll_tells_who_starts_with_which_dice_or_that_a_tie_rolls_again(
    throws: list[tuple[int, int]], last_told: list[str]
) -> None:
    game = BackgammonGame()
    for throw in throws:
        game.apply(DiceThrow(throw))
    assert told(game) == last_told


def test_the_multigam_high_low_start_names_who_rerolls_and_the_starters_dice() -> None:
    game = MultiGamGame()
    game.apply(DiceThrow((5, 2, 5, 3)))
    assert told(game) == ["Ana and Cleo tie for the highest die with 5 and roll again."]
    game.apply(DiceThrow((1, 4)))
    assert told(game) == ["Cleo wins the opening roll and plays 4-1."]


def test_a_multigam_tie_that_ties_again_names_the_players_still_rolling() -> None:
    game = MultiGamGame()
    game.apply(DiceThrow((5, 2, 5, 3)))
    game.apply(DiceThrow((4, 4)))
    assert told(game) == ["Ana and Cleo tie for the highest die with 4 and roll again."]


@pytest.mark.parametrize(
    ("opening", "expected"),
    [
        (None, "The roll does not count: Ana and Ben roll again."),
        ((6, 5), "The roll does not count: Ana rolls again."),
    ],
)
def test_an_invalid_roll_says_who_rolls_again(
    opening: tuple[int, int] | None, expected: str
) -> None:
    game = BackgammonGame()
    if opening is not None:
        game.apply(DiceThrow(opening))
        game.apply(game.legal_actions()[0])
        game.apply(game.legal_actions()[0])  # Ben rolls rather than doubling
        game.apply(DiceThrow((3, 1)))
        game.apply(game.legal_actions()[0])
    game.apply(InvalidRoll())
    assert told(game) == [expected]


# ----- the cube and results -----


def test_a_double_taken_tells_the_cube_value_and_its_new_owner() -> None:
    game = bg_game({13: 5, 6: 10}, {13: 5, 6: 10}, match_length=7)
    game.apply(Double())
    assert told(game) == ["Ana offers the cube at 2: Ben must take or pass."]
    game.apply(Take())
    assert told(game) == ["Ben takes: the cube is at 2 and Ben owns it."]


def test_a_beaver_tells_the_cube_at_four_owned_by_the_beaverer() -> None:
    game = bg_game({13: 5, 6: 10}, {13: 5, 6: 10}, match_length=0, beavers=True)
    game.apply(Double())
    game.apply(Beaver())
    assert told(game) == ["Ben beavers: the cube is at 4 and Ben owns it."]


def test_a_double_passed_is_narrated_as_the_cube_value_won_and_the_score() -> None:
    game = bg_game({13: 5, 6: 10}, {13: 5, 6: 10}, match_length=7)
    game.cube = Cube(value=2, owner=0)
    game.apply(Double())
    game.apply(Pass())
    assert told(game) == [
        "Ana wins the game and 2 points (cube at 2).",
        "Score: Ana 2, Ben 0 (match to 7).",
        "Game 2 begins with the opening roll.",
    ]


def test_a_gammon_with_the_cube_at_two_is_narrated_as_four_points() -> None:
    game = bg_game(BEAR_OFF_LAST, {12: 15}, match_length=7)
    game.apply(Double())
    game.apply(Take())
    game.apply(DiceThrow((6, 5)))
    game.apply(game.parse_play("1/off"))
    assert told(game) == [
        "Ana bears off the last checker.",
        "Ana wins a gammon: 2 × cube 2 = 4 points.",
        "Score: Ana 4, Ben 0 (match to 7).",
        "Game 2 begins with the opening roll.",
    ]


@pytest.mark.parametrize(
    ("theirs", "result"),
    [
        ({6: 14}, "Ana wins a single game: 1 point."),
        ({12: 15}, "Ana wins a gammon: 2 points."),
        ({25: 1, 12: 14}, "Ana wins a backgammon: 3 points."),
        ({20: 15}, "Ana wins a backgammon: 3 points."),
    ],
)
def test_each_kind_of_win_is_narrated_with_its_points(theirs: dict[int, int], result: str) -> None:
    game = bg_game(BEAR_OFF_LAST, theirs, dice=(6, 5), match_length=7)
    game.apply(game.parse_play("1/off"))
    assert told(game)[:2] == ["Ana bears off the last checker.", result]


def test_the_jacoby_rule_is_named_when_a_gammon_counts_single() -> None:
    game = bg_game(BEAR_OFF_LAST, {12: 15}, dice=(6, 5), match_length=0, jacoby=True)
    game.apply(game.parse_play("1/off"))
    assert told(game) == [
        "Ana bears off the last checker.",
        "Ana wins a gammon: 1 point, counted single under the Jacoby rule.",
    ]


def test_the_crawford_game_beginning_is_narrated() -> None:
    game = bg_game(BEAR_OFF_LAST, {6: 14}, match_length=5)
    game.score = BackgammonScore(5, scores=(3, 1))
    game.apply(DiceThrow((6, 5)))
    game.apply(game.parse_play("1/off"))
    assert told(game)[2:] == [
        "Score: Ana 4, Ben 1 (match to 5).",
        "Ana is one point from winning the match: the next game is the Crawford game, "
        "with no doubling.",
        "Game 2 begins with the opening roll.",
    ]


def test_the_end_of_the_crawford_game_says_doubling_is_back() -> None:
    game = bg_game(BEAR_OFF_LAST, {6: 14}, mover=1, match_length=5)
    game.score = BackgammonScore(5, scores=(4, 1), crawford_game=True)
    game.apply(DiceThrow((5, 6)))
    game.apply(game.parse_play("1/off"))
    assert told(game)[2:] == [
        "Score: Ana 4, Ben 2 (match to 5).",
        "The Crawford game is over: doubling is allowed again from the next game.",
        "Game 2 begins with the opening roll.",
    ]


def test_the_match_end_is_narrated_with_the_final_score() -> None:
    game = bg_game(BEAR_OFF_LAST, {6: 14}, mover=1, match_length=3)
    game.score = BackgammonScore(3, scores=(1, 2), post_crawford=True)
    game.apply(DiceThrow((5, 6)))
    game.apply(game.parse_play("1/off"))
    assert told(game)[2:] == ["Final score: Ana 1, Ben 3 (match to 3)."]
    assert game.is_over


# ----- Mini-Gam and Multi-Gam -----


def test_a_minigam_game_won_tells_the_games_score_and_the_match_end() -> None:
    game = MiniGamGame(MiniGamOptions(wins_needed=2))
    six_point_game(game, "0:0-000001-7:1-000000-7", (6, 1))
    game.apply(game.parse_play("6/off"))
    assert told(game) == [
        "Ana bears off the last checker.",
        "Ana wins the game.",
        "Score: Ana 1, Ben 0 (first to 2 games).",
        "Game 2 begins with the opening roll.",
    ]
    six_point_game(game, "0:0-000001-7:1-000000-7", (6, 1))
    game.apply(game.parse_play("6/off"))
    assert told(game)[2:] == ["Final score: Ana 2, Ben 0 (first to 2 games)."]


def test_a_multigam_player_who_finishes_is_ranked_and_later_skipped() -> None:
    game = six_point_game(MultiGamGame(), f"0:0-000001-4:{START}:{START}:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert told(game) == [
        "Ana has borne off every checker and finishes 1st: Ana skips the rest of this game."
    ]
    for _ in range(3):
        game.apply(DiceThrow((3, 4)))
        game.apply(game.legal_actions()[0])
    assert told(game)[-1] == "Ana has finished and is skipped."
    assert game.player == 1


def test_a_multigam_game_over_tells_the_ranking_and_the_final_score() -> None:
    game = six_point_game(MultiGamGame(), f"2:{DONE}:{DONE}:0-000001-4:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert told(game)[1:] == [
        "Game over: 1st Ana, 2nd Ben, 3rd Cleo, 4th Dev.",
        "Final score: Ana 5, Ben 3, Cleo 2, Dev 1 (game 1 of 1).",
    ]


@pytest.mark.parametrize(
    ("first_places", "decided"),
    [
        ((1, 1, 0, 0), "Ana and Ben tie on 11 points: Ana wins on first places (2 to 1)."),
        ((0, 1, 1, 0), "Ana and Ben tie on 11 points and first places: they share the match."),
    ],
)
def test_a_multigam_match_tied_on_points_tells_how_the_tie_was_decided(
    first_places: tuple[int, ...], decided: str
) -> None:
    game = MultiGamGame(MultiGamOptions(games=3))
    game.score = RankScore(3, scores=(6, 8, 4, 2), first_places=first_places, games_played=2)
    six_point_game(game, f"2:{DONE}:{DONE}:0-000001-4:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert told(game)[-1] == decided
    assert game.is_over


def test_a_multigam_match_to_a_target_names_the_target_in_the_score() -> None:
    game = MultiGamGame(MultiGamOptions(target_score=10))
    six_point_game(game, f"2:{DONE}:{DONE}:0-000001-4:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert told(game)[2:] == [
        "Score: Ana 5, Ben 3, Cleo 2, Dev 1 (first to 10 points).",
        "Game 2 begins with the opening roll.",
    ]


# ----- what narration is not -----


def test_a_refused_action_leaves_the_last_narration_as_it_was() -> None:
    game = bg_game({13: 1, 6: 5}, {14: 1, 1: 5}, dice=(2, 1))
    game.apply(bg_step(13, 11))
    with pytest.raises(RuleError):
        game.apply(Roll())
    assert told(game) == ["Ben's checker on 11 is hit and goes to the bar."]


def test_the_next_action_replaces_the_narration_of_the_last() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((4, 4)))
    game.apply(DiceThrow((6, 3)))
    assert told(game) == ["Ana wins the opening roll and plays 6-3."]


@pytest.mark.parametrize("name", ["backgammon", "minigam", "multigam"])
def test_narration_is_not_saved_and_a_state_read_back_from_json_has_none(name: str) -> None:
    spec = game_spec(name)
    game = spec.new(spec.min_players, {})
    request = game.chance()
    assert request is not None
    game.apply(game.chance_action([6] + [1] * (request.dice - 1)))
    assert game.narration()
    data = game.to_json()
    assert "narration" not in data and "notes" not in data
    restored = spec.state_from_json(data)
    assert restored.narration() == []
    assert restored.to_json() == data


def test_narration_uses_placeholders_so_a_command_line_can_say_seat_numbers() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((2, 5)))
    (note,) = game.narration()
    assert note.seats == (1,)
    assert note.render(lambda seat: f"seat {seat}") == "seat 1 wins the opening roll and plays 5-2."
    assert game.phase is Phase.MOVE
