"""Rotation in the app: the picture turned onto the panel, and points turned back."""

from __future__ import annotations

import math

import pygame
import pytest

from ui.rotation import ROTATIONS, Rotation, facing_rotation, parse_rotation

RED = pygame.Color(255, 0, 0)
BLACK = pygame.Color(0, 0, 0)


@pytest.mark.parametrize(
    ("panel", "degrees", "logical"),
    [
        ((800, 480), 0, (800, 480)),
        ((800, 480), 90, (480, 800)),
        ((800, 480), 180, (800, 480)),
        ((800, 480), 270, (480, 800)),
        ((720, 1280), 90, (1280, 720)),
    ],
)
def test_a_quarter_turn_swaps_the_picture_s_width_and_height(
    panel: tuple[int, int], degrees: int, logical: tuple[int, int]
) -> None:
    assert Rotation(panel, degrees).logical_size == logical


# Worked by hand from "turned clockwise on the panel" for an 800x480 panel.
@pytest.mark.parametrize(
    ("degrees", "logical_top_left", "logical_bottom_right"),
    [
        (0, (0, 0), (799, 479)),
        (90, (799, 0), (0, 479)),
        (180, (799, 479), (0, 0)),
        (270, (0, 479), (799, 0)),
    ],
)
def test_turning_clockwise_puts_the_picture_s_corners_where_a_person_expects(
    degrees: int, logical_top_left: tuple[int, int], logical_bottom_right: tuple[int, int]
) -> None:
    rotation = Rotation((800, 480), degrees)
    width, height = rotation.logical_size
    assert rotation.to_panel((0, 0)) == logical_top_left
    assert rotation.to_panel((width - 1, height - 1)) == logical_bottom_right


@pytest.mark.parametrize("degrees", ROTATIONS)
def test_every_logical_pixel_goes_to_its_own_panel_pixel_and_back(degrees: int) -> None:
    rotation = Rotation((7, 4), degrees)
    width, height = rotation.logical_size
    logical = [(x, y) for x in range(width) for y in range(height)]
    panel = [rotation.to_panel(p) for p in logical]
    assert sorted(panel) == sorted((x, y) for x in range(7) for y in range(4))
    assert [rotation.to_logical(p) for p in panel] == logical


