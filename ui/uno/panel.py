"""The UNO scene's main screen: the table as everyone sees it, the seats, the buttons of the moment.

The table: the draw pile (`pile`, its size), the card in play (`top`), the
colour in play (`colour`, its letter too), the idol with its active Tiki
Face (`idol`, Tiki Twist), whose turn and the direction (`prompt`, `turn`).
The seats (`seat:<n>`): each player's cards, UNO call and total; the target
(`target`). The buttons of the moment come from the legal actions (see
`moment_buttons`); `undo` and `back` are always there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import pygame

from companion.games.uno import actions as act
from companion.games.uno import duo_actions as dact
from companion.games.uno import tiki_actions as tact
from companion.games.uno.cards import COLOUR_NAMES, Colour, colour_name
from companion.games.uno.phases import ROUND_END, Phase
from companion.i18n import _, ngettext, note_text
from ui import layout, theme
from ui.scene import Stage
from ui.scene_parts import message_widgets, redo_button, scores_button
from ui.theme import Theme, player_colour
from ui.uno.actions import GO, NamesColours, Press, TableActions
from ui.uno.card_drawing import CARD_COLOURS, CardWidget, IdolWidget
from ui.uno.phones_view import PhonesView
from ui.uno.view_model import UnoView
from ui.widgets import (
    Button,
    Label,
    Panel,
    TextBlock,
    Widget,
    block_fits,
    button_width,
    draw_text,
    wrap_text,
)


@dataclass(eq=False)
class InkButton(Button):
    """A button whose words take their own colour (black on a yellow button)."""

    ink: theme.RGB = theme.TEXT

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The button, its words in `ink` (grey when disabled)."""
        fill = self.colour if self.enabled else theme.BUTTON_DISABLED
        radius = look.px(10)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.selected:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, look.px(4), border_radius=radius)
        draw_text(surface, self.text, self.rect.inflate(-look.px(12), 0), look, self.size,
                  True, self.ink if self.enabled else theme.MUTED, centred=True)


