"""UNO Tiki Twist: every Tiki Face action, performed by the chosen player."""

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_actions import DiscardAll, EndTikiAction, TikiDiscard

from .variant_tables import laid_out, names, play


def spun_onto(face: str, target: int, hands: list[list[str]], **kwargs: object) -> TikiTwist:
    """Seat 0 plays `face` (added to its hand) and the idol points at `target`."""
    hands = [[face, *hands[0]], *hands[1:]]
    state: TikiTwist = laid_out(TikiTwist, hands, **kwargs)  # type: ignore[arg-type]
    state.apply(play(face))
    state.apply(state.chance_action(target))
    return state


def discard(text: str) -> TikiDiscard:
    return TikiDiscard(Card.parse(text))


HANDS = [["Red 7", "Blue 1"], ["Red 2", "Blue 3", "Blue 9", "Wild Tiki"], ["Red 4", "Green 6"]]


# ------------------------------------------------------------------ Discard 2


def test_discard_2_lets_the_chosen_player_discard_two_cards_of_their_choice() -> None:
    state = spun_onto("Tiki Discard 2", 1, HANDS, top="Yellow 5")
    assert state.to_move == 1
    assert names(state.legal_actions()) >= {"discard Wild Tiki", "discard Blue 9"}
    state.apply(discard("Wild Tiki"))
    assert state.to_move == 1
    state.apply(discard("Blue 9"))
    assert state.hands[1] == [Card.parse("Red 2"), Card.parse("Blue 3")]
    assert state.to_move == 1  # the turn passes to the player after the spinner


def test_tiki_discards_go_under_the_top_card_which_stays_in_play_d_u6() -> None:
    state = spun_onto("Tiki Discard 2", 1, HANDS, top="Yellow 5")
    state.apply(discard("Wild Tiki"))
    state.apply(discard("Blue 9"))
    assert state.top_card == Card.parse("Yellow 5")
    assert state.discard[-3:-1] == [Card.parse("Wild Tiki"), Card.parse("Blue 9")]
    assert state.colour is not None and state.colour.value == "Yellow"


def test_discard_2_is_optional_the_player_may_stop_or_decline() -> None:
    state = spun_onto("Tiki Discard 2", 2, HANDS, top="Yellow 5")
    assert EndTikiAction() in state.legal_actions()
    state.apply(EndTikiAction())
    assert state.hand_sizes == [2, 4, 2] and state.to_move == 1


def test_discard_2_refuses_a_card_the_player_does_not_hold() -> None:
    state = spun_onto("Tiki Discard 2", 2, HANDS, top="Yellow 5")
    with pytest.raises(RuleError, match="Seat 2 holds no Blue 9"):
        state.apply(discard("Blue 9"))


def test_hand_emptied_by_a_tiki_discard_wins_the_round_d_u6() -> None:
    state = spun_onto("Tiki Discard 2", 2, HANDS, top="Yellow 5")
    state.apply(discard("Red 4"))
    state.apply(discard("Green 6"))
    assert state.rounds[-1].winner == 2


# ---------------------------------------------------------------- Discard All


def test_discard_all_discards_every_card_of_the_face_colour_under_the_top_card() -> None:
    state = spun_onto("Tiki Discard All Blue", 1, HANDS, top="Yellow 5")
    assert state.to_move == 1
    assert state.legal_actions() == [DiscardAll(2), EndTikiAction()]
    state.apply(DiscardAll(2))
    assert state.hands[1] == [Card.parse("Red 2"), Card.parse("Wild Tiki")]
    assert state.top_card == Card.parse("Yellow 5")
    assert state.to_move == 1


def test_discard_all_is_all_or_none() -> None:
    state = spun_onto("Tiki Discard All Blue", 1, HANDS, top="Yellow 5")
    with pytest.raises(RuleError, match="all or none: Seat 1 holds 2 Blue cards"):
        state.apply(DiscardAll(1))
    assert state.hand_sizes[1] == 4


def test_discard_all_may_be_declined() -> None:
    state = spun_onto("Tiki Discard All Blue", 1, HANDS, top="Yellow 5")
    state.apply(EndTikiAction())
    assert state.hand_sizes[1] == 4 and state.to_move == 1


