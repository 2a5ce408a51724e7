"""GNU Backgammon Match IDs, checked against IDs written by GNU Backgammon itself."""

import pytest

from companion.games.backgammon.match_id import (
    GameStatus,
    MatchInfo,
    decode_match_id,
    encode_match_id,
)
from companion.games.base import RuleError

KNOWN_IDS = [
    # The worked example of the GNU Backgammon manual.
    (
        "QYkqASAAIAAA",
        MatchInfo(
            cube_value=2,
            cube_owner=0,
            player_on_roll=1,
            status=GameStatus.PLAYING,
            player_to_decide=1,
            dice=(5, 2),
            match_length=9,
            scores=(2, 4),
        ),
    ),
    # Money play before the first game, player 0 and player 1 to start.
    ("MAAAAAAAAAAA", MatchInfo(status=GameStatus.NONE)),
    ("cAgAAAAAAAAA", MatchInfo(status=GameStatus.NONE, player_on_roll=1, player_to_decide=1)),
    # A 7-point match at 3-4, player 1 having rolled 6-6.
    (
        "cAn7ADAAIAAA",
        MatchInfo(player_on_roll=1, player_to_decide=1, dice=(6, 6), match_length=7, scores=(3, 4)),
    ),
    # A 3-point match at 2-1, the Crawford game, Jacoby off.
    (
        "8IhuACAACAAE",
        MatchInfo(
            player_on_roll=1,
            crawford=True,
            status=GameStatus.NONE,
            player_to_decide=1,
            dice=(5, 3),
            match_length=3,
            scores=(2, 1),
            jacoby=False,
        ),
    ),
]


@pytest.mark.parametrize(("match_id", "info"), KNOWN_IDS)
def test_match_id_decodes_as_gnu_backgammon_wrote_it(match_id: str, info: MatchInfo) -> None:
    assert decode_match_id(match_id) == info


@pytest.mark.parametrize(("match_id", "info"), KNOWN_IDS)
def test_match_id_encodes_as_gnu_backgammon_writes_it(match_id: str, info: MatchInfo) -> None:
    assert encode_match_id(info) == match_id


def test_match_id_writes_the_larger_die_first() -> None:
    low_first = MatchInfo(dice=(2, 5), match_length=9, scores=(2, 4), cube_value=2, cube_owner=0,
                          player_on_roll=1, player_to_decide=1)
    assert encode_match_id(low_first) == "QYkqASAAIAAA"


def test_match_id_records_an_offered_double_with_the_taker_to_decide() -> None:
    info = MatchInfo(cube_value=4, cube_owner=1, player_on_roll=1, player_to_decide=0,
                     double_offered=True, match_length=11, scores=(7, 9))
    assert decode_match_id(encode_match_id(info)) == info


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QYkqASAA", "12 characters"),
        ("QYkqASAA!AAA", "not a Match ID"),
        ("cAgAAAAAAAAA"[:11] + "=", "not a Match ID"),
        ("MAAAAAAAAAAA".replace("M", "I", 1), "valid owner"),
    ],
)
def test_bad_match_ids_are_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        decode_match_id(text)


def test_match_id_with_a_score_beyond_the_match_length_is_refused() -> None:
    too_high = encode_match_id(MatchInfo(match_length=63, scores=(40, 0)))
    patched = too_high[:3] + "B" + too_high[4:]  # shrink the match length field to 1
    with pytest.raises(RuleError):
        decode_match_id(patched)


@pytest.mark.parametrize(
    "bad",
    [
        {"cube_value": 3},
        {"cube_owner": 2},
        {"dice": (7, 1)},
        {"crawford": True},
        {"match_length": 5, "scores": (6, 0)},
    ],
)
def test_impossible_match_info_is_refused(bad: dict) -> None:
    with pytest.raises(RuleError):
        MatchInfo(**bad)


@pytest.mark.parametrize("status", list(GameStatus))
def test_every_game_state_gnubg_writes_reads_back_as_itself(status: GameStatus) -> None:
    """A position exported by GNU Backgammon after a resignation (state 3) or a dropped cube
    (4) is read, not refused: the states are gnubg's format, not only those this engine
    reaches."""
    info = MatchInfo(status=status, match_length=5, scores=(1, 2))
    assert decode_match_id(encode_match_id(info)).status is status