class SeatRow(Widget):
    """One seat: colour letter, name, cards, UNO call and total; ringed while it is to act."""

    def __init__(self, seat: int, rect: pygame.Rect, view: UnoView | PhonesView,
                 acting: bool) -> None:
        player = view.snapshot.players[seat]
        count = view.hand_sizes()[seat]
        self.colour = player_colour(player.colour)
        self.cards = ngettext("{n} card", "{n} cards", count).format(n=count)
        self.uno = view.uno_word(seat)
        self.total = str(view.totals()[seat])
        self.acting = acting
        super().__init__(f"seat:{seat}", rect,
                         f"{player.name}: {self.cards} {self.uno} {self.total}".replace("  ", " "))
        self.player = player.name

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The row: the colour's letter on its colour, then the words, the total at the right,
        all at the readable size (a name too long for the room left ends with "…")."""
        rect = self.rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=look.px(8))
        if self.acting:
            pygame.draw.rect(surface, theme.ACCENT, rect, look.px(3), border_radius=look.px(8))
        size = theme.TEXT_MIN
        gap = look.px(6)
        chip = pygame.Rect(rect.x + look.px(4), rect.y + look.px(4), look.px(30),
                           rect.h - look.px(8))
        pygame.draw.rect(surface, self.colour.rgb, chip, border_radius=look.px(6))
        draw_text(surface, self.colour.mark, chip, look, size, True, self.colour.ink,
                  centred=True)
        total_w = look.font(size, True).size(self.total)[0]
        total = pygame.Rect(rect.right - total_w - look.px(10), rect.y, total_w, rect.h)
        draw_text(surface, self.total, total, look, size, True, theme.TEXT)
        words = pygame.Rect(chip.right + gap, rect.y, total.x - chip.right - 3 * gap, rect.h)
        rest = self.uno or self.cards  # one card is said by the UNO word, never cut off
        rest_w = min(words.w * 3 // 4, look.font(size, self.uno != "").size(rest)[0])
        if not self.uno:
            # The name is who the row is: it keeps its room before the count of cards does
            # (a long count, in Welsh say, ends with "…"). The UNO word gets the room it
            # needs first: it is what a catch turns on.
            name_need = look.font(size, True).size(self.player)[0]
            rest_w = max(0, min(rest_w, words.w - gap - min(name_need, words.w * 3 // 5)))
        name_w = words.w - rest_w - gap
        draw_text(surface, self.player, pygame.Rect(words.x, words.y, name_w, words.h), look,
                  size, True)
        ink = theme.ACCENT if self.uno else theme.MUTED
        draw_text(surface, rest, pygame.Rect(words.right - rest_w, words.y, rest_w, words.h),
                  look, size, self.uno != "", ink)


class ColourSwatch(Widget):
    """The colour in play after a Wild (or the top card's): its fill, letter and name."""

    def __init__(self, rect: pygame.Rect, colour: Colour | None) -> None:
        words = _("Colour: {colour}").format(colour=_(COLOUR_NAMES[colour])) if colour else ""
        super().__init__("colour", rect, words)
        self.colour = colour

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """A rounded chip in the colour, with the letter and the name."""
        if self.colour is None:
            return
        shown = CARD_COLOURS[self.colour]
        pygame.draw.rect(surface, shown.rgb, self.rect, border_radius=look.px(10))
        words = note_text(colour_name(self.colour), str)
        draw_text(surface, f"{shown.mark} · {words}", self.rect, look, 24, True,
                  shown.ink, centred=True)


def main_screen(scene: TableActions, view: UnoView, area: pygame.Rect, look: Theme) -> list[Widget]:
    """The table, the seats, the buttons of the moment, `undo` and `back`."""
    spinning = view.spinning or view.phase is Phase.PICK_SEAT
    presses = [*(scene.idol.presses(view) if spinning else []), *moment_buttons(scene, view)]
    return table_screen(scene, view, area, look, presses,
                        lambda middle: table_widgets(view, middle, look))


def table_screen(
    scene: TableActions,
    view: UnoView | PhonesView,
    area: pygame.Rect,
    look: Theme,
    presses: list[Press],
    middle_widgets: Callable[[pygame.Rect], list[Widget]],
    *,
    row_without_buttons: bool = True,
) -> list[Widget]:
    """The layout of both UNO table screens (refereed, and with phones as hands): the seats
    at the side (below in portrait), the prompt and the last line at the top, the buttons of
    the moment at the bottom (a row kept even with none, unless `row_without_buttons` is
    false), the spinner's words over them and the table (`middle_widgets`) in the middle."""
    pad = look.px(6)
    if area.w >= area.h:
        panel, table = layout.take_right(area, max(look.px(280), area.w * 9 // 25), pad)
    else:
        panel, table = layout.take_bottom(area, area.h * 2 // 5, pad)
    # Two lines each, more when the sentence needs them (the Duo draft's prompt does).
    prompt_words = view.prompt()
    effect_words = "" if view.effect_words() == prompt_words else view.effect_words()
    prompt, rest = layout.take_top(table, block_height(prompt_words, table.w, look, (2, 4)),
                                   pad)
    effect, rest = layout.take_top(rest, block_height(effect_words, table.w, look), pad)
    rows = -(-len(presses) // grid_columns(presses, table.w, look)) if presses else 0
    rows = rows or (1 if row_without_buttons else 0)
    if rows:
        buttons, middle = layout.take_bottom(rest, rows * look.px(56) + (rows - 1) * pad, pad)
    else:
        buttons, middle = pygame.Rect(rest.x, rest.bottom, rest.w, 0), rest
    status = scene.idol.words(view)
    if status:
        status_area, middle = layout.take_bottom(middle, block_height(status, middle.w, look),
                                                 pad)
    widgets: list[Widget] = [
        TextBlock("prompt", prompt, prompt_words, background=theme.PANEL),
        TextBlock("last", effect, effect_words, colour=theme.ACCENT),
        *middle_widgets(middle),
        *seat_widgets(scene, view, panel, look),
        *button_grid(presses, buttons, look),
        *scene.idol.dial_widgets(view, middle),
    ]
    if status:
        widgets.append(TextBlock("spinner", status_area, status, background=theme.PANEL))
    widgets += message_over(scene.stage, prompt, look)
    return widgets


def message_over(stage: Stage, area: pygame.Rect, look: Theme,
                 room: pygame.Rect | None = None) -> list[Widget]:
    """The sentence the app is showing (`message`) over `area`, taller when it needs more
    lines at the readable size: it then covers the whole of `room` when given (the widgets
    under it whole, not half), for the few seconds it shows."""
    shown = message_widgets(stage, area)
    for widget in shown:
        needed = block_height(widget.text, area.w, look, (1, 6))
        if needed <= area.h:
            continue
        if room is not None and needed <= room.h:
            widget.rect = pygame.Rect(room)
        else:
            widget.rect = pygame.Rect(area.x, area.y, area.w, needed)
    return shown


def block_height(text: str, width: int, look: Theme, lines: tuple[int, int] = (2, 3)) -> int:
    """The height of a `TextBlock` of `width` showing `text` at the readable size: as many
    lines as it wraps to, between `lines` (the fewest, so the screen does not jump about
    from turn to turn, and the most)."""
    font = look.font(theme.TEXT_MIN)
    needed = len(wrap_text(text, font, width - 2 * look.px(5))) if text else 0
    fewest, most = lines
    return max(fewest, min(most, needed)) * font.get_linesize() + 2 * look.px(5)


def table_widgets(view: UnoView, area: pygame.Rect, look: Theme) -> list[Widget]:
    """The draw pile, the card in play with the colour under it, and the idol (Tiki Twist)."""
    game = view.game
    parts = 3 if view.tiki is not None else 2
    label_h = look.px(40)
    cells = _table_cells(view, area, parts, label_h, look)
    pile_cell, top_cell = cells[0], cells[1]
    pile_words, pile_card = layout.take_bottom(pile_cell, label_h, look.px(4))
    colour_row, top_card = layout.take_bottom(top_cell, label_h, look.px(4))
    pile_count = len(game.draw_pile)
    widgets: list[Widget] = [
        CardWidget("pile", pile_card, None, _("Draw pile")),
        Label("pile_size", pile_words, ngettext(
            "{n} card", "{n} cards", pile_count).format(n=pile_count), centred=True),
    ]
    top = game.top_card
    if top is not None:
        widgets.append(CardWidget("top", top_card, top))
        widgets.append(ColourSwatch(colour_row, view.game.colour))
    else:
        widgets.append(TextBlock("top", top_card, _("No card in play yet")))
    tiki = view.tiki
    if tiki is not None:
        idol_words, idol_area = layout.take_bottom(cells[2], label_h, look.px(4))
        faces = len(tiki.idol.faces)
        widgets.append(IdolWidget(idol_area, tiki.active_tiki_face, faces))
        widgets.append(Label("idol_faces", idol_words, ngettext(
            "{n} face", "{n} faces", faces).format(n=faces), centred=True))
    return widgets


def _table_cells(view: UnoView, area: pygame.Rect, parts: int, label_h: int, look: Theme
                 ) -> list[pygame.Rect]:
    """The pile's, the card in play's and the idol's columns: alike, or, before a card is
    in play, the middle as wide as its sentence needs to show whole on its lines (a longer
    language's "Dim cerdyn ar waith eto"), the others as wide as their counts."""
    pad = look.px(8)
    equal = layout.columns(area, parts, pad)
    words = _("No card in play yet")
    look = replace(look, keep_readable=True)  # as the UNO scene draws it (`UnoScene.look`)
    middle = pygame.Rect(equal[1].x, equal[1].y, equal[1].w, equal[1].h - label_h - look.px(4))
    if view.game.top_card is not None or block_fits(look, words, middle):
        return equal
    need = middle.w
    while need < area.w and not block_fits(look, words, pygame.Rect(0, 0, need, middle.h)):
        need += look.px(8)
    pile = len(view.game.draw_pile)
    faces = len(view.tiki.idol.faces) if view.tiki is not None else 0
    counts = [ngettext("{n} card", "{n} cards", pile).format(n=pile),
              ngettext("{n} face", "{n} faces", faces).format(n=faces)]
    sides = [button_width(look, text, size=theme.TEXT_MIN) for text in counts]
    return layout.columns_at_least(area, [sides[0], need, sides[1]][:parts], pad)


def seat_widgets(scene: TableActions, view: UnoView | PhonesView, area: pygame.Rect,
                 look: Theme) -> list[Widget]:
    """A row per seat, the target and the direction, then `undo` and `back`."""
    pad = look.px(6)
    count = 3 if view.snapshot.can_redo else 2
    # Side by side while the words of the table's language fit them ("Dadwneud"), else
    # as many a row as fit, one row on the other.
    need = button_width(look, _("Back"), _("Undo"), _("Redo")) + pad
    across = max(1, min(count, (area.w + pad) // need))
    lines = -(-count // across)
    bottom, rest = layout.take_bottom(area, lines * look.px(56) + (lines - 1) * pad, pad)
    back, undo, *redo_area = layout.grid(bottom, across, count, look.px(56), pad)
    target_words, turn_words = view.target_words(), view.direction_words()
    font = look.font(theme.TEXT_MIN, True)
    target_w = font.size(target_words)[0] + 2 * pad
    if target_w + font.size(turn_words)[0] + 2 * pad <= rest.w:
        head, rest = layout.take_top(rest, look.px(36), pad)
        target, turn = layout.take_left(head, target_w, pad)
    else:  # one under the other rather than smaller
        target, rest = layout.take_top(rest, look.px(32), pad)
        turn, rest = layout.take_top(rest, look.px(32), pad)
    count = len(view.snapshot.players)
    height = min(look.px(52), (rest.h - pad * (count - 1)) // count)
    rows = layout.grid(rest, 1, count, height, max(2, pad * height // look.px(52)))
    # nobody's turn from a player going out to the next deal: the hands are counted
    acting = None if view.phase in ROUND_END else view.snapshot.to_move
    widgets: list[Widget] = [Panel("seats", area, colour=(30, 30, 36)),
                             scores_button(pygame.Rect(area.x, area.y, area.w,
                                                       bottom.y - pad - area.y), scene.scores)]
    widgets += [SeatRow(seat, row, view, seat == acting) for seat, row in enumerate(rows)]
    widgets += [
        Label("target", target, target_words),
        Label("turn", turn, turn_words, bold=True),
        Button("back", back, _("Back"), on_tap=scene.back),
        Button("undo", undo, _("Undo"), enabled=view.snapshot.can_undo,
               refusal=_("Nothing to undo yet."), on_tap=scene.undo),
        *(redo_button(rect, scene.redo, theme.BUTTON) for rect in redo_area),
    ]
    return widgets


BUTTON_MIN_W = 190
"""The narrowest button of the moment on 800x480: room for "Catch Cleo" at 24 px."""


def grid_columns(presses: list[Press], width: int, look: Theme) -> int:
    """How many buttons go in a row of `width`: as many as stay wide enough for a name, and
    fewer when a button's words would not fit it at the readable size."""
    pad = look.px(6)
    font = look.font(theme.TEXT_MIN, True)
    widest = max((font.size(press.text)[0] for press in presses), default=0) + look.px(16)
    cols = max(1, min(len(presses), 4, width // look.px(BUTTON_MIN_W)))
    while cols > 1 and (width - pad * (cols - 1)) // cols < widest:
        cols -= 1
    rows = max(1, -(-len(presses) // cols))
    return max(1, -(-len(presses) // rows))  # rows as even as they go: 2 and 2, not 3 and 1


def button_grid(presses: list[Press], area: pygame.Rect, look: Theme) -> list[Widget]:
    """The buttons of the moment, as many to a row as stay wide enough for their words."""
    if not presses:
        return []
    cols = grid_columns(presses, area.w, look)
    rows = -(-len(presses) // cols)
    pad = look.px(6)
    height = (area.h - pad * (rows - 1)) // rows
    cells = layout.grid(area, cols, len(presses), height, pad)
    return [InkButton(press.name, cell, press.text, colour=press.colour, on_tap=press.on_tap,
                      ink=press.ink)
            for press, cell in zip(presses, cells, strict=True)]


def moment_buttons(scene: TableActions, view: UnoView) -> list[Press]:
    """What can be done now, from the legal actions: one button each."""
    if view.snapshot.is_over:
        return []
    phase = view.phase
    presses: list[Press] = []
    chance = view.snapshot.chance
    if view.spinning or phase is Phase.PICK_SEAT:
        pass  # the spinner's own buttons: `IdolSpin.presses`
    elif chance is not None:  # a shuffle, when a match was started in simulation mode
        presses.append(Press("shuffle", _("Shuffle"), scene.spin, GO))
    elif phase is Phase.DEALER:
        word = _("{name} drafts first") if view.duo is not None else _("{name} deals")
        presses += [Press(f"dealer:{action.dealer}", word.format(name=view.name(action.dealer)),
                          scene.sender(action)) for action in view.actions_of(act.ChooseDealer)]
    elif phase is Phase.START_CARD:
        presses.append(Press("start", _("Start card"), lambda: scene.open_picker("start"), GO))
    elif phase is Phase.START_COLOUR:
        presses += colour_presses(scene, view)
    elif phase is Phase.DRAFT:
        for action in view.actions_of(dact.DraftPick):
            presses.append(Press("keep" if action.keep else "discard",
                                 _("Keep it") if action.keep else _("Discard, keep next"),
                                 scene.sender(action), GO if action.keep else theme.BUTTON))
    elif phase in (Phase.TURN, Phase.DRAWN):
        presses += _turn_presses(scene, view)
    elif phase is Phase.CHALLENGE:
        presses += [Press("challenge", _("Challenge"), scene.ask_challenge),
                    Press("accept", _("Draw 4"), scene.sender(view.first(act.AcceptDraw)), GO)]
    elif phase is Phase.TIKI_DISCARD:
        presses += [Press("discard", _("Discard a card"), lambda: scene.open_picker("discard"),
                          GO),
                    Press("done", _("No more"), scene.sender(view.first(tact.EndTikiAction)))]
    elif phase is Phase.TIKI_DISCARD_ALL:
        presses += _discard_all_presses(scene, view)
    elif phase is Phase.SCORING:
        waiting = [seat for seat in view.game.seats_to_count() if seat not in view.game.counted]
        presses += [Press(f"count:{seat}", _("Count {name}").format(name=view.name(seat)),
                          partial(scene.count.open, seat), GO) for seat in waiting]
    return presses + uno_presses(scene, view)


def _turn_presses(scene: TableActions, view: UnoView) -> list[Press]:
    presses = [Press("play", _("Play a card"), lambda: scene.open_picker("play"), GO)]
    draw = view.first(act.Draw)
    if draw is not None:
        duo = view.duo
        words = (_("Draw {n}").format(n=duo.volley) if duo is not None and duo.volley
                 else _("Draw"))
        presses.append(Press("draw", words, scene.sender(draw)))
    keep = view.first(act.KeepCard)
    if keep is not None:
        presses.append(Press("keep", _("Keep it"), scene.sender(keep)))
    return presses


def _discard_all_presses(scene: TableActions, view: UnoView) -> list[Press]:
    counts = sorted({action.count for action in view.actions_of(tact.DiscardAll)})
    presses = [Press(f"discard:{count}", str(count), partial(scene.discard_all, count))
               for count in counts]
    return [*presses, Press("done", _("None"), scene.sender(view.first(tact.EndTikiAction)))]


def uno_presses(scene: TableActions, view: UnoView) -> list[Press]:
    """A late UNO call (`uno:<seat>`) and the catch (`catch:<seat>`), while they are open."""
    presses = []
    for action in view.actions_of(act.CallUno):
        presses.append(Press(f"uno:{action.caller}", _("{name}: UNO!").format(
            name=view.name(action.caller)), scene.sender(action), (150, 110, 0)))
    for action in view.actions_of(act.CatchUno):
        presses.append(Press(f"catch:{action.caught}", _("Catch {name}").format(
            name=view.name(action.caught)), scene.sender(action), theme.REFUSAL))
    return presses


def colour_presses(scene: NamesColours, view: UnoView) -> list[Press]:
    """The four colours to name for a Wild (`colour:<red|yellow|green|blue>`)."""
    return [Press(f"colour:{colour.value.lower()}",
                  f"{CARD_COLOURS[colour].mark} · {note_text(colour_name(colour), str)}",
                  partial(scene.name_colour, colour), CARD_COLOURS[colour].rgb,
                  CARD_COLOURS[colour].ink)
            for colour in view.colours_named()]


__all__ = [
    "ColourSwatch",
    "InkButton",
    "block_height",
    "button_grid",
    "colour_presses",
    "main_screen",
    "message_over",
    "moment_buttons",
    "seat_widgets",
    "uno_presses",
]