@pytest.mark.parametrize("degrees", ROTATIONS)
@pytest.mark.parametrize("corner", ["top_left", "top_right", "bottom_left", "middle"])
def test_presenting_draws_each_logical_point_at_its_panel_pixel(degrees: int, corner: str) -> None:
    rotation = Rotation((9, 5), degrees)
    width, height = rotation.logical_size
    point = {
        "top_left": (0, 0),
        "top_right": (width - 1, 0),
        "bottom_left": (0, height - 1),
        "middle": (width // 2 - 1, height // 2 + 1),
    }[corner]
    logical = pygame.Surface(rotation.logical_size)
    logical.fill(BLACK)
    logical.set_at(point, RED)
    panel = pygame.Surface(rotation.panel)
    rotation.present(logical, panel)
    red = [(x, y) for x in range(9) for y in range(5) if panel.get_at((x, y)) == RED]
    assert red == [rotation.to_panel(point)]


@pytest.mark.parametrize("degrees", ROTATIONS)
def test_upright_gives_back_the_picture_that_was_presented(degrees: int) -> None:
    rotation = Rotation((9, 5), degrees)
    width, height = rotation.logical_size
    logical = pygame.Surface(rotation.logical_size)
    for x in range(width):
        for y in range(height):
            logical.set_at((x, y), (x * 20, y * 20, 100))
    panel = pygame.Surface(rotation.panel)
    rotation.present(logical, panel)
    shot = rotation.upright(panel)
    assert shot.get_size() == (width, height)
    assert pygame.image.tobytes(shot, "RGB") == pygame.image.tobytes(logical, "RGB")


def test_presenting_a_picture_of_the_wrong_size_is_refused_with_both_sizes() -> None:
    rotation = Rotation((800, 480), 90)
    with pytest.raises(ValueError, match="800x480 but this rotation needs 480x800"):
        rotation.present(pygame.Surface((800, 480)), pygame.Surface((800, 480)))


@pytest.mark.parametrize("degrees", ROTATIONS)
def test_a_finger_lands_on_the_pixel_sdl_gives_its_synthesised_mouse(degrees: int) -> None:
    rotation = Rotation((800, 480), degrees)
    for x, y in [(0.0, 0.0), (0.5, 0.25), (0.999, 0.001), (1.0, 1.0), (0.3333, 0.6667)]:
        # SDL: pos = (int)(x * window width), clamped to the last pixel.
        mouse = (min(int(x * 800), 799), min(int(y * 480), 479))
        assert rotation.finger_to_logical(x, y) == rotation.to_logical(mouse)


def test_a_position_off_the_panel_is_taken_at_the_nearest_edge() -> None:
    rotation = Rotation((800, 480), 0)
    assert rotation.to_logical((-20.0, 900.0)) == (0, 479)
    assert rotation.to_logical((812.5, 3.7)) == (799, 3)


@pytest.mark.parametrize(
    ("value", "degrees"),
    [(0, 0), (90, 90), (180, 180), (270, 270), ("90", 90), (" 270 ", 270), (180.0, 180)],
)
def test_a_rotation_is_read_from_a_number_or_its_text(value: object, degrees: int) -> None:
    assert parse_rotation(value) == degrees


@pytest.mark.parametrize("value", [45, 360, -90, "ninety", "90.5", 90.5, "", None, True, [90]])
def test_any_other_rotation_is_refused_with_the_allowed_ones(value: object) -> None:
    with pytest.raises(ValueError, match="is not one of 0, 90, 180 or 270; use one of those"):
        parse_rotation(value)


@pytest.mark.parametrize(
    ("panel", "degrees", "message"),
    [
        ((800, 480), 45, "45 is not one of 0, 90, 180 or 270"),
        ((0, 480), 0, "not two positive whole numbers"),
        ((800, -1), 90, "not two positive whole numbers"),
        ((800.0, 480), 0, "not two positive whole numbers"),
    ],
)
def test_a_rotation_with_a_bad_panel_or_angle_cannot_be_made(
    panel: tuple[int, int], degrees: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Rotation(panel, degrees)


@pytest.mark.parametrize(
    ("seat_angle", "base", "degrees"),
    [
        (0.0, 0, 0),
        (90.0, 0, 90),
        (180.0, 0, 180),
        (270.0, 0, 270),
        (44.9, 0, 0),
        (45.0, 0, 90),
        (359.0, 0, 0),
        (-90.0, 0, 270),
        (450.0, 0, 90),
        (90.0, 270, 0),
        (120.0, 180, 270),
    ],
)
def test_the_screen_turns_by_the_seat_s_angle_to_the_nearest_quarter(
    seat_angle: float, base: int, degrees: int
) -> None:
    assert facing_rotation(seat_angle, base) == degrees


def _seat_direction(angle_deg: float) -> tuple[int, int]:
    """Where a seat sits seen from above the flat screen, in panel axes (y down).

    The seat at angle 0 sits by the panel's bottom edge; angles go clockwise.
    """
    a = math.radians(angle_deg)
    # Clockwise on a y-down picture is the textbook rotation matrix.
    return round(-math.sin(a)), round(math.cos(a))


def _picture_bottom_direction(rotation: Rotation) -> tuple[int, int]:
    """Which way the picture's bottom edge points on the panel."""
    width, height = rotation.logical_size
    centre = rotation.to_panel((width // 2, height // 2))
    bottom = rotation.to_panel((width // 2, height - 1))
    dx, dy = bottom[0] - centre[0], bottom[1] - centre[1]
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


@pytest.mark.parametrize("seat_angle", [0.0, 90.0, 180.0, 270.0, 80.0, 200.0])
def test_facing_a_seat_puts_the_picture_s_bottom_edge_toward_that_seat(seat_angle: float) -> None:
    rotation = Rotation((600, 600), facing_rotation(seat_angle, 0))
    nearest_quarter = 90.0 * round(seat_angle / 90.0)
    assert _picture_bottom_direction(rotation) == _seat_direction(nearest_quarter)


@pytest.mark.parametrize("seat_angle", [math.nan, math.inf])
def test_a_seat_angle_that_is_not_a_number_is_refused(seat_angle: float) -> None:
    with pytest.raises(ValueError, match="recalibrate the seats"):
        facing_rotation(seat_angle, 0)
