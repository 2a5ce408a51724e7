"""Where everything is at a game of the Yahtzee board variant: what its JSON saves.

`Tabletop` holds the board, the players' squares, the tiles and the
protection marker, the order of play and its roll, the turn in progress (a
`Turn` value), the challenge rounds, and what the last action did. The game
flow and the engine protocol are `YahtzeeState` (`state`), which is a
`Tabletop`; `persist` writes and reads a `Tabletop` without knowing the flow.
"""

from __future__ import annotations

from companion.games.base import Note, NoteValue, RuleError
from companion.games.dice import DiceRoll
from companion.games.yahtzee.board import Board, TileHolding
from companion.games.yahtzee.challenge import ChallengeRounds
from companion.games.yahtzee.narration import (
    CLAIMS_ON_SQUARE,
    KEEPS_AT,
    MARKER_MOVES,
    MARKER_NOW_ON,
    STEALS_FROM,
    held_note,
    tile_note,
    value_note,
)
from companion.games.yahtzee.options import YahtzeeOptions
from companion.games.yahtzee.rolloff import RollOff
from companion.games.yahtzee.tiles import Tile
from companion.games.yahtzee.turn import Landing, Phase, Turn, player_name


class Tabletop:
    """The board, tiles, players and turn of a game for 2 to 4 players (seats 0 to N-1)."""

    options: YahtzeeOptions

    def __init__(self, players: int, options: YahtzeeOptions | None = None) -> None:
        """An empty table: the roll for the order of play comes first.

        `players` is a number the game is for (`YahtzeeState` checks it).

        Raises:
            RuleError: the board has fewer starting wild squares than players.
        """
        self.options = options or YahtzeeOptions()
        if players > len(self.options.wild_squares):
            raise RuleError(
                f"{players} players need {players} starting wild squares; "
                f"the board has {len(self.options.wild_squares)}."
            )
        self.board = Board.from_options(self.options)
        self.players = players
        self.roll_off = RollOff.start(players, self.options.roll_off_ties)
        self.order: tuple[int, ...] = ()
        self.positions = [0] * players
        self.holdings = {tile: TileHolding() for tile in self.options.tiles}
        self.protected: Tile | None = None
        self.turn = Turn()
        """The turn in progress (the roll for the order of play until it is settled)."""
        self.challenge: ChallengeRounds | None = None
        self.turn_number = 0
        self.notes: list[str] = []
        """What the last action did, as sentences for the screen, seats named "Player N"."""
        self.narrated: list[Note] = []
        """What the last action caused, seats as placeholders (see `narration`); not saved."""

    @property
    def current(self) -> int:
        """The seat whose turn it is (seat 0 until the order of play is settled)."""
        return self.turn.seat

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self.turn.phase

    @property
    def dice(self) -> DiceRoll | None:
        """The five dice of the turn, once they are being rolled."""
        return self.turn.dice

    @property
    def landing(self) -> Landing | None:
        """What the five dice are being rolled for."""
        return self.turn.landing

    @property
    def target(self) -> Tile | None:
        """The tile the five dice are rolled for, when known."""
        return self.turn.target

    def tile_on(self, square: int) -> Tile | None:
        """The tile on `square`, if any."""
        for tile, holding in self.holdings.items():
            if holding.square == square:
                return tile
        return None

    def unclaimed(self) -> list[Tile]:
        """Tiles still available, in table order."""
        return [tile for tile in self.options.tiles if self.holdings[tile].owner is None]

    def occupied_squares(self) -> set[int]:
        """Squares that hold a tile."""
        return {h.square for h in self.holdings.values() if h.square is not None}

    def scores(self) -> list[int]:
        """Points of the tiles each seat holds now (number tiles by count, others by table)."""
        totals = [0] * self.players
        for tile, holding in self.holdings.items():
            if holding.owner is not None:
                totals[holding.owner] += self.options.points(tile, holding.value)
        return totals

    def tile_counts(self) -> list[int]:
        """How many tiles each seat holds."""
        counts = [0] * self.players
        for holding in self.holdings.values():
            if holding.owner is not None:
                counts[holding.owner] += 1
        return counts

    def say(self, text: str, *seats: int, echo: bool = False, **values: NoteValue) -> None:
        """Record what the last action did: `text` (a `narration` sentence) with ``{0}``...
        for `seats` and its named `values`; see `tell`."""
        self.tell(Note.of(text, seats, **values), echo=echo)

    def tell(self, note: Note, echo: bool = False) -> None:
        """Record what the last action did, said by `note`.

        The sentence goes to `notes` with seats named "Player N" (the command
        line's log) and, unless it only repeats the action itself (`echo`:
        "Player 2 goes for Fives."), to the narration as a `Note`, for the
        table to name its players.
        """
        self.notes.append(note.render(player_name))
        if not echo:
            self.narrated.append(note)


    def win_tile(self, tile: Tile, value: int) -> bool:
        """The seat whose turn it is wins `tile`, already on the board, with `value`.

        A steal moves the tile to them; their own tile keeps the better value.
        Returns whether the turn succeeded: a steal, or a rise of their own tile.
        """
        holding, seat = self.holdings[tile], self.current
        assert holding.square is not None
        old_owner = holding.owner
        rose = old_owner == seat and value > holding.value
        value = max(value, holding.value) if old_owner == seat else value
        self.holdings[tile] = holding.with_owner(seat, value)
        self.positions[seat] = holding.square
        if old_owner == seat:
            self.say(KEEPS_AT, seat, tile=tile_note(tile), value=value_note(tile, value))
        else:
            assert old_owner is not None
            self.say(STEALS_FROM, seat, old_owner, tile=held_note(tile, value))
        self._protect(tile)
        return old_owner != seat or rose

    def put_tile(self, tile: Tile, value: int, square: int) -> None:
        """Put the newly claimed `tile` on `square` and move the seat whose turn it is there."""
        seat = self.current
        self.holdings[tile] = self.holdings[tile].placed(seat, value, square)
        self.positions[seat] = square
        self.say(CLAIMS_ON_SQUARE, seat, tile=held_note(tile, value), square=square)
        self._protect(tile)

    def _protect(self, tile: Tile) -> None:
        """After a Yahtzee claim the single protection marker moves to `tile`."""
        if not self.turn.yahtzee:
            return
        before, self.protected = self.protected, tile
        if before is None or before is tile:
            self.say(MARKER_NOW_ON, tile=tile_note(tile))
        else:
            self.say(MARKER_MOVES, before=tile_note(before), tile=tile_note(tile))
