"""The spinner on screen: the table seen from above, the idol turning as the motor turns it.

The table's spinner tells the app each spin's plan (a `SpinPlan`,
`companion.ports`: the motor's own) as the motor starts; the app stamps it with its clock and hands
it to the scene as a `SpinMotion`. `SpinDial` draws the table from above:
every player's name where they sit (the calibrated `spinner.seat_angles`),
the idol's pointer at `motion.angle_at(now)`, and, once it stopped, the
seat it points at ringed (both seats when it stopped between two). A
software pick (no spinner, or one that could not home) turns the same way
on screen and says so in words.

Angles: seat 0 sits at the bottom of the dial, where a reader of the screen
sits, and angles grow clockwise seen from above, the convention of
`ui.rotation.facing_rotation` (a screen lying in the middle of the table,
turned toward seat 0).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from companion.config import seat_angles_for
from companion.hardware.spin_status import SpinnerStatus, status_sentence
from companion.i18n import _, note_text
from companion.ports import SpinnerFeed, SpinPlan
from companion.records import Player
from ui import theme
from ui.board_parts import mix
from ui.theme import PlayerColour, Theme, player_colour
from ui.widgets import Widget, draw_text, wrap_text

FELT: theme.RGB = (18, 92, 60)
RIM: theme.RGB = (120, 78, 40)
IDOL: theme.RGB = (150, 98, 52)
IDOL_DARK: theme.RGB = (70, 44, 22)
LANDING_SECONDS = 2.5
"""How long a spin's landing stays on screen after the idol stopped: the pointer at rest on
the seat, the chosen player's name large, before the screen moves on."""
LANDING_TEXT = 40
"""The size of the landing's words (the chosen player's name), read from across the table."""


def spinner_sentence(status: SpinnerStatus, names: Sequence[str] = ()) -> str:
    """The spinner's status as a line for the screen, in the table's language; `names` are
    the players by seat."""
    return status_sentence(status, names, note_text,
                           lambda seat: _("seat {number}").format(number=seat + 1))


@dataclass(frozen=True)
class SpinMotion:
    """A spin on screen: the motor's plan and the app-clock time it started.

    Attributes:
        plan: the motion the spinner told (the device's `PointerMotion`).
        started: when it started, on the app's clock.
    """

    plan: SpinPlan
    started: float

    @property
    def until(self) -> float:
        """When it stops, on the app's clock."""
        return self.started + self.plan.duration_s

    @property
    def result(self) -> tuple[int, ...]:
        """The seat it stops at, or the two it stops between."""
        return self.plan.result

    @property
    def software_pick(self) -> bool:
        """The companion picked: the spinner was not used."""
        return self.plan.software_pick

    def angle_at(self, now: float) -> float:
        """The pointer's angle from home at app-clock time `now`, as the motor's plan puts it."""
        if self.done(now):  # exactly the stop, whatever the clock's rounding
            return self.plan.stop_angle_deg % 360.0
        return self.plan.angle_at(now - self.started)

    def done(self, now: float) -> bool:
        """True once the pointer has stopped."""
        return now >= self.until

    @property
    def shown_until(self) -> float:
        """When its landing leaves the screen, on the app's clock (`LANDING_SECONDS` after
        it stopped)."""
        return self.until + LANDING_SECONDS

    def landing(self, now: float) -> bool:
        """True while the pointer rests where it stopped and the screen still shows it."""
        return self.until <= now < self.shown_until

    def shown(self, now: float) -> bool:
        """True while the dial shows this spin: turning, or held at its landing."""
        return now < self.shown_until


@dataclass(frozen=True)
class DialSeat:
    """A player where they sit: their name, colour and seat angle (degrees from home)."""

    seat: int
    name: str
    colour: PlayerColour
    angle_deg: float


