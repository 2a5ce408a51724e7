"""UNO Tiki Twist: classic UNO plus the Tiki idol, Tiki Faces and Spin cards.

`TikiTwist` subclasses `ClassicUno` and changes only what the rulebook
changes, through the classic hooks (listed in `companion.games.uno`); it
owns the `Idol` (``idol``) and the Tiki action in progress (``tiki``, a
`TikiSpin`):

- a Tiki Face may always be played from hand (`playable`); it goes into the
  idol instead of the discard pile (`place_played_card`) and leaves the colour
  in play alone;
- playing a Tiki Face, or a Spin card while the idol holds a face, asks chance
  for a spin (`card_effect`, `chance_request`): ``ChanceRequest(kind="spin")``
  answered with a seat or two neighbouring seats (`SpinResult`); between two
  seats the player who spun picks one (`PickSeat`);
- the chosen player performs the active face's action: Draw 1/2/4 (no
  decision), Discard 2 and Discard All (their rules in ``tiki_discards.py``,
  their turns in ``tiki_discard_turns.py``, D-U6), Go To (that player plays at once to the
  discard pile, D-U3); then play resumes after the spinner, except after Go
  To; a Spin card with an empty idol does nothing more, or spins to pick the
  next player (D-U4);
- a Tiki Face turned up as the start card goes into the idol (`start_card_effect`);
- the reshuffle takes the idol's faces except the one showing (`reshuffle_sources`);
- Tiki Twist card points (`points_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from companion.games.action_codec import ActionSet
from companion.games.base import (
    N_,
    ChanceRequest,
    JSONValue,
    Note,
    OptionChoice,
    RuleError,
    spin_seats,
)
from companion.games.uno import actions as act
from companion.games.uno import narration, refusals
from companion.games.uno import tiki_actions as tact
from companion.games.uno.cards import Card, TikiAction, colour_name
from companion.games.uno.classic import ClassicUno
from companion.games.uno.idol import Idol, check_stop
from companion.games.uno.options import ClassicOptions
from companion.games.uno.pending import TikiSpin
from companion.games.uno.phases import ChanceKind, Phase
from companion.games.uno.piles import cards_from_json, cards_to_json
from companion.games.uno.plays import distinct
from companion.games.uno.scoring import TIKI_POINTS
from companion.games.uno.table_view import TikiTableView
from companion.games.uno.tiki_discard_turns import TikiDiscardTurns
from companion.games.uno.tiki_options import TIKI_CHOICES, TikiOptions, face_name

TIKI_PHASES = frozenset({Phase.SPIN, Phase.PICK_SEAT, Phase.TIKI_DISCARD, Phase.TIKI_DISCARD_ALL})
"""Phases of a Tiki action in progress (besides classic's)."""

_DRAWS = {TikiAction.DRAW_1: 1, TikiAction.DRAW_2: 2, TikiAction.DRAW_4: 4}


class TikiTwist(TikiDiscardTurns):
    """A UNO Tiki Twist match (2-10 players) to the options' target score."""

    game_name: ClassVar[str] = "tiki"
    uses_spinner: ClassVar[bool] = True
    title: ClassVar[str] = N_("UNO Tiki Twist")
    description: ClassVar[str] = N_(
        "UNO with the Tiki idol: Tiki Faces and Spin cards spin it to pick who must act."
    )
    builtin_decks: ClassVar[tuple[str, ...]] = ("tiki112",)
    options_type: ClassVar[type[ClassicOptions]] = TikiOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = TIKI_CHOICES
    action_types: ClassVar[ActionSet] = tact.TIKI_ACTIONS
    points_table = TIKI_POINTS
    plays_tiki_faces = True
    catch_phases = ClassicUno.catch_phases | {
        Phase.PICK_SEAT,
        Phase.TIKI_DISCARD,
        Phase.TIKI_DISCARD_ALL,
    }
    keeps_uno_window = ClassicUno.keeps_uno_window | {
        tact.SpinResult,
        tact.PickSeat,
        tact.TikiDiscard,
        tact.DiscardAll,
        tact.EndTikiAction,
    }
    """A Tiki action is part of the turn: the next player has not begun theirs."""

    idol: Idol[Card]
    """The Tiki Faces played this round; the newest is the active face."""
    tiki: TikiSpin | None
    """The Tiki action in progress: spinner, seats (a stop between two), target, left."""
    go_to: bool
    """True while the current player was sent by Go To and must play to the discard pile."""

    @property
    def active_tiki_face(self) -> Card | None:
        """The Tiki Face showing in the idol, or None while it is empty."""
        return self.idol.active_tiki_face

    @property
    def spinning_seat(self) -> int | None:
        """The seat that spins the idol (or picks between two seats) now, or None."""
        return None if self.tiki is None else self.tiki.spinner

    # ------------------------------------------------------------ rule hooks

    def playable_test(self, seat: int) -> Callable[[Card], bool]:
        """A Tiki Face needs no match, except for a player sent by Go To (and D-U5)."""
        matches = super().playable_test(seat)
        face_allowed = not self.go_to and not self._last_tiki_face_refused(seat)

        def playable(card: Card) -> bool:
            return face_allowed if card.is_tiki_face else matches(card)

        return playable

    def _last_tiki_face_refused(self, seat: int) -> bool:
        return not self.tiki_options.tiki_face_goes_out and len(self.hands[seat]) == 1

    def play_refusal(self, card: Card, seat: int) -> Note | None:
        """Why `card` may not be played now, or None (Go To refuses Tiki Faces)."""
        if card.is_tiki_face and self.go_to:
            return Note.of(refusals.GO_TO_NOT_A_FACE)
        if card.is_tiki_face and self._last_tiki_face_refused(seat):
            return Note.of(refusals.NO_LAST_TIKI_FACE)
        return super().play_refusal(card, seat)

    def place_played_card(self, card: Card) -> None:
        """A Tiki Face goes into the idol and becomes the active face."""
        if card.is_tiki_face:
            self.idol.put(card)
        else:
            super().place_played_card(card)

    def card_effect(self, card: Card, seat: int) -> None:
        """A Tiki Face, or a Spin card with a face in the idol, makes its player spin.

        D-U4: a Spin card played while the idol is empty does nothing more, or
        (``spin_on_empty_idol = "picks_next_player"``) spins to pick who plays next.
        """
        if card.is_tiki_face or (card.spin and self._spin_card_spins()):
            face = self.idol.active_tiki_face
            if face is None:
                self.note(narration.SPINS_EMPTY_IDOL, seat)
            else:
                self.note(narration.SPINS, seat, face=face_name(face))
            self.tiki = TikiSpin(seat)
            self.current = seat
            self.phase = Phase.SPIN
            self.pending_chance = ChanceKind.SPIN
        else:
            if card.spin:  # a Spin card that does nothing says so: players expect a spin
                self.note(narration.SPIN_CARD_ON_EMPTY_IDOL)
            super().card_effect(card, seat)

    def _spin_card_spins(self) -> bool:
        """D-U4: whether a Spin card played now spins the idol."""
        return not self.idol.is_empty or self.tiki_options.spin_on_empty_idol != "nothing"

    def start_card_effect(self, card: Card) -> None:
        """A Tiki Face turned up goes into the idol and the next card is turned."""
        if not card.is_tiki_face:
            super().start_card_effect(card)
            return
        self.piles.discard.pop()
        self.idol.put(card)
        self.note(narration.FACE_INTO_IDOL, face=face_name(card))
        if self.referee:
            self.phase = Phase.START_CARD
        else:
            self.turn_up_start_card()

    def after_draw(self) -> None:
        """D-U3: a Go To player's drawn card may be played, unless the table says no."""
        if self.go_to and not self.tiki_options.go_to_plays_drawn_card:
            self.note(narration.GO_TO_KEEPS, self.current)
            self.start_turn(self.next_seat(self.current))
        else:
            super().after_draw()

    def start_turn(self, seat: int) -> None:
        """Give the turn to `seat`; a Go To restriction ends with it."""
        super().start_turn(seat)
        self.go_to = False

    def reshuffle_sources(self) -> list[Card | None]:
        """The discard pile under its top card and the idol's faces but the one showing."""
        return [*self.piles.under_top(), *self.idol.faces[:-1]]

    def clear_reshuffle_sources(self) -> None:
        """Take the reshuffled cards from the discard pile and the idol."""
        super().clear_reshuffle_sources()
        self.idol.take_hidden_faces()

    def chance_request(self, kind: ChanceKind) -> ChanceRequest:
        """The spin request names the active face; shuffles are classic's."""
        if kind is not ChanceKind.SPIN:
            return super().chance_request(kind)
        face = self.idol.active_tiki_face
        if face is None:
            prompt = "Spin needed: the idol is empty, the player it points to plays next."
        else:
            prompt = f"Spin needed: {face_name(face)} is active."
        return ChanceRequest("spin", prompt, seats=tuple(range(self.players)))

    def spin_action(self, outcome: Any) -> tact.SpinResult:
        """The `SpinResult` for a seat or a pair of neighbouring seats.

        Raises:
            RuleError: two seats that are not neighbours.
        """
        seats = spin_seats(outcome)
        if seats is None:
            raise RuleError(Note.of(refusals.STOPS_AT_A_SEAT, outcome=repr(outcome)))
        check_stop(seats, self.players, self.seat_name)
        return tact.SpinResult(seats)

    def decider(self) -> int:
        """The player who spun picks one of two seats; the chosen player discards."""
        if self.tiki is not None and self.phase is Phase.PICK_SEAT:
            return self.tiki.spinner
        if self.tiki is not None and self.phase in (Phase.TIKI_DISCARD, Phase.TIKI_DISCARD_ALL):
            return self.tiki.chosen
        return super().decider()

    def follow_entries(self, simulation: Any) -> list[Any]:
        """A Discard All the simulation skipped (no card of the colour) is declined at the table."""
        if self.phase is Phase.TIKI_DISCARD_ALL and simulation.phase is not Phase.TIKI_DISCARD_ALL:
            return [tact.EndTikiAction()]
        return []

    def card_locations(self) -> dict[str, list[Card | None]]:
        """Classic's places plus the idol."""
        places = super().card_locations()
        places["idol"] = list(self.idol.faces)
        return places

    # ----------------------------------------------------------- the spin

    def _apply_spin_result(self, action: tact.SpinResult) -> None:
        if self.pending_chance is not ChanceKind.SPIN or self.tiki is None:
            raise RuleError(Note.of(refusals.NOBODY_SPINS))
        check_stop(action.seats, self.players, self.seat_name)
        self.pending_chance = None
        if len(action.seats) == 1:
            self._resolve(action.seats[0])
        else:
            self.tiki = replace(self.tiki, seats=tuple(action.seats))
            self.phase = Phase.PICK_SEAT
            first, second = action.seats
            self.note(narration.PICKS_BETWEEN, self.tiki.spinner, first, second)

    def _apply_pick_seat(self, action: tact.PickSeat) -> None:
        if self.phase is not Phase.PICK_SEAT or self.tiki is None:
            raise self._not_now(refusals.PICK_A_SEAT)
        seats = self.tiki.seats or ()
        if action.picked not in seats:
            raise RuleError(Note.of(refusals.PICK_ONE_OF_THEM, seats), self.seat_name)
        self._resolve(action.picked)

    def _resolve(self, target: int) -> None:
        """The chosen player performs the active face's action (or plays next, D-U4)."""
        assert self.tiki is not None
        face = self.idol.active_tiki_face
        if face is None:  # a Spin card on an empty idol picked the next player
            self.tiki = None
            self.start_turn(target)
            self.note(narration.PLAYS_NEXT_EMPTY_IDOL, target)
            return
        assert face.tiki is not None
        self.tiki = replace(self.tiki, target=target, seats=None)
        name = f"Tiki {face_name(face)}"
        if face.tiki in _DRAWS:
            self.owe(target, _DRAWS[face.tiki])
            self.note(narration.TIKI_DRAWS, target, count=_DRAWS[face.tiki], card=name)
            self._resume()
        elif face.tiki is TikiAction.DISCARD_2:
            self.tiki = replace(self.tiki, left=2)
            self.phase = Phase.TIKI_DISCARD
            self.note(narration.TIKI_DISCARD_2, target, card=name)
        elif face.tiki is TikiAction.DISCARD_ALL:
            assert face.colour is not None
            colour = colour_name(face.colour)
            if self.referee or self.colour_count(target, face.colour):
                self.phase = Phase.TIKI_DISCARD_ALL
                self.note(narration.TIKI_DISCARD_ALL, target, colour=colour, card=name)
            else:
                self.note(narration.TIKI_NOTHING_TO_DISCARD, target, colour=colour, card=name)
                self._resume()  # nothing of the colour: no penalty
        else:  # Go To: play jumps to the chosen player at once
            self.tiki = None
            self.start_turn(target)
            self.go_to = True
            self.note(narration.TIKI_GO_TO, target, card=name)

    # ---------------------------------------------------------- Go To

    def _apply_draw(self, action: act.Draw) -> None:
        if self.go_to and self.phase is Phase.TURN and not self.referee:
            playable = [card for card in distinct(self.hands[self.current])
                        if self.playable(card, self.current)]
            if playable:
                raise RuleError(Note.of(refusals.GO_TO_MUST_PLAY, card=str(playable[0])))
        super()._apply_draw(action)

    def _apply_play(self, action: act.PlayCard) -> None:
        colour = self.colour
        super()._apply_play(action)
        if action.card.is_tiki_face:
            self.colour = colour  # a face in the idol does not change the colour in play

    def _legal_turn(self, seat: int) -> list[Any]:
        plays = super()._legal_turn(seat)
        if self.go_to and not self.referee and len(plays) > 1:
            plays = [play for play in plays if not isinstance(play, act.Draw)]
        return plays

    def _legal_pick_seat(self, seat: int) -> list[Any]:
        assert self.tiki is not None
        return [tact.PickSeat(picked, seat=seat) for picked in self.tiki.seats or ()]

    def waiting_note(self) -> Note:
        """A Tiki action in progress waits for its spinner or its chosen player."""
        if self.tiki is None or self.phase not in TIKI_PHASES:
            return super().waiting_note()
        if self.phase in (Phase.SPIN, Phase.PICK_SEAT):
            return Note.of(refusals.TIKI_WAITING[self.phase], (self.tiki.spinner,))
        chosen = self.tiki.target
        if chosen is None:
            return Note.of(refusals.CHOSEN_PLAYER_WAITING[self.phase])
        return Note.of(refusals.TIKI_WAITING[self.phase], (chosen,))

    # ------------------------------------------------------ dispatch tables

    @classmethod
    def action_handlers(cls) -> dict[type, Callable[[Any, Any], None]]:
        """Classic's actions plus the spin and the Tiki actions."""
        return {
            **super().action_handlers(),
            tact.SpinResult: cls._apply_spin_result,
            tact.PickSeat: cls._apply_pick_seat,
            tact.TikiDiscard: cls._apply_tiki_discard,
            tact.DiscardAll: cls._apply_discard_all,
            tact.EndTikiAction: cls._apply_end_tiki_action,
        }

    @classmethod
    def phase_actions(cls) -> dict[Phase, Callable[[Any, int], list[Any]]]:
        """Classic's phases plus picking a seat and the two discarding actions."""
        return {
            **super().phase_actions(),
            Phase.PICK_SEAT: cls._legal_pick_seat,
            Phase.TIKI_DISCARD: cls._legal_tiki_discard,
            Phase.TIKI_DISCARD_ALL: cls._legal_tiki_discard_all,
        }

    # ------------------------------------------------------------ state

    def __init__(self, players: int, options: ClassicOptions | None = None) -> None:
        """Start a match with an empty idol (see `ClassicUno`).

        Raises:
            RuleError: a bad player count, deck or option, in a sentence.
        """
        self.idol = Idol()
        super().__init__(players, options)

    def begin_round(self) -> None:
        """A new round; at a physical table the idol is emptied with the deal."""
        super().begin_round()
        if self.referee:
            self.idol = Idol()

    def _shuffled_deal(self, cards: list[Card]) -> None:
        self.idol = Idol()  # the idol's faces were shuffled into the deck
        super()._shuffled_deal(cards)

    def _reset_round(self) -> None:
        super()._reset_round()
        self.tiki = None
        self.go_to = False

    def public_view(self) -> TikiTableView:
        """The classic view of the table with the idol's faces."""
        return TikiTableView(**self.table_fields(), idol=tuple(self.idol.faces))

    def json_fields(self) -> dict[str, JSONValue]:
        """Classic's fields plus the idol and the Tiki action in progress."""
        return {
            **super().json_fields(),
            "idol": cards_to_json(self.idol.faces),
            "tiki": None if self.tiki is None else self.tiki.to_json(),
            "go_to": self.go_to,
        }

    def load_json_fields(self, data: dict[str, Any]) -> None:
        """Read classic's fields plus the idol and the Tiki action in progress."""
        super().load_json_fields(data)
        self.idol = Idol([card for card in cards_from_json(data["idol"]) if card is not None])
        self.tiki = None if data["tiki"] is None else TikiSpin.from_json(data["tiki"])
        self.go_to = bool(data["go_to"])

