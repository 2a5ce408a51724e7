"""The words of a seat's hand on its phone (`static/hand.js`), with phones as hands.

Merged into the page's words block beside `companion.web.words` and
`companion.web.seat_words`, so the script holds no text. `{card}`-style fields are
filled in by the script after translation.
"""

from __future__ import annotations

from companion.i18n import _


def hand_words() -> dict[str, str]:
    """The hand view's words by key, translated now."""
    return {
        "hand_title": _("Your hand"),
        "hand_choose_colour": _("Choose the Wild's colour"),
        "hand_with_uno": _("{colour}, and call UNO"),
        "hand_start_colour": _("A Wild starts the pile: choose its colour"),
        "hand_choose_run": _("Play it alone, or the whole run of its colour?"),
        "hand_play_alone": _("{card} alone"),
        "hand_play_run": _("The run: {cards}"),
        "hand_and_uno": _("{play}, and call UNO"),
        "hand_drawn": _("You drew {card}."),
        "hand_looking_at": _("You look at {card}: keep it or pass it."),
        "hand_shown": _("{name}'s hand, shown to you: {cards}"),
        "hand_action_draw": _("Draw a card"),
        "hand_action_keep": _("Keep the card"),
        "hand_action_call_uno": _("UNO!"),
        "hand_action_catch_uno": _("Catch {name}: no UNO!"),
        "hand_action_challenge": _("Challenge"),
        "hand_action_accept": _("Accept the draw"),
        "hand_action_draft_keep": _("Keep it"),
        "hand_action_draft_pass": _("Pass it"),
        "hand_action_discard_all": _("Discard all of the colour"),
        "hand_action_end_tiki_action": _("Done"),
        "hand_action_pick_seat": _("Pick {name}"),
        "hand_action_other": _("Do it"),
    }


__all__ = ["hand_words"]
