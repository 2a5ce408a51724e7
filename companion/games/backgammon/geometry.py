"""Board geometry and board values shared by Backgammon, Mini-Gam and Multi-Gam.

Every player's checkers travel along their own **track**: position 0 is the
player's bar (where checkers wait to enter), positions 1..N are the points in
the order the player meets them, and position N+1 is off the board. A die d
moves a checker from track position q to q + d; anything past N is a
bear-off. The geometry maps track positions to shared **cells** (the physical
points 1..N, numbered along seat 0's track) so that players can block and hit
each other:

- Backgammon: 24 points, 2 players travelling in opposite directions, 15
  checkers each; seat 1's track position q is cell 25 - q.
- Mini-Gam: 6 points, 2 players in opposite directions, 8 checkers each, all
  starting on the bar. Seat 0 moves 1 -> 6 -> off, seat 1 moves 6 -> 1 -> off.
- Multi-Gam: 6 points, 4 players all moving the same way (BAR = 0, points
  1..6, OFF = 7), 5 checkers each, all starting on the BAR.

`Board` is an immutable, hashable value: one tuple of N + 2 counts per seat,
indexed by track position (bar, points in travel order, off).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.base import RuleError


@dataclass(frozen=True, slots=True)
class Geometry:
    """The shape of one game's board and its movement rules.

    Attributes:
        name: short game name ("backgammon", "minigam", "multigam").
        points: number of points N on the board.
        players: number of seats.
        checkers: checkers per player.
        home_start: lowest track position of the home board: a player may bear
            off only while no checker of theirs is below it (19 in Backgammon,
            1 in Mini-Gam = nothing on the bar, 0 in Multi-Gam = always).
        loose_bar: True when checkers on the bar need not enter first (Multi-Gam).
        opposite: True when two players travel in opposite directions.
        own_numbering: True when notation numbers points from the mover's side
            (Backgammon: 24 is the far point, 1 the ace point); False when it
            uses the printed cell numbers (Mini-Gam, Multi-Gam).
        start: the starting counts by track position, the same for every seat.
    """

    name: str
    points: int
    players: int
    checkers: int
    home_start: int
    loose_bar: bool
    opposite: bool
    own_numbering: bool
    start: tuple[int, ...]

    @property
    def title(self) -> str:
        """The game's name as people write it ("Backgammon", "Mini-Gam", "Multi-Gam")."""
        return _TITLES.get(self.name, self.name)

    @property
    def bar(self) -> int:
        """Track position of the bar (0)."""
        return 0

    @property
    def off(self) -> int:
        """Track position of borne-off checkers (N + 1)."""
        return self.points + 1

    def cell(self, player: int, position: int) -> int:
        """The shared cell (1..N) of a player's track position on the board."""
        if self.opposite and player == 1:
            return self.points + 1 - position
        return position

    def position(self, player: int, cell: int) -> int:
        """The track position of a shared cell for a player (inverse of `cell`)."""
        if self.opposite and player == 1:
            return self.points + 1 - cell
        return cell

    def point_number(self, player: int, position: int) -> int:
        """The number a player calls a track position in notation.

        Backgammon counts from the player's own side (bar 25, points 24..1,
        off 0); Mini-Gam and Multi-Gam use the printed cell numbers, with the
        bar and off at the two ends of the player's path (Multi-Gam: BAR 0,
        OFF 7).
        """
        if self.own_numbering:
            return self.points + 1 - position
        return self.cell(player, position)

    def position_of_number(self, player: int, number: int) -> int:
        """The track position a player means by a point number (inverse of `point_number`)."""
        if self.own_numbering:
            return self.points + 1 - number
        return self.position(player, number)


_TITLES = {"backgammon": "Backgammon", "minigam": "Mini-Gam", "multigam": "Multi-Gam"}


def _start(points: int, checkers: int, spread: dict[int, int] | None = None) -> tuple[int, ...]:
    counts = [0] * (points + 2)
    if spread is None:
        counts[0] = checkers
    else:
        for position, count in spread.items():
            counts[position] = count
    return tuple(counts)


BACKGAMMON = Geometry(
    name="backgammon",
    points=24,
    players=2,
    checkers=15,
    home_start=19,
    loose_bar=False,
    opposite=True,
    own_numbering=True,
    # Track positions of the 24-, 13-, 8- and 6-points.
    start=_start(24, 15, {1: 2, 12: 5, 17: 3, 19: 5}),
)
MINIGAM = Geometry(
    name="minigam",
    points=6,
    players=2,
    checkers=8,
    home_start=1,
    loose_bar=False,
    opposite=True,
    own_numbering=False,
    start=_start(6, 8),
)
MULTIGAM = Geometry(
    name="multigam",
    points=6,
    players=4,
    checkers=5,
    home_start=0,
    loose_bar=True,
    opposite=False,
    own_numbering=False,
    start=_start(6, 5),
)
GEOMETRIES = {geometry.name: geometry for geometry in (BACKGAMMON, MINIGAM, MULTIGAM)}


