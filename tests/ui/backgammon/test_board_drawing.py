"""The backgammon family's board as drawn: touch targets, numbering, checkers, counts, dice."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

import pygame
import pytest

from companion.games.backgammon.geometry import (
    BACKGAMMON,
    MINIGAM,
    MULTIGAM,
    Board,
    Geometry,
)
from ui import board_parts, theme
from ui.backgammon.board_drawing import BoardLayout, BoardPicture, Cube, pip_counts, point_label
from ui.dice_drawing import DIE_PIPS, draw_die
from ui.theme import Theme, player_colour

GAMES = (BACKGAMMON, MINIGAM, MULTIGAM)
SIZES = ((800, 480), (480, 800), (1024, 600), (1920, 1080), (720, 1280))
# Colours used nowhere else on the board, so a pixel of one is a checker of that seat.
COLOURS = tuple(player_colour(name) for name in ("red", "blue", "green", "yellow"))


def layout(geometry: Geometry, size: tuple[int, int] = (800, 480), viewer: int = 0) -> BoardLayout:
    return BoardLayout(geometry, pygame.Rect((0, 0), size), viewer, Theme.for_size(size))


def picture(
    geometry: Geometry,
    tracks: tuple[tuple[int, ...], ...],
    viewer: int = 0,
    *,
    highlighted: frozenset[str] = frozenset(),
    selected: str | None = None,
    cube: Cube | None = None,
    pips: tuple[int, ...] | None = None,
) -> BoardPicture:
    Board(geometry, tracks)  # the test positions are ones the rules allow
    return BoardPicture(geometry, tracks, COLOURS[: geometry.players], viewer, highlighted,
                        selected, cube, pips)


def render(board: BoardLayout, shown: BoardPicture, size: tuple[int, int] = (800, 480)
           ) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND)
    board.draw(surface, shown, Theme.for_size(size))
    return surface


def pixels_of(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels inside `rect` are exactly `colour`."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    return int(pygame.transform.threshold(None, area, colour, (0, 0, 0, 0), set_behavior=0))


def start(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    return (geometry.start,) * geometry.players


@pytest.mark.parametrize(
    ("geometry", "viewer"),
    [(geometry, seat) for geometry in GAMES for seat in range(geometry.players)],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_every_point_the_bar_and_off_are_targets_named_as_the_viewer_counts(
    geometry: Geometry, viewer: int
) -> None:
    names = set(layout(geometry, viewer=viewer).targets())
    points = {f"point:{n}" for n in range(1, geometry.points + 1)}
    assert names == points | {"bar", "off"}


@pytest.mark.parametrize("geometry", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_targets_are_a_finger_wide_inside_the_board_and_never_overlap(
    geometry: Geometry, size: tuple[int, int]
) -> None:
    board = layout(geometry, size)
    look = Theme.for_size(size)
    rects = list(board.targets().values())
    for rect in rects:
        assert min(rect.size) >= look.px(theme.TARGET_MIN)
        assert pygame.Rect((0, 0), size).contains(rect)
    for index, rect in enumerate(rects):
        assert rect.collidelist(rects[index + 1:]) == -1


def test_backgammon_points_in_a_narrower_board_keep_a_usable_width() -> None:
    # A board beside a 160 px column of buttons: the 24 points share what is left.
    board = BoardLayout(BACKGAMMON, pygame.Rect(0, 0, 640, 480), 0, Theme())
    points = [rect for name, rect in board.targets().items() if name.startswith("point:")]
    assert min(rect.w for rect in points) >= 28
    assert min(rect.h for rect in points) >= 48
    assert min(board.targets()["bar"].size) >= 48 and min(board.targets()["off"].size) >= 48


@pytest.mark.parametrize("geometry", GAMES, ids=lambda g: g.name)
def test_point_names_and_positions_round_trip_for_every_viewer(geometry: Geometry) -> None:
    for viewer in range(geometry.players):
        board = layout(geometry, viewer=viewer)
        for position in range(geometry.off + 1):
            assert board.position_of(board.point_name(position)) == position
        for name in ("point:0", f"point:{geometry.points + 1}", "point:x", "points:3", "cube"):
            assert board.position_of(name) is None
        with pytest.raises(ValueError):
            board.point_name(geometry.off + 1)


@pytest.mark.parametrize("viewer", [0, 1])
def test_each_backgammon_player_sees_their_own_24_where_they_start(viewer: int) -> None:
    board = layout(BACKGAMMON, viewer=viewer)
    assert board.position_of("point:24") == 1 and board.position_of("point:1") == 24
    assert point_label(BACKGAMMON, viewer, 1) == 24
    surface = render(board, picture(BACKGAMMON, start(BACKGAMMON), viewer))
    mine, theirs = COLOURS[viewer].rgb, COLOURS[1 - viewer].rgb
    targets = board.targets()
    for name in ("point:24", "point:13", "point:8", "point:6"):
        assert pixels_of(surface, targets[name], mine) > 0, name
        assert pixels_of(surface, targets[name], theirs) == 0, name
    for name in ("point:1", "point:12", "point:17", "point:19"):
        assert pixels_of(surface, targets[name], theirs) > 0, name


def test_the_viewers_24_and_13_are_on_the_top_edge_and_their_home_bottom_right() -> None:
    targets = layout(BACKGAMMON).targets()
    assert targets["point:13"].x < targets["point:24"].x
    assert targets["point:24"].bottom < targets["point:1"].top
    assert targets["point:12"].x < targets["point:1"].x
    assert targets["bar"].x < targets["point:6"].x < targets["off"].x


@pytest.mark.parametrize("geometry", [MINIGAM, MULTIGAM], ids=lambda g: g.name)
def test_six_point_boards_use_the_printed_cell_numbers(geometry: Geometry) -> None:
    for viewer in range(geometry.players):
        board = layout(geometry, viewer=viewer)
        for position in range(1, geometry.points + 1):
            cell = geometry.cell(viewer, position)
            assert board.point_name(position) == f"point:{cell}"
    # Mini-Gam's second seat enters on 6 and bears off past 1.
    if geometry is MINIGAM:
        assert layout(geometry, viewer=1).point_name(1) == "point:6"


@pytest.mark.parametrize(
    ("geometry", "pips"),
    [(BACKGAMMON, (167, 167)), (MINIGAM, (56, 56)), (MULTIGAM, (35, 35, 35, 35))],
    ids=lambda value: getattr(value, "name", ""),
)
def test_pip_counts_at_the_start(geometry: Geometry, pips: tuple[int, ...]) -> None:
    assert pip_counts(geometry, start(geometry)) == pips


MIDGAME = {
    "backgammon": ((1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 7, 0, 0, 0, 0, 0, 0, 3),
                   (1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 2, 2, 4, 0, 0, 0, 0, 0, 0, 2)),
    "minigam": ((0, 0, 0, 7, 0, 0, 0, 1), (3, 0, 0, 0, 0, 2, 0, 3)),
    "multigam": ((2, 2, 0, 0, 0, 0, 0, 1), (0, 0, 0, 1, 0, 0, 0, 4), (5, 0, 0, 0, 0, 0, 0, 0),
                 (1, 0, 0, 0, 2, 0, 0, 2)),
}


@pytest.mark.parametrize("geometry", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_checker_is_drawn_in_its_owners_colour_on_its_point(
    geometry: Geometry, size: tuple[int, int]
) -> None:
    tracks = MIDGAME[geometry.name]
    for viewer in range(geometry.players):
        board = layout(geometry, size, viewer)
        surface = render(board, picture(geometry, tracks, viewer, pips=pip_counts(
            geometry, tracks)), size)
        targets = board.targets()
        for position in range(1, geometry.off):
            name = board.point_name(position)
            cell = geometry.cell(viewer, position)
            for seat, colour in enumerate(COLOURS[: geometry.players]):
                count = tracks[seat][geometry.position(seat, cell)]
                found = pixels_of(surface, targets[name], colour.rgb)
                assert (found > 0) == (count > 0), (name, seat)
        for pocket, index in (("bar", 0), ("off", geometry.off)):
            if tracks[viewer][index]:
                assert pixels_of(surface, targets[pocket], COLOURS[viewer].rgb) > 0


@pytest.mark.parametrize("geometry", [BACKGAMMON, MINIGAM], ids=lambda g: g.name)
def test_a_stack_over_five_shows_its_count_on_the_top_checker(geometry: Geometry) -> None:
    board = layout(geometry)
    target = board.targets()[board.point_name(3)]
    rest = geometry.checkers

    def stack_of(count: int) -> pygame.Surface:
        track = [0] * (geometry.off + 1)
        track[3], track[0] = count, rest - count
        other = [0] * (geometry.off + 1)
        other[0] = rest
        return render(board, picture(geometry, (tuple(track), tuple(other))))

    five, six, seven = stack_of(5), stack_of(6), stack_of(7)
    inside = [pygame.image.tobytes(shot.subsurface(target), "RGB") for shot in (five, six, seven)]
    assert len(set(inside)) == 3  # no count, "6", "7"
    for shot in (five, seven):  # the checkers left on the bar differ; blank the bar too
        shot.fill((0, 0, 0), target)
        shot.fill((0, 0, 0), board.targets()["bar"])
    assert pygame.image.tobytes(five, "RGB") == pygame.image.tobytes(seven, "RGB")


def test_highlighted_targets_and_the_selected_checker_are_marked_in_the_accent() -> None:
    board = layout(BACKGAMMON)
    targets = board.targets()
    plain = render(board, picture(BACKGAMMON, start(BACKGAMMON)))
    marked = render(board, picture(BACKGAMMON, start(BACKGAMMON),
                                   highlighted=frozenset({"point:18", "point:20"}),
                                   selected="point:24"))
    for name in ("point:18", "point:20", "point:24"):
        assert pixels_of(plain, targets[name], theme.ACCENT) == 0
        assert pixels_of(marked, targets[name], theme.ACCENT) > 0, name
    assert pixels_of(marked, targets["point:19"], theme.ACCENT) == 0


def test_the_cube_sits_in_the_middle_until_it_is_owned_then_on_its_owners_side() -> None:
    board = layout(BACKGAMMON)
    targets = board.targets()
    tracks = start(BACKGAMMON)
    centred = render(board, picture(BACKGAMMON, tracks, cube=Cube(1, None)))
    mine = render(board, picture(BACKGAMMON, tracks, cube=Cube(2, 0)))
    face = board_parts.CUBE_FACE
    assert pixels_of(centred, targets["bar"], face) == 0
    assert pixels_of(mine, targets["bar"], face) > 0
    bar = targets["bar"]
    middle = pygame.Rect(bar.x, bar.top - 60, bar.w, 60)
    assert pixels_of(centred, middle, face) > 0


def test_a_picture_of_another_seat_is_refused() -> None:
    board = layout(BACKGAMMON, viewer=0)
    with pytest.raises(ValueError, match="new BoardLayout"):
        render(board, picture(BACKGAMMON, start(BACKGAMMON), viewer=1))


@pytest.mark.parametrize("value", range(1, 7))
def test_a_die_shows_its_value_as_that_many_pips(value: int) -> None:
    surface = pygame.Surface((120, 120))
    surface.fill(theme.BACKGROUND)
    draw_die(surface, pygame.Rect(10, 10, 100, 100), value, Theme())
    inside = surface.subsurface(pygame.Rect(24, 24, 72, 72))
    pips = pygame.mask.from_threshold(inside, DIE_PIPS, (1, 1, 1, 255))
    assert len(pips.connected_components()) == value


def test_a_held_die_is_ringed_and_a_wrong_value_is_refused() -> None:
    surface = pygame.Surface((120, 120))
    draw_die(surface, pygame.Rect(0, 0, 120, 120), 3, Theme(), held=True)
    assert pixels_of(surface, surface.get_rect(), theme.ACCENT) > 0
    with pytest.raises(ValueError, match="1 to 6"):
        draw_die(surface, pygame.Rect(0, 0, 120, 120), 7, Theme())
