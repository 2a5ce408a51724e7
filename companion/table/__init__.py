"""The table: players, the running match, one command queue, the event log, subscribers.

Post commands (`PlayAction`, `SupplyChance`, `DrawChance`, `Undo`, `Redo`, `NewMatch`,
`Rematch`) from any thread with `Table.post`; subscribe with
`Table.subscribe` to receive an immutable `TableSnapshot` after each one.
See docs/table.md.
"""

from companion.records import Player
from companion.table.chance import ChanceSource, FairChance, SoftwarePick, SoftwareSpinner
from companion.table.commands import (
    Command,
    DrawChance,
    NewMatch,
    Outcome,
    PlayAction,
    Redo,
    Rematch,
    SupplyChance,
    Undo,
    default_players,
)
from companion.table.core import Table
from companion.table.lines import event_line
from companion.table.snapshot import Subscription, TableSnapshot

__all__ = [
    "ChanceSource",
    "Command",
    "DrawChance",
    "FairChance",
    "NewMatch",
    "Outcome",
    "PlayAction",
    "Player",
    "Redo",
    "Rematch",
    "SoftwarePick",
    "SoftwareSpinner",
    "Subscription",
    "SupplyChance",
    "Table",
    "TableSnapshot",
    "Undo",
    "default_players",
    "event_line",
]