@dataclass(frozen=True, slots=True)
class Board:
    """Where every checker is: an immutable, hashable value.

    `tracks[seat][position]` is how many of that seat's checkers are at that
    track position (0 = bar, 1..N = points in the seat's travel order,
    N + 1 = off). Construction checks the counts; use `Board.start` for the
    opening layout.

    Raises:
        RuleError: wrong number of tracks or track lengths, negative counts,
            checkers not adding up, or two players on one point.
    """

    geometry: Geometry
    tracks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        # Lists are accepted and frozen, so every board stays hashable.
        tracks = tuple(tuple(track) for track in self.tracks)
        check_tracks(self.geometry, tracks)
        object.__setattr__(self, "tracks", tracks)

    @classmethod
    def start(cls, geometry: Geometry) -> Board:
        """The opening layout of a game."""
        return cls(geometry, (geometry.start,) * geometry.players)

    def occupant(self, cell: int) -> tuple[int, int] | None:
        """(seat, count) of the checkers on a shared cell 1..N, or None if it is empty."""
        geometry = self.geometry
        for seat, track in enumerate(self.tracks):
            count = track[geometry.position(seat, cell)]
            if count:
                return seat, count
        return None

    def to_json(self) -> dict[str, object]:
        """The board as plain JSON: game name, per-seat track counts, and any rule variant."""
        data: dict[str, object] = {
            "game": self.geometry.name,
            "tracks": [list(track) for track in self.tracks],
        }
        if self.geometry.loose_bar != GEOMETRIES[self.geometry.name].loose_bar:
            data["loose_bar"] = self.geometry.loose_bar
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Board:
        """Read back a board written by `to_json`.

        Raises:
            RuleError: the data does not describe a valid board.
        """
        try:
            geometry = GEOMETRIES[str(data["game"])]
            if "loose_bar" in data:
                geometry = replace(geometry, loose_bar=bool(data["loose_bar"]))
            raw = data["tracks"]
            if not isinstance(raw, list):
                raise TypeError
            tracks = tuple(tuple(int(count) for count in track) for track in raw)
        except (KeyError, TypeError, ValueError):
            raise RuleError(f"This is not a board written by the companion: {data!r}.") from None
        return cls(geometry, tracks)


def make_board(geometry: Geometry, tracks: tuple[tuple[int, ...], ...]) -> Board:
    """Build a board from counts already known to be valid (skips the checks).

    The legal-play generator uses it for boards it derives from valid ones.
    """
    board = _new_board(Board)
    _set_geometry(board, geometry)
    _set_tracks(board, tracks)
    return board


# Slot setters: they skip the frozen dataclass's __setattr__ guard, for speed.
_new_board = object.__new__
_set_geometry = Board.__dict__["geometry"].__set__
_set_tracks = Board.__dict__["tracks"].__set__


def check_tracks(geometry: Geometry, tracks: tuple[tuple[int, ...], ...]) -> None:
    """Check that per-seat track counts describe a possible board.

    Raises:
        RuleError: with a sentence naming what is wrong.
    """
    name = geometry.title
    if len(tracks) != geometry.players:
        raise RuleError(f"A {name} board has {geometry.players} players, not {len(tracks)}.")
    width = geometry.points + 2
    for seat, track in enumerate(tracks):
        if len(track) != width:
            raise RuleError(f"Each {name} track has {width} counts (bar, points, off).")
        if any(count < 0 for count in track):
            raise RuleError(f"Player {seat} has a negative number of checkers somewhere.")
        if sum(track) != geometry.checkers:
            raise RuleError(
                f"Player {seat} has {sum(track)} checkers; each {name} player has "
                f"{geometry.checkers}."
            )
    for cell in range(1, geometry.points + 1):
        holders = [
            seat for seat in range(len(tracks)) if tracks[seat][geometry.position(seat, cell)]
        ]
        if len(holders) > 1:
            number = geometry.point_number(0, geometry.position(0, cell))
            side = " (as player 0 counts)" if geometry.own_numbering else ""
            raise RuleError(
                f"Point {number}{side} holds checkers of two players; a point has one owner."
            )