def dial_seats(players: Sequence[Player], seat_angles: Sequence[float]) -> tuple[DialSeat, ...]:
    """The players at their calibrated seats: player N at `seat_angles[N]`.

    With fewer calibrated angles than players (a table not calibrated for
    this many), the players are spaced evenly, as the spinner's spins then
    are (`companion.config.seat_angles_for`).
    """
    angles = seat_angles_for(seat_angles, len(players))
    return tuple(
        DialSeat(seat, player.name, player_colour(player.colour), angles[seat])
        for seat, player in enumerate(players)
    )


def dial_point(
    centre: tuple[float, float], radius: float, angle_deg: float
) -> tuple[float, float]:
    """The screen point at `radius` from `centre` toward a table angle (0 down, clockwise)."""
    angle = math.radians(angle_deg)
    return centre[0] - radius * math.sin(angle), centre[1] + radius * math.cos(angle)


def landing_text(seats: Sequence[DialSeat], result: tuple[int, ...]) -> str:
    """Where a spin stopped, in words: "Ben", or "Between Ben and Cleo"."""
    names = {seat.seat: seat.name for seat in seats}
    named = [names.get(seat, _("seat {number}").format(number=seat + 1)) for seat in result]
    if len(named) == 2:
        return _("Between {first} and {second}").format(first=named[0], second=named[1])
    return named[0] if named else ""


