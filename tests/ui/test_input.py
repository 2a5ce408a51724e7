"""The input adapter: one tap, press or drag per touch, from real pygame events."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.input import Drag, Gesture, InputAdapter, Press, Tap
from ui.rotation import ROTATIONS, Rotation

PANEL = (800, 480)


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def finger(kind: int, pixel: tuple[float, float], finger_id: int = 0) -> pygame.event.Event:
    """A FINGER event at the centre of a panel pixel, in SDL's 0..1 coordinates."""
    x, y = (pixel[0] + 0.5) / PANEL[0], (pixel[1] + 0.5) / PANEL[1]
    return pygame.event.Event(
        kind, x=x, y=y, finger_id=finger_id, touch_id=1, dx=0.0, dy=0.0, pressure=1.0
    )


def mouse(
    kind: int, pos: tuple[int, int], *, button: int = 1, touch: bool | None = None
) -> pygame.event.Event:
    """A mouse event; `touch=True` is SDL's copy of a finger, None a real mouse's event."""
    fields: dict[str, object] = {"pos": pos}
    if kind == pygame.MOUSEMOTION:
        fields.update(rel=(0, 0), buttons=(1, 0, 0))
    else:
        fields["button"] = button
    if touch is not None:
        fields["touch"] = touch
    return pygame.event.Event(kind, fields)


def finger_tap_with_its_mouse(pixel: tuple[int, int]) -> list[pygame.event.Event]:
    """What SDL 2 sends for one finger tap, in its order: each synthesised mouse event first."""
    return [
        mouse(pygame.MOUSEMOTION, pixel, touch=True),
        mouse(pygame.MOUSEBUTTONDOWN, pixel, touch=True),
        finger(pygame.FINGERDOWN, pixel),
        mouse(pygame.MOUSEBUTTONUP, pixel, touch=True),
        finger(pygame.FINGERUP, pixel),
    ]


def feed_all(adapter: InputAdapter, events: list[pygame.event.Event]) -> list[Gesture]:
    gestures: list[Gesture] = []
    for event in events:
        gestures += adapter.feed(event)
    return gestures


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def adapter(clock: FakeClock) -> InputAdapter:
    return InputAdapter(Rotation(PANEL), clock=clock)


@pytest.fixture
def event_queue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A real SDL event queue behind an off-screen window, emptied of the window's own events."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    pygame.display.init()
    pygame.display.set_mode(PANEL)
    pygame.event.get()
    yield
    pygame.display.quit()


def through_the_queue(events: list[pygame.event.Event]) -> list[pygame.event.Event]:
    for event in events:
        pygame.event.post(event)
    return pygame.event.get()


def test_finger_and_its_synthesised_mouse_make_one_tap(adapter: InputAdapter) -> None:
    assert feed_all(adapter, finger_tap_with_its_mouse((400, 120))) == [Tap((400, 120))]


def test_finger_and_its_synthesised_mouse_make_one_tap_in_either_order(
    adapter: InputAdapter,
) -> None:
    events = finger_tap_with_its_mouse((400, 120))
    fingers_first = [events[2], events[0], events[1], events[4], events[3]]
    assert feed_all(adapter, fingers_first) == [Tap((400, 120))]


def test_a_synthesised_mouse_drag_does_not_move_the_finger_s_touch(
    adapter: InputAdapter,
) -> None:
    events = [
        mouse(pygame.MOUSEBUTTONDOWN, (100, 100), touch=True),
        finger(pygame.FINGERDOWN, (100, 100)),
        mouse(pygame.MOUSEMOTION, (300, 100), touch=True),
        mouse(pygame.MOUSEBUTTONUP, (300, 100), touch=True),
        finger(pygame.FINGERUP, (102, 100)),
    ]
    assert feed_all(adapter, events) == [Tap((100, 100))]


def test_finger_and_its_synthesised_mouse_make_one_tap_through_sdl_s_queue(
    adapter: InputAdapter, event_queue: None
) -> None:
    events = through_the_queue(finger_tap_with_its_mouse((400, 120)))
    assert [event.type for event in events] == [
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.FINGERDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.FINGERUP,
    ]
    assert [getattr(event, "touch", None) for event in events[:2]] == [True, True]
    assert feed_all(adapter, events) == [Tap((400, 120))]


def test_a_mouse_alone_makes_one_tap(adapter: InputAdapter) -> None:
    events = [mouse(pygame.MOUSEBUTTONDOWN, (30, 40)), mouse(pygame.MOUSEBUTTONUP, (30, 40))]
    assert feed_all(adapter, events) == [Tap((30, 40))]


