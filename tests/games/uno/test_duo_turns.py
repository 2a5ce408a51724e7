"""UNO Duo turns: volleys, Skip, Reverse runs (D-U7), Wild Draw Four (D-U8), UNO, scoring."""

import json
import random

import pytest

from companion.app.cli import main
from companion.games.autoplay import play_random, sample_outcome
from companion.games.base import RuleError
from companion.games.registry import game_spec
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.duo import DuoUno
from companion.games.uno.duo_actions import CallUno, DraftPick, PlayColour
from companion.games.uno.referee import follow, new_referee
from companion.games.uno.scoring import hand_points

from .classic_tables import cards
from .variant_tables import laid_out, names, play


def duo(hands: list[list[str]], **kwargs: object) -> DuoUno:
    return laid_out(DuoUno, hands, **kwargs)  # type: ignore[return-value]


def colour_run(*texts: str, uno: bool = False) -> PlayColour:
    return PlayColour(tuple(cards(*texts)), uno)


# ------------------------------------------------------------ Draw Two volley


def test_draw_two_volley_goes_on_while_players_stack_and_the_first_who_cannot_draws_all() -> None:
    state = duo([["Red Draw Two", "Blue Draw Two", "Red 1"], ["Green Draw Two", "Red 9", "Red 8"]])
    state.apply(play("Red Draw Two"))
    assert state.to_move == 1 and state.volley == 2
    assert names(state.legal_actions()) == {"Green Draw Two", "draw a card"}
    state.apply(play("Green Draw Two"))
    state.apply(play("Blue Draw Two"))
    assert state.volley == 6 and state.to_move == 1
    state.apply(act.Draw())
    assert state.hand_sizes == [1, 8] and state.volley == 0
    assert state.to_move == 0  # drawing ends the turn


def test_a_draw_two_that_goes_out_on_a_volley_makes_the_opponent_draw_the_total() -> None:
    state = duo([["Red Draw Two"], ["Blue 1", "Blue 2", "Blue 3"]], top="Blue Draw Two")
    state.volley = 2  # the opponent's Blue Draw Two started a volley
    state.apply(play("Red Draw Two"))
    assert state.rounds[-1].winner == 0
    assert len(state.rounds) == 1 and state.volley == 0
    notes = [note.render(("Ana", "Ben").__getitem__) for note in state.narration()]
    assert "Ben still draws 4 cards: the volley and the last card." in notes
    # Blue 1 + 2 + 3 and the four drawn cards (Green 1, 2, 3, 7): 6 + 13 points.
    assert state.rounds[-1].points == (0, 19)


def test_a_draw_two_that_goes_out_on_a_volley_draws_nothing_without_last_card_effects() -> None:
    state = duo([["Red Draw Two"], ["Blue 1", "Blue 2"]], top="Blue Draw Two",
                last_card_effects=False)
    state.volley = 2
    state.apply(play("Red Draw Two"))
    assert state.rounds[-1].points == (0, 3)


def test_during_a_volley_only_a_draw_two_may_be_played() -> None:
    state = duo([["Red Draw Two", "Red 1"], ["Red 9", "Wild", "Red 8"]])
    state.apply(play("Red Draw Two"))
    with pytest.raises(RuleError, match="volley is on: stack a Draw Two or draw 2 cards"):
        state.apply(play("Red 9"))


# ----------------------------------------------------------- Skip, Reverse


def test_skip_lets_its_player_go_again_at_once() -> None:
    state = duo([["Red Skip", "Red 1", "Blue 2"], ["Red 9"]])
    state.apply(play("Red Skip"))
    assert state.to_move == 0 and state.phase == "turn"


def test_a_reverse_played_alone_passes_the_turn() -> None:
    state = duo([["Red Reverse", "Blue 2"], ["Red 9", "Red 3"]])
    state.apply(play("Red Reverse"))
    assert state.to_move == 1


