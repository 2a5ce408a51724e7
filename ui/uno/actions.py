"""What the UNO scene's panels and dialogs may ask of it (one small protocol each), and the
values they read: the entry in progress (`Entry`), a round's result (`Notice`), a button of
the moment (`Press`).

The panels (`panel`, `picker`, `count`, `entry`, `idol_spin`) build widgets from the
scene's view and send its actions; each sees the scene only through its own small protocol
(`TableActions`, `PickerActions`, `ChallengeActions`, `ResultActions`, `CountActions`,
`EntryActions`, `IdolActions`), so none imports the scene nor asks of it more than it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from companion.games.uno.cards import Card, Colour
from companion.table import TableSnapshot
from ui import theme
from ui.scene import SpinnerStage
from ui.uno.phones_view import PhonesView
from ui.uno.view_model import UnoView
from ui.widgets import Widget

GO: theme.RGB = (0, 120, 80)
"""The colour of the button that moves the game on."""


@dataclass(frozen=True)
class Press:
    """A button of the moment: its name, its words, what it does, its colour."""

    name: str
    text: str
    on_tap: Callable[[], None]
    colour: theme.RGB = theme.BUTTON
    ink: theme.RGB = theme.TEXT


@dataclass(frozen=True)
class Notice:
    """A round's or the match's result, shown until the players tap `next`."""

    kind: str
    """"round_over" or "match_over"."""
    text: str
    winners: tuple[int, ...] = ()
    rounds: int = 0
    """The rounds played when it was shown: an undo below that takes the notice away."""

    def still_true(self, snapshot: TableSnapshot, rounds: int) -> bool:
        """False once the table went back (an undo here, on a keyboard or on a phone)."""
        if self.kind == "match_over":
            return snapshot.is_over
        return rounds >= self.rounds


@dataclass
class Entry:
    """What a person has tapped in a dialog and not yet sent to the table."""

    picking: str | None = None
    """The card picker's purpose (`ui.uno.view_model.PICKS`), while it is open."""
    tab: str = "red"
    wild: Card | None = None
    """A Wild tapped in the picker, waiting for its colour."""
    uno_called: bool = False
    """The player on turn said UNO with the play being entered."""
    entered: list[Card] = field(default_factory=list)
    """Cards entered so far for a hand count or an UNO Duo colour run."""
    counting: int | None = None
    """The seat whose hand is being counted."""
    typed: str = ""
    """The points typed for the hand being counted."""
    challenging: bool = False
    """The challenge was called: the screen asks what the shown hand proved."""
    discard_count: int = 0
    """A Discard All's count, while the card left on top is picked (D-U6 "on_top")."""


class IdolShown(Protocol):
    """What the main screen asks of the idol's spin on screen (`IdolSpin`)."""

    def presses(self, view: UnoView | PhonesView) -> list[Press]:
        """`spin`, `spinning` or the `pick:<seat>` buttons."""

    def words(self, view: UnoView | PhonesView) -> str:
        """Why the idol is spun in software, when it is."""

    def dial_widgets(self, view: UnoView | PhonesView, area: pygame.Rect) -> list[Widget]:
        """The dial over the cards while a spin is shown."""


class HandCounting(Protocol):
    """What the panels ask of the count of a hand at a round's end (`HandCount`)."""

    def open(self, seat: int) -> None:
        """Count the hand of `seat`."""

    def type_digit(self, digit: str) -> None:
        """One more digit of the points."""

    def delete_digit(self) -> None:
        """Take back the last digit."""

    def count_points(self) -> None:
        """Send the points typed."""

    def count_cards(self) -> None:
        """Send the cards entered."""


class CardsEntered(Protocol):
    """What the panels ask of the cards entered one by one (`CardEntry`)."""

    def room(self) -> int:
        """How many cards may still be entered."""

    def tab_refusal(self, tab: str, cards: list[Card]) -> str:
        """Why a colour tab holds no card to enter now ("" when it does)."""

    def take_back(self, index: int | None = None) -> None:
        """Take back an entered card (the last when `index` is None)."""


class Shown(Protocol):
    """What every panel and dialog reads of the scene: the app around it, the match on
    screen and the entry in progress, and how to show a change."""

    @property
    def stage(self) -> SpinnerStage:
        """The app around the scene (the UNO screen shows the idol's spin)."""

    @property
    def view(self) -> UnoView | None:
        """The match on screen; None when the table holds no UNO match."""

    @property
    def entry(self) -> Entry:
        """What a person has tapped in a dialog and not yet sent."""

    def rebuild(self) -> None:
        """Build the widgets again."""


