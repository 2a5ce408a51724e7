"""Classic UNO turns: matching, drawing, the action cards, the challenge and UNO calls."""

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour

from .classic_tables import cards, laid_out, plays


def play(text: str, colour: str | None = None, uno: bool = False) -> act.PlayCard:
    return act.PlayCard(Card.parse(text), Colour.parse(colour) if colour else None, uno)


# ------------------------------------------------------------------ matching


def test_a_play_must_match_colour_number_or_symbol_or_be_wild() -> None:
    state = laid_out([["Red 9", "Blue 5", "Blue 7", "Green Skip", "Wild"], ["Red 1"]], top="Red 5")
    assert plays(state) == {"Red 9", "Blue 5"} | {f"Wild ({c})" for c in Colour}


def test_mismatched_play_is_refused_with_a_sentence_and_changes_nothing() -> None:
    state = laid_out([["Blue 7", "Red 1"], ["Red 2"]], top="Red 5")
    before = state.to_json()
    with pytest.raises(RuleError, match=r"^Blue 7 does not match Red 5\.$"):
        state.apply(play("Blue 7"))
    assert state.to_json() == before


def test_after_a_wild_the_named_colour_must_be_matched() -> None:
    state = laid_out([["Red 7", "Blue 2"], ["Red 2"]], top="Wild", colour="Blue")
    assert plays(state) == {"Blue 2"}
    with pytest.raises(RuleError, match="the colour in play is Blue"):
        state.apply(play("Red 7"))


def test_a_card_not_in_hand_cannot_be_played() -> None:
    state = laid_out([["Red 7", "Blue 2"], ["Red 2"]], top="Red 5")
    with pytest.raises(RuleError, match="Seat 0 holds no Red 9"):
        state.apply(play("Red 9"))


def test_a_wild_must_name_a_colour_and_other_cards_must_not() -> None:
    state = laid_out([["Wild", "Red 7", "Blue 1"], ["Red 2"]], top="Red 5")
    with pytest.raises(RuleError, match="Name a colour for the Wild"):
        state.apply(play("Wild"))
    with pytest.raises(RuleError, match="Only a wild names a colour"):
        state.apply(play("Red 7", "Blue"))


def test_a_wild_may_be_played_any_time_and_sets_the_colour() -> None:
    state = laid_out([["Wild", "Red 7", "Blue 1"], ["Red 2", "Red 3"]], top="Red 5")
    state.apply(play("Wild", "Green"))
    assert state.colour is Colour.GREEN and state.to_move == 1


def test_only_the_player_to_move_plays() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"]], top="Red 5", current=1)
    with pytest.raises(RuleError, match="Seat 1 holds no Red 7"):
        state.apply(play("Red 7"))


# ------------------------------------------------------------------- drawing


def test_a_player_may_draw_even_holding_a_playable_card() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2"]], top="Red 5")
    assert act.Draw() in state.legal_actions()