def test_reverse_lets_its_player_play_every_card_of_its_colour_reverse_first() -> None:
    state = duo([["Red Reverse", "Red 1", "Red 8", "Blue 2"], ["Red 9", "Red 3"]])
    runs = {a for a in state.legal_actions() if isinstance(a, PlayColour)}
    assert runs == {
        colour_run("Red Reverse", "Red 8", "Red 1", uno=call) for call in (False, True)
    } | {colour_run("Red Reverse", "Red 1", "Red 8", uno=call) for call in (False, True)}
    state.apply(colour_run("Red Reverse", "Red 8", "Red 1"))
    assert state.hands[0] == cards("Blue 2")
    assert state.discard[-3:] == cards("Red Reverse", "Red 8", "Red 1")
    assert state.to_move == 1


def test_reverse_run_is_all_or_none() -> None:
    state = duo([["Red Reverse", "Red 1", "Red 8", "Blue 2"], ["Red 9"]])
    before = state.to_json()
    with pytest.raises(RuleError, match=r"All or none: play every Red card you hold"):
        state.apply(colour_run("Red Reverse", "Red 1"))
    with pytest.raises(RuleError, match="with a Reverse of that colour first"):
        state.apply(colour_run("Red 1", "Red Reverse", "Red 8"))
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("last", "to_move", "volley"),
    [("Red Skip", 0, 0), ("Red Draw Two", 1, 2), ("Red 4", 1, 0), ("Red Reverse", 1, 0)],
)
def test_last_card_of_a_reverse_run_acts_as_if_played_alone_d_u7(
    last: str, to_move: int, volley: int
) -> None:
    state = duo([["Red Reverse", last, "Blue 2"], ["Red 9", "Green 3"]])
    state.apply(colour_run("Red Reverse", last))
    assert state.to_move == to_move and state.volley == volley


def test_run_simply_ends_the_turn_when_the_table_turns_d_u7_off() -> None:
    state = duo([["Red Reverse", "Red Skip", "Blue 2"], ["Red 9"]], run_last_card_acts=False)
    state.apply(colour_run("Red Reverse", "Red Skip"))
    assert state.to_move == 1


def test_a_reverse_run_that_empties_the_hand_wins_the_round() -> None:
    state = duo([["Red Reverse", "Red 4"], ["Red 9", "Green 3"]])
    state.apply(colour_run("Red Reverse", "Red 4"))
    assert state.rounds[-1].winner == 0


# ------------------------------------------------------------ Wild Draw Four


def test_wild_draw_four_makes_the_opponent_draw_four_and_its_player_goes_again() -> None:
    state = duo([["Wild Draw Four", "Blue 1", "Blue 2"], ["Red 9"]])
    state.apply(play("Wild Draw Four", "Green"))
    assert state.phase == "challenge" and state.to_move == 1
    state.apply(act.AcceptDraw())
    assert state.hand_sizes == [2, 5] and state.to_move == 0
    assert state.colour is Colour.GREEN


def test_successful_challenge_offender_draws_four_and_loses_the_extra_turn_d_u8() -> None:
    state = duo([["Wild Draw Four", "Red 1", "Blue 2"], ["Red 9"]])
    state.apply(play("Wild Draw Four", "Green"))
    state.apply(act.Challenge())
    assert state.hand_sizes == [6, 1] and state.to_move == 1


def test_guilty_offender_keeps_the_extra_turn_when_the_table_turns_d_u8_off() -> None:
    state = duo([["Wild Draw Four", "Red 1", "Blue 2"], ["Red 9"]], guilty_loses_extra_turn=False)
    state.apply(play("Wild Draw Four", "Green"))
    state.apply(act.Challenge())
    assert state.hand_sizes == [6, 1] and state.to_move == 0


def test_failed_challenge_challenger_draws_six_and_the_player_goes_again() -> None:
    state = duo([["Wild Draw Four", "Blue 1", "Blue 2"], ["Red 9"]])
    state.apply(play("Wild Draw Four", "Green"))
    state.apply(act.Challenge())
    assert state.hand_sizes == [2, 7] and state.to_move == 0


