"""The UNO family: classic UNO, UNO Tiki Twist and UNO Duo on one card model.

`cards` is the card model, `deck_file` the decks as data files, `classic` the
classic engine (simulation and table referee) that the variants subclass,
`referee` the helpers of the table referee mode. `UnfitDeckError` refuses a
user's deck a game cannot be played with (Tiki Faces outside Tiki Twist).

A variant subclasses `ClassicUno` and overrides its hooks, as python-chess
variants do; each is a small method, so a variant changes one rule at a
time. The cards and the JSON form live in `MatchState`
(``match_state.py``), the turn flow, the UNO call and catch and the round end
(with the referee's hand counts, `CountHand`, from ``hand_count.py``) in
`UnoMatch` (``match.py``), the classic rules in `ClassicUno` (``classic.py``):

- class attributes: ``game_name``, ``title``, ``description``, ``min_players``,
  ``max_players``, ``options_type`` (a `ClassicOptions` subclass), ``action_types``
  (its `ActionSet`) and ``uses_spinner``, which `GameSpec.of` reads with ``family``;
  ``dealer_role`` (what the cut winner does: "deals", UNO Duo "drafts first"),
  ``builtin_decks`` (deck choice),
  ``points_table`` (round scoring), ``catch_phases`` (when an UNO catch is
  allowed), ``keeps_uno_window`` (action classes that leave the catch window open).
- `build_deck()`: the deck (default: the user's cards or the options' deck).
- `effective_kind(card)`: what a card does (D-U1 blank wilds; defined in
  `MatchState`, whose round scoring counts a blank wild as the card it plays as).
- `playable_test(seat)`: what counts as playable now, as a test of one card
  (`playable(card, seat)` applies it); `play_refusal(card, seat)`
  gives the sentence when it is not (override it for a better sentence).
- `start_card_effect(card)`: the start card's effect; `return_start_card()`
  and `turn_up_start_card()` help (a Tiki Face start goes into the idol).
- `place_played_card(card)`: where a played card goes (default: the discard).
- `card_effects`: each card kind with an effect, with the method applying it
  for the seat that played it (``{**ClassicUno.card_effects, Kind.SKIP: ...}``);
  `start_turn(seat)`, `next_seat(seat, steps)`, `owe(seat, count)` help.
- `note(text, *seats, **values)`: tell what the action being applied caused
  (a sentence of ``narration.py``), for `narration()`; `UnoMatch.apply`
  starts each action with none. Refusals are sentences of ``refusals.py``;
  `waiting_note()` says what a phase waits for (variants add theirs).
- `last_card_effect(card, seat)`: effect of a card that went out.
- `after_draw()`: what follows a voluntary draw once the card arrived.
- `score_round(winner, points_left)`, `match_over()`, `winners()`: scoring
  and the match-end rule.
- `reshuffle_sources()` / `clear_reshuffle_sources()`: what an empty draw
  pile is rebuilt from (default: the discard pile under its top card).
- `begin_round()` / `deal()`: a new round (UNO Duo drafts instead).
- extra decision kinds: set ``self.phase`` to a `Phase` and extend
  `phase_actions()` (phase -> the method listing its actions, seated) and
  `action_handlers()` (action class -> the method applying it) for new
  actions (classmethods naming ``cls._method``: the tables are built once per
  game); `decider()` says whose decision a phase waits for.
- extra chance kinds (a pending spin): set ``self.pending_chance`` to a
  `ChanceKind` and extend `chance_request(kind)`; a shuffle kind also needs
  `shuffle_cards(kind)` and an entry in `shuffle_handlers()` (kind -> the
  method that deals the shuffled cards); a spin outcome becomes an action
  through `spin_action(outcome)`.
- `json_fields()` / `load_json_fields(data)`: extra state for `to_json`.
- `card_locations()`: extra places cards can be (the idol, the draft).
- `follow_entries(simulation)`: what a person enters at the table that a
  simulation did by itself (Tiki: declining a Discard All of a missing
  colour), for `companion.games.uno.referee.follow`.
"""

from __future__ import annotations

from companion.games.base import GameSpec
from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.match import UnoMatch
from companion.games.uno.match_state import UnfitDeckError
from companion.games.uno.tiki import TikiTwist

FAMILY: str = UnoMatch.family
"""The UNO family's name, every UNO game's `GameSpec.family`."""

GAME_SPECS: tuple[GameSpec, ...] = (
    GameSpec.of(ClassicUno),
    GameSpec.of(TikiTwist),
    GameSpec.of(DuoUno),
)
"""Every UNO game: classic UNO, UNO Tiki Twist and UNO Duo."""

__all__ = [
    "FAMILY",
    "GAME_SPECS",
    "ClassicUno",
    "DuoUno",
    "TikiTwist",
    "UnfitDeckError",
    "UnoMatch",
]
