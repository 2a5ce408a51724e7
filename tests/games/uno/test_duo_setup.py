"""UNO Duo: two players, the draft, who plays first and the start-card rules."""

import pytest

from companion.games.base import RuleError
from companion.games.registry import game_spec
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.duo import DuoUno
from companion.games.uno.duo_actions import DraftPick, PlayColour

from .classic_tables import cards, stacked
from .variant_tables import duo_draft, duo_match, laid_out, names, play


def drafting(dealer: int = 0, top: tuple[str, ...] = ()) -> DuoUno:
    """A match whose deck was shuffled with `top` on top, now drafting."""
    state = duo_match()
    state.dealer = dealer
    state.pending_chance = None
    state.begin_round()
    state.apply(stacked(state.shuffle_cards("deal"), cards(*top)))
    return state


def test_uno_duo_is_for_exactly_two_players() -> None:
    with pytest.raises(RuleError, match=r"^UNO Duo is for exactly 2 players, not 3\.$"):
        DuoUno(3)


def test_uno_duo_defaults_are_the_112_deck_and_200_points() -> None:
    state = duo_match()
    assert len(state.deck) == 112
    assert state.options.target == 200 and state.options.scoring == "own_hand"


def test_the_cut_winner_is_player_1_and_drafts_first() -> None:
    state = drafting(dealer=1)
    assert state.phase == "draft" and state.to_move == 1
    assert state.legal_actions() == [DraftPick(True), DraftPick(False)]


def test_keeping_takes_the_card_looked_at_and_turns_the_next_onto_the_draft_discard() -> None:
    state = drafting(top=("Red 3", "Blue 9"))
    assert state.draft_card == Card.parse("Red 3")
    state.apply(DraftPick(True))
    assert state.hands[0] == cards("Red 3")
    assert state.draft_discard == cards("Blue 9")
    assert state.to_move == 1


def test_discarding_puts_the_card_on_the_draft_discard_and_the_next_must_be_kept() -> None:
    state = drafting(top=("Red 3", "Blue 9"))
    state.apply(DraftPick(False))
    assert state.hands[0] == cards("Blue 9")
    assert state.draft_discard == cards("Red 3")


def test_draft_ends_with_seven_each_and_the_fourteen_discards_under_the_draw_pile() -> None:
    state = drafting()
    picks = 0
    while state.phase == "draft":
        state.apply(DraftPick(picks % 3 == 0))
        picks += 1
        if state.phase == "draft":
            assert len(state.draft_discard) == picks
    assert picks == 14 and state.hand_sizes == [7, 7]
    assert state.draft_discard == []
    assert len(state.draw_pile) == 112 - 14 - 1
    assert state.phase != "draft"


def test_draft_discard_is_turned_face_down_under_the_draw_pile_in_order() -> None:
    colours = ("Red", "Blue", "Green", "Yellow")
    top = tuple(f"{colour} {n}" for n in range(1, 8) for colour in colours)
    state = drafting(top=(*top, "Red 0"))
    while state.phase == "draft":
        state.apply(DraftPick(True))
    under = state.draw_pile[:14]
    # Kept and discarded cards alternate; the first discarded ends at the top of that block.
    assert under[-1] == Card.parse("Blue 1") and under[0] == Card.parse("Yellow 7")


def test_playing_during_the_draft_is_refused_with_who_is_drafting() -> None:
    state = drafting()
    with pytest.raises(RuleError, match=r"cannot play Red 1 now\. Seat 0 is drafting"):
        state.apply(play("Red 1"))
    with pytest.raises(RuleError, match="Seat 0 is drafting"):
        state.apply(PlayColour(tuple(cards("Red 1"))))


def test_the_first_drafter_alternates_each_round() -> None:
    state = laid_out(DuoUno, [["Red 7"], ["Blue 3"]], top="Red 5")
    state.dealer = 0
    state.apply(play("Red 7"))
    state.apply(state.chance_action(list(range(112))))
    assert state.phase == "draft" and state.to_move == 1


# ---------------------------------------------------------------- start card


def test_player_2_goes_first_on_a_number() -> None:
    state = duo_draft(duo_match(), [], [], "Green 5", dealer=0)
    assert state.to_move == 1


@pytest.mark.parametrize(("start", "count"), [("Blue Draw Two", 2), ("Wild Draw Four", 4)])
def test_draw_start_card_makes_player_2_draw_and_end_the_turn(start: str, count: int) -> None:
    state = duo_draft(duo_match(), [], [], start, dealer=0)
    if start == "Wild Draw Four":
        assert state.phase == "start_colour" and state.to_move == 0
        state.apply(act.ChooseColour(Colour.RED))
    assert state.hand_sizes == [7, 7 + count]
    assert state.to_move == 0 and state.phase == "turn"


def test_skip_start_card_makes_player_1_go_first() -> None:
    state = duo_draft(duo_match(), [], [], "Yellow Skip", dealer=1)
    assert state.to_move == 1


def test_wild_start_card_player_1_names_the_colour_and_player_2_plays() -> None:
    state = duo_draft(duo_match(), [], [], "Wild", dealer=0)
    assert state.phase == "start_colour" and state.to_move == 0
    state.apply(act.ChooseColour(Colour.BLUE))
    assert state.colour is Colour.BLUE and state.to_move == 1


def test_reverse_start_card_lets_player_2_play_all_cards_of_its_colour() -> None:
    second = ["Red 1", "Red Skip", "Blue 4"]
    state = duo_draft(duo_match(), [], second, "Red Reverse", dealer=0)
    assert state.to_move == 1
    runs = {a for a in state.legal_actions() if isinstance(a, PlayColour)}
    assert runs == {
        PlayColour(tuple(cards("Red Skip", "Red 1"))),
        PlayColour(tuple(cards("Red 1", "Red Skip"))),
    }
    state.apply(PlayColour(tuple(cards("Red Skip", "Red 1"))))
    assert state.hand_sizes[1] == 5 and state.top_card == Card.parse("Red 1")
    assert state.to_move == 0


def test_reverse_start_card_offer_may_be_ignored_for_a_normal_turn() -> None:
    state = duo_draft(duo_match(), [], ["Red 1", "Red Skip", "Blue 4"], "Red Reverse", dealer=0)
    assert "Red 1" in names(state.legal_actions())
    state.apply(play("Red 1"))
    assert state.to_move == 0 and state.hand_sizes[1] == 6


def test_tiki_twist_and_uno_duo_are_registered_games() -> None:
    tiki, duo = game_spec("tiki"), game_spec("duo")
    assert (tiki.title, tiki.min_players, tiki.max_players) == ("UNO Tiki Twist", 2, 10)
    assert (duo.title, duo.min_players, duo.max_players) == ("UNO Duo", 2, 2)
    assert isinstance(duo.new(2, {}), DuoUno)
    with pytest.raises(RuleError, match="no UNO rule option called 'spin'"):
        duo.new(2, {"spin": True})


def test_a_deck_too_small_for_the_draft_is_refused() -> None:
    small = [f"{colour} {n}" for colour in ("Red", "Blue") for n in range(1, 10)]
    with pytest.raises(RuleError, match=r"cannot draft 7 cards each.*needs 29"):
        duo_match(deck_cards=small)