# ------------------------------------------------------------------- UNO


def test_missed_uno_may_be_caught_by_the_opponent_until_it_is_called() -> None:
    state = duo([["Red 1", "Blue 7"], ["Red 9", "Red 3", "Green 2"]])
    state.apply(play("Red 1"))
    state.apply(play("Red 9"))  # the opponent plays on without catching...
    assert act.CatchUno(0) in state.legal_actions()  # ...and may still catch later
    state.apply(act.CatchUno(0))
    assert state.hand_sizes[0] == 3


def test_a_late_uno_call_closes_the_catch() -> None:
    state = duo([["Red 1", "Blue 7"], ["Red 9", "Red 3", "Green 2"]])
    state.apply(play("Red 1"))
    state.apply(play("Red 3"))
    assert CallUno(0) in state.legal_actions()
    state.apply(CallUno(0))
    assert all(not isinstance(a, act.CatchUno) for a in state.legal_actions())


def test_uno_called_with_the_second_to_last_card_cannot_be_caught() -> None:
    state = duo([["Red 1", "Blue 7"], ["Red 9", "Red 3"]])
    state.apply(play("Red 1", uno=True))
    assert act.CatchUno(0) not in state.legal_actions()
    with pytest.raises(RuleError, match="Seat 0 cannot call UNO now"):
        state.apply(CallUno(0))


# --------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        (["Red 7"], 7),
        (["Red Draw Two", "Red Skip", "Red Reverse"], 30),
        (["Wild"], 15),
        (["Blank Wild"], 15),
        (["Wild Draw Four"], 20),
    ],
)
def test_duo_card_points(hand: list[str], points: int) -> None:
    assert hand_points(cards(*hand), DuoUno.points_table) == points


@pytest.mark.parametrize(("blank_wild", "points"), [("wild", 15), ("wild_draw_four", 20)])
def test_a_blank_wild_scores_as_the_card_it_plays_as_d_u1(blank_wild: str, points: int) -> None:
    state = duo([["Red 1"], ["Blank Wild"]], blank_wild=blank_wild)
    state.apply(play("Red 1"))
    assert state.rounds[-1].points == (0, points)
    referee = new_referee(DuoUno, 2, DuoUno.options_type(blank_wild=blank_wild))
    assert hand_points(cards("Blank Wild"), referee.round_points_table) == points


def test_the_player_who_goes_out_scores_zero_and_the_other_scores_their_hand() -> None:
    state = duo([["Red 1"], ["Red 9", "Wild Draw Four", "Blue Skip"]])
    state.apply(play("Red 1"))
    assert state.rounds[-1].points == (0, 39) and state.scores() == [0, 39]


def test_reaching_200_ends_the_match_and_loses_the_lower_score_wins() -> None:
    state = duo([["Red 1"], ["Red 9", "Wild Draw Four"]])
    state.totals = [150, 190]
    state.apply(play("Red 1"))
    assert state.is_over and state.scores() == [150, 219] and state.winners() == [0]


def test_empty_draw_pile_is_the_discard_pile_turned_over_without_a_shuffle() -> None:
    below = ["Red 2", "Red 3", "Red 4"]
    state = duo([["Blue 1", "Blue 2"], ["Red 9"]], discard_below=below, draw=[])
    state.apply(act.Draw())
    assert state.chance() is None
    assert state.hands[0][-1] == Card.parse("Red 2")
    assert state.draw_pile == cards("Red 4", "Red 3") and state.discard == cards("Red 5")


# -------------------------------------------------- referee, JSON, command line


