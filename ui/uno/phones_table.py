"""The UNO table's screen when the hands are on the phones: what everyone at a table may see.

The players play from their phones (`companion/web/hand_api.py`); the screen in the middle
of the table shows the draw pile's size, the card in play and the colour, the idol with its
active Tiki Face (`idol`), whose turn and who plays next (`prompt`, `turn`), what the last
play made someone do (`last`), each seat's card count, UNO call and total (`seat:<n>`), and
the target; from a round's end to the next deal, and at the match's end, the hands counted
(`ui.uno.round_end`). It has no control that enters a card: only the table's own, `shuffle` (the
companion shuffles and deals), `spin` and `pick:<seat>` (the idol, Tiki Twist), `catch:<seat>`
(anyone may catch a player who did not call UNO), `next` after the match, and `undo`,
`redo`, `scores`, `back`. It reads only the public view (`PhonesView`).
"""

from __future__ import annotations

import pygame

from companion.games.uno import actions as act
from companion.games.uno.phases import Phase
from companion.i18n import _, ngettext
from ui import layout, theme
from ui.theme import Theme
from ui.uno.actions import GO, Press, TableActions
from ui.uno.card_drawing import CardWidget, IdolWidget
from ui.uno.panel import ColourSwatch, table_screen
from ui.uno.phones_view import PhonesView
from ui.uno.round_end import round_end_table
from ui.widgets import Label, TextBlock, Widget


def phones_screen(scene: TableActions, view: PhonesView, area: pygame.Rect, look: Theme,
                  rematch: Press | None = None) -> list[Widget]:
    """The table as everyone sees it, the seats, and the table's own buttons."""
    presses = table_presses(scene, view)
    if rematch is not None:
        presses.append(rematch)
    return table_screen(scene, view, area, look, presses,
                        lambda middle: (round_end_table(view, middle, look)
                                        if view.last_round() is not None
                                        else public_table(view, middle, look)),
                        row_without_buttons=False)


def public_table(view: PhonesView, area: pygame.Rect, look: Theme) -> list[Widget]:
    """The draw pile (its back and size), the card in play with the colour under it, and the
    idol with its active face (Tiki Twist)."""
    faces = view.tiki
    cells = layout.columns(area, 3 if faces is not None else 2, look.px(8))
    label_h = look.px(40)
    pile_words, pile_card = layout.take_bottom(cells[0], label_h, look.px(4))
    colour_row, top_card = layout.take_bottom(cells[1], label_h, look.px(4))
    count = view.draw_count
    widgets: list[Widget] = [
        CardWidget("pile", pile_card, None, _("Draw pile")),
        Label("pile_size", pile_words, ngettext("{n} card", "{n} cards", count).format(n=count),
              centred=True),
    ]
    top = view.top_card
    if top is not None:
        widgets += [CardWidget("top", top_card, top), ColourSwatch(colour_row, view.colour)]
    else:
        widgets.append(TextBlock("top", top_card, _("No card in play yet")))
    if faces is not None:
        idol_words, idol_area = layout.take_bottom(cells[2], label_h, look.px(4))
        widgets += [IdolWidget(idol_area, view.active_face, len(faces)),
                    Label("idol_faces", idol_words, ngettext(
                        "{n} face", "{n} faces", len(faces)).format(n=len(faces)),
                        centred=True)]
    return widgets


def table_presses(scene: TableActions, view: PhonesView) -> list[Press]:
    """The table's own buttons now: shuffle, the idol's, a catch. None enters a card."""
    if view.snapshot.is_over:
        return []
    if view.spinning or view.phase is Phase.PICK_SEAT:
        presses = scene.idol.presses(view)
    elif view.shuffling:
        presses = [Press("shuffle", _("Shuffle"), scene.spin, GO)]
    else:
        presses = []
    for action in view.actions_of(act.CatchUno):
        presses.append(Press(f"catch:{action.caught}", _("Catch {name}").format(
            name=view.name(action.caught)), scene.sender(action), theme.REFUSAL))
    return presses


__all__ = ["phones_screen", "public_table", "table_presses"]