def test_a_mouse_alone_makes_one_tap_through_sdl_s_queue(
    adapter: InputAdapter, event_queue: None
) -> None:
    events = [mouse(pygame.MOUSEBUTTONDOWN, (30, 40)), mouse(pygame.MOUSEBUTTONUP, (30, 40))]
    assert feed_all(adapter, through_the_queue(events)) == [Tap((30, 40))]


def test_synthesised_mouse_events_alone_make_nothing(adapter: InputAdapter) -> None:
    events = [
        mouse(pygame.MOUSEBUTTONDOWN, (30, 40), touch=True),
        mouse(pygame.MOUSEBUTTONUP, (30, 40), touch=True),
    ]
    assert feed_all(adapter, events) == []


@pytest.mark.parametrize("button", [2, 3])
def test_only_the_first_mouse_button_taps(adapter: InputAdapter, button: int) -> None:
    events = [
        mouse(pygame.MOUSEBUTTONDOWN, (30, 40), button=button),
        mouse(pygame.MOUSEBUTTONUP, (30, 40), button=button),
    ]
    assert feed_all(adapter, events) == []


def test_a_mouse_moving_with_no_button_held_makes_nothing(adapter: InputAdapter) -> None:
    assert adapter.feed(mouse(pygame.MOUSEMOTION, (300, 300))) == []
    assert adapter.next_deadline() is None


# Worked by hand: the panel pixel showing a logical corner of an 800x480 panel's picture.
CORNERS = {
    0: {(0, 0): (0, 0), (799, 479): (799, 479)},
    90: {(799, 0): (0, 0), (0, 479): (479, 799)},
    180: {(799, 479): (0, 0), (0, 0): (799, 479)},
    270: {(0, 479): (0, 0), (799, 0): (479, 799)},
}


@pytest.mark.parametrize("degrees", ROTATIONS)
def test_a_finger_tap_lands_on_the_logical_point_a_person_sees_there(
    clock: FakeClock, degrees: int
) -> None:
    adapter = InputAdapter(Rotation(PANEL, degrees), clock=clock)
    for panel_pixel, logical in CORNERS[degrees].items():
        assert feed_all(adapter, finger_tap_with_its_mouse(panel_pixel)) == [Tap(logical)]


@pytest.mark.parametrize("degrees", ROTATIONS)
def test_a_mouse_tap_lands_on_the_logical_point_a_person_sees_there(
    clock: FakeClock, degrees: int
) -> None:
    adapter = InputAdapter(Rotation(PANEL, degrees), clock=clock)
    for panel_pixel, logical in CORNERS[degrees].items():
        events = [
            mouse(pygame.MOUSEBUTTONDOWN, panel_pixel),
            mouse(pygame.MOUSEBUTTONUP, panel_pixel),
        ]
        assert feed_all(adapter, events) == [Tap(logical)]


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_a_rotated_finger_tap_lands_right_through_sdl_s_queue(
    clock: FakeClock, event_queue: None, degrees: int
) -> None:
    adapter = InputAdapter(Rotation(PANEL, degrees), clock=clock)
    for panel_pixel, logical in CORNERS[degrees].items():
        events = through_the_queue(finger_tap_with_its_mouse(panel_pixel))
        assert feed_all(adapter, events) == [Tap(logical)]


def test_a_wobble_within_the_slop_is_still_a_tap(adapter: InputAdapter) -> None:
    events = [
        finger(pygame.FINGERDOWN, (100, 100)),
        finger(pygame.FINGERMOTION, (108, 106)),
        finger(pygame.FINGERUP, (105, 104)),
    ]
    assert feed_all(adapter, events) == [Tap((100, 100))]


def test_moving_beyond_the_slop_drags_until_one_done_drag_at_release(
    adapter: InputAdapter,
) -> None:
    assert adapter.feed(finger(pygame.FINGERDOWN, (100, 100))) == []
    assert adapter.feed(finger(pygame.FINGERMOTION, (110, 100))) == []
    assert adapter.feed(finger(pygame.FINGERMOTION, (150, 100))) == [
        Drag((100, 100), (150, 100), done=False)
    ]
    # Back within the slop: still a drag, it has started.
    assert adapter.feed(finger(pygame.FINGERMOTION, (104, 100))) == [
        Drag((100, 100), (104, 100), done=False)
    ]
    assert adapter.feed(finger(pygame.FINGERUP, (200, 150))) == [
        Drag((100, 100), (200, 150), done=True)
    ]
    assert adapter.next_deadline() is None


