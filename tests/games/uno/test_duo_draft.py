"""UNO Duo's draft bookkeeping: whose pick it is and when the draft ends."""

import pytest

from companion.games.base import RuleError
from companion.games.uno.draft import Draft


def test_drafters_alternate_starting_with_player_1() -> None:
    draft = Draft(first_drafter=1)
    order = []
    while (drafter := draft.drafter) is not None:
        order.append(drafter)
        draft.record_pick(drafter)
    assert order == [1, 0] * 7


def test_draft_ends_when_both_hold_seven_with_fourteen_cards_in_the_draft_discard() -> None:
    draft = Draft(first_drafter=0)
    for _ in range(14):
        assert not draft.is_complete
        draft.record_pick(draft.drafter or 0)
    assert draft.is_complete
    assert draft.picks == 14  # one card on the draft discard per pick
    assert Draft.cards_needed() == 28


def test_picking_out_of_turn_is_refused_with_the_drafters_name() -> None:
    draft = Draft(first_drafter=0)
    with pytest.raises(RuleError, match="Player 1's pick"):
        draft.record_pick(1)
    assert draft.picks == 0


def test_picking_after_the_draft_is_refused() -> None:
    draft = Draft(first_drafter=0, picks=14)
    with pytest.raises(RuleError, match="draft is over"):
        draft.record_pick(0)


def test_player_2_is_the_second_drafter() -> None:
    draft = Draft(first_drafter=1)
    assert draft.player_number(1) == 1
    assert draft.player_number(0) == 2
    assert draft.second_drafter == 0


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"first_drafter": 2, "hand_size": 7, "picks": 0},
        {"first_drafter": 0, "hand_size": 7, "picks": 15},
    ],
)
def test_bad_saved_draft_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(RuleError):
        Draft.from_json(data)


def test_draft_round_trips_through_json() -> None:
    draft = Draft(first_drafter=1, picks=5)
    assert Draft.from_json(draft.to_json()) == draft
