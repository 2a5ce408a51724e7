"""UNO Tiki Twist: Tiki Faces into the idol, the spin, Spin cards and the round's end."""

import pytest

from companion.games.base import ChanceRequest, RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_actions import PickSeat, SpinResult

from .variant_tables import laid_out, names, play


def tiki(hands: list[list[str]], **kwargs: object) -> TikiTwist:
    return laid_out(TikiTwist, hands, **kwargs)  # type: ignore[arg-type]


FOUR = [
    ["Tiki Draw 4", "Red 7", "Blue 1"],
    ["Red 2", "Red 3"],
    ["Red 4", "Blue 4"],
    ["Red 6", "Green 6"],
]


def test_tiki_face_may_be_played_without_a_match_even_holding_a_playable_card() -> None:
    state = tiki(FOUR, top="Yellow 5")
    assert "Tiki Draw 4" in names(state.legal_actions())
    state = tiki(FOUR, top="Red 5")
    assert {"Tiki Draw 4", "Red 7"} <= names(state.legal_actions())


def test_tiki_face_goes_into_the_idol_as_the_active_face_and_keeps_the_colour() -> None:
    state = tiki(FOUR, top="Yellow 5", idol=["Tiki Go To"])
    state.apply(play("Tiki Draw 4"))
    assert state.idol.active_tiki_face == Card.parse("Tiki Draw 4")
    assert state.idol.faces == [Card.parse("Tiki Go To"), Card.parse("Tiki Draw 4")]
    assert state.top_card == Card.parse("Yellow 5")
    assert state.colour is Colour.YELLOW


def test_discard_all_face_in_the_idol_does_not_change_the_colour_in_play() -> None:
    state = tiki([["Tiki Discard All Blue", "Red 7"], ["Red 2"]], top="Red 5")
    state.apply(play("Tiki Discard All Blue"))
    assert state.colour is Colour.RED


def test_playing_a_tiki_face_asks_chance_for_a_spin_naming_the_active_face() -> None:
    state = tiki(FOUR, top="Yellow 5")
    state.apply(play("Tiki Draw 4"))
    assert state.chance() == ChanceRequest(
        "spin", "Spin needed: Draw 4 is active.", seats=(0, 1, 2, 3)
    )
    assert state.to_move is None and state.spinning_seat == 0
    assert state.legal_actions() == []
    assert state.active_tiki_face == Card.parse("Tiki Draw 4")


def test_spin_outcome_is_a_seat_or_a_pair_of_neighbouring_seats() -> None:
    state = tiki(FOUR, top="Yellow 5")
    state.apply(play("Tiki Draw 4"))
    assert state.chance_action(2) == SpinResult((2,))
    assert state.chance_action([3, 0]) == SpinResult((3, 0))
    with pytest.raises(RuleError, match="not neighbours"):
        state.chance_action((0, 2))
    with pytest.raises(RuleError, match="can stop only at seats"):
        state.chance_action(7)


@pytest.mark.parametrize("outcome", [True, False, (True, False), [0, True], "01", 1.0, None])
def test_spin_outcome_is_a_seat_number_not_true_or_false(outcome: object) -> None:
    state = tiki(FOUR, top="Yellow 5")
    state.apply(play("Tiki Draw 4"))
    with pytest.raises(RuleError, match="can stop only at seats"):
        state.chance_action(outcome)
    with pytest.raises(RuleError, match="seat number"):
        state.spin_action(outcome)


def test_spin_between_two_seats_lets_the_spinner_pick_one() -> None:
    state = tiki(FOUR, top="Yellow 5")
    state.apply(play("Tiki Draw 4"))
    state.apply(state.chance_action((1, 2)))
    assert state.to_move == 0
    assert names(state.legal_actions()) == {"pick seat 1", "pick seat 2"}
    with pytest.raises(RuleError, match="between Seat 1 and Seat 2: pick one"):
        state.apply(PickSeat(3))
    state.apply(PickSeat(2))
    assert len(state.hands[2]) == 2 + 4


def test_a_spin_result_with_no_spin_pending_is_refused() -> None:
    state = tiki(FOUR, top="Yellow 5")
    with pytest.raises(RuleError, match="Nobody needs to spin"):
        state.apply(SpinResult((1,)))


@pytest.mark.parametrize(("face", "count"), [("Draw 1", 1), ("Draw 2", 2), ("Draw 4", 4)])
def test_draw_faces_make_the_chosen_player_draw_that_many(face: str, count: int) -> None:
    state = tiki([[f"Tiki {face}", "Red 7"], ["Red 2"], ["Red 4"]], top="Yellow 5")
    state.apply(play(f"Tiki {face}"))
    state.apply(state.chance_action(2))
    assert state.hand_sizes == [1, 1, 1 + count]


def test_the_chosen_player_may_be_the_spinner_themself() -> None:
    state = tiki([["Tiki Draw 2", "Red 7"], ["Red 2"], ["Red 4"]], top="Yellow 5")
    state.apply(play("Tiki Draw 2"))
    state.apply(state.chance_action(0))
    assert state.hand_sizes == [3, 1, 1]