def test_a_mouse_drags_like_a_finger(adapter: InputAdapter) -> None:
    events = [
        mouse(pygame.MOUSEBUTTONDOWN, (10, 10)),
        mouse(pygame.MOUSEMOTION, (60, 10)),
        mouse(pygame.MOUSEBUTTONUP, (70, 10)),
    ]
    assert feed_all(adapter, events) == [
        Drag((10, 10), (60, 10), done=False),
        Drag((10, 10), (70, 10), done=True),
    ]


def test_a_jump_beyond_the_slop_seen_only_at_release_is_a_drag(adapter: InputAdapter) -> None:
    events = [finger(pygame.FINGERDOWN, (100, 100)), finger(pygame.FINGERUP, (100, 140))]
    assert feed_all(adapter, events) == [Drag((100, 100), (100, 140), done=True)]


def test_a_drag_is_reported_in_logical_coordinates_when_rotated(clock: FakeClock) -> None:
    adapter = InputAdapter(Rotation(PANEL, 90), clock=clock)
    events = [
        finger(pygame.FINGERDOWN, (799, 0)),
        finger(pygame.FINGERMOTION, (799, 100)),
        finger(pygame.FINGERUP, (799, 100)),
    ]
    # Down the panel's right edge is along the picture's top edge, left to right.
    assert feed_all(adapter, events) == [
        Drag((0, 0), (100, 0), done=False),
        Drag((0, 0), (100, 0), done=True),
    ]


def test_holding_still_for_the_press_time_fires_one_press_while_held(
    adapter: InputAdapter, clock: FakeClock
) -> None:
    adapter.feed(finger(pygame.FINGERDOWN, (300, 200)))
    assert adapter.next_deadline() == pytest.approx(clock.now + 0.6)
    clock.now += 0.59
    assert adapter.poll() == []
    clock.now += 0.01
    assert adapter.poll() == [Press((300, 200))]
    assert adapter.poll() == []
    assert adapter.next_deadline() is None
    assert adapter.feed(finger(pygame.FINGERMOTION, (400, 200))) == []
    assert adapter.feed(finger(pygame.FINGERUP, (400, 200))) == []


def test_a_release_after_the_press_time_unpolled_is_still_one_press(
    adapter: InputAdapter, clock: FakeClock
) -> None:
    adapter.feed(mouse(pygame.MOUSEBUTTONDOWN, (300, 200)))
    clock.now += 2.0
    assert adapter.feed(mouse(pygame.MOUSEBUTTONUP, (300, 200))) == [Press((300, 200))]
    assert adapter.poll() == []


def test_a_quick_release_is_a_tap_and_no_press_follows(
    adapter: InputAdapter, clock: FakeClock
) -> None:
    adapter.feed(finger(pygame.FINGERDOWN, (300, 200)))
    clock.now += 0.3
    assert adapter.feed(finger(pygame.FINGERUP, (300, 200))) == [Tap((300, 200))]
    clock.now += 1.0
    assert adapter.poll() == []
    assert adapter.next_deadline() is None


def test_a_drag_never_becomes_a_press(adapter: InputAdapter, clock: FakeClock) -> None:
    adapter.feed(finger(pygame.FINGERDOWN, (300, 200)))
    adapter.feed(finger(pygame.FINGERMOTION, (350, 200)))
    assert adapter.next_deadline() is None
    clock.now += 5.0
    assert adapter.poll() == []


def test_a_second_finger_while_one_is_down_is_ignored(adapter: InputAdapter) -> None:
    events = [
        finger(pygame.FINGERDOWN, (100, 100)),
        finger(pygame.FINGERDOWN, (500, 300), finger_id=1),
        finger(pygame.FINGERMOTION, (600, 300), finger_id=1),
        finger(pygame.FINGERUP, (600, 300), finger_id=1),
        finger(pygame.FINGERUP, (100, 100)),
    ]
    assert feed_all(adapter, events) == [Tap((100, 100))]


def test_a_mouse_while_a_finger_is_down_is_ignored(adapter: InputAdapter) -> None:
    events = [
        finger(pygame.FINGERDOWN, (100, 100)),
        mouse(pygame.MOUSEBUTTONDOWN, (500, 300)),
        mouse(pygame.MOUSEBUTTONUP, (500, 300)),
        finger(pygame.FINGERUP, (100, 100)),
    ]
    assert feed_all(adapter, events) == [Tap((100, 100))]


