"""The UNO family at the table: classic UNO, UNO Tiki Twist and UNO Duo with physical cards.

The players hold real cards; the screen referees (the engine's referee mode,
`docs/rules/uno.md`): it shows what everyone can see and a referee must
remember, and every play is entered in two or three taps: `play` opens the
card picker (`card:<text>`, a colour at a time with `tab:<colour>`), a Wild
asks its colour (`colour:<c>`). Widgets: `play`, `draw`, `keep`, `card:<text>`,
`colour:<c>`, `uno:<seat>`, `catch:<seat>`, `challenge` (then `guilty` or
`innocent`: what the shown hand proved), `accept`, `spin`, `pick:<seat>`,
`count:<seat>` (then `digit:<n>`, `done`, or `cards`: the picker, `entered:<n>`
and `remove` to take a card back, `done`), `next`,
`dealer:<seat>`, `start`, `discard`, `discard:<n>`, `done`, `run`, `undo`,
`redo`, `scores`, `back`. The scene never changes a match: it posts the engine's legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

import pygame

from companion.games import uno
from companion.games.uno import actions as act
from companion.games.uno import tiki_actions as tact
from companion.games.uno.cards import Card, Colour
from companion.games.uno.phases import Phase
from companion.i18n import _
from companion.table import DrawChance, Outcome, PlayAction, Rematch, TableSnapshot
from companion.table.hands import ON_PHONES
from ui import theme
from ui.scene import MatchScene, SpinnerStage
from ui.spin_view import SpinMotion
from ui.theme import Theme
from ui.uno import picker as uno_picker
from ui.uno.actions import GO, Entry, Notice, Press
from ui.uno.count import HandCount, hand_count
from ui.uno.entry import ENTRIES, CardEntry, entry_presses
from ui.uno.idol_spin import IdolSpin
from ui.uno.panel import main_screen, uno_presses
from ui.uno.phones_table import phones_screen
from ui.uno.phones_view import PhonesView
from ui.uno.view_model import UnoView
from ui.widgets import Widget


class UnoScene(MatchScene):
    """One match of the UNO family, refereed while real cards are played on a real table."""

    name: ClassVar[str] = "uno"
    family: ClassVar[str] = uno.FAMILY
    stage: SpinnerStage

    def __init__(self, stage: SpinnerStage) -> None:
        super().__init__(stage)
        self.view: UnoView | None = None
        self.phones: PhonesView | None = None
        """The match's public view when its hands are on the phones (then `view` is None)."""
        self.entry = Entry()
        self.notice: Notice | None = None
        self.idol = IdolSpin(self)
        """The idol's spin on screen: the table held until it stops, the dial (Tiki Twist)."""
        self.count = HandCount(self)
        """The count of a hand at the round's end."""
        self.cards = CardEntry(self)
        """The cards entered one by one for a hand's count or a colour run."""
        self.before_wild: tuple[Card | None, Colour | None] = (None, None)
        """The card and colour in play before the Wild Draw Four being challenged."""
        self.start_note = ""
        """Why the picker asks for the start card again: the last one went back or into the
        idol (the log's sentence)."""

    # -- the entry in progress, by name (the dialogs read these) ------------------------------

    # -- snapshots ----------------------------------------------------------------------------

    def read(self, snapshot: TableSnapshot | None) -> None:
        if not self.shows(snapshot):
            self.view = self.phones = None
            return
        if snapshot.hands == ON_PHONES:
            self._read_public(snapshot)
            return
        self.phones = None
        previous = self.view
        same_match = previous is not None and previous.snapshot.match_id == snapshot.match_id
        if same_match and previous is not None and previous.snapshot.seq == snapshot.seq:
            return
        self.view = UnoView.of(snapshot, self.stage.games[snapshot.game])
        if not (same_match and self.count.goes_on()):
            self.entry = Entry()
        self.idol.hold_for_the_spin(self.view, previous if same_match else None)
        self.idol.spin_if_asked(self.view)
        self._note_what_went_before(previous if same_match else None)
        rounds = self.view.game.rounds
        if not same_match or (self.notice is not None
                              and not self.notice.still_true(snapshot, len(rounds))):
            self.notice = None
        if snapshot.is_over:
            self.notice = Notice("match_over", self._match_words(snapshot),
                                 tuple(snapshot.winners), len(rounds))
        elif previous is not None and same_match and len(rounds) > len(previous.game.rounds):
            winner = rounds[-1].winner
            self.notice = Notice("round_over", _(
                "Round {n}: {name} went out. {target}.").format(
                    n=len(rounds), name=self.view.name(winner),
                    target=self.view.target_words()), (winner,), len(rounds))
        self._open_asked_picker()

    def _read_public(self, snapshot: TableSnapshot) -> None:
        """A match with phones as hands: only its public view is read (never the engine's
        whole state, which holds every hand). A Tiki Face a phone laid on the idol starts
        its spin a beat later, as one laid from this screen does."""
        previous = self.phones
        same_match = previous is not None and previous.snapshot.match_id == snapshot.match_id
        if same_match and previous is not None and previous.snapshot.seq == snapshot.seq:
            return
        self.view, self.entry, self.notice = None, Entry(), None
        self.phones = PhonesView.of(snapshot)
        before = previous if same_match else None
        self.idol.hold_for_the_spin(self.phones, before)
        if (before is not None and self.phones.spinning and not before.spinning
                and len(self.phones.tiki or ()) > len(before.tiki or ())):
            self.idol.face_laid(snapshot.seq, self.phones)
        self.idol.spin_if_asked(self.phones)

    def _note_what_went_before(self, previous: UnoView | None) -> None:
        """Keep what the next question needs from the table before it: the card and colour
        a Wild Draw Four was played on; the start card that went back or into the idol."""
        view = self.view
        if view is None or previous is None:
            return
        if view.phase is Phase.CHALLENGE and previous.phase is not Phase.CHALLENGE:
            self.before_wild = (previous.game.top_card, previous.game.colour)
        if view.phase is Phase.START_CARD and previous.phase is Phase.START_CARD:
            self.start_note = view.event_words()
        elif view.phase is not Phase.START_CARD:
            self.start_note = ""

    def _match_words(self, snapshot: TableSnapshot) -> str:
        names = " and ".join(snapshot.players[seat].name for seat in snapshot.winners)
        rule = _(" (the lowest total wins)") if self._lowest_wins() else ""
        return _("{names} won the match{rule}.").format(names=names, rule=rule)

    def _lowest_wins(self) -> bool:
        return self.view is not None and self.view.game.options.scoring == "own_hand"

    def _open_asked_picker(self) -> None:
        """The start card and a Discard 2 are entered with the picker: it opens by itself."""
        view = self.view
        if view is None or self.notice is not None or view.spinning:
            return
        if view.phase is Phase.START_CARD:
            self.open_picker("start", rebuild=False)
        elif view.phase is Phase.TIKI_DISCARD:
            self.open_picker("discard", rebuild=False)

    # -- building and drawing the screen ----------------------------------------------------

    def build(self) -> list[Widget]:
        """The table and the seats, or the dialog of the moment over the whole screen."""
        view = self.view
        look = self.stage.look
        width, height = self.stage.size
        pad = look.px(6)
        area = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad)
        if self.phones is not None:
            shown = self.idol.before_spin if self.idol.holding() else None
            rematch = (Press("next", _("Play again"), self.next_round, GO)
                       if self.phones.snapshot.is_over else None)
            return phones_screen(self, shown if isinstance(shown, PhonesView) else self.phones,
                                 area, look, rematch)
        if view is None:
            return self.no_match(_("No UNO match is on the table."))
        entry = self.entry
        before = self.idol.before_spin
        if self.idol.holding() and isinstance(before, UnoView):
            return main_screen(self, before, area, look)
        if self.notice is not None:
            # Alone, as the picker is: the card covers the table, and a sliver of it round
            # the card's edge would only distract from the round's end.
            return uno_picker.result_card(self, view, area, look)
        if entry.wild is not None:
            return uno_picker.colour_choice(self, view, area, look)
        if entry.picking is not None:
            return uno_picker.picker(self, view, area, look)
        if entry.counting is not None:
            return hand_count(self, view, area, look)
        if entry.challenging:
            return [*main_screen(self, view, area, look),
                    *uno_picker.challenge_question(self, view, area, look)]
        return main_screen(self, view, area, look)

    def look(self) -> Theme:
        """The look the screen is drawn with: no word it asks at the readable size shrinks
        below it (every word here is read from a metre)."""
        return replace(self.stage.look, keep_readable=True)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the background, then every visible widget in order, with `look`."""
        surface.fill(theme.BACKGROUND)
        look = self.look()
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, look)

    def spin_started(self, motion: SpinMotion) -> None:
        """The motor starts turning the idol: the dial shows it turn."""
        self.rebuild()

    def tick(self, now: float) -> None:
        """A Tiki Face laid on the idol starts its spin when its beat is over."""
        self.idol.tick(now, self.phones or self.view)

    def spin_stopped(self, motion: SpinMotion) -> None:
        """The idol stopped: the table shows the spin's result and who must act."""
        self.idol.stopped(motion)
        self.rebuild()

    # -- the picker ---------------------------------------------------------------------------

    def open_picker(self, pick: str, *, rebuild: bool = True) -> None:
        """Open the card picker for `pick`, on the colour in play when it has a card allowed."""
        self.entry.picking = pick
        self.entry.wild = None
        allowed = self.allowed_cards()
        view = self.view
        in_play = view.game.colour if view is not None else None
        tabs = [uno_picker.tab_of(card) for card in allowed]
        wanted = in_play.value.lower() if in_play is not None else "red"
        self.entry.tab = wanted if wanted in tabs or not tabs else tabs[0]
        if rebuild:
            self.rebuild()

    def show_tab(self, name: str) -> None:
        """Show another colour's cards in the picker."""
        self.entry.tab = name
        self.rebuild()

    def allowed_cards(self) -> set[Card]:
        """The cards the picker may enter now."""
        view, pick = self.view, self.entry.picking
        if view is None or pick is None:
            return set()
        if pick in ENTRIES:
            return self.cards.allowed()
        return set(view.allowed(pick, self.entry.discard_count))

    def card_refusal(self, card: Card) -> str:
        """Why a grey card cannot be entered now."""
        view, pick = self.view, self.entry.picking
        if view is None or pick is None:
            return ""
        if pick in ENTRIES:
            return self.cards.refusal(card)
        return view.refusal(card, pick)

    def picker_title(self) -> str:
        """What the picker enters, in words."""
        view, entry = self.view, self.entry
        assert view is not None
        who = view.name(view.snapshot.to_move)
        if entry.picking in ENTRIES:
            return self.cards.title(view)
        titles = {
            "play": _("{name} plays: tap the card."),
            "start": _("The start card turned up:"),
            "last": _("{name}: the card laid down last, left on top:"),
        }
        if entry.picking == "discard":
            return _("{discard}: tap a card.").format(discard=view.discard_words())
        title = titles.get(entry.picking or "", "").format(name=who)
        if entry.picking == "start" and self.start_note:
            return f"{self.start_note} {title}"
        return title

    def picker_presses(self) -> list[Press]:
        """The picker's extra buttons: the UNO call, a Duo colour run, stopping a discard."""
        view, entry = self.view, self.entry
        if view is None:
            return []
        seat = view.snapshot.to_move
        presses: list[Press] = []
        if entry.picking == "play" and seat is not None:
            if any(action.uno for action in view.actions_of(act.PlayCard)):
                presses.append(self._uno_toggle(seat))
            if view.is_duo_run_open():
                presses.append(Press("run", _("Play all of a colour"), self.start_run))
        elif entry.picking == "run" and seat is not None:
            if self.cards.room() == 1:
                presses.append(self._uno_toggle(seat))
            presses += [*entry_presses(self), Press("done", _("Play these"), self.play_run, GO)]
        elif entry.picking == "count":
            presses += entry_presses(self)
        elif entry.picking == "discard":
            stop = view.first(tact.EndTikiAction)
            if stop is not None:
                presses.append(Press("done", _("No more"), self.sender(stop)))
            presses += uno_presses(self, view)  # the UNO catch stays open through the spin
        return presses

    def _uno_toggle(self, seat: int) -> Press:
        called = self.entry.uno_called
        words = _("UNO! called") if called else _("Say UNO with it")
        return Press(f"uno:{seat}", ("✓ " if called else "") + words, self.toggle_uno,
                     (150, 110, 0) if called else theme.BUTTON)

    def toggle_uno(self) -> None:
        """The player says UNO with the play being entered (or takes it back)."""
        self.entry.uno_called = not self.entry.uno_called
        self.rebuild()

    def pick_card(self, card: Card) -> None:
        """A card tapped in the picker: played, turned up, discarded or added to the entry."""
        view, entry = self.view, self.entry
        if view is None or entry.picking is None:
            return
        if entry.picking in ENTRIES:
            self.cards.add(card)
            return
        actions = view.allowed(entry.picking, entry.discard_count).get(card, [])
        if not actions:
            self.stage.say(view.refusal(card, entry.picking))
            return
        if entry.picking == "play" and card.is_wild:
            entry.wild = card
            self.rebuild()
            return
        face = entry.picking == "play" and card.is_tiki_face
        self.send(self._with_uno(actions), then=self._spin_after_face if face else None)

    def _spin_after_face(self, outcome: Outcome) -> None:
        """A Tiki Face went on the idol: its spin starts without another tap."""
        if outcome.applied and outcome.seq is not None:
            self.idol.face_laid(outcome.seq, self.view)

    def _with_uno(self, actions: list[Any]) -> Any:
        """The play with the UNO call as said (or the only way there is)."""
        wanted = [action for action in actions if getattr(action, "uno", False)
                  == self.entry.uno_called]
        return (wanted or actions)[0]

    def name_colour(self, colour: Colour) -> None:
        """The colour named for a Wild just played, or for a Wild start card."""
        view, wild = self.view, self.entry.wild
        if view is None:
            return
        if wild is not None:
            plays = [action for action in view.allowed("play").get(wild, [])
                     if action.colour is colour]
            if plays:
                self.send(self._with_uno(plays))
            return
        for choice in view.actions_of(act.ChooseColour):
            if choice.colour is colour:
                self.send(choice)
                return
        self.stage.say(view.prompt())

    def start_run(self) -> None:
        """UNO Duo: enter every card of one colour, the Reverse first."""
        self.entry.entered = []
        self.open_picker("run")

    def play_run(self) -> None:
        """Send the UNO Duo colour run entered (the engine checks it)."""
        view = self.view
        if view is None or not self.entry.entered:
            self.stage.say(_("Tap the cards of the run first, the Reverse first."))
            return
        self.send(view.run_action(list(self.entry.entered), self.entry.uno_called))

    # -- other entries ------------------------------------------------------------------------

    def sender(self, action: Any) -> Any:
        """A button's tap that sends `action` (a legal action) to the table."""
        return lambda: self.send(action)

    def send(self, action: Any, then: Callable[[Outcome], None] | None = None) -> None:
        """Post an action (`then` hears its outcome); the dialog closes (the answer's
        snapshot redraws the screen)."""
        view = self.view
        if action is None:
            self.stage.say(view.prompt() if view is not None else "")
            return
        self.stage.post(PlayAction(action), then)
        self.entry = Entry()
        self.rebuild()

    def spin(self) -> None:
        """Ask the table's spinner to spin the idol (`DrawChance`), for this state only: a
        second tap landing after the spin turns nothing more."""
        snapshot = self.stage.snapshot
        self.stage.post(DrawChance(for_seq=None if snapshot is None else snapshot.seq))

    def ask_challenge(self) -> None:
        """The challenge is called: ask what the shown hand proved."""
        self.entry.challenging = True
        self.rebuild()

    def challenge_proved(self) -> None:
        """The shown hand proved the Wild Draw Four illegal: its player draws 4."""
        self._verdict(True)

    def challenge_failed(self) -> None:
        """The shown hand proved the Wild Draw Four legal: the challenger draws 6."""
        self._verdict(False)

    def _verdict(self, guilty: bool) -> None:
        view = self.view
        if view is None:
            return
        verdicts = [action for action in view.actions_of(act.Challenge)
                    if action.guilty is guilty]
        self.send(verdicts[0] if verdicts else None)

    def discard_all(self, count: int) -> None:
        """A Discard All: how many cards went down (then, on top, the last one)."""
        view = self.view
        if view is None:
            return
        plain = [action for action in view.actions_of(tact.DiscardAll)
                 if action.count == count and action.last is None]
        if plain:
            self.send(plain[0])
            return
        self.entry.discard_count = count
        self.open_picker("last")

    def fresh_entry(self, counting: int | None = None) -> None:
        """Start a dialog afresh (counting the hand of `counting`, when given)."""
        self.entry = Entry(counting=counting)
        self.rebuild()

    def close_dialog(self) -> None:
        """Close the dialog without sending anything (the card picker of a hand count goes
        back to its keypad)."""
        self.fresh_entry(self.entry.counting if self.entry.picking == "count" else None)

    def next_round(self) -> None:
        """After a round: play on; after the match: the same players again (a rematch)."""
        if (self.phones is not None and self.phones.snapshot.is_over) or (
                self.notice is not None and self.notice.kind == "match_over"):
            self.stage.post(Rematch())
        self.notice = None
        self._open_asked_picker()
        self.rebuild()



__all__ = ["Entry", "Notice", "UnoScene"]