def test_discard_all_without_a_card_of_the_colour_does_nothing_and_costs_nothing() -> None:
    state = spun_onto("Tiki Discard All Blue", 2, HANDS, top="Yellow 5")
    assert state.hand_sizes == [2, 4, 2]
    assert state.phase == "turn" and state.to_move == 1


def test_wild_cards_are_not_of_a_colour_for_discard_all() -> None:
    state = spun_onto("Tiki Discard All Red", 1, [["Red 7"], ["Wild Tiki", "Red 2"], ["Red 4"]])
    assert DiscardAll(1) in state.legal_actions()


# ------------------------------------------------- D-U6 on top: tiki_discards


def test_tiki_discards_go_on_top_and_the_last_is_in_play_when_the_table_says_so_d_u6() -> None:
    state = spun_onto("Tiki Discard 2", 1, HANDS, top="Yellow 5", tiki_discards="on_top")
    state.apply(discard("Red 2"))
    assert state.top_card == Card.parse("Red 2") and state.colour is not None
    assert state.colour.value == "Red"
    state.apply(discard("Blue 9"))
    assert state.discard[-3:] == [Card.parse("Yellow 5"), Card.parse("Red 2"), Card.parse("Blue 9")]
    assert state.colour.value == "Blue" and state.to_move == 1
    assert "Blue 3" in names(state.legal_actions())  # Blue 3 on Blue 9, not on Yellow 5


def test_a_wild_discarded_on_top_leaves_the_colour_in_play_d_u6() -> None:
    state = spun_onto("Tiki Discard 2", 1, HANDS, top="Yellow 5", tiki_discards="on_top")
    state.apply(discard("Wild Tiki"))
    state.apply(EndTikiAction())
    assert state.top_card == Card.parse("Wild Tiki")
    assert state.colour is not None and state.colour.value == "Yellow"


def test_discard_all_on_top_lets_the_player_choose_the_card_left_in_play_d_u6() -> None:
    state = spun_onto("Tiki Discard All Blue", 1, HANDS, top="Yellow 5", tiki_discards="on_top")
    blue_3, blue_9 = Card.parse("Blue 3"), Card.parse("Blue 9")
    assert state.legal_actions() == [DiscardAll(2, blue_3), DiscardAll(2, blue_9), EndTikiAction()]
    with pytest.raises(RuleError, match="Name the Blue card laid down last"):
        state.apply(DiscardAll(2))
    with pytest.raises(RuleError, match="Seat 1 holds no Blue 7 to lay down last"):
        state.apply(DiscardAll(2, Card.parse("Blue 7")))
    state.apply(DiscardAll(2, blue_3))
    assert state.discard[-3:] == [Card.parse("Yellow 5"), blue_9, blue_3]
    assert state.top_card == blue_3 and state.hand_sizes[1] == 2


def test_discard_all_under_the_top_card_names_no_last_card_d_u6() -> None:
    state = spun_onto("Tiki Discard All Blue", 1, HANDS, top="Yellow 5")
    with pytest.raises(RuleError, match="go under the top card at this table"):
        state.apply(DiscardAll(2, Card.parse("Blue 3")))


def test_referee_enters_the_card_left_on_top_by_a_discard_all_d_u6() -> None:
    from companion.games.uno.referee import new_referee

    options = TikiTwist.options_type(tiki_discards="on_top")
    state = new_referee(TikiTwist, 3, options)
    state.apply(act.ChooseDealer(2))
    state.apply(act.TurnUp(Card.parse("Yellow 5")))
    state.apply(play("Tiki Discard All Green"))
    state.apply(state.chance_action(1))
    assert DiscardAll(2, Card.parse("Green 7")) in state.legal_actions()
    with pytest.raises(RuleError, match="Red 7 is not a Green card"):
        state.apply(DiscardAll(2, Card.parse("Red 7")))
    state.apply(DiscardAll(2, Card.parse("Green 7")))
    assert state.top_card == Card.parse("Green 7") and state.discard[-2] is None
    assert state.colour is not None and state.colour.value == "Green"
    assert state.hand_sizes == [6, 5, 7]


# --------------------------------------------------------------------- Go To


def test_go_to_sends_play_at_once_to_the_chosen_player() -> None:
    state = spun_onto("Tiki Go To", 2, HANDS, top="Red 5")
    assert state.to_move == 2 and state.go_to


