"""Bars and borne-off trays: what is in them and where it goes on the screen.

A tray holds its borne-off checkers on their sides, stacked from the
owner's end like a real tray, and a checker with the owner's letter and the
count at its other end. A bar shows one checker with the letter and the
count beside it (Backgammon's by the middle of the board, where a hit
checker waits). Multi-Gam shows every seat's empty bar and tray too, with a
faded checker, so each seat can find its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui import board_parts as parts
from ui.backgammon.board_layout import Plan, Pocket
from ui.theme import PlayerColour, Theme


@dataclass(frozen=True)
class Spot:
    """Where a pocket's contents go on the screen."""

    checker: tuple[int, int]
    """The centre of the checker with the owner's letter."""
    diameter: int
    count_box: pygame.Rect
    """Where the count is written."""
    slabs: pygame.Rect
    """The part of a tray its borne-off checkers fill when all are off."""
    slab_side: str
    """The screen side ("top", "bottom", "left", "right") the slabs stack from."""
    thickness: int
    """One borne-off checker's thickness."""
    marker: tuple[int, int]
    """Where the legal-target marker goes: just inside the tray's end nearest its owner, or
    on the corner of the bar's checker, so it hides neither the letter nor the count."""


def _opposite(side: str) -> str:
    return {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[side]


def _cut(rect: pygame.Rect, side: str, depth: int) -> pygame.Rect:
    """The strip `depth` pixels deep along one side of `rect`."""
    depth = max(0, min(depth, rect.h if side in ("top", "bottom") else rect.w))
    if side == "top":
        return pygame.Rect(rect.x, rect.y, rect.w, depth)
    if side == "bottom":
        return pygame.Rect(rect.x, rect.bottom - depth, rect.w, depth)
    if side == "left":
        return pygame.Rect(rect.x, rect.y, depth, rect.h)
    return pygame.Rect(rect.right - depth, rect.y, depth, rect.h)


def _owner_side(plan: Plan, pocket: Pocket) -> str:
    """The screen side of the pocket nearest its owner's edge of the board."""
    if plan.frame.turned:
        return "right" if pocket.outer_top else "left"
    return "top" if pocket.outer_top else "bottom"


def _contents(plan: Plan, pocket: Pocket) -> pygame.Rect:
    """The pocket on the screen, less the pip-count tag drawn inside it (six-point bars)."""
    rect = plan.frame.rect(pocket.area)
    tag = plan.pip_slots.get(pocket.seat)
    if pocket.kind != "bar" or plan.bar is not None or tag is None:
        return rect
    if tag.top > rect.centery:
        return pygame.Rect(rect.x, rect.y, rect.w, tag.top - rect.y)
    return pygame.Rect(tag.right, rect.y, rect.right - tag.right, rect.h)


def _badge_size(largest: int, length: int, cross: int) -> tuple[int, bool]:
    """The letter checker's diameter in a pocket, and whether its count fits beside it
    (across the pocket) rather than after it (along the pocket)."""
    diameter = max(8, min(largest, round(cross * 0.8), round(length * 0.8)))
    if cross >= diameter * 1.9 + 6:
        return diameter, True
    if length >= diameter * 1.9 + 8:
        return diameter, False
    across, along = round((cross - 6) / 1.9), round((length - 8) / 1.9)
    # Beside leaves a tray more room for its slabs: prefer it unless it costs much size.
    return max(8, min(diameter, max(across, along))), across >= along * 0.85


def pocket_spot(plan: Plan, pocket: Pocket) -> Spot:
    """Where the contents of `pocket` go on the screen."""
    rect = _contents(plan, pocket)
    owner = _owner_side(plan, pocket)
    start = _opposite(owner)  # the letter checker sits at the end away from the owner
    along = start in ("top", "bottom")
    length, cross = (rect.h, rect.w) if along else (rect.w, rect.h)
    diameter, beside = _badge_size(plan.checker, length, cross)
    count_w = round(diameter * 0.9)
    badge_len = diameter + 8 if beside else diameter + count_w + 8
    slabs, thickness = pygame.Rect(rect.x, rect.y, 0, 0), 0
    if pocket.kind == "off":
        # Slabs fill the tray as in a real one; the letter checker and count lie over them
        # once the tray is nearly full.
        checkers = plan.geometry.checkers
        room = length - badge_len - 12
        if room // checkers < 4:  # too short to keep clear of the letter checker
            room = length - 8
        thickness = max(2, min(diameter // 4, room // checkers))
        slabs = _cut(rect.inflate(-8, -8), owner, thickness * checkers)
    badge = _cut(rect, start, badge_len)
    if beside:
        cross_shift = -(count_w + 6) // 2
        centre = _shift(badge.center, along, cross_shift)
        count_box = pygame.Rect(0, 0, count_w, diameter)
        count_box.center = _shift(badge.center, along, cross_shift + (diameter + count_w) // 2 + 6)
    else:
        checker_box = _cut(badge, start, diameter + 8)
        centre = checker_box.center
        count_box = _cut(badge, owner, count_w)
    if pocket.kind == "off":
        marker = _edge_middle(rect.inflate(-diameter // 2, -diameter // 2), owner)
    else:
        marker = (centre[0] + diameter * 3 // 8, centre[1] + diameter * 3 // 8)
    return Spot(centre, diameter, count_box, slabs, owner, thickness, marker)


def _shift(point: tuple[int, int], along: bool, amount: int) -> tuple[int, int]:
    """`point` moved across the pocket's long axis by `amount`."""
    return (point[0] + amount, point[1]) if along else (point[0], point[1] + amount)


def _edge_middle(rect: pygame.Rect, side: str) -> tuple[int, int]:
    """The middle of one side of `rect`."""
    return {"top": rect.midtop, "bottom": rect.midbottom, "left": rect.midleft,
            "right": rect.midright}[side]


def draw_pocket(
    surface: pygame.Surface,
    plan: Plan,
    pocket: Pocket,
    tracks: Sequence[Sequence[int]],
    colour: PlayerColour,
    look: Theme,
) -> None:
    """Draw a bar's or tray's checkers and count (nothing for an empty two-player pocket)."""
    count = tracks[pocket.seat][0 if pocket.kind == "bar" else plan.geometry.off]
    spot = pocket_spot(plan, pocket)
    if pocket.kind == "off" and count:
        parts.draw_slabs(surface, spot.slabs, count, spot.thickness, colour,
                         from_end=spot.slab_side)
    several_players = plan.geometry.players > 2
    if not count and not several_players:
        return
    parts.draw_checker(surface, spot.checker, spot.diameter, colour, faded=not count)
    if count > 1 or pocket.kind == "off" or several_players:
        text = str(count)
        height = min(spot.count_box.h, look.px(28), round(spot.diameter * 0.75))
        font = parts.fitted_font(text, spot.count_box.w, height)
        if pocket.kind == "off":  # legible over the slabs of a nearly full tray
            backing = pygame.Rect(0, 0, font.size(text)[0] + look.px(10), font.get_height())
            backing.center = spot.count_box.center
            pygame.draw.rect(surface, parts.TRAY, backing, border_radius=backing.h // 3)
        parts.centred_text(surface, text, spot.count_box.center, font, parts.NUMBER)


__all__ = ["Spot", "draw_pocket", "pocket_spot"]