def test_the_same_finger_down_again_after_a_lost_release_starts_a_new_touch(
    adapter: InputAdapter,
) -> None:
    events = [
        finger(pygame.FINGERDOWN, (100, 100)),
        finger(pygame.FINGERDOWN, (500, 300)),
        finger(pygame.FINGERUP, (500, 300)),
    ]
    assert feed_all(adapter, events) == [Tap((500, 300))]


@pytest.mark.parametrize("cut_off", [pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST])
def test_losing_the_window_cancels_a_touch_that_was_not_yet_anything(
    adapter: InputAdapter, cut_off: int
) -> None:
    adapter.feed(mouse(pygame.MOUSEBUTTONDOWN, (100, 100)))
    assert adapter.feed(pygame.event.Event(cut_off)) == []
    assert adapter.next_deadline() is None
    assert adapter.feed(mouse(pygame.MOUSEBUTTONUP, (100, 100))) == []
    # The next touch starts afresh.
    events = [mouse(pygame.MOUSEBUTTONDOWN, (7, 7)), mouse(pygame.MOUSEBUTTONUP, (7, 7))]
    assert feed_all(adapter, events) == [Tap((7, 7))]


def test_losing_focus_ends_a_drag_as_cancelled(adapter: InputAdapter) -> None:
    adapter.feed(finger(pygame.FINGERDOWN, (100, 100)))
    adapter.feed(finger(pygame.FINGERMOTION, (200, 100)))
    assert adapter.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST)) == [
        Drag((100, 100), (200, 100), done=True, cancelled=True)
    ]
    assert adapter.feed(finger(pygame.FINGERUP, (250, 100))) == []


def test_turning_the_screen_cancels_a_drag_and_reports_it_on_the_next_poll(
    adapter: InputAdapter, clock: FakeClock
) -> None:
    adapter.feed(finger(pygame.FINGERDOWN, (100, 100)))
    adapter.feed(finger(pygame.FINGERMOTION, (200, 100)))
    adapter.rotation = Rotation(PANEL, 180)
    assert adapter.next_deadline() == clock.now
    assert adapter.poll() == [Drag((100, 100), (200, 100), done=True, cancelled=True)]
    assert adapter.feed(finger(pygame.FINGERUP, (250, 100))) == []
    # Later touches use the new rotation.
    assert feed_all(adapter, finger_tap_with_its_mouse((799, 479))) == [Tap((0, 0))]


def test_setting_the_same_rotation_keeps_the_touch(adapter: InputAdapter) -> None:
    adapter.feed(finger(pygame.FINGERDOWN, (100, 100)))
    adapter.rotation = Rotation(PANEL, 0)
    assert adapter.feed(finger(pygame.FINGERUP, (100, 100))) == [Tap((100, 100))]


@pytest.mark.parametrize(("slop", "press_s"), [(-1, 0.6), (12, 0.0), (12, -1.0)])
def test_a_negative_slop_or_press_time_is_refused(slop: int, press_s: float) -> None:
    with pytest.raises(ValueError, match="give"):
        InputAdapter(Rotation(PANEL), slop=slop, press_s=press_s)


_STEP = st.tuples(
    st.sampled_from(["move", "mouse_copy", "poll", "wait"]),
    st.integers(0, 799),
    st.integers(0, 479),
    st.floats(0.0, 0.5),
)


@settings(max_examples=200, deadline=None)
@given(
    start=st.tuples(st.integers(0, 799), st.integers(0, 479)),
    steps=st.lists(_STEP, max_size=12),
    degrees=st.sampled_from(ROTATIONS),
)
def test_every_touch_ends_in_exactly_one_tap_press_or_done_drag(
    start: tuple[int, int], steps: list[tuple[str, int, int, float]], degrees: int
) -> None:
    clock = FakeClock()
    adapter = InputAdapter(Rotation(PANEL, degrees), clock=clock)
    gestures = adapter.feed(finger(pygame.FINGERDOWN, start))
    last = start
    for kind, x, y, seconds in steps:
        if kind == "move":
            last = (x, y)
            gestures += adapter.feed(finger(pygame.FINGERMOTION, last))
        elif kind == "mouse_copy":
            gestures += adapter.feed(mouse(pygame.MOUSEMOTION, (x, y), touch=True))
        elif kind == "poll":
            gestures += adapter.poll()
        else:
            clock.now += seconds
    gestures += adapter.feed(finger(pygame.FINGERUP, last))
    gestures += adapter.poll()
    endings = [g for g in gestures if not (isinstance(g, Drag) and not g.done)]
    assert len(endings) == 1
    assert gestures[-1] == endings[0]
    assert adapter.next_deadline() is None