def test_go_to_player_must_play_to_the_discard_pile_not_draw_nor_play_a_tiki_face() -> None:
    hands = [["Red 7", "Blue 1"], ["Red 2"], ["Red 4", "Tiki Draw 1", "Green 6"]]
    state = spun_onto("Tiki Go To", 2, hands, top="Red 5")
    assert names(state.legal_actions()) == {"Red 4"}
    with pytest.raises(RuleError, match="Go To: you must play to the discard pile"):
        state.apply(act.Draw())
    with pytest.raises(RuleError, match="a Tiki Face does not count"):
        state.apply(play("Tiki Draw 1"))


def test_go_to_play_continues_from_the_chosen_player_in_the_current_direction() -> None:
    state = spun_onto("Tiki Go To", 2, [["Red 7", "Blue 1"], ["Red 2"], ["Red 4", "Green 6"]])
    state.apply(play("Red 4"))
    assert state.to_move == 0 and not state.go_to


def test_go_to_player_without_a_playable_card_draws_one_and_may_play_it_d_u3() -> None:
    hands = [["Red 7", "Blue 1"], ["Red 2"], ["Green 4", "Green 6"]]
    state = spun_onto("Tiki Go To", 2, hands, top="Red 5", draw=["Red 9", "Blue 2"])
    assert names(state.legal_actions()) == {"draw a card"}
    state.apply(act.Draw())
    assert names(state.legal_actions()) == {"Red 9", "keep the drawn card"}
    state.apply(play("Red 9"))
    assert state.to_move == 0


def test_go_to_player_keeping_an_unplayable_drawn_card_passes_on_from_them_d_u3() -> None:
    hands = [["Red 7", "Blue 1"], ["Red 2"], ["Green 4", "Green 6"]]
    state = spun_onto("Tiki Go To", 2, hands, top="Red 5", draw=["Blue 2", "Red 9"])
    state.apply(act.Draw())
    assert state.to_move == 0 and state.hand_sizes[2] == 3


# -------------------------------------------------------------- the deck


def test_reshuffle_takes_the_discards_and_the_idol_faces_except_the_one_showing() -> None:
    state: TikiTwist = laid_out(  # type: ignore[assignment]
        TikiTwist,
        [["Tiki Draw 1", "Red 7"], ["Red 2", "Red 3"]],
        top="Red 5",
        discard_below=["Blue 8", "Blue 9"],
        idol=["Tiki Go To", "Tiki Draw 4"],
        draw=[],
    )
    state.apply(play("Tiki Draw 1"))
    state.apply(state.chance_action(1))
    request = state.chance()
    assert request is not None and request.kind == "shuffle" and request.size == 4
    state.apply(state.chance_action([0, 1, 2, 3]))
    assert state.idol.faces == [Card.parse("Tiki Draw 1")]
    assert state.discard == [Card.parse("Red 5")]
    assert state.hand_sizes == [1, 3] and len(state.draw_pile) == 3


def test_go_to_drawn_card_is_kept_when_the_table_turns_d_u3_off() -> None:
    hands = [["Red 7", "Blue 1"], ["Red 2"], ["Green 4", "Green 6"]]
    state = spun_onto(
        "Tiki Go To", 2, hands, top="Red 5", draw=["Red 9", "Blue 2"], go_to_plays_drawn_card=False
    )
    state.apply(act.Draw())
    assert state.to_move == 0 and state.hands[2][-1] == Card.parse("Red 9")


def test_a_discard_all_face_of_the_colour_in_play_does_not_make_a_wild_draw_four_illegal() -> None:
    """A table's own Tiki deck with Wild Draw Fours: a face is no card of the colour in play."""
    deck = [*(["Red 1", "Blue 2", "Green 3"] * 10), "Wild Draw Four", "Tiki Discard All Red"]
    state = laid_out(
        TikiTwist,
        [["Wild Draw Four", "Tiki Discard All Red", "Blue 2"], ["Green 3", "Red 1"]],
        top="Red 1",
        deck_cards=deck,
    )
    state.apply(play("Wild Draw Four", "Green"))
    state.apply(act.Challenge())
    assert state.hand_sizes == [2, 8]  # the challenge failed: the challenger drew six
