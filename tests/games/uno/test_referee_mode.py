"""Table referee mode: physical cards, unknown hands, every entered play checked."""

import json

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.classic import ClassicUno
from companion.games.uno.options import ClassicOptions
from companion.games.uno.referee import new_referee


def referee(players: int = 3, **options: object) -> ClassicUno:
    state = new_referee(ClassicUno, players, ClassicOptions.from_json(options))
    assert isinstance(state, ClassicUno)
    return state


def play(text: str, colour: str | None = None, uno: bool = False) -> act.PlayCard:
    return act.PlayCard(Card.parse(text), Colour.parse(colour) if colour else None, uno)


def started(
    start: str = "Red 5", players: int = 3, dealer: int = 0, **options: object
) -> ClassicUno:
    state = referee(players, **options)
    state.apply(act.ChooseDealer(dealer))
    state.apply(act.TurnUp(Card.parse(start)))
    return state


def test_referee_match_asks_for_the_dealer_not_for_a_shuffle() -> None:
    state = referee()
    assert state.chance() is None
    assert state.legal_actions() == [act.ChooseDealer(seat) for seat in range(3)]


def test_referee_round_tracks_seven_unknown_cards_per_hand() -> None:
    state = referee()
    state.apply(act.ChooseDealer(2))
    assert state.phase == "start_card" and state.to_move == 2
    state.apply(act.TurnUp(Card.parse("Red 5")))
    assert state.hand_sizes == [7, 7, 7]
    assert len(state.draw_pile) == 108 - 22
    assert state.to_move == 0


@pytest.mark.parametrize(
    ("start", "to_move", "sizes"),
    [
        ("Red 5", 1, [7, 7, 7]),
        ("Red Skip", 2, [7, 7, 7]),
        ("Red Reverse", 0, [7, 7, 7]),
        ("Red Draw Two", 2, [7, 9, 7]),
    ],
)
def test_referee_start_card_effects(start: str, to_move: int, sizes: list[int]) -> None:
    state = started(start)
    assert state.to_move == to_move and state.hand_sizes == sizes


def test_referee_wild_draw_four_start_asks_for_another_start_card() -> None:
    state = referee()
    state.apply(act.ChooseDealer(0))
    state.apply(act.TurnUp(Card.parse("Wild Draw Four")))
    assert state.phase == "start_card" and state.discard == [] and state.chance() is None
    state.apply(act.TurnUp(Card.parse("Blue 2")))
    assert state.colour is Colour.BLUE and state.to_move == 1


def test_referee_wild_start_first_player_names_the_colour() -> None:
    state = started("Wild")
    assert state.phase == "start_colour" and state.to_move == 1


def test_referee_checks_each_play_against_the_top_card() -> None:
    state = started("Red 5")
    with pytest.raises(RuleError, match=r"^Blue 7 does not match Red 5\.$"):
        state.apply(play("Blue 7"))
    state.apply(play("Blue 5"))
    assert state.hand_sizes == [7, 6, 7] and state.top_card == Card.parse("Blue 5")


def test_referee_checks_plays_against_the_colour_named_for_a_wild() -> None:
    state = started("Red 5")
    state.apply(play("Wild", "Green"))
    with pytest.raises(RuleError, match="the colour in play is Green"):
        state.apply(play("Red 7"))
    state.apply(play("Green 7"))


def test_referee_refuses_a_play_while_a_draw_is_pending() -> None:
    state = started("Red 5")
    state.apply(play("Wild Draw Four", "Blue"))
    with pytest.raises(RuleError, match="must first challenge or accept"):
        state.apply(play("Blue 7"))


def test_referee_refuses_cards_that_are_not_in_the_deck() -> None:
    state = started("Red 5")
    with pytest.raises(RuleError, match="Blank Wild is not in this deck"):
        state.apply(play("Blank Wild", "Red"))


def test_referee_drawn_card_stays_unknown_until_played() -> None:
    state = started("Red 5")
    state.apply(act.Draw())
    assert state.hand_sizes == [7, 8, 7] and state.hands[1][-1] is None
    assert state.phase == "drawn"
    state.apply(play("Red 9"))
    assert state.hand_sizes == [7, 7, 7] and state.to_move == 2


def test_referee_drawn_card_may_be_kept() -> None:
    state = started("Red 5")
    state.apply(act.Draw())
    state.apply(act.KeepCard())
    assert state.hand_sizes == [7, 8, 7] and state.to_move == 2


def test_referee_challenge_needs_the_verdict_of_the_shown_hand() -> None:
    state = started("Red 5")
    state.apply(play("Wild Draw Four", "Blue"))
    with pytest.raises(RuleError, match="Enter what the challenged hand showed"):
        state.apply(act.Challenge())


@pytest.mark.parametrize(
    ("guilty", "sizes", "to_move"), [(True, [7, 10, 7], 2), (False, [7, 6, 13], 0)]
)
def test_referee_challenge_outcomes(guilty: bool, sizes: list[int], to_move: int) -> None:
    state = started("Red 5")
    state.apply(play("Wild Draw Four", "Blue"))
    state.apply(act.Challenge(guilty))
    assert state.hand_sizes == sizes and state.to_move == to_move


def test_referee_tracks_uno_and_the_catch_from_hand_sizes() -> None:
    state = started("Red 5", players=2)
    state.hands[1] = [None, None]
    state.apply(play("Red 7"))
    assert act.CatchUno(1) in state.legal_actions()
    state.apply(act.CatchUno(1))
    assert state.hand_sizes == [7, 3]


