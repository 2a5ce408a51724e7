"""Match scoring: points to a length (Backgammon), first to N (Mini-Gam), 5/3/2/1 (Multi-Gam)."""

import pytest

from companion.games.backgammon.match import BackgammonScore, RankScore, WinsScore
from companion.games.backgammon.options import BackgammonOptions
from companion.games.base import RuleError


def test_backgammon_match_is_won_on_reaching_the_match_length() -> None:
    score = BackgammonScore(match_length=5).record(0, 2).record(1, 1).record(0, 4)
    assert score.is_over
    assert score.winners() == [0]
    assert score.scores == (5, 1)


def test_points_beyond_the_match_length_are_not_counted() -> None:
    assert BackgammonScore(match_length=3).record(1, 6).scores == (0, 3)


def test_money_game_is_one_game_scored_in_points() -> None:
    score = BackgammonScore(match_length=0).record(1, 8)
    assert score.is_over
    assert (score.scores, score.winners()) == ((0, 8), [1])


def test_no_game_is_scored_after_the_match_is_over() -> None:
    with pytest.raises(RuleError, match="match is over"):
        BackgammonScore(match_length=1).record(0, 1).record(1, 1)


def test_mini_gam_match_is_first_to_the_wins_needed_d_b4() -> None:
    score = WinsScore(wins_needed=2).record(1).record(0)
    assert not score.is_over
    score = score.record(1)
    assert (score.is_over, score.winners(), score.wins) == (True, [1], (1, 2))


def test_multi_gam_ranks_score_five_three_two_one() -> None:
    score = RankScore(games=1).record([2, 0, 3, 1])
    assert score.scores == (3, 1, 5, 2)


def test_multi_gam_match_of_a_set_number_of_games_d_b5() -> None:
    score = RankScore(games=2).record([0, 1, 2, 3])
    assert not score.is_over
    assert score.record([1, 0, 2, 3]).is_over


def test_multi_gam_match_to_a_target_score_ends_when_it_is_reached() -> None:
    score = RankScore(games=1, target_score=9).record([0, 1, 2, 3])
    assert not score.is_over
    score = score.record([0, 1, 2, 3])
    assert score.is_over and score.winners() == [0]


def test_multi_gam_tie_on_points_goes_to_most_first_places_d_b5() -> None:
    score = RankScore(games=3).record([0, 1, 2, 3]).record([0, 1, 2, 3]).record([1, 2, 3, 0])
    assert score.scores[:2] == (11, 11)
    assert score.first_places[:2] == (2, 1)
    assert score.winners() == [0]


def test_multi_gam_tie_on_points_and_first_places_is_shared_d_b5() -> None:
    score = RankScore(games=2).record([0, 1, 2, 3]).record([1, 0, 2, 3])
    assert score.scores[:2] == (8, 8)
    assert score.winners() == [0, 1]


def test_multi_gam_ranking_must_name_all_four_seats() -> None:
    with pytest.raises(RuleError, match="all four seats"):
        RankScore(games=1).record([0, 0, 1, 2])


@pytest.mark.parametrize(
    "score",
    [
        BackgammonScore(match_length=7, scores=(5, 6), crawford_game=True, games_played=4),
        WinsScore(wins_needed=3, wins=(1, 2)),
        RankScore(games=3, target_score=0, scores=(8, 5, 4, 7), first_places=(1, 1, 0, 0),
                  games_played=2),
    ],
)
def test_match_scores_round_trip_through_json(score: object) -> None:
    assert type(score).from_json(score.to_json()) == score  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("length", "accepted"),
    [(1, True), (3, True), (7, True), (63, True), (2, False), (6, False), (65, False)],
)
def test_a_match_is_played_to_an_odd_number_of_points(length: int, accepted: bool) -> None:
    if accepted:
        assert BackgammonOptions(match_length=length).match_length == length
    else:
        with pytest.raises(RuleError, match="odd number of points"):
            BackgammonOptions(match_length=length)
