"""Hardware test: every configured device's self-test, each line as it finishes.

The same checks as `companion hw test`, run by the product on the devices it
holds (the `SelfTest` port, `companion.ports`): the table controller's link
and firmware version (on the Pico), the spinner (it homes, then turns a test
turn past its home sensor), the dice tray's sensor and button, the dice
source. They run off the app's loop; the screen shows each line OK or the
reason, with what to check.

Widgets: `check:<key>` (`controller`, `spinner`, `tray`, `dice`: the line as
`companion hw test` prints it, in the table's language: ui/screens/hwtest_words.py),
`state:<key>` (OK, FAILED, Testing… or Waiting), `summary`, `again` (run the test again),
`title` and `back`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

import pygame

from companion.i18n import _
from ui import layout, theme
from ui.scene import Scene, SystemStage
from ui.scene_parts import message_widgets, screen_header
from ui.screens.hwtest_words import device_words, line_words
from ui.widgets import Button, Label, TextBlock, Widget

if TYPE_CHECKING:
    from companion.hardware.self_test import DeviceCheck, DeviceTest

OK_COLOUR: theme.RGB = (0, 120, 80)
WAITING_COLOUR: theme.RGB = (80, 80, 96)


class HardwareTestScene(Scene):
    """The self-test's lines, filled in live; it runs each time the screen opens."""

    name: ClassVar[str] = "hwtest"
    stage: SystemStage

    def __init__(self, stage: SystemStage) -> None:
        super().__init__(stage)
        self.steps: tuple[DeviceTest, ...] = ()
        self.checks: list[DeviceCheck | None] = []
        self.runs = 0
        """Counts the runs, so a late line of an earlier run is not taken for this one's."""

    @property
    def running(self) -> bool:
        """True while a check has not answered yet."""
        return any(check is None for check in self.checks)

    def shown(self) -> None:
        """Start the test when the screen opens (unless one still runs)."""
        if not self.running:
            self.start()
        super().shown()

    def start(self) -> None:
        """Run every check again, on a thread of their own."""
        if self.running:
            return
        stage = self.stage
        test = stage.system.self_test
        self.steps = test.start(stage.config) if test is not None else ()
        self.checks = [None] * len(self.steps)
        self.runs += 1
        for index, step in enumerate(self.steps):
            stage.follow(step.answer, partial(self._checked, self.runs, index))
        self.rebuild()

    def _checked(self, run: int, index: int, check: DeviceCheck) -> None:
        if run == self.runs:
            self.checks[index] = check
            self.rebuild()

    # -- the widgets ------------------------------------------------------------------------

    def build(self) -> list[Widget]:
        """The summary and `again` on top, then one row per device."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(8)
        header = screen_header(look, (width, height), gap, _("Hardware test"), self.back,
                               size=28)
        rest = header.body
        area = header.area
        if width >= height:
            again, header.title.rect = layout.take_right(header.title.rect, look.px(200), gap)
        else:  # a narrow header keeps the title whole; the button goes to the bottom
            again, rest = layout.take_bottom(rest, look.px(56), gap)
        widgets: list[Widget] = [
            *header.widgets,
            Button("again", again, _("Run again"), enabled=not self.running,
                   refusal=_("The test is still running."), on_tap=self.start),
        ]
        summary, rest = layout.take_top(rest, look.px(36), gap)
        widgets.append(Label("summary", summary, self._summary(), bold=True))
        count = max(1, len(self.steps))
        height = min(look.px(130), (rest.h - gap * (count - 1)) // count)
        rows = layout.rows(pygame.Rect(rest.x, rest.y, rest.w, count * (height + gap)), count, gap)
        for step, check, row in zip(self.steps, self.checks, rows, strict=False):
            widgets += self._row(step, check, row)
        return widgets + message_widgets(self.stage, pygame.Rect(area.x, area.bottom - look.px(
            90), area.w, look.px(90)))

    def _row(self, step: DeviceTest, check: DeviceCheck | None,
             row: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        state_area, line_area = layout.take_left(row, look.px(120), look.px(8))
        device = device_words(step.key, self.stage.config)
        if check is None:
            first = next((i for i, c in enumerate(self.checks) if c is None), -1)
            testing = self.steps[first].key == step.key if first >= 0 else False
            word = _("Testing…") if testing else _("Waiting")
            colour = theme.BUTTON if testing else WAITING_COLOUR
            line = (_("{device}: testing…") if testing else _("{device}: waiting")).format(
                device=device)
        else:
            word = _("OK") if check.ok else _("FAILED")
            colour = OK_COLOUR if check.ok else theme.REFUSAL
            line = line_words(device, check.ok, check.reason, check.values)
        return [
            Button(f"state:{step.key}", state_area, word, colour=colour),
            TextBlock(f"check:{step.key}", line_area, line,
                      background=theme.PANEL),
        ]

    def _summary(self) -> str:
        done = [check for check in self.checks if check is not None]
        total = len(self.checks)
        if len(done) < total:
            return _("Testing {done} of {total} devices…").format(done=len(done) + 1,
                                                                  total=total)
        failed = sum(not check.ok for check in done)
        if failed:
            return _("{failed} of {total} devices failed: the reason is on each line.").format(
                failed=failed, total=total)
        return _("Every device passed ({total} checks).").format(total=total)

    def back(self) -> None:
        """Back to the set-up menu (a running test finishes on its own)."""
        self.stage.go("setup")

    def key_pressed(self, key: int) -> None:
        """Escape goes back."""
        if key == pygame.K_ESCAPE:
            self.back()


__all__ = ["HardwareTestScene"]
