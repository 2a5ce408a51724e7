"""UNO Tiki Twist: deck (D-U2), start cards, scoring, the referee, JSON and the command line."""

import json
import random
from collections import Counter

import pytest

from companion.app.cli import main
from companion.games.autoplay import play_random
from companion.games.base import RuleError
from companion.games.registry import game_spec
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour, Kind, TikiAction
from companion.games.uno.referee import new_referee
from companion.games.uno.scoring import RoundResult, hand_points
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_actions import DiscardAll, PickSeat, SpinResult

from .variant_tables import laid_out, play, tiki_deal, tiki_match


def test_tiki_deck_is_the_112_cards_of_d_u2() -> None:
    deck = Counter(tiki_match().deck)
    assert sum(deck.values()) == 112
    numbers = [card for card in deck.elements() if card.kind is Kind.NUMBER]
    assert len(numbers) == 76 and sum(card.spin for card in numbers) == 16
    assert {card.value for card in numbers if card.spin} == {2, 4, 6, 8}
    for colour in Colour:
        assert deck[Card(Kind.SKIP, colour)] == deck[Card(Kind.REVERSE, colour)] == 2
    assert deck[Card.parse("Wild Tiki")] == 4
    faces = Counter(card.tiki for card in deck.elements() if card.is_tiki_face)
    assert faces == {
        TikiAction.DRAW_1: 2,
        TikiAction.DRAW_2: 3,
        TikiAction.DRAW_4: 2,
        TikiAction.DISCARD_2: 3,
        TikiAction.DISCARD_ALL: 4,
        TikiAction.GO_TO: 2,
    }
    assert not [c for c in deck if c.kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR)]


def test_tiki_twist_refuses_a_classic_built_in_deck() -> None:
    with pytest.raises(RuleError, match="played with the tiki112 deck"):
        tiki_match(deck="classic108")


@pytest.mark.parametrize(
    ("cards", "points"),
    [(["Blue 7"], 7), (["Red Skip", "Red Reverse"], 40), (["Tiki Go To"], 20), (["Wild Tiki"], 50)],
)
def test_tiki_twist_card_points(cards: list[str], points: int) -> None:
    assert hand_points([Card.parse(c) for c in cards], TikiTwist.points_table) == points


def test_round_winner_scores_the_tiki_points_left_in_the_other_hands() -> None:
    state: TikiTwist = laid_out(  # type: ignore[assignment]
        TikiTwist, [["Red 7"], ["Tiki Go To", "Wild Tiki"], ["Blue 3"]], top="Red 5"
    )
    state.apply(play("Red 7"))
    assert state.rounds[-1] == RoundResult(winner=0, points=(0, 70, 3), totals=(73, 0, 0))


# ---------------------------------------------------------------- start card


def test_tiki_face_start_card_goes_into_the_idol_and_the_next_card_is_turned() -> None:
    state = tiki_deal(tiki_match(3), ["Tiki Draw 2", "Blue 6"])
    assert state.idol.faces == [Card.parse("Tiki Draw 2")]
    assert state.top_card == Card.parse("Blue 6") and state.discard == [Card.parse("Blue 6")]
    assert state.to_move == 1 and state.chance() is None


def test_several_tiki_faces_turned_up_all_go_into_the_idol() -> None:
    state = tiki_deal(tiki_match(3), ["Tiki Go To", "Tiki Draw 1", "Red 3"])
    assert [str(face) for face in state.idol.faces] == ["Tiki Go To", "Tiki Draw 1"]
    assert state.top_card == Card.parse("Red 3")


def test_wild_tiki_start_card_lets_the_first_player_name_the_colour() -> None:
    state = tiki_deal(tiki_match(3), ["Wild Tiki"])
    assert state.phase == "start_colour" and state.to_move == 1
    state.apply(act.ChooseColour(Colour.GREEN))
    assert state.colour is Colour.GREEN and state.to_move == 1


def test_skip_and_reverse_start_cards_act_as_in_classic_uno() -> None:
    assert tiki_deal(tiki_match(3), ["Red Skip"]).to_move == 2
    reverse = tiki_deal(tiki_match(3), ["Red Reverse"])
    assert reverse.to_move == 0 and reverse.direction == -1


def test_spin_card_start_card_is_only_a_number() -> None:
    state = tiki_deal(tiki_match(3), ["Tiki Draw 4", "Green 4 Spin"])
    assert state.chance() is None and state.to_move == 1
    assert state.hand_sizes == [7, 7, 7]