def test_a_playable_drawn_card_may_be_played_at_once() -> None:
    state = laid_out([["Blue 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=["Red 8", "Red 9"])
    state.apply(act.Draw())
    assert state.phase == "drawn" and state.to_move == 0
    assert plays(state) == {"Red 8"}
    state.apply(play("Red 8"))
    assert state.top_card == Card.parse("Red 8") and state.to_move == 1


def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    state = laid_out([["Red 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=["Red 8"])
    state.apply(act.Draw())
    with pytest.raises(RuleError, match="only the card drawn, Red 8"):
        state.apply(play("Red 1"))


def test_a_playable_drawn_card_may_be_kept_and_the_turn_ends() -> None:
    state = laid_out([["Blue 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=["Red 8"])
    state.apply(act.Draw())
    state.apply(act.KeepCard())
    assert state.hand_sizes == [3, 1] and state.to_move == 1


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    state = laid_out([["Blue 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=["Green 8"])
    state.apply(act.Draw())
    assert state.hands[0][-1] == Card.parse("Green 8")
    assert state.phase == "turn" and state.to_move == 1


def test_option_play_drawn_card_off_ends_the_turn_after_any_draw() -> None:
    state = laid_out(
        [["Blue 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=["Red 8"], play_drawn_card=False
    )
    state.apply(act.Draw())
    assert state.to_move == 1


def test_empty_draw_pile_keeps_the_top_discard_and_shuffles_the_rest() -> None:
    state = laid_out(
        [["Blue 1", "Blue 2"], ["Red 2"]],
        top="Red 5",
        draw=[],
        discard_below=["Green 3", "Green 4"],
    )
    state.apply(act.Draw())
    request = state.chance()
    assert request is not None and request.kind == "shuffle" and request.size == 2
    state.apply(act.Shuffle((1, 0)))  # Green 3 ends on top
    assert state.discard == cards("Red 5")
    assert state.hands[0][-1] == Card.parse("Green 3")
    assert state.draw_pile == cards("Green 4")


def test_drawing_with_no_card_left_anywhere_draws_nothing() -> None:
    state = laid_out([["Blue 1", "Blue 2"], ["Red 2"]], top="Red 5", draw=[])
    state.apply(act.Draw())
    assert state.hand_sizes == [2, 1] and state.to_move == 1


# ------------------------------------------------------------------ actions


def test_skip_next_player_loses_the_turn() -> None:
    state = laid_out([["Red Skip", "Red 1"], ["Red 2"], ["Red 3"]], top="Red 5")
    state.apply(play("Red Skip"))
    assert state.to_move == 2


def test_reverse_flips_the_direction() -> None:
    state = laid_out([["Red Reverse", "Red 1"], ["Red 2"], ["Red 3"]], top="Red 5")
    state.apply(play("Red Reverse"))
    assert state.direction == -1 and state.to_move == 2


def test_reverse_with_two_players_acts_as_skip() -> None:
    state = laid_out([["Red Reverse", "Red 1"], ["Red 2"]], top="Red 5")
    state.apply(play("Red Reverse"))
    assert state.to_move == 0


def test_draw_two_next_player_draws_two_and_loses_the_turn() -> None:
    state = laid_out([["Red Draw Two", "Red 1"], ["Red 2"], ["Red 3"]], top="Red 5")
    state.apply(play("Red Draw Two"))
    assert state.hand_sizes == [1, 3, 1] and state.to_move == 2


def test_draw_two_does_not_stack_in_classic_rules() -> None:
    state = laid_out(
        [["Red Draw Two", "Red 1"], ["Blue Draw Two", "Red 2"], ["Red 3"]], top="Red 5"
    )
    state.apply(play("Red Draw Two"))
    assert state.to_move == 2 and state.hand_sizes[1] == 4


def test_skip_with_two_players_gives_the_player_another_turn() -> None:
    state = laid_out([["Red Skip", "Red 1"], ["Red 2"]], top="Red 5")
    state.apply(play("Red Skip"))
    assert state.to_move == 0


# ------------------------------------------------------ wild draw four


def wd4_table(**options: object) -> "object":
    return laid_out(
        [["Wild Draw Four", "Red 1", "Blue 1"], ["Green 2"], ["Green 3"]],
        top="Red 5",
        draw=["Yellow 1", "Yellow 2", "Yellow 3", "Yellow 4", "Yellow 5", "Yellow 6"],
        **options,
    )


def test_wild_draw_four_next_player_may_challenge_or_accept() -> None:
    state = wd4_table()
    state.apply(play("Wild Draw Four", "Blue"))
    assert state.phase == "challenge" and state.to_move == 1
    assert set(state.legal_actions()) == {act.Challenge(), act.AcceptDraw()}


def test_wild_draw_four_accepted_next_draws_four_and_loses_the_turn() -> None:
    state = wd4_table()
    state.apply(play("Wild Draw Four", "Blue"))
    state.apply(act.AcceptDraw())
    assert state.hand_sizes == [2, 5, 1] and state.to_move == 2
    assert state.colour is Colour.BLUE


def test_challenged_illegal_wild_draw_four_offender_draws_four_instead() -> None:
    state = wd4_table()  # seat 0 holds Red 1 while Red is in play
    state.apply(play("Wild Draw Four", "Blue"))
    state.apply(act.Challenge())
    assert state.hand_sizes == [6, 1, 1]
    assert state.to_move == 1  # the challenger is not skipped


def test_challenged_legal_wild_draw_four_challenger_draws_six() -> None:
    state = laid_out(
        [["Wild Draw Four", "Blue 1", "Red 5"], ["Green 2"], ["Green 3"]],
        top="Green 5",
        draw=["Yellow 1", "Yellow 2", "Yellow 3", "Yellow 4", "Yellow 5", "Yellow 6"],
    )  # a Red 5 matches by number, but only the colour makes the play illegal
    state.apply(play("Wild Draw Four", "Blue"))
    state.apply(act.Challenge())
    assert state.hand_sizes == [2, 7, 1] and state.to_move == 2


def test_option_bluff_off_refuses_wild_draw_four_while_holding_the_colour() -> None:
    state = wd4_table(wild_draw_four_bluff=False)
    with pytest.raises(RuleError, match="You hold a Red card"):
        state.apply(play("Wild Draw Four", "Blue"))
    assert not any(p.startswith("Wild Draw Four") for p in plays(state))


def test_no_play_while_a_wild_draw_four_waits_for_its_challenge() -> None:
    state = wd4_table()
    state.apply(play("Wild Draw Four", "Blue"))
    with pytest.raises(RuleError, match="must first challenge or accept"):
        state.apply(play("Green 2"))


def test_simulation_challenge_takes_no_verdict() -> None:
    state = wd4_table()
    state.apply(play("Wild Draw Four", "Blue"))
    with pytest.raises(RuleError, match="checks the hand itself"):
        state.apply(act.Challenge(guilty=True))


# --------------------------------------------------------------- UNO calls


def test_uno_called_with_the_second_to_last_card_cannot_be_caught() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"]], top="Red 5")
    state.apply(play("Red 7", uno=True))
    assert act.CatchUno(0) not in state.legal_actions()
    with pytest.raises(RuleError, match="Seat 0 cannot be caught"):
        state.apply(act.CatchUno(0))


def test_player_caught_without_calling_uno_draws_two() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"]], top="Red 5")
    state.apply(play("Red 7"))
    assert act.CatchUno(0) in state.legal_actions()
    state.apply(act.CatchUno(0))
    assert state.hand_sizes == [3, 2] and state.to_move == 1


def test_uno_catch_window_closes_when_the_next_player_acts() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"]], top="Red 7")
    state.apply(play("Red 7"))
    state.apply(play("Red 2"))
    with pytest.raises(RuleError, match="cannot be caught"):
        state.apply(act.CatchUno(0))


def test_option_uno_penalty_sets_the_cards_drawn() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"]], top="Red 5", uno_penalty=4)
    state.apply(play("Red 7"))
    state.apply(act.CatchUno(0))
    assert state.hand_sizes[0] == 5


def test_calling_uno_without_going_down_to_one_card_is_refused() -> None:
    state = laid_out([["Red 7", "Blue 1", "Blue 2"], ["Red 2"]], top="Red 5")
    with pytest.raises(RuleError, match="Call UNO only with the play that leaves you one card"):
        state.apply(play("Red 7", uno=True))


def test_legal_plays_offer_the_uno_call_with_the_second_to_last_card() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Red 2"]], top="Red 5")
    assert play("Red 7", uno=True) in state.legal_actions()
    assert play("Red 7") in state.legal_actions()


# ------------------------------------------------------- D-U1 blank wilds


def test_blank_wild_is_played_as_a_wild_that_names_a_colour_d_u1() -> None:
    state = laid_out(
        [["Blank Wild", "Blue 1"], ["Red 2"], ["Red 3"]], top="Red 5", deck="classic112"
    )
    assert "Blank Wild (Green)" in plays(state)
    state.apply(play("Blank Wild", "Green"))
    assert state.colour is Colour.GREEN and state.to_move == 1 and state.phase == "turn"


def test_blank_wild_option_wild_draw_four_makes_the_next_player_draw_four() -> None:
    state = laid_out(
        [["Blank Wild", "Blue 1"], ["Red 2"], ["Red 3"]],
        top="Red 5",
        deck="classic112",
        blank_wild="wild_draw_four",
    )
    state.apply(play("Blank Wild", "Green"))
    assert state.phase == "challenge" and state.to_move == 1
    state.apply(act.AcceptDraw())
    assert state.hand_sizes == [1, 5, 1] and state.to_move == 2


def test_draw_two_with_two_players_gives_the_player_another_turn() -> None:
    state = laid_out([["Red Draw Two", "Red 1"], ["Red 2"]], top="Red 5")
    state.apply(play("Red Draw Two"))
    assert state.hand_sizes == [1, 3] and state.to_move == 0


def test_uno_catch_window_closes_at_the_challenge_decision() -> None:
    state = laid_out(
        [["Wild Draw Four", "Blue 1"], ["Green 2"], ["Green 3"]],
        top="Red 5",
        draw=["Yellow 1", "Yellow 2", "Yellow 3", "Yellow 4"],
    )
    state.apply(play("Wild Draw Four", "Blue"))
    assert act.CatchUno(0) in state.legal_actions()  # the victim may still catch first
    state.apply(act.AcceptDraw())
    assert act.CatchUno(0) not in state.legal_actions()
