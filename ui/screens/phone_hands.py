"""Phones as hands on the home screen: the choice, and who has no phone joined yet.

A game of the UNO family can be played "with phones as hands" (`companion.table.hands`):
the companion deals, and each hand lives on its player's phone. The home screen starts such
a match only once every player has a phone joined to their seat; until then `start` says in
a sentence who is missing and how to join (the PIN, and the join screen's QR code).
"""

from __future__ import annotations

from companion.i18n import _, ngettext
from companion.ports import PhoneFacts
from companion.table.hands import AT_THE_TABLE, ON_PHONES, Hands
from ui.scene import MatchPlan

HANDS: tuple[Hands, ...] = (AT_THE_TABLE, ON_PHONES)
"""The choices of where the hands are, in the order a tap moves through them."""


def hands_words(hands: Hands) -> str:
    """The hands choice as its button says it: "Real cards", "Phone hands"."""
    return _("Phone hands") if hands == ON_PHONES else _("Real cards")


def other_hands(hands: Hands) -> Hands:
    """The choice after `hands` (a tap on the button moves to it)."""
    return AT_THE_TABLE if hands == ON_PHONES else ON_PHONES


def phones_missing(draft: MatchPlan, phone: PhoneFacts | None) -> str:
    """Why the match cannot start with phones as hands yet, in a sentence; "" when it can
    (or it is not to be played so).

    Every player needs a phone joined to their seat: the sentence names who has none and
    how to join. A phone joins the players being set up here before the match exists (the
    home screen offers them in the lobby, `companion.table.lobby`).
    """
    if not draft.on_phones():
        return ""
    if phone is None or phone.port is None:
        return _("Phones as hands need the phone page, and this companion serves none now:"
                 " start with real cards, or start the companion with its phone page.")
    names = draft.names[: draft.count]
    joined = phone.joined()
    missing = [name for name in names if name not in joined]
    if not missing:
        return ""
    who = ", ".join(missing)
    return ngettext(
        "Each hand is held on its player's phone: {names} has no phone joined yet. On the"
        " phone page (tap PIN {pin} above for its QR code): Join as a player, PIN {pin}.",
        "Each hand is held on its player's phone: {names} have no phone joined yet. On the"
        " phone page (tap PIN {pin} above for its QR code): Join as a player, PIN {pin}.",
        len(missing)).format(names=who, pin=phone.pin)


__all__ = ["HANDS", "hands_words", "other_hands", "phones_missing"]