@dataclass(eq=False)
class SpinDial(Widget):
    """The table from above with the idol's pointer; named `dial` by `spin_dial`.

    `clock` is the app's: while `motion` runs the pointer is drawn where the
    plan puts it now (the scene asks the app to `animate` until it stops).
    `rest_deg` is where the pointer rests with no motion; `landed` the seats
    ringed when no motion says so (a spin entered by hand).
    """

    seats: tuple[DialSeat, ...] = ()
    motion: SpinMotion | None = None
    clock: Callable[[], float] = lambda: 0.0
    rest_deg: float = 0.0
    landed: tuple[int, ...] = ()
    _labels: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict, repr=False)
    _lines: dict[int, list[str]] = field(default_factory=dict, repr=False)
    _frame: _DialFrame | None = field(default=None, repr=False)

    def pointer_deg(self, now: float) -> float:
        """Where the pointer is drawn at app-clock time `now`."""
        if self.motion is None:
            return self.rest_deg
        return self.motion.angle_at(now)

    def ringed(self, now: float) -> tuple[int, ...]:
        """The seats highlighted at `now`: none while the idol turns, then where it stopped."""
        if self.motion is None:
            return self.landed
        return self.motion.result if self.motion.done(now) else ()

    def landing_font(self, look: Theme) -> pygame.font.Font:
        """The font of the dial's words: large for a spin the spinner told whose words fit
        on one line (the chosen player's name, read across the table), else the readable
        size (a landing between two seats, a spin entered by hand)."""
        big = look.font(LANDING_TEXT, True)
        if self.motion is not None and big.size(self.text)[0] <= self.rect.w - look.px(12):
            return big
        return look.font(theme.TEXT_MIN, True)

    def landing_lines(self, look: Theme) -> list[str]:
        """The dial's words ("Between Ben and Cleo") wrapped to its width in `landing_font`:
        the whole sentence shows, on as many lines as it needs (made once per size)."""
        key = look.px(100)
        lines = self._lines.get(key)
        if lines is None:
            font = self.landing_font(look)
            lines = wrap_text(self.text, font, self.rect.w - look.px(12)) if self.text else []
            self._lines[key] = lines
        return lines

    def table_area(self, look: Theme) -> pygame.Rect:
        """Where the table is drawn: under the strip kept at the top for the dial's words."""
        lines = len(self.landing_lines(look))
        strip = lines * self.landing_font(look).get_linesize() + look.px(4) if lines else 0
        return pygame.Rect(self.rect.x, self.rect.y + strip, self.rect.w, self.rect.h - strip)

    def geometry(self, look: Theme) -> tuple[tuple[int, int], int, int]:
        """The dial's centre, the table's radius and the radius names sit on."""
        label_room = look.px(34)
        table = self.table_area(look)
        radius = max(look.px(20), min(table.w, table.h) // 2 - label_room)
        return table.center, radius, radius + label_room // 2

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Draw the table, the seats' names, the idol at its angle now, and the words on the
        felt; keep what lies under the idol, so that the next frames draw the idol alone
        (`draw_turn`)."""
        now = self.clock()
        centre, radius, name_radius = self.geometry(look)
        ringed = self.ringed(now)
        pygame.draw.circle(surface, RIM, centre, radius + look.px(6))
        pygame.draw.circle(surface, FELT, centre, radius)
        for seat in self.seats:
            self._draw_seat(surface, look, seat, centre, radius, name_radius, seat.seat in ringed)
        shown = self.rect.clip(surface.get_rect())
        under = surface.subsurface(shown).copy() if shown else None
        angle = self.pointer_deg(now)
        self._draw_idol(surface, look, centre, radius, angle)
        words = self._words(look, centre, radius, ringed)
        for image, place in words:
            surface.blit(image, place)
        self._frame = None if under is None else _DialFrame(
            surface, under, shown.topleft, ringed, words, idol_bounds(look, centre, radius, angle))

    def draw_turn(self, surface: pygame.Surface, look: Theme) -> pygame.Rect | None:
        """Draw the idol where it is now over the last frame this dial drew on `surface`:
        what lay under the idol is put back, the idol and the words over it drawn again.

        Returns the rect that changed; None when the dial must be drawn whole (`draw`): it
        was never drawn on this surface, or the seats it rings have changed.
        """
        frame = self._frame
        now = self.clock()
        if frame is None or frame.surface is not surface or frame.ringed != self.ringed(now):
            return None
        centre, radius, _ = self.geometry(look)
        angle = self.pointer_deg(now)
        idol = idol_bounds(look, centre, radius, angle)
        changed = idol.union(frame.idol).clip(frame.shown)
        surface.blit(frame.under, changed, changed.move(-frame.offset[0], -frame.offset[1]))
        self._draw_idol(surface, look, centre, radius, angle)
        for image, place in frame.words:
            overlap = place.clip(changed)
            if overlap:
                surface.blit(image, overlap, overlap.move(-place.x, -place.y))
        frame.idol = idol
        return changed

    def _words(
        self, look: Theme, centre: tuple[int, int], radius: int, ringed: tuple[int, ...]
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The words on the felt, drawn over the idol, made once per frame drawn whole:
        "Software spin" under the idol; where it landed above it, once it has."""
        made: list[tuple[pygame.Surface, pygame.Rect]] = []
        if self.motion is not None and self.motion.software_pick:
            words = pygame.Rect(0, 0, radius * 2 - look.px(24), look.px(30))
            words.center = (centre[0], centre[1] + radius // 2)
            made.append((_words_image(_("Software spin"), words.size, look,
                                      theme.TEXT_MIN, theme.ACCENT), words))
        if ringed and self.text:
            # Where the idol landed, in words over the table: "Ben", or "Between Ben and
            # Cleo" (the names ringed at the rim say it too), on as many lines as it needs.
            font = self.landing_font(look)
            top = self.rect.y + look.px(2)
            for line in self.landing_lines(look):
                image = font.render(line, True, theme.TEXT)
                made.append((image, image.get_rect(midtop=(self.rect.centerx, top))))
                top += font.get_linesize()
        return made

    def _draw_seat(
        self,
        surface: pygame.Surface,
        look: Theme,
        seat: DialSeat,
        centre: tuple[int, int],
        radius: int,
        name_radius: int,
        ringed: bool,
    ) -> None:
        inner = dial_point(centre, radius - look.px(14), seat.angle_deg)
        outer = dial_point(centre, radius, seat.angle_deg)
        tick = theme.ACCENT if ringed else seat.colour.rgb
        pygame.draw.line(surface, tick, inner, outer, look.px(6 if ringed else 4))
        label = self._label(look, seat)
        place = label.get_rect(center=dial_point(centre, name_radius, seat.angle_deg))
        ring = look.px(4)
        place.clamp_ip(self.table_area(look).inflate(-2 * ring, -2 * ring))
        if ringed:
            pygame.draw.rect(surface, theme.ACCENT, place.inflate(2 * ring, 2 * ring),
                             border_radius=look.px(10))
        surface.blit(label, place)

    def _label(self, look: Theme, seat: DialSeat) -> pygame.Surface:
        """The seat's name on its colour chip, made once per size (every frame blits it)."""
        key = (seat.seat, look.px(100))
        made = self._labels.get(key)
        if made is not None:
            return made
        height = look.px(34)
        width = min(max(look.px(48), self.rect.w * 2 // 5), look.px(200))
        font = look.font(theme.TEXT_MIN, True)
        text_w = min(width - look.px(12), font.size(seat.name)[0])
        chip = pygame.Surface((text_w + look.px(14), height), pygame.SRCALPHA)
        pygame.draw.rect(chip, seat.colour.rgb, chip.get_rect(), border_radius=look.px(8))
        draw_text(chip, seat.name, chip.get_rect().inflate(-look.px(10), 0), look,
                  theme.TEXT_MIN, True, seat.colour.ink, centred=True)
        self._labels[key] = chip
        return chip

    def _draw_idol(
        self,
        surface: pygame.Surface,
        look: Theme,
        centre: tuple[int, int],
        radius: int,
        angle_deg: float,
    ) -> pygame.Rect:
        """Draw the idol pointing at `angle_deg`; the rect its pixels changed."""
        tip, left, right, hub = idol_shape(look, centre, radius, angle_deg)
        drawn = pygame.draw.polygon(surface, IDOL_DARK, (tip, left, right))
        drawn.union_ip(pygame.draw.aalines(surface, IDOL_DARK, True, (tip, left, right)))
        drawn.union_ip(pygame.draw.circle(surface, IDOL, centre, hub))
        pygame.draw.circle(surface, IDOL_DARK, centre, hub, max(2, look.px(3)))
        # The idol's face looks where the pointer points: two eyes and a mouth.
        for side in (-1, 1):
            eye = dial_point(centre, hub * 0.45, angle_deg + side * 40)
            pygame.draw.circle(surface, mix(IDOL, (255, 255, 255), 0.7), eye, max(2, hub // 6))
        mouth = dial_point(centre, hub * 0.1, angle_deg + 180)
        pygame.draw.circle(surface, IDOL_DARK, mouth, max(2, hub // 5))
        return drawn


@dataclass
class _DialFrame:
    """What a dial left on the surface it was drawn whole on, for the frames after it.

    `under` is the dial's rect (`shown`, its part on the surface, at `offset`) as it was
    before the idol: the table, the seats, and what the scene drew beneath.
    """

    surface: pygame.Surface
    under: pygame.Surface
    offset: tuple[int, int]
    ringed: tuple[int, ...]
    words: list[tuple[pygame.Surface, pygame.Rect]]
    idol: pygame.Rect

    @property
    def shown(self) -> pygame.Rect:
        """The dial's part of the surface."""
        return pygame.Rect(self.offset, self.under.get_size())


Point = tuple[float, float]


def idol_shape(
    look: Theme, centre: tuple[int, int], radius: int, angle_deg: float
) -> tuple[Point, Point, Point, int]:
    """The idol pointing at `angle_deg`: its pointer's tip and two base corners, and the
    radius of its round body (its face lies inside it)."""
    tip = dial_point(centre, radius - look.px(4), angle_deg)
    left = dial_point(centre, radius * 0.22, angle_deg + 90)
    right = dial_point(centre, radius * 0.22, angle_deg - 90)
    return tip, left, right, max(look.px(10), round(radius * 0.3))


def idol_bounds(look: Theme, centre: tuple[int, int], radius: int, angle_deg: float) -> pygame.Rect:
    """Every pixel the idol at `angle_deg` may touch (its pointer's smoothed edges too)."""
    tip, left, right, hub = idol_shape(look, centre, radius, angle_deg)
    xs = [point[0] for point in (tip, left, right)] + [centre[0] - hub, centre[0] + hub]
    ys = [point[1] for point in (tip, left, right)] + [centre[1] - hub, centre[1] + hub]
    left_x, top_y = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
    return pygame.Rect(left_x, top_y, math.ceil(max(xs)) + 3 - left_x,
                       math.ceil(max(ys)) + 3 - top_y)


def _words_image(
    text: str, size: tuple[int, int], look: Theme, font_size: int, colour: theme.RGB
) -> pygame.Surface:
    """`text` centred on a clear surface of `size`, rendered once and blitted each frame."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    draw_text(image, text, image.get_rect(), look, font_size, True, colour, centred=True)
    return image


def draw_turning(
    widgets: Sequence[Widget], surface: pygame.Surface, look: Theme
) -> list[pygame.Rect] | None:
    """The next frame of a turning dial: each dial among `widgets` draws its idol over the
    last frame on `surface` (`SpinDial.draw_turn`); the rects that changed.

    None when the frame must be drawn whole: no dial is shown, one cannot draw its turn
    alone, or a widget drawn after a dial overlaps it.
    """
    shown = [widget for widget in widgets if widget.visible]
    changed: list[pygame.Rect] = []
    for index, widget in enumerate(shown):
        if not isinstance(widget, SpinDial):
            continue
        if any(later.rect.colliderect(widget.rect) for later in shown[index + 1:]):
            return None
        rect = widget.draw_turn(surface, look)
        if rect is None:
            return None
        changed.append(rect)
    return changed or None


def dial_words(seats: Sequence[DialSeat], motion: SpinMotion | None, now: float,
               landed: tuple[int, ...] = ()) -> str:
    """What the dial says as text (the scripted driver's `widgets` and `expect` read it)."""
    if motion is None:
        return landing_text(seats, landed) if landed else ""
    prefix = _("Software spin") + ": " if motion.software_pick else ""
    if not motion.done(now):
        return prefix + _("Spinning…")
    return prefix + landing_text(seats, motion.result)


def resting_angle(seats: Sequence[DialSeat], landed: tuple[int, ...]) -> float:
    """Where the pointer rests on a landing with no motion: the seat, or midway forward
    from the first of two seats to the second; home when nothing landed."""
    angles = {seat.seat: seat.angle_deg for seat in seats}
    known = [angles[seat] for seat in landed if seat in angles]
    if not known:
        return 0.0
    if len(known) == 1:
        return known[0]
    return (known[0] + ((known[1] - known[0]) % 360.0) / 2) % 360.0


def spin_dial(
    rect: pygame.Rect,
    players: Sequence[Player],
    seat_angles: Sequence[float],
    motion: SpinMotion | None,
    clock: Callable[[], float],
    *,
    landed: tuple[int, ...] = (),
) -> SpinDial:
    """The `dial` widget for `players` at `seat_angles`, turning with `motion`.

    With no motion the pointer rests on the first landed seat (or home).
    """
    seats = dial_seats(players, seat_angles)
    rest = resting_angle(seats, landed)
    return SpinDial(
        "dial",
        rect,
        dial_words(seats, motion, clock(), landed),
        seats=seats,
        motion=motion,
        clock=clock,
        rest_deg=rest,
        landed=landed,
    )


__all__ = [
    "LANDING_SECONDS",
    "LANDING_TEXT",
    "DialSeat",
    "SpinDial",
    "SpinMotion",
    "SpinnerFeed",
    "dial_point",
    "dial_seats",
    "dial_words",
    "draw_turning",
    "idol_bounds",
    "idol_shape",
    "landing_text",
    "resting_angle",
    "spin_dial",
    "spinner_sentence",
]
