"""Building test boards the way players describe them, and random boards for property tests."""

from __future__ import annotations

import random

from companion.games.backgammon.geometry import BACKGAMMON, Board, Geometry

Layout = dict[int | str, int]
"""Checkers by point number as the game names it, plus "bar"; the rest are off."""


def _track(geometry: Geometry, seat: int, layout: Layout) -> tuple[int, ...]:
    track = [0] * (geometry.points + 2)
    for where, count in layout.items():
        position = 0 if where == "bar" else geometry.position_of_number(seat, int(where))
        track[position] += count
    track[-1] = geometry.checkers - sum(track)
    return tuple(track)


def bg(x: Layout, o: Layout) -> Board:
    """A Backgammon board; X (seat 0, on roll) and O each by their own point numbers."""
    return Board(BACKGAMMON, (_track(BACKGAMMON, 0, x), _track(BACKGAMMON, 1, o)))


def six(geometry: Geometry, *seats: Layout) -> Board:
    """A Mini-Gam or Multi-Gam board; each seat's checkers by printed point number."""
    tracks = tuple(_track(geometry, seat, layout) for seat, layout in enumerate(seats))
    return Board(geometry, tracks)


def random_board(geometry: Geometry, rng: random.Random) -> Board:
    """A random valid board: any spread of checkers, often near home, on the bar or off."""
    off = geometry.points + 1
    owner: dict[int, int] = {}
    tracks = []
    bar_chance, off_chance, home_chance = (rng.random() * 0.2 for _ in range(3))
    home_chance = rng.random()
    for seat in range(geometry.players):
        track = [0] * (off + 1)
        for _ in range(geometry.checkers):
            roll = rng.random()
            if roll < bar_chance:
                track[0] += 1
                continue
            if roll < bar_chance + off_chance:
                track[off] += 1
                continue
            low = max(1, off - 6) if rng.random() < home_chance else 1
            for _attempt in range(20):
                position = rng.randint(low, geometry.points)
                cell = geometry.cell(seat, position)
                if owner.setdefault(cell, seat) == seat:
                    track[position] += 1
                    break
            else:
                track[off] += 1
        tracks.append(tuple(track))
    return Board(geometry, tuple(tracks))
