"""Standard move notation, written as GNU Backgammon writes it and read back leniently."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.backgammon import notation
from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, MULTIGAM, Board
from companion.games.backgammon.movement import Step, legal_plays
from companion.games.backgammon.notation import format_play, format_steps, parse_play
from companion.games.backgammon.position_id import board_from_position_id
from companion.games.base import RuleError
from tests.games.backgammon.boards import bg, six

OPENING = Board.start(BACKGAMMON)


@pytest.mark.parametrize(
    ("steps", "text"),
    [
        ([Step(17, 20, 3, False), Step(19, 20, 1, False)], "8/5 6/5"),
        ([Step(1, 7, 6, False), Step(12, 17, 5, False)], "24/18 13/8"),
        ([Step(1, 7, 6, False), Step(7, 12, 5, False)], "24/13"),
        ([Step(0, 3, 3, False)], "bar/22"),
        ([Step(19, 25, 6, False)], "6/off"),
        ([Step(17, 20, 3, False)] * 2, "8/5(2)"),
        ([Step(17, 20, 3, False)] * 2 + [Step(19, 22, 3, False)] * 2, "8/5(2) 6/3(2)"),
        ([Step(1, 7, 6, True), Step(7, 12, 5, False)], "24/18*/13"),
        ([Step(12, 14, 2, True), Step(1, 7, 6, False)], "24/18 13/11*"),
        ([Step(1, 2, 1, False), Step(1, 4, 3, False)], "24/23 24/21"),
    ],
    ids=[
        "two-checkers",
        "sorted-furthest-first",
        "one-checker-joined",
        "bar",
        "off",
        "count",
        "two-counts",
        "hit-on-the-way",
        "hit",
        "shorter-first",
    ],
)
def test_moves_are_written_as_gnu_backgammon_writes_them(steps: list[Step], text: str) -> None:
    assert format_steps(BACKGAMMON, 0, steps) == text


def test_two_checkers_hitting_on_one_point_are_counted_with_one_star() -> None:
    # A position GNU Backgammon analysed: its suggestion was 21/17*(2) 11/7(2).
    board = board_from_position_id("sG/BgCGMM+YAIw")
    texts = {format_play(board, 0, play) for play in legal_plays(board, 0, (4, 4))}
    assert {"21/17*(2) 11/7(2)", "21/17*(2) 8/4(2)"} <= texts


@pytest.mark.parametrize("text", ["8/5 6/5", "6/5 8/5", "8/5, 6/5", "  8/5   6/5 "])
def test_written_play_is_read_back_in_any_order(text: str) -> None:
    play = parse_play(OPENING, 0, (3, 1), text)
    assert format_play(OPENING, 0, play) == "8/5 6/5"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("24/21/20", "24/20"),
        ("24/23 23/20", "24/20"),
        ("24/20", "24/20"),
    ],
)
def test_chained_moves_of_one_checker_read_as_one_move(text: str, canonical: str) -> None:
    assert format_play(OPENING, 0, parse_play(OPENING, 0, (3, 1), text)) == canonical


@pytest.mark.parametrize(
    ("board", "dice", "text", "canonical"),
    [
        (bg({"bar": 1, 13: 14}, {}), (3, 1), "bar/22 13/12", "bar/22 13/12"),
        (bg({"bar": 1, 13: 14}, {}), (3, 1), "25/22 13/12", "bar/22 13/12"),
        (bg({"bar": 1, 13: 14}, {}), (3, 1), "Bar/21", "bar/21"),
        (bg({6: 2}, {}), (6, 6), "6/off(2)", "6/off(2)"),
        (bg({6: 2}, {}), (6, 6), "6/0 6/0", "6/off(2)"),
        (bg({13: 1}, {15: 1, 1: 14}), (2, 1), "13/10", "13/10*"),
        (bg({13: 1}, {15: 1, 1: 14}), (2, 1), "13/10*", "13/10*"),
        (OPENING, (3, 1), "8/5* 6/5", "8/5 6/5"),
    ],
    ids=[
        "bar",
        "bar-as-25",
        "capital-bar",
        "off-count",
        "off-as-0",
        "missing-star",
        "star",
        "needless-star",
    ],
)
def test_notation_variants_are_read(
    board: Board, dice: tuple[int, int], text: str, canonical: str
) -> None:
    assert format_play(board, 0, parse_play(board, 0, dice, text)) == canonical


def test_a_missing_star_means_the_route_that_does_not_hit_when_both_exist() -> None:
    board = bg({24: 1}, {4: 1, 6: 14})  # an O blot on X's 21-point: 24/23/20 goes around it
    plays = legal_plays(board, 0, (3, 1))
    texts = {format_play(board, 0, play) for play in plays}
    assert {"24/21*/20", "24/20"} <= texts
    assert format_play(board, 0, parse_play(board, 0, (3, 1), "24/20")) == "24/20"
    assert format_play(board, 0, parse_play(board, 0, (3, 1), "24/21*/20")) == "24/21*/20"


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("24-18", "is not a move"),
        ("18/24", "moves backwards"),
        ("24/x", "is not a point"),
        ("30/27", "no point 30"),
        ("24/14", "is not a legal play with 3-1"),
        ("", "you must play"),
        ("\u00b24/21", "is not a point"),  # a superscript two is no point number
        ("24/21(0)", "is not a move"),
        ("13/10(9)", "is not a move"),
        ("9" * 5000 + "/5", "no point 9999999999999999..."),  # int() refuses 4301+ digits
        ("-" * 10_000, r"^'----------------\.\.\.' is not a move"),  # cut short in the sentence
    ],
)
def test_bad_notation_is_rejected_with_a_sentence(text: str, sentence: str) -> None:
    with pytest.raises(RuleError, match=sentence):
        parse_play(OPENING, 0, (3, 1), text)


def test_minigam_notation_uses_the_printed_point_numbers() -> None:
    board = six(MINIGAM, {"bar": 8}, {"bar": 8})
    # Seat 1 enters on 7 - die: a 6 on point 1, a 5 on point 2.
    assert {format_play(board, 1, p) for p in legal_plays(board, 1, (6, 5))} == {"bar/2 bar/1"}
    play = parse_play(board, 1, (6, 5), "bar/1 bar/2")
    assert format_play(board, 1, play) == "bar/2 bar/1"


def test_multigam_notation_accepts_bar_as_0_and_off_as_7() -> None:
    board = six(MULTIGAM, {"bar": 1, 6: 4}, {}, {}, {})
    play = parse_play(board, 0, (6, 1), "0/6 6/7")
    assert format_play(board, 0, play) == "bar/off"


_POSITIONS = st.integers(min_value=0, max_value=24)
_STEPS = st.builds(
    lambda source, die, hit: Step(source, min(source + die, 25), die, hit and source + die < 25),
    _POSITIONS,
    st.integers(min_value=1, max_value=6),
    st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_STEPS, min_size=2, max_size=2))
def test_two_steps_are_written_as_the_general_writer_writes_them(steps: list[Step]) -> None:
    labels = notation._StepsWriter(BACKGAMMON, 0).labels
    assert notation._write_two(labels, steps) == notation._write_paths(labels, steps)


@settings(max_examples=100, deadline=None)
@given(st.lists(_STEPS, min_size=3, max_size=4))
def test_remembered_notation_is_the_notation_written_afresh(steps: list[Step]) -> None:
    writer = notation._StepsWriter(BACKGAMMON, 0)
    first, again = writer(steps), writer(tuple(steps))
    assert first == again == notation._write_paths(writer.labels, steps)


def test_remembered_notation_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notation, "_MEMO_SIZE", 4)
    writer = notation._StepsWriter(BACKGAMMON, 0)
    for source in range(1, 11):
        writer((Step(source, source + 2, 2, False),) * 4)
        assert len(writer.memo) <= 4
    assert writer((Step(3, 5, 2, False),) * 4) == "22/20(4)"


@settings(max_examples=100, deadline=None)
@given(st.lists(_STEPS, min_size=1, max_size=4))
def test_a_writer_that_remembers_nothing_writes_what_format_steps_writes(
    steps: list[Step],
) -> None:
    writers: dict[object, notation._StepsWriter] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(notation, "_WRITERS", writers)
        written = notation.steps_writer(BACKGAMMON, 0, remember=False)(tuple(steps))
        assert [writer.memo for writer in writers.values()] == [{}]
    assert written == format_steps(BACKGAMMON, 0, steps)
