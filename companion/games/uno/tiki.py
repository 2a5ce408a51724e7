"""UNO Tiki Twist: classic UNO plus the Tiki idol, Tiki Faces and Spin cards.

`TikiTwist` subclasses `ClassicUno` (through `TikiDiscards`, its
discarding actions) and changes only what the rulebook changes, through the
classic hooks (see `companion.games.uno.classic`):

- a Tiki Face may always be played from hand (`playable`); it goes into the
  idol instead of the discard pile (`place_played_card`) and leaves the colour
  in play alone;
- playing a Tiki Face, or a Spin card while the idol holds a face, asks chance
  for a spin (`card_effect`, `chance_request`): ``ChanceRequest(kind="spin")``
  answered with a seat or two neighbouring seats (`SpinResult`); between two
  seats the player who spun picks one (`PickSeat`);
- the chosen player performs the active face's action: Draw 1/2/4 (no
  decision), Discard 2 and Discard All (`TikiDiscards` in
  ``tiki_discards.py``, D-U6), Go To (that player plays at once to the
  discard pile, D-U3); then play resumes after the spinner, except after Go
  To; a Spin card with an empty idol does nothing more, or spins to pick the
  next player (D-U4);
- a Tiki Face turned up as the start card goes into the idol (`start_card_effect`);
- the reshuffle takes the idol's faces except the one showing (`reshuffle_sources`);
- Tiki Twist card points (`points_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from companion.games.actions import ActionSet
from companion.games.base import ChanceRequest, JSONValue, RuleError, spin_seats
from companion.games.uno import tiki_actions as tact
from companion.games.uno._state import cards_from_json, cards_text, cards_to_json
from companion.games.uno.cards import Card, TikiAction
from companion.games.uno.classic import ClassicUno, distinct
from companion.games.uno.deck_file import builtin_deck
from companion.games.uno.idol import Idol
from companion.games.uno.options import ClassicOptions
from companion.games.uno.scoring import TIKI_POINTS
from companion.games.uno.tiki_discards import TikiDiscards
from companion.games.uno.tiki_options import TikiOptions, face_name

TIKI_PHASES = frozenset({"spin", "pick_seat", "tiki_discard", "tiki_discard_all"})
"""Phases of a Tiki action in progress (besides classic's)."""

_DRAWS = {TikiAction.DRAW_1: 1, TikiAction.DRAW_2: 2, TikiAction.DRAW_4: 4}


class TikiTwist(TikiDiscards):
    """A UNO Tiki Twist match (2-10 players) to the options' target score."""

    game_name: ClassVar[str] = "tiki"
    uses_spinner: ClassVar[bool] = True
    title: ClassVar[str] = "UNO Tiki Twist"
    builtin_decks: ClassVar[tuple[str, ...]] = ("tiki112",)
    options_type: ClassVar[type[ClassicOptions]] = TikiOptions
    action_types: ClassVar[ActionSet] = tact.TIKI_ACTIONS
    points_table = TIKI_POINTS
    plays_tiki_faces = True
    catch_phases = ClassicUno.catch_phases | {"pick_seat", "tiki_discard", "tiki_discard_all"}
    keeps_uno_window = ClassicUno.keeps_uno_window | {
        "spin_result",
        "pick_seat",
        "tiki_discard",
        "discard_all",
        "end_tiki_action",
    }
    """A Tiki action is part of the turn: the next player has not begun theirs."""

    go_to: bool
    """True while the current player was sent by Go To and must play to the discard pile."""

    @property
    def active_tiki_face(self) -> Card | None:
        """The Tiki Face showing in the idol, or None while it is empty."""
        return self.idol.active_tiki_face

    @property
    def spinning_seat(self) -> int | None:
        """The seat that spins the idol (or picks between two seats) now, or None."""
        return None if self.tiki is None else int(self.tiki["spinner"])

    # ------------------------------------------------------------ rule hooks

    def build_deck(self) -> tuple[Card, ...]:
        """The Tiki Twist deck (D-U2), or the table's own cards.

        Raises:
            RuleError: the options name another built-in deck or an unknown card.
        """
        if self.options.deck_cards:
            return super().build_deck()
        if self.options.deck not in self.builtin_decks:
            raise RuleError(
                f"UNO Tiki Twist is played with the tiki112 deck, not {self.options.deck!r}; "
                "give your own cards with deck_cards."
            )
        return builtin_deck(self.options.deck).cards

    def playable_test(self, seat: int) -> Callable[[Card], bool]:
        """A Tiki Face needs no match, except for a player sent by Go To (and D-U5)."""
        matches = super().playable_test(seat)
        face_allowed = not self.go_to and not self._last_tiki_face_refused(seat)

        def playable(card: Card) -> bool:
            return face_allowed if card.is_tiki_face else matches(card)

        return playable

    def _last_tiki_face_refused(self, seat: int) -> bool:
        return not self.tiki_options.tiki_face_goes_out and len(self.hands[seat]) == 1

    def play_error(self, card: Card, seat: int) -> str | None:
        """Why `card` may not be played now, or None (Go To refuses Tiki Faces)."""
        if card.is_tiki_face and self.go_to:
            return "Go To: play a card onto the discard pile; a Tiki Face does not count."
        if card.is_tiki_face and self._last_tiki_face_refused(seat):
            return "A Tiki Face cannot be your last card at this table: draw instead."
        return super().play_error(card, seat)

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
                self.note("{0} spins the empty idol: the player it points to plays next.", seat)
            else:
                self.note(f"{{0}} spins the idol: {face_name(face)} is active.", seat)
            self.tiki = {"spinner": seat, "seats": None, "target": None, "left": 0}
            self.current = seat
            self.phase = "spin"
            self.pending_chance = "spin"
        else:
            super().card_effect(card, seat)

    def _spin_card_spins(self) -> bool:
        """D-U4: whether a Spin card played now spins the idol."""
        return not self.idol.is_empty or self.tiki_options.spin_on_empty_idol != "nothing"

    def start_card_effect(self, card: Card) -> None:
        """A Tiki Face turned up goes into the idol and the next card is turned."""
        if not card.is_tiki_face:
            super().start_card_effect(card)
            return
        self.discard.pop()
        self.idol.put(card)
        self.note(f"The Tiki Face goes into the idol: {face_name(card)} is active.")
        if self.referee:
            self.phase = "start_card"
        else:
            self.turn_up_start_card()

    def after_draw(self) -> None:
        """D-U3: a Go To player's drawn card may be played, unless the table says no."""
        if self.go_to and not self.tiki_options.go_to_plays_drawn_card:
            self.note("{0} keeps the drawn card (Go To): the turn passes.", self.current)
            self.start_turn(self.next_seat(self.current))
        else:
            super().after_draw()

    def start_turn(self, seat: int) -> None:
        """Give the turn to `seat`; a Go To restriction ends with it."""
        super().start_turn(seat)
        self.go_to = False

    def reshuffle_sources(self) -> list[Card | None]:
        """The discard pile under its top card and the idol's faces but the one showing."""
        return [*self.discard[:-1], *self.idol.faces[:-1]]

    def clear_reshuffle_sources(self) -> None:
        """Take the reshuffled cards from the discard pile and the idol."""
        super().clear_reshuffle_sources()
        self.idol.take_hidden_faces()

    def chance_request(self, kind: str) -> ChanceRequest:
        """The spin request names the active face; shuffles are classic's."""
        if kind != "spin":
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
            raise RuleError(f"The idol stops at a seat number, not {outcome!r}.")
        self._check_spin_seats(seats)
        return tact.SpinResult(seats)

    def decider(self) -> int:
        """The player who spun picks one of two seats; the chosen player discards."""
        if self.tiki is not None and self.phase == "pick_seat":
            return int(self.tiki["spinner"])
        if self.tiki is not None and self.phase in ("tiki_discard", "tiki_discard_all"):
            return int(self.tiki["target"])
        return super().decider()

    def follow_entries(self, simulation: Any) -> list[Any]:
        """A Discard All the simulation skipped (no card of the colour) is declined at the table."""
        if self.phase == "tiki_discard_all" and simulation.phase != "tiki_discard_all":
            return [tact.EndTikiAction()]
        return []

    def card_locations(self) -> dict[str, list[Card | None]]:
        """Classic's places plus the idol."""
        places = super().card_locations()
        places["idol"] = list(self.idol.faces)
        return places

    # ----------------------------------------------------------- the spin

    def _check_spin_seats(self, seats: tuple[int, ...]) -> None:
        if not 1 <= len(seats) <= 2 or any(not 0 <= seat < self.players for seat in seats):
            raise RuleError(
                f"The idol stops at one seat or between two, from seat 0 to {self.players - 1}."
            )
        if len(seats) == 2 and (seats[0] - seats[1]) % self.players not in (1, self.players - 1):
            raise RuleError(
                f"{self.seat_name(seats[0])} and {self.seat_name(seats[1])} are not neighbours:"
                " the idol stops between two players sitting side by side."
            )

    def _apply_spin_result(self, action: tact.SpinResult) -> None:
        if self.pending_chance != "spin" or self.tiki is None:
            raise RuleError("Nobody needs to spin the idol now.")
        self._check_spin_seats(action.seats)
        self.pending_chance = None
        if len(action.seats) == 1:
            self._resolve(action.seats[0])
        else:
            self.tiki["seats"] = list(action.seats)
            self.phase = "pick_seat"
            first, second = action.seats
            self.note("{0} picks {1} or {2}.", int(self.tiki["spinner"]), first, second)

    def _apply_pick_seat(self, action: tact.PickSeat) -> None:
        if self.phase != "pick_seat" or self.tiki is None:
            raise self._not_now("pick a seat")
        if action.picked not in self.tiki["seats"]:
            first, second = self.tiki["seats"]
            raise RuleError(
                f"The idol stopped between {self.seat_name(first)} and {self.seat_name(second)}:"
                " pick one of them."
            )
        self._resolve(action.picked)

    def _resolve(self, target: int) -> None:
        """The chosen player performs the active face's action (or plays next, D-U4)."""
        assert self.tiki is not None
        face = self.idol.active_tiki_face
        if face is None:  # a Spin card on an empty idol picked the next player
            self.tiki = None
            self.start_turn(target)
            self.note("{0} plays next (the idol is empty).", target)
            return
        assert face.tiki is not None
        self.tiki["target"], self.tiki["seats"] = target, None
        name = f"Tiki {face_name(face)}"
        if face.tiki in _DRAWS:
            self.owe(target, _DRAWS[face.tiki])
            self.note(f"{{0}} draws {cards_text(_DRAWS[face.tiki])} ({name}).", target)
            self._resume()
        elif face.tiki is TikiAction.DISCARD_2:
            self.tiki["left"] = 2
            self.phase = "tiki_discard"
            self.note(f"{{0}} may discard up to 2 cards ({name}).", target)
        elif face.tiki is TikiAction.DISCARD_ALL:
            assert face.colour is not None
            colour = face.colour.value
            if self.referee or self.colour_count(target, face.colour):
                self.phase = "tiki_discard_all"
                self.note(f"{{0}} may discard all {colour} cards, or none ({name}).", target)
            else:
                self.note(f"{{0}} holds no {colour} card: nothing to discard ({name}).", target)
                self._resume()  # nothing of the colour: no penalty
        else:  # Go To: play jumps to the chosen player at once
            self.tiki = None
            self.start_turn(target)
            self.go_to = True
            self.note(f"{{0}} plays next, onto the discard pile ({name}).", target)

    # ---------------------------------------------------------- Go To

    def _apply_draw(self, action: Any) -> None:
        if self.go_to and self.phase == "turn" and not self.referee:
            playable = [card for card in distinct(self.hands[self.current])
                        if self.playable(card, self.current)]
            if playable:
                raise RuleError(
                    f"Go To: you must play to the discard pile, and {playable[0]} fits; "
                    "you draw only with no playable card."
                )
        super()._apply_draw(action)

    def _apply_play(self, action: Any) -> None:
        colour = self.colour
        super()._apply_play(action)
        if action.card.is_tiki_face:
            self.colour = colour  # a face in the idol does not change the colour in play

    def _legal_turn(self) -> list[Any]:
        plays = super()._legal_turn()
        if self.go_to and not self.referee and len(plays) > 1:
            plays = [play for play in plays if play.tag != "draw"]
        return plays

    def _legal_pick_seat(self) -> list[Any]:
        assert self.tiki is not None
        return [tact.PickSeat(seat) for seat in self.tiki["seats"]]

    def _not_now(self, what: str) -> RuleError:
        if self.tiki is None or self.phase not in TIKI_PHASES:
            return super()._not_now(what)
        spinner = self.seat_name(int(self.tiki["spinner"]))
        chosen = self.tiki["target"]
        target = self.seat_name(int(chosen)) if chosen is not None else "The chosen player"
        reasons = {
            "spin": f"{spinner} must spin the idol first.",
            "pick_seat": f"{spinner} must pick the seat the idol points at.",
            "tiki_discard": f"{target} is discarding for Discard 2.",
            "tiki_discard_all": f"{target} must discard all or none.",
        }
        return RuleError(f"You cannot {what} now. {reasons[self.phase]}")

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

    def json_fields(self) -> dict[str, JSONValue]:
        """Classic's fields plus the idol and the Tiki action in progress."""
        return {
            **super().json_fields(),
            "idol": cards_to_json(self.idol.faces),
            "tiki": None if self.tiki is None else dict(self.tiki),
            "go_to": self.go_to,
        }

    def load_json_fields(self, data: dict[str, Any]) -> None:
        """Read classic's fields plus the idol and the Tiki action in progress."""
        super().load_json_fields(data)
        self.idol = Idol([card for card in cards_from_json(data["idol"]) if card is not None])
        self.tiki = None if data["tiki"] is None else dict(data["tiki"])
        self.go_to = bool(data["go_to"])

