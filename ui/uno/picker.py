"""The UNO scene's dialogs: the card picker, the Wild's colour, the challenge, and the
round's or match's result (the hand count's keypad is in `ui.uno.count`).

The picker shows one colour at a time (`tab:<red|yellow|green|blue|wild>`,
the wild tab also holds the Tiki Faces), opening on the colour in play: each
card of the deck is a `card:<text>` widget, bright when the rules allow it
now, grey otherwise; a grey card tapped says why, in the engine's sentence.
"""

from __future__ import annotations

from functools import partial

import pygame

from companion.games.uno.cards import Card
from companion.i18n import _
from ui import layout, theme
from ui.theme import Theme
from ui.uno.actions import GO, ChallengeActions, PickerActions, Press, ResultActions
from ui.uno.card_drawing import CARD_COLOURS, CardWidget, card_name
from ui.uno.entry import ENTRIES, entered_row
from ui.uno.panel import InkButton, block_height, button_grid, colour_presses, message_over
from ui.uno.view_model import UnoView
from ui.widgets import Button, Label, Panel, TextBlock, Widget, button_width

TABS = ("red", "yellow", "green", "blue", "wild")


def tab_of(card: Card) -> str:
    """The picker tab a card is on: its colour's, or "wild" for wilds and Tiki Faces."""
    if card.is_wild or card.is_tiki_face or card.colour is None:
        return "wild"
    return card.colour.value.lower()


def tiki_faces_beside(pick: str, tab: str, deck: list[Card], allowed: set[Card]) -> list[Card]:
    """The Tiki Faces a play may lay on the idol now, shown under a colour tab's cards too (a
    Tiki Face is played without looking for the Wild tab): those of no colour, and the one
    that shows this tab's colour."""
    if pick != "play" or tab == "wild":
        return []
    return [card for card in deck if card.is_tiki_face and card in allowed
            and (card.colour is None or card.colour.value.lower() == tab)]


def frame(area: pygame.Rect, look: Theme) -> tuple[list[Widget], pygame.Rect]:
    """A dialog's card over the whole screen, and the room inside it."""
    card = area.inflate(-look.px(4), -look.px(4))
    return [Panel("dialog", card, border=theme.ACCENT, on_tap=_nothing)], card.inflate(
        -look.px(12), -look.px(12))