def test_play_resumes_with_the_player_after_the_spinner_in_the_current_direction() -> None:
    state = tiki(FOUR, top="Yellow 5", current=0, direction=-1)
    state.apply(play("Tiki Draw 4"))
    state.apply(state.chance_action(1))
    assert state.to_move == 3


def test_spin_card_resolves_the_active_face_again() -> None:
    state = tiki(
        [["Yellow 4 Spin", "Red 7"], ["Red 2"], ["Red 4"]], top="Yellow 5", idol=["Tiki Draw 2"]
    )
    state.apply(play("Yellow 4 Spin"))
    assert state.chance() is not None and state.chance().prompt == "Spin needed: Draw 2 is active."
    state.apply(state.chance_action(1))
    assert state.hand_sizes == [1, 3, 1]
    assert state.idol.faces == [Card.parse("Tiki Draw 2")]
    assert state.to_move == 1


def test_spin_card_played_while_the_idol_is_empty_does_nothing_more_d_u4() -> None:
    state = tiki([["Yellow 4 Spin", "Red 7"], ["Red 2"], ["Red 4"]], top="Yellow 5")
    state.apply(play("Yellow 4 Spin"))
    assert state.chance() is None
    assert state.to_move == 1


@pytest.mark.parametrize(
    ("outcome", "picked", "to_move"), [(2, None, 2), ((0, 1), 1, 1), (0, None, 0)]
)
def test_spin_card_on_an_empty_idol_spins_to_pick_the_next_player_when_the_table_says_so_d_u4(
    outcome: object, picked: int | None, to_move: int
) -> None:
    state = tiki([["Yellow 4 Spin", "Red 7"], ["Red 2"], ["Red 4"]], top="Yellow 5",
                 spin_on_empty_idol="picks_next_player")
    state.apply(play("Yellow 4 Spin"))
    request = state.chance()
    assert request is not None and request.prompt == (
        "Spin needed: the idol is empty, the player it points to plays next."
    )
    state.apply(state.chance_action(outcome))
    if picked is not None:
        state.apply(PickSeat(picked))
    assert state.phase == "turn" and state.to_move == to_move
    assert state.hand_sizes == [1, 1, 1] and state.idol.is_empty
    assert [note.text for note in state.narration()] == ["{0} plays next (the idol is empty)."]


def test_tiki_face_played_as_the_last_card_wins_the_round_without_a_spin_d_u5() -> None:
    state = tiki([["Tiki Draw 4"], ["Red 2", "Red 9"], ["Red 4"]], top="Yellow 5")
    state.apply(play("Tiki Draw 4"))
    assert state.rounds[-1].winner == 0
    assert state.rounds[-1].points == (0, 11, 4)


def test_uno_applies_to_a_tiki_face_play_that_leaves_one_card_d_u5() -> None:
    state = tiki([["Tiki Draw 1", "Red 7"], ["Red 2", "Red 3"], ["Red 4", "Red 6"]], top="Red 5")
    calls = {a for a in state.legal_actions() if isinstance(a, act.PlayCard) and a.uno}
    assert play("Tiki Draw 1", uno=True) in calls
    state.apply(play("Tiki Draw 1"))
    state.apply(state.chance_action(2))
    assert act.CatchUno(0) in state.legal_actions()
    state.apply(act.CatchUno(0))
    assert state.hand_sizes[0] == 3


def test_a_player_only_plays_a_tiki_face_they_hold() -> None:
    state = tiki(FOUR, top="Yellow 5")
    with pytest.raises(RuleError, match="Seat 0 holds no Tiki Go To"):
        state.apply(play("Tiki Go To"))


def test_a_played_drawn_tiki_face_goes_into_the_idol() -> None:
    state = tiki([["Blue 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=["Tiki Draw 1", "Red 1"])
    state.apply(act.Draw())
    assert "Tiki Draw 1" in names(state.legal_actions())
    state.apply(play("Tiki Draw 1"))
    assert state.idol.active_tiki_face == Card.parse("Tiki Draw 1")
    assert state.chance() is not None


def test_tiki_face_cannot_be_the_last_card_when_the_table_turns_d_u5_off() -> None:
    state = tiki([["Tiki Draw 4"], ["Red 2", "Red 9"]], top="Yellow 5", tiki_face_goes_out=False)
    assert names(state.legal_actions()) == {"draw a card"}
    with pytest.raises(RuleError, match="A Tiki Face cannot be your last card"):
        state.apply(play("Tiki Draw 4"))


@pytest.mark.parametrize(
    ("face", "prompt"),
    [
        ("Tiki Discard All Red", "Spin needed: Discard All Red is active."),
        ("Tiki Go To", "Spin needed: Go To is active."),
        ("Tiki Discard 2", "Spin needed: Discard 2 is active."),
    ],
)
def test_spin_prompt_names_the_active_face(face: str, prompt: str) -> None:
    state = tiki([[face, "Red 7"], ["Red 2"]], top="Yellow 5")
    state.apply(play(face))
    request = state.chance()
    assert request is not None and request.prompt == prompt and request.seats == (0, 1)