class TableActions(Protocol):
    """What the main screen (`panel`: the seats, the cards in play, the buttons of the
    moment) asks of the scene."""

    @property
    def stage(self) -> SpinnerStage:
        """The app around the scene (the UNO screen shows the idol's spin)."""

    @property
    def idol(self) -> IdolShown:
        """The idol's spin on screen."""

    @property
    def count(self) -> HandCounting:
        """The count of a hand at the round's end."""

    def sender(self, action: Any) -> Any:
        """A tap that sends `action` to the table."""

    def spin(self) -> None:
        """Ask the table to spin (or shuffle)."""

    def open_picker(self, pick: str, *, rebuild: bool = True) -> None:
        """Open the card picker for `pick`."""

    def name_colour(self, colour: Colour) -> None:
        """The colour named for a Wild."""

    def ask_challenge(self) -> None:
        """The Wild Draw Four is challenged: ask what the hand proved."""

    def discard_all(self, count: int) -> None:
        """A Discard All of `count` cards."""

    def back(self) -> None:
        """Home (the match stays on the table)."""

    def undo(self) -> None:
        """Take back the table's last command."""

    def redo(self) -> None:
        """Play again what the last undo took back."""

    def scores(self) -> None:
        """The match's scoresheet."""


class NamesColours(Protocol):
    """What the four colour buttons of a Wild ask (`panel.colour_presses`)."""

    def name_colour(self, colour: Colour) -> None:
        """The colour named for a Wild."""


class PickerActions(Protocol):
    """What the card picker and the Wild's colour choice (`picker`) ask of the scene."""

    @property
    def stage(self) -> SpinnerStage:
        """The app around the scene (the UNO screen shows the idol's spin)."""

    @property
    def entry(self) -> Entry:
        """What a person has tapped in a dialog and not yet sent."""

    @property
    def cards(self) -> CardsEntered:
        """The cards entered one by one."""

    def allowed_cards(self) -> set[Card]:
        """The cards the picker may enter now."""

    def card_refusal(self, card: Card) -> str:
        """Why `card` cannot be entered now."""

    def pick_card(self, card: Card) -> None:
        """A card tapped in the picker."""

    def picker_presses(self) -> list[Press]:
        """The picker's buttons of the moment."""

    def picker_title(self) -> str:
        """The picker's title."""

    def show_tab(self, name: str) -> None:
        """Show the picker's colour tab `name`."""

    def close_dialog(self) -> None:
        """Close the dialog open now."""

    def name_colour(self, colour: Colour) -> None:
        """The colour named for a Wild."""


class ChallengeActions(Protocol):
    """What the Wild Draw Four challenge's question (`picker.challenge_question`) asks."""

    @property
    def before_wild(self) -> tuple[Card | None, Colour | None]:
        """The card and colour in play before the Wild Draw Four being challenged."""

    def challenge_proved(self) -> None:
        """The challenged player was guilty."""

    def challenge_failed(self) -> None:
        """The challenged player was innocent."""

    def close_dialog(self) -> None:
        """Close the dialog open now."""


class ResultActions(Protocol):
    """What a round's or the match's result (`picker.result_card`) asks of the scene."""

    @property
    def notice(self) -> Notice | None:
        """The result on screen until `next`."""

    def next_round(self) -> None:
        """The players tapped `next` on a result."""

    def undo(self) -> None:
        """Take back the table's last command."""


class CountActions(Shown, Protocol):
    """What the count of a hand at a round's end (`count`) asks of the scene."""

    @property
    def cards(self) -> CardsEntered:
        """The cards entered one by one."""

    @property
    def count(self) -> HandCounting:
        """The count of a hand at the round's end."""

    def send(self, action: Any) -> None:
        """Send `action` to the table; the entry starts afresh."""

    def open_picker(self, pick: str, *, rebuild: bool = True) -> None:
        """Open the card picker for `pick`."""

    def close_dialog(self) -> None:
        """Close the dialog open now."""

    def fresh_entry(self, counting: int | None = None) -> None:
        """Start the entry afresh (counting the hand of `counting`)."""


class EnteredRow(Protocol):
    """What the row of cards entered so far (`entry.entered_row`) reads."""

    @property
    def entry(self) -> Entry:
        """What a person has tapped in a dialog and not yet sent."""

    @property
    def cards(self) -> CardsEntered:
        """The cards entered one by one."""


class EntryActions(Shown, Protocol):
    """What the cards entered one by one (`entry`) ask of the scene."""

    @property
    def cards(self) -> CardsEntered:
        """The cards entered one by one."""

    @property
    def count(self) -> HandCounting:
        """The count of a hand at the round's end."""


class IdolActions(Protocol):
    """What the idol's spin on screen (`idol_spin`) asks of the scene."""

    @property
    def stage(self) -> SpinnerStage:
        """The app around the scene (the UNO screen shows the idol's spin)."""

    def sender(self, action: Any) -> Any:
        """A tap that sends `action` to the table."""

    def spin(self) -> None:
        """Ask the table to spin (or shuffle)."""


__all__ = ["GO", "CardsEntered", "ChallengeActions", "CountActions", "EnteredRow", "Entry",
           "EntryActions", "HandCounting", "IdolActions", "IdolShown", "NamesColours", "Notice",
           "PickerActions", "Press", "ResultActions", "Shown", "TableActions"]