def test_referee_reshuffles_without_asking_when_the_draw_pile_runs_out() -> None:
    state = started("Red 5")
    state.piles.discard = [Card.parse(text) for text in ("Green 1", "Green 2", "Red 5")]
    state.piles.draw_pile = []
    state.apply(act.Draw())
    assert state.chance() is None
    assert state.discard == [Card.parse("Red 5")]
    assert len(state.draw_pile) == 1 and state.hand_sizes[1] == 8


def go_out(state: ClassicUno) -> None:
    state.hands[1] = [None]
    state.apply(play("Red 7"))


def test_referee_round_end_asks_for_each_hand() -> None:
    state = started("Red 5")
    go_out(state)
    assert state.phase == "scoring" and state.to_move == 1
    assert state.seats_to_count() == [0, 2]


def test_referee_scores_a_hand_entered_as_cards() -> None:
    state = started("Red 5")
    go_out(state)
    state.hands[0] = [None, None]
    state.apply(act.CountHand(0, cards=(Card.parse("Wild"), Card.parse("Blue 3"))))
    state.apply(act.CountHand(2, points=40))
    assert state.scores() == [0, 93, 0] and state.phase == "start_card"
    assert state.dealer == 1


def test_referee_refuses_a_hand_with_the_wrong_number_of_cards() -> None:
    state = started("Red 5")
    go_out(state)
    with pytest.raises(RuleError, match="Seat 0 holds 7 cards: enter all 7, or their points"):
        state.apply(act.CountHand(0, cards=(Card.parse("Wild"),)))


@pytest.mark.parametrize(
    ("entry", "sentence"),
    [
        (act.CountHand(1, points=5), "Seat 1 has no hand to count"),
        (act.CountHand(0), "Enter the cards left in Seat 0's hand or their points"),
        (act.CountHand(0, points=-3), "cannot be worth -3 points"),
        (act.CountHand(0, points=349), "7 cards cannot be worth 349 points .* from 3 to 350"),
        (act.CountHand(0, points=3, cards=(Card.parse("Red 3"),)), "not both"),
        (
            act.CountHand(0, cards=(Card.parse("Red 5"), *[Card.parse("Red 5")] * 6)),
            "The deck has 2 Red 5 and all 2 already showing",
        ),
    ],
)
def test_referee_refuses_bad_hand_entries(entry: act.CountHand, sentence: str) -> None:
    state = started("Red 5")
    go_out(state)
    with pytest.raises(RuleError, match=sentence):
        state.apply(entry)


def test_referee_counts_no_more_copies_of_a_card_in_the_hands_than_the_deck_has() -> None:
    state = started("Red 5", dealer=2, hand_size=1)
    state.apply(play("Red 6"))
    assert state.seats_to_count() == [1, 2]
    state.apply(act.CountHand(1, cards=(Card.parse("Red 0"),)))
    with pytest.raises(RuleError, match="The deck has 1 Red 0 and one already showing"):
        state.apply(act.CountHand(2, cards=(Card.parse("Red 0"),)))
    state.apply(act.CountHand(2, cards=(Card.parse("Blue 0"),)))
    assert state.rounds[-1].points == (0, 0, 0)


def test_referee_match_round_trips_through_json() -> None:
    state = started("Red 5")
    state.apply(act.Draw())
    data = json.loads(json.dumps(state.to_json()))
    assert ClassicUno.from_json(data).to_json() == state.to_json()
    events = [action.to_json() for action in state.history]
    replayed = ClassicUno.replay(3, data["options"], events)
    assert replayed.to_json() == state.to_json()


def test_referee_match_ends_at_500() -> None:
    state = started("Red 5", players=2)
    state.totals = [0, 480]
    go_out(state)
    state.apply(act.CountHand(0, points=25))
    assert state.is_over and state.winners() == [1]


def test_referee_refuses_a_card_whose_every_copy_is_already_showing() -> None:
    state = started("Red 0", players=2)
    with pytest.raises(RuleError, match="The deck has 1 Red 0 and one already showing"):
        state.apply(play("Red 0"))
    state.apply(play("Red Skip"))
    state.apply(play("Red Skip"))
    with pytest.raises(RuleError, match="The deck has 2 Red Skip and all 2 already showing"):
        state.apply(play("Red Skip"))


def test_referee_scoring_lists_every_total_the_hand_left_can_be_worth() -> None:
    state = started("Red 5")
    go_out(state)
    state.hands[0] = [None]
    listed = [a for a in state.legal_actions() if isinstance(a, act.CountHand)]
    assert {a.points for a in listed if a.counted == 0} == {*range(10), 20, 50}
    assert {a.counted for a in listed} == {0, 2}
    assert all(not a.cards for a in listed)


@pytest.mark.parametrize(("points", "accepted"), [(9, True), (20, True), (50, True), (15, False)])
def test_referee_accepts_exactly_the_listed_points_for_a_hand(points: int, accepted: bool) -> None:
    state = started("Red 5")
    go_out(state)
    state.hands[0] = [None]
    entry = act.CountHand(0, points=points)
    assert (entry in state.legal_actions()) is accepted
    if accepted:
        state.apply(entry)
        assert state.counted == {0: points}
    else:
        with pytest.raises(RuleError, match="1 cards cannot be worth 15 points"):
            state.apply(entry)


def test_referee_lists_no_play_of_a_card_whose_every_copy_is_showing() -> None:
    state = started("Red 0", players=2)
    assert play("Red 0") not in state.legal_actions()
    state.apply(play("Red Skip"))
    state.apply(play("Red Skip"))
    assert play("Red Skip") not in state.legal_actions()
    assert play("Red 1") in state.legal_actions()