def test_a_new_round_starts_with_an_empty_idol() -> None:
    state: TikiTwist = laid_out(  # type: ignore[assignment]
        TikiTwist, [["Red 7"], ["Blue 3"]], top="Red 5", idol=["Tiki Go To"]
    )
    state.apply(play("Red 7"))
    request = state.chance()
    assert request is not None and request.size == 112
    state.apply(state.chance_action(list(range(112))))
    assert all(len(hand) == 7 for hand in state.hands)
    assert Counter(c for cards in state.card_locations().values() for c in cards) == Counter(
        state.deck
    )


# ------------------------------------------------------------------ referee


def test_referee_checks_entered_plays_and_tracks_hand_sizes_through_tiki_actions() -> None:
    state: TikiTwist = new_referee(TikiTwist, 3)  # type: ignore[assignment]
    state.apply(act.ChooseDealer(0))
    state.apply(act.TurnUp(Card.parse("Tiki Discard All Red")))
    state.apply(act.TurnUp(Card.parse("Blue 6")))
    assert state.idol.faces == [Card.parse("Tiki Discard All Red")]
    with pytest.raises(RuleError, match="Red 7 does not match Blue 6"):
        state.apply(play("Red 7"))
    state.apply(play("Blue 4 Spin"))
    assert state.chance() is not None
    state.apply(SpinResult((2, 0)))
    state.apply(PickSeat(2))
    state.apply(DiscardAll(3))
    assert state.hand_sizes == [7, 6, 4] and state.to_move == 2


def test_referee_go_to_player_may_draw_because_the_hand_is_unknown() -> None:
    state: TikiTwist = new_referee(TikiTwist, 3)  # type: ignore[assignment]
    state.apply(act.ChooseDealer(0))
    state.apply(act.TurnUp(Card.parse("Blue 6")))
    state.apply(play("Tiki Go To"))
    state.apply(SpinResult((0,)))
    assert state.to_move == 0 and act.Draw() in state.legal_actions()
    plays = [a for a in state.legal_actions() if isinstance(a, act.PlayCard)]
    assert all(not a.card.is_tiki_face for a in plays)


# ---------------------------------------------------------- JSON and CLI


def test_state_in_the_middle_of_a_tiki_action_round_trips_through_json() -> None:
    state: TikiTwist = laid_out(  # type: ignore[assignment]
        TikiTwist, [["Tiki Discard 2", "Red 7"], ["Blue 2", "Blue 3"], ["Red 4"]], top="Red 5"
    )
    state.apply(play("Tiki Discard 2"))
    state.apply(SpinResult((0, 1)))
    data = json.loads(json.dumps(state.to_json()))
    again = TikiTwist.from_json(data)
    assert again.to_json() == data
    assert again.legal_actions() == state.legal_actions()


def test_a_seeded_tiki_match_replays_exactly_from_its_actions() -> None:
    spec = game_spec("tiki")
    state = spec.new(4, {})
    actions = play_random(state, random.Random(3))
    again = TikiTwist.replay(4, {}, [spec.actions.from_json(a.to_json()) for a in actions])
    assert again.to_json() == state.to_json()
    assert state.is_over and state.winners()


def test_uno_simulate_tiki_prints_the_match_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["uno", "simulate", "--game", "tiki", "--players", "4", "--seed", "1", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "tiki" and result["players"] == 4
    assert len(result["scores"]) == 4 and result["winners"]
    assert max(result["scores"]) >= 500 and result["rounds"] >= 1
    replayed = TikiTwist.replay(4, {}, result["events"])
    assert replayed.scores() == result["scores"]


@pytest.mark.parametrize(
    "data",
    [
        {"action": "spin_result", "seats": "2"},
        {"action": "pick_seat", "picked": True},
        {"action": "tiki_discard"},
        {"action": "discard_all", "count": "all"},
        {"action": "discard_all", "count": 2, "last": 7},
        {"action": "discard_all", "count": 2, "last": "Purple 7"},
        {"action": "spin", "seats": [1]},
    ],
)
def test_bad_tiki_action_json_is_refused_with_a_sentence(data: dict[str, object]) -> None:
    with pytest.raises(RuleError):
        game_spec("tiki").actions.from_json(data)


def test_tiki_actions_round_trip_through_json() -> None:
    spec = game_spec("tiki")
    on_top = DiscardAll(3, Card.parse("Blue 7"))
    for action in (SpinResult((1, 2)), PickSeat(2), DiscardAll(3), on_top, play("Tiki Go To")):
        assert spec.actions.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert DiscardAll(3).to_json() == {"action": "discard_all", "count": 3}  # as logged before D-U6
