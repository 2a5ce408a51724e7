"""What the table asks of each seat now, from the public snapshot alone.

One statement of the seats' turn facts for both places a phone learns them: the public
state (`asks`, in `GET /api/state` and every stream event, the same for every phone) and
one seat's `turn` of `GET /api/me` (made from the same `asks`). Everything here is public:
whose move it is, whose dice the table waits for and how many, whose hands are still to
be counted at an UNO round's end, whom the Tiki spinner just picked, whether the table has a
move to take back. So a seated phone draws its panel from each state as it comes, with no
question to the server per state.
"""

from __future__ import annotations

from typing import Any

from companion.games.uno.actions import CountHand
from companion.games.uno.tiki_actions import PICKED as PICKED_BETWEEN_TWO
from companion.table import TableSnapshot
from companion.table.lines import PICKED, POINTS_AT


def chance_seat(snapshot: TableSnapshot) -> int | None:
    """The seat whose dice the table waits for (the one seat its prompt names), or None when
    the chance is nobody's alone (an opening roll of two, a shuffle, the Tiki spinner)."""
    chance = snapshot.chance
    if chance is None or chance.kind != "dice" or chance.note is None:
        return None
    seats = chance.note.seats
    return seats[0] if len(seats) == 1 else None


def picked_seat(snapshot: TableSnapshot) -> int | None:
    """The seat the spinner (or the companion's pick in its place) pointed at in the last
    event, or the seat the spinning player picked where it stopped between two; else None.
    The picked player may have a card's action to take without being the next to move ("The
    spinner points at Cleo. Cleo draws 2 cards (Tiki Draw 2). Play goes on with Ben.")."""
    said = snapshot.last_notes[0] if snapshot.last_notes else None
    if said is not None and said.text in (POINTS_AT, PICKED) and len(said.seats) == 1:
        return said.seats[0]
    if said is not None and said.text == PICKED_BETWEEN_TWO and len(said.seats) == 2:
        return said.seats[1]  # "Dev picked Ben"
    return None


def table_asks(snapshot: TableSnapshot) -> dict[str, Any]:
    """`asks` of the public state (docs/web.md): the seat to move (None while the table waits
    for chance or the match is over), the seat whose dice it waits for and how many, the
    seats whose hands are to be counted, the seat just picked, and whether there is a move to
    take back."""
    waits = snapshot.chance
    dice_seat = chance_seat(snapshot)
    return {
        "to_move": snapshot.to_move if waits is None and not snapshot.is_over else None,
        "dice_seat": dice_seat,
        "dice": waits.dice if waits is not None and dice_seat is not None else None,
        "count": sorted({action.counted for action in snapshot.public_actions
                         if isinstance(action, CountHand)}),
        "picked": picked_seat(snapshot),
        "can_undo": snapshot.can_undo,
    }


def seat_turn(snapshot: TableSnapshot, seat: int) -> dict[str, Any]:
    """What the table asks of `seat` now (`turn` of `GET /api/me`): to move, dice (how many),
    the count of its hand; whether the spin just made picked it; whether the table has a move
    to take back; and the state it is asked in (its match and seq, what chance the table
    waits for). The same facts as `table_asks`, for one seat; `seat.js` reads them so too."""
    asks = table_asks(snapshot)
    waits = snapshot.chance
    return {
        "match": snapshot.match_id,
        "seq": snapshot.seq,
        "chance": None if waits is None else waits.kind,
        "to_move": asks["to_move"] == seat,
        "dice": asks["dice"] if asks["dice_seat"] == seat else None,
        "count": seat in asks["count"],
        "picked": asks["picked"] == seat,
        "can_undo": asks["can_undo"],
    }


__all__ = ["chance_seat", "picked_seat", "seat_turn", "table_asks"]