def picker(scene: PickerActions, view: UnoView, area: pygame.Rect, look: Theme) -> list[Widget]:
    """The card picker for `scene.entry.picking`: title, the cards entered so far (a hand's count,
    a colour run), tabs, the cards of one tab, extra buttons."""
    pick = scene.entry.picking
    assert pick is not None
    widgets, inner = frame(area, look)
    pad = look.px(6)
    words = scene.picker_title()
    cancel_w = look.px(120)
    head_h = max(look.px(56), block_height(words, inner.w - cancel_w - pad, look, (1, 3)))
    head, rest = layout.take_top(inner, head_h, pad)
    cancel, title = layout.take_right(head, cancel_w, pad)
    widgets += [TextBlock("picker", title, words),
                Button("cancel", cancel, _("Cancel"), colour=(90, 90, 90),
                       on_tap=scene.close_dialog)]
    room = None
    if pick in ENTRIES:
        chips, rest = layout.take_top(rest, look.px(48), pad)
        widgets += entered_row(scene, chips, look)
        # A sentence longer than the title covers the chips under it whole, not half.
        room = title.union(pygame.Rect(title.x, chips.y, title.w, chips.h))
    extra = scene.picker_presses()
    if extra:
        extra_row, rest = layout.take_bottom(rest, look.px(56), pad)
        widgets += button_grid(extra, extra_row, look)
    allowed = scene.allowed_cards()
    tab = scene.entry.tab
    deck = view.deck_cards()
    counts = [sum(1 for card in allowed if tab_of(card) == name) for name in TABS]
    cells = _tab_cells(rest, counts, pad, look)
    _tabs, grid_area = layout.take_top(rest, max(cell.bottom for cell in cells) - rest.y, pad)
    for name, count, cell in zip(TABS, counts, cells, strict=True):
        refusal = scene.cards.tab_refusal(name, [c for c in deck if tab_of(c) == name]
                                          ) if pick in ENTRIES else ""
        widgets.append(_tab_button(name, cell, count, name == tab, scene, look, refusal))
    cards = [card for card in deck if tab_of(card) == tab]
    faces = tiki_faces_beside(pick, tab, deck, allowed)
    cols = None if grid_area.w >= grid_area.h else 4  # the tab's shape, with faces or not
    if faces and cards:
        strip, grid_area = layout.take_bottom(grid_area, grid_area.h * 2 // 5, pad)
        wide = strip.w >= strip.h * 2  # one row across a landscape screen, two in portrait
        widgets += card_grid(scene, view, faces, allowed, strip, look,
                             cols=len(faces) if wide else -(-len(faces) // 2))
    widgets += card_grid(scene, view, cards, allowed, grid_area, look, cols=cols)
    widgets += message_over(scene.stage, title, look, room)
    return widgets


def _tab_look(name: str) -> tuple[str, theme.RGB, theme.RGB, str]:
    """A colour tab's word in the table's language, its fill, its ink and its card mark."""
    words = {"wild": _("Wild"), "red": _("Red"), "yellow": _("Yellow"), "green": _("Green"),
             "blue": _("Blue")}[name]
    fill, ink, mark = (40, 40, 40), theme.TEXT, "W"
    for colour, shown in CARD_COLOURS.items():
        if colour.value.lower() == name:
            fill, ink, mark = shown.rgb, shown.ink, shown.mark
    return words, fill, ink, mark


def _tab_text(name: str, count: int, width: int, look: Theme) -> str:
    """A tab's words and count ("Green 13"); in a tab too narrow for them, the card's mark
    instead ("G 13"), but only where every tab's mark is its word's first letter (R, Y, G,
    B, W in English; in Welsh, "G" could be Gwyrdd or Glas and Coch has no R: there the
    words go on two lines)."""
    words, _fill, _ink, mark = _tab_look(name)
    text = f"{words} {count}"
    if look.font(24, True).size(text)[0] > width - look.px(16) and _marks_are_initials():
        return f"{mark} {count}"
    return text


def _marks_are_initials() -> bool:
    """True when each tab's card mark is the first letter of its word in the table's
    language, and no two words share it."""
    looks = [_tab_look(name) for name in TABS]
    return (all(words.startswith(mark) for words, _f, _i, mark in looks)
            and len({words[:1] for words, _f, _i, _m in looks}) == len(TABS))


def _tab_cells(area: pygame.Rect, counts: list[int], pad: int, look: Theme
               ) -> list[pygame.Rect]:
    """The tabs from the top of `area`: one row of alike tabs, or each as wide as its words
    where a longer language's need it; where they cannot all be one row and no letter can
    stand for the words (`_marks_are_initials`), two rows of tabs wide enough for them."""
    height = look.px(52)
    row = pygame.Rect(area.x, area.y, area.w, height)
    needs = [button_width(look, f"{_tab_look(name)[0]} {count}", size=24) + look.px(4)
             for name, count in zip(TABS, counts, strict=True)]
    if sum(needs) + pad * (len(TABS) - 1) <= row.w or _marks_are_initials():
        return layout.columns_at_least(row, needs, pad)
    cols = next((cols for cols in (4, 3, 2)
                 if (row.w - pad * (cols - 1)) // cols >= max(needs)), 2)
    return layout.grid(area, cols, len(TABS), height, pad)


def _tab_button(name: str, cell: pygame.Rect, count: int, selected: bool,
                scene: PickerActions, look: Theme, refusal: str = "") -> Widget:
    """A colour's tab with how many of its cards are allowed; grey, saying why, when the
    entry offers none of them (`refusal`)."""
    _words, fill, ink, _mark = _tab_look(name)
    text = _tab_text(name, count, cell.w, look)
    return InkButton(f"tab:{name}", cell, text, colour=fill, ink=ink, enabled=not refusal,
                     refusal=refusal, selected=selected, size=24,
                     on_tap=lambda: scene.show_tab(name))


def card_grid(scene: PickerActions, view: UnoView, cards: list[Card], allowed: set[Card],
              area: pygame.Rect, look: Theme, cols: int | None = None) -> list[Widget]:
    """The cards of one tab: a `card:<text>` each, grey with its reason when not allowed;
    `cols` across (by default as the area's shape suits)."""
    if not cards:
        return [Label("empty", area, _("No such cards in this deck."), centred=True)]
    pad = look.px(6)
    if cols is None:
        wide = len(cards) if len(cards) <= 6 else -(-len(cards) // 2)
        cols = wide if area.w >= area.h else 4
    rows = -(-len(cards) // cols)
    height = (area.h - pad * (rows - 1)) // rows
    cells = layout.grid(area, cols, len(cards), height, pad)
    widgets: list[Widget] = []
    for card, cell in zip(cards, cells, strict=True):
        ok = card in allowed
        widgets.append(CardWidget(f"card:{card}", cell, card, enabled=ok,
                                  refusal="" if ok else scene.card_refusal(card),
                                  on_tap=partial(scene.pick_card, card)))
    return widgets


def colour_choice(scene: PickerActions, view: UnoView, area: pygame.Rect, look: Theme
                  ) -> list[Widget]:
    """The colour a Wild names: `colour:<c>` buttons and `cancel`."""
    widgets, inner = frame(area, look)
    pad = look.px(8)
    head, rest = layout.take_top(inner, look.px(70), pad)
    card_area, buttons = layout.take_left(rest, rest.w // 4, pad)
    assert scene.entry.wild is not None
    widgets += [TextBlock("question", head, _("{card}: which colour does {name} name?").format(
        card=card_name(scene.entry.wild), name=view.name(view.snapshot.to_move)), size=26),
        CardWidget("wild", card_area, scene.entry.wild)]
    presses = [*colour_presses(scene, view),
               Press("cancel", _("Cancel"), scene.close_dialog, (90, 90, 90))]
    widgets += button_grid(presses[:4], layout.take_top(buttons, buttons.h * 3 // 5, pad)[0],
                           look)
    widgets += button_grid(presses[4:], layout.take_bottom(buttons, look.px(56), pad)[0], look)
    return widgets


def stacked(presses: list[Press], area: pygame.Rect, look: Theme) -> list[Widget]:
    """Buttons one above the other, as tall as fits (at most a row's height each)."""
    pad = look.px(6)
    height = min(look.px(60), (area.h - pad * (len(presses) - 1)) // len(presses))
    cells = layout.grid(area, 1, len(presses), height, pad)
    return [InkButton(press.name, cell, press.text, colour=press.colour, on_tap=press.on_tap)
            for press, cell in zip(presses, cells, strict=True)]


def challenge_question(scene: ChallengeActions, view: UnoView, area: pygame.Rect, look: Theme
                       ) -> list[Widget]:
    """What the shown hand proved: `guilty`, `innocent`, or `cancel`."""
    widgets, inner = frame(area.inflate(-area.w // 8, -area.h // 8), look)
    pad = look.px(8)
    buttons, words = layout.take_bottom(inner, look.px(56) * 3 + pad * 2, pad)
    pending = view.game.pending_challenge
    offender = view.name(pending.offender if pending is not None else None)
    victim = view.name(view.snapshot.to_move)
    widgets.append(TextBlock("question", words, view.challenge_question(scene.before_wild),
                             size=24))
    widgets += stacked([
        Press("guilty", _("Yes: {name} draws 4").format(name=offender), scene.challenge_proved,
              theme.REFUSAL),
        Press("innocent", _("No: {name} draws 6").format(name=victim), scene.challenge_failed,
              GO),
        Press("cancel", _("Cancel"), scene.close_dialog, (90, 90, 90)),
    ], buttons, look)
    return widgets


def result_card(scene: ResultActions, view: UnoView, area: pygame.Rect, look: Theme
                ) -> list[Widget]:
    """A round's or the match's result: the words, each seat's total, `undo` (the last
    count taken back) and `next`."""
    notice = scene.notice
    assert notice is not None
    widgets, inner = frame(area, look)
    pad = look.px(8)
    button, rest = layout.take_bottom(inner, look.px(60), pad)
    words, totals = layout.take_top(rest, look.px(80), pad)
    widgets.append(TextBlock("result", words, notice.text, size=24))
    game = view.game
    rounds = game.rounds
    before = rounds[-2].totals if len(rounds) > 1 else (0,) * game.players
    cols = 2 if game.players > 4 else 1
    rows = layout.grid(totals, cols, game.players,
                       min(look.px(48), totals.h // max(1, -(-game.players // cols))), pad)
    for seat, row in enumerate(rows):
        gained = game.totals[seat] - int(before[seat]) if rounds else 0
        gain = f"  (+{gained})" if gained else ""
        widgets.append(Label(f"total:{seat}", row, f"{view.name(seat)}: {game.totals[seat]}"
                             f"{gain}", size=26, bold=seat in notice.winners))
    label = _("Rematch") if notice.kind == "match_over" else _("Next round")
    # A count typed wrong is taken back from here: the card covers the table's own undo.
    undo, next_area = layout.take_left(
        button, max(button.w // 3, button_width(look, _("Undo"))), pad)
    widgets += [
        Button("undo", undo, _("Undo"), enabled=view.snapshot.can_undo,
               refusal=_("Nothing to undo yet."), on_tap=scene.undo),
        Button("next", next_area, label, colour=GO, on_tap=scene.next_round),
    ]
    return widgets


def _nothing() -> None:
    """A dialog takes the taps that land on it."""


__all__ = ["TABS", "card_grid", "challenge_question", "colour_choice", "frame", "picker",
           "result_card", "stacked", "tab_of", "tiki_faces_beside"]
