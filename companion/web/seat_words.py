"""The words of the phone page's join form and of a seat's own controls (`static/seat.js`).

Merged into the page's words block beside `companion.web.words`, so the script
holds no text and a translation catalog covers these words too. `{name}`-style
fields are filled in by the script after translation.
"""

from __future__ import annotations

from companion.i18n import _


def seat_words() -> dict[str, str]:
    """The join form's and the seat controls' words by key, translated now."""
    return {
        "seat_join": _("Join as a player"),
        "seat_pin": _("Table PIN"),
        "seat_pin_next": _("Next"),
        "seat_pick": _("Tap your name"),
        "seat_cancel": _("Cancel"),
        "seat_leave": _("Leave"),
        "seat_yours": _("This phone is {name}'s."),
        "seat_not_playing": _("{name} does not play in this match: tap Leave."),
        "seat_waiting": _("This phone is {name}'s: your seat is yours as soon as the match"
                          " starts on the table."),
        "seat_turn": _("{name}, your turn."),
        "seat_turn_roll": _("{name}, your turn: roll."),
        "seat_turn_count": _("{name}, count your hand."),
        "seat_roll": _("Roll"),
        "seat_count_label": _("Points in your hand"),
        "seat_count_send": _("Send my count"),
        "seat_dice_label": _("Or enter your throw"),
        "seat_die": _("Die {n}"),
        "seat_dice_send": _("Send the dice"),
        "seat_undo": _("Ask for undo"),
        "seat_undo_pin": _("PIN to confirm the undo"),
        "seat_undo_send": _("Undo"),
        "seat_failed": _("The companion could not be reached; try again."),
        "seat_new_match": _("New match"),
        "seat_game": _("Game"),
        "seat_players": _("Players"),
        "seat_player": _("Player {n}"),
        "seat_add_player": _("Add a player"),
        "seat_start": _("Start"),
        "seat_rematch": _("Rematch"),
        "seat_hands_on_phones": _("Hands on the phones: no deck needed"),
        "seat_abandon": _("Abandon"),
        "seat_keep": _("Keep"),
    }


__all__ = ["seat_words"]
