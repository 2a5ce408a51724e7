"""An UNO match played with phones as hands, as the table's screen shows it: the public view.

With phones as hands (`companion.table.hands`) the engine holds every card, and each hand
lives on its player's phone. The screen in the middle of the table shows only what everyone
at a table may see, so it reads only what the table publishes for everyone: the engine's
public view (`TableSnapshot.public_state`, `UnoTableView`: the card in play, the colour,
each hand's size, the idol's faces, the totals), the actions that name no hidden card
(`public_actions`), and the log's sentences. It never reads the engine's whole state
(`state_json`), so no card of a hand can reach the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.uno.card_words import face_words
from companion.games.uno.cards import Card, Colour
from companion.games.uno.phases import Phase
from companion.i18n import _, note_text
from companion.table import TableSnapshot
from ui.uno.event_words import effect_words, event_words


@dataclass
class PhonesView:
    """The public view of one snapshot of an UNO match whose hands are on the phones."""

    snapshot: TableSnapshot
    table: dict[str, Any]
    """The engine's public view as JSON (`UnoTableView.to_json`)."""

    @classmethod
    def of(cls, snapshot: TableSnapshot) -> PhonesView:
        """The view of one snapshot (its public view only)."""
        return cls(snapshot, snapshot.public_state() or {})

    # -- what everyone can see ----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The match's phase."""
        return Phase(self.table.get("phase", Phase.DEALER.value))

    @property
    def tiki(self) -> tuple[Card | None, ...] | None:
        """UNO Tiki Twist: the faces in the idol, the active one last; None in another game."""
        if "idol" not in self.table:
            return None
        return tuple(None if face is None else Card.parse(face) for face in self.table["idol"])

    @property
    def active_face(self) -> Card | None:
        """The Tiki Face showing in the idol (the newest), or None."""
        faces = self.tiki
        return faces[-1] if faces else None

    @property
    def top_card(self) -> Card | None:
        """The card in play, or None before one is turned up."""
        top = self.table.get("top_card")
        return None if top is None else Card.parse(top)

    @property
    def colour(self) -> Colour | None:
        """The colour in play (after a Wild, the colour named)."""
        colour = self.table.get("colour")
        return None if colour is None else Colour.parse(colour)

    @property
    def draw_count(self) -> int:
        """How many cards the draw pile holds."""
        return int(self.table.get("draw_count", 0))

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds (never which)."""
        return [int(count) for count in self.table.get("hand_counts", [])]

    def hands_left(self) -> tuple[tuple[str, ...], ...] | None:
        """The cards each hand held when the last round ended, public from its scoring to
        the next deal and at the match's end; None otherwise (`UnoTableView.hands_left`)."""
        hands = self.table.get("hands_left")
        return None if hands is None else tuple(tuple(str(card) for card in hand)
                                                for hand in hands)

    def last_round(self) -> dict[str, Any] | None:
        """The round just scored (`{"winner", "points", "totals"}`) while its hands are
        shown, else None."""
        rounds = self.table.get("rounds") or []
        return dict(rounds[-1]) if rounds and self.hands_left() is not None else None

    def totals(self) -> list[int]:
        """Each seat's match total."""
        return [int(total) for total in self.table.get("totals", [])]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.snapshot.players)

    @property
    def spinning(self) -> bool:
        """True while the idol waits to be spun."""
        chance = self.snapshot.chance
        return chance is not None and chance.kind == "spin"

    @property
    def shuffling(self) -> bool:
        """True while the table waits for the companion to shuffle (and deal)."""
        chance = self.snapshot.chance
        return chance is not None and chance.kind == "shuffle"

    def name(self, seat: int | None) -> str:
        """A seat's player name ("" for None)."""
        return "" if seat is None else self.snapshot.players[seat].name

    def actions_of(self, kind: type[Any] | tuple[type[Any], ...]) -> list[Any]:
        """The public legal actions of `kind` (none names a card of a hand)."""
        return [action for action in self.snapshot.public_actions if isinstance(action, kind)]

    def uno_word(self, seat: int) -> str:
        """What the table should know of a seat's UNO: "" unless it holds one card."""
        sizes = self.hand_sizes()
        if seat >= len(sizes) or sizes[seat] != 1 or self.phase in (
                Phase.SCORING, Phase.DRAFT, Phase.DEALER):
            return ""
        return _("no UNO!") if self.table.get("uno_exposed") == seat else _("UNO!")

    def target_words(self) -> str:
        """The target: "Target 500", or UNO Duo's "First to 200 loses"."""
        target = self.table.get("target", 0)
        if self.table.get("target_loses"):
            return _("First to {points} loses").format(points=target)
        return _("Target {points}").format(points=target)

    def direction_words(self) -> str:
        """Who plays after the seat on turn, with the direction's arrow."""
        direction = int(self.table.get("direction", 1))
        arrow = "↻" if direction == 1 else "↺"
        current = int(self.table.get("current", 0))
        if self.players == 2 or self.phase not in (Phase.TURN, Phase.DRAWN, Phase.CHALLENGE):
            return arrow
        following = (current + direction) % self.players
        return _("{arrow} then {name}").format(arrow=arrow, name=self.name(following))

    def prompt(self) -> str:
        """What happens now, in a sentence: who plays on their phone, or what the table does."""
        snapshot = self.snapshot
        if snapshot.is_over:
            return self.event_words()
        if self.shuffling:
            return _("Tap Shuffle: the companion shuffles and deals to the phones.")
        if self.spinning:
            face = self.active_face
            if face is None:
                return _("Spin the idol: the player it points to plays next.")
            return _("Spin the idol: {face} is active.").format(
                face=note_text(face_words(face), str))
        who = self.name(snapshot.to_move)
        texts = {
            Phase.DRAWN: _("{name} drew a card: play it or keep it, on the phone."),
            Phase.CHALLENGE: _("{name}: challenge the Wild Draw Four or draw 4, on the phone."),
            Phase.PICK_SEAT: _("The idol stopped between two seats: {name} picks one."),
            Phase.DRAFT: _("Draft: {name} keeps or passes a card, on the phone."),
            Phase.TIKI_DISCARD: _("{name} discards up to 2 cards, on the phone."),
            Phase.TIKI_DISCARD_ALL: _("{name} discards, on the phone."),
            Phase.START_COLOUR: _("{name} names the colour of the Wild start card, on the"
                                  " phone."),
        }
        if self.phase in texts:
            return texts[self.phase].format(name=who)
        if who:
            return _("{name}: play a card on your phone, or draw.").format(name=who)
        return self.event_words()

    def event_words(self) -> str:
        """The last event's line in the table's language (`ui.uno.event_words`)."""
        return event_words(self.snapshot, self.name)

    def effect_words(self) -> str:
        """What the last action made someone do at the table (`ui.uno.event_words`)."""
        return effect_words(self.snapshot, self.name)


__all__ = ["PhonesView"]
