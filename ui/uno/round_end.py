"""An UNO round's end on the table's screen when the hands are on the phones.

The companion holds every card, so it counts the hands itself the moment a player goes out.
From then to the next deal (and at the match's end) the table's screen shows in its middle,
as every phone does (`static/boards/uno.js`, which lists the cards too), who went out, the
points each player's cards left gave, the new total of the one who went out and the
target. The hands are public then (counted face up); the screen reads them from the public
view only (`PhonesView.hands_left`).
"""

from __future__ import annotations

import pygame

from companion.i18n import _, ngettext
from ui import layout, theme
from ui.theme import Theme
from ui.uno.phones_view import PhonesView
from ui.widgets import Label, TextBlock, Widget


def round_end_table(view: PhonesView, area: pygame.Rect, look: Theme) -> list[Widget]:
    """Who went out, then a line a seat (the points its cards left gave; the total of the one
    who went out), then the target."""
    last = view.last_round()
    hands = view.hands_left()
    assert last is not None and hands is not None
    winner = int(last["winner"])
    rows = layout.rows(area, len(hands) + 2, look.px(4))
    widgets: list[Widget] = [Label("went_out", rows[0], _("{name} went out.").format(
        name=view.name(winner)), bold=True, colour=theme.ACCENT)]
    for seat, cards in enumerate(hands):
        widgets.append(TextBlock(f"left:{seat}", rows[seat + 1], hand_left_words(
            view.name(seat), cards, int(last["points"][seat]), int(last["totals"][seat]))))
    widgets.append(Label("round_target", rows[-1], view.target_words()))
    return widgets


def hand_left_words(name: str, cards: tuple[str, ...], points: int, total: int) -> str:
    """One seat's line: the points its cards left gave, "Ben: 55 points in hand" (the
    cards themselves are on every phone, and their count on the scoreboard beside it: a
    list of up to a few dozen cards fits no line of the screen); the player who went out:
    "Ana: total 120" (the line above says who went out)."""
    if not cards:
        return _("{name}: total {total}").format(name=name, total=total)  # went out, above
    return ngettext("{name}: {points} point in hand",
                    "{name}: {points} points in hand", points).format(name=name, points=points)


__all__ = ["hand_left_words", "round_end_table"]