def test_referee_drafts_physical_cards_and_checks_the_plays() -> None:
    state: DuoUno = new_referee(DuoUno, 2)  # type: ignore[assignment]
    state.apply(act.ChooseDealer(1))
    while state.phase == "draft":
        state.apply(DraftPick(False))
    state.apply(act.TurnUp(Card.parse("Green 5")))
    assert state.hand_sizes == [7, 7] and state.to_move == 0
    with pytest.raises(RuleError, match="Red 7 does not match Green 5"):
        state.apply(play("Red 7"))
    state.apply(colour_run("Green Reverse", "Green 1", "Green Skip"))
    assert state.hand_sizes == [4, 7] and state.to_move == 0


def test_referee_refuses_a_reverse_run_with_more_copies_than_the_deck_has_left() -> None:
    state: DuoUno = new_referee(DuoUno, 2)  # type: ignore[assignment]
    state.apply(act.ChooseDealer(1))
    while state.phase == "draft":
        state.apply(DraftPick(True))
    state.apply(act.TurnUp(Card.parse("Green 0")))
    with pytest.raises(RuleError, match="The deck has 1 Green 0 and one already showing"):
        state.apply(colour_run("Green Reverse", "Green 0"))
    with pytest.raises(RuleError, match="The deck has 2 Green Reverse"):
        state.apply(colour_run("Green Reverse", "Green Reverse", "Green Reverse"))
    assert state.hand_sizes == [7, 7]


def test_a_duo_state_mid_volley_round_trips_through_json() -> None:
    state = duo([["Red Draw Two", "Red 1"], ["Green Draw Two", "Red 9"]])
    state.apply(play("Red Draw Two"))
    data = json.loads(json.dumps(state.to_json()))
    again = DuoUno.from_json(data)
    assert again.to_json() == data and again.legal_actions() == state.legal_actions()


def test_a_seeded_duo_match_replays_exactly_from_its_actions() -> None:
    spec = game_spec("duo")
    state = spec.new(2, {})
    actions = play_random(state, random.Random(5))
    again = DuoUno.replay(2, {}, [spec.actions.from_json(a.to_json()) for a in actions])
    assert again.to_json() == state.to_json()


def test_uno_simulate_duo_prints_the_match_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["uno", "simulate", "--game", "duo", "--players", "2", "--seed", "1", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "duo" and result["players"] == 2
    assert max(result["scores"]) >= 200
    assert result["winners"] == [result["scores"].index(min(result["scores"]))]
    assert DuoUno.replay(2, {}, result["events"]).scores() == result["scores"]


@pytest.mark.parametrize(
    "data",
    [
        {"action": "draft", "keep": "yes"},
        {"action": "play_colour", "cards": "Red 1"},
        {"action": "play_colour", "cards": ["Purple 1"]},
        {"action": "call_uno"},
    ],
)
def test_bad_duo_action_json_is_refused_with_a_sentence(data: dict[str, object]) -> None:
    with pytest.raises(RuleError):
        game_spec("duo").actions.from_json(data)


def test_duo_actions_round_trip_through_json() -> None:
    spec = game_spec("duo")
    for action in (DraftPick(False), colour_run("Red Reverse", "Red 1", uno=True), CallUno(1)):
        assert spec.actions.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_a_duo_referee_following_a_match_enters_the_cut_as_the_first_drafter() -> None:
    simulation = DuoUno(2)
    referee = new_referee(DuoUno, 2)
    rng = random.Random(4)
    entered: list[object] = []
    while simulation.dealer is None:
        request = simulation.chance()
        action = (
            simulation.chance_action(sample_outcome(request, rng))
            if request is not None
            else rng.choice(simulation.legal_actions())
        )
        entered += follow(referee, simulation, action)
    cut = next(entry for entry in entered if isinstance(entry, act.ChooseDealer))
    assert cut in referee_legal_cuts(simulation.dealer)
    assert str(cut) == f"seat {simulation.dealer} drafts first"


def referee_legal_cuts(seat: int) -> list[object]:
    cuts = new_referee(DuoUno, 2).legal_actions()
    return [cut for cut in cuts if isinstance(cut, act.ChooseDealer) and cut.dealer == seat]
