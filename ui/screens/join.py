"""Join: a QR code of the phone page's address, the address in words, and the PIN.

The address is the table's IP address (`http://192.168.1.20:8080/`), not its
`.local` name, which many Android phones cannot look up. It is looked up
again every few seconds while the screen shows (on the app's tick, with the
app's clock): when the companion moves to another network, or joins one,
the code follows.

Under `companion ui` alone (no phone page in this process) the code stays,
for a `companion web` beside it may serve the page, and `how` says how to
start one.

Widgets: `qr` (its text is the address it holds), `address`, `how`, `pin`,
`title`, `back`.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from companion.datadir import read_kept_pin
from companion.i18n import _
from companion.network import page_url
from ui import layout, theme
from ui.scene import Scene, SystemStage
from ui.scene_parts import message_widgets, screen_header
from ui.screens.qr_code import QrCode
from ui.widgets import TextBlock, Widget, wrap_text

ADDRESS_CHECK_SECONDS = 3.0
"""How often the screen looks whether the table's address changed."""


class JoinScene(Scene):
    """How a phone reaches the table: scan the code, or type the address."""

    name: ClassVar[str] = "join"
    stage: SystemStage

    def __init__(self, stage: SystemStage) -> None:
        super().__init__(stage)
        self.address: str | None = None
        self._next_check = 0.0

    def shown(self) -> None:
        """Look up the address now, then every few seconds."""
        self._look_up(self.stage.now())
        super().shown()

    def tick(self, now: float) -> None:
        """Look again when it is time."""
        if now >= self._next_check:
            self.look_again(now)

    def next_tick(self) -> float:
        """The next look at the address."""
        return self._next_check

    def look_again(self, now: float) -> None:
        """Look up the address now; draw again only when it changed."""
        before = self.address
        self._look_up(now)
        if self.address != before:
            self.rebuild()

    def _look_up(self, now: float) -> None:
        self.address = self.stage.system.address()
        self._next_check = now + ADDRESS_CHECK_SECONDS

    @property
    def url(self) -> str | None:
        """The phone page's address now, or None when the table is on no network."""
        if self.address is None:
            return None
        system = self.stage.system
        served = system.phone
        port = served.port if served is not None and served.port else system.config.web.port
        return page_url(self.address, port)

    def build(self) -> list[Widget]:
        """The code as large as the screen allows, the words beside it (below on a tall
        screen)."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(10)
        header = screen_header(look, (width, height), gap, _("Join from a phone"),
                               lambda: self.stage.go("setup"))
        rest = header.body
        area = header.area
        widgets: list[Widget] = header.widgets
        url = self.url
        if width > height:
            code_area, words = layout.take_left(rest, min(rest.h, rest.w * 3 // 5), gap)
        else:
            needed = sum(self._heights(url or "", rest.w)) + 3 * gap
            code_area, words = layout.take_top(rest, min(rest.w, rest.h - needed), gap)
        served = self.stage.system.phone
        if served is not None and served.port is None:
            widgets.append(TextBlock("address", rest, served.problem, size=28,
                                     colour=theme.ACCENT))
        elif url is None:
            widgets.append(TextBlock("address", rest, _(
                "The companion is on no network: connect it to the table's Wi-Fi, and the"
                " address to open on a phone shows here."), size=28))
        else:
            widgets.append(QrCode.of("qr", code_area, url))
            widgets += self._words(url, words)
        widgets += message_widgets(self.stage, pygame.Rect(area.x, area.bottom - look.px(90),
                                                          area.w, look.px(90)))
        return widgets

    def _texts(self, url: str) -> list[tuple[str, str, int, theme.RGB]]:
        """The words beside the code (name, words, size, colour): how to join (and, when
        this process does not serve the phone page, how to start it), the address, the PIN."""
        served = self.stage.system.phone
        pin = served.pin if served is not None and served.pin else self._kept_pin()
        pin_words = (_("PIN: {pin}").format(pin=pin) if pin else
                     _("No fixed PIN: the phone page makes one at its first start and keeps"
                       " it."))
        how = _("Join the table's Wi-Fi, then scan the code or open:")
        colour = theme.TEXT
        if served is None:
            # `companion ui` alone: the code is right only while a `companion web` serves it.
            how = _("This process does not run the phone page: start it with the command"
                    " “companion web” (or start everything with “companion run”). Then join"
                    " the table's Wi-Fi and scan the code or open:")
            colour = theme.ACCENT
        return [
            ("how", how, theme.TEXT_MIN, colour),
            ("address", url, self._address_size(url), theme.ACCENT),
            ("pin", pin_words, 28 if pin else theme.TEXT_MIN, theme.TEXT if pin else theme.MUTED),
        ]

    def _kept_pin(self) -> str:
        """The configuration's fixed PIN, else the one kept in the data directory (a
        `companion web` beside this screen serves it); "" when there is none yet."""
        system = self.stage.system
        if system.config.web.pin or system.log_path is None:
            return system.config.web.pin
        return read_kept_pin(system.log_path.parent) or ""

    def _address_size(self, url: str) -> int:
        """The address's text size: the largest up to 30 at which it fits on one line beside
        (or below) the code, so that it is never broken inside a number; the readable least
        when nothing fits (it wraps then)."""
        look = self.stage.look
        width = self._words_width() - 2 * look.px(5)
        for size in range(30, theme.TEXT_MIN, -2):
            if look.font(size).size(url)[0] <= width:
                return size
        return theme.TEXT_MIN

    def _words_width(self) -> int:
        """How wide the words beside the code (below it, on a tall screen) are."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(10)
        body = screen_header(look, (width, height), gap, "", lambda: None).body
        if width > height:
            return layout.take_left(body, min(body.h, body.w * 3 // 5), gap)[1].w
        return body.w

    def _heights(self, url: str, width: int) -> list[int]:
        """The height each of the words needs, wrapped `width` wide."""
        look = self.stage.look
        pad = look.px(5)
        return [len(wrap_text(text, look.font(size), width - 2 * pad))
                * look.font(size).get_linesize() + 2 * pad
                for _name, text, size, _colour in self._texts(url)]

    def _words(self, url: str, area: pygame.Rect) -> list[Widget]:
        gap = self.stage.look.px(10)
        widgets: list[Widget] = []
        rest = area
        texts = self._texts(url)
        for (name, text, size, colour), height in zip(texts, self._heights(url, area.w),
                                                      strict=True):
            last = name == texts[-1][0]
            place, rest = (rest, rest) if last else layout.take_top(rest, height, gap)
            widgets.append(TextBlock(name, place, text, size=size, colour=colour))
        return widgets

    def key_pressed(self, key: int) -> None:
        """Escape goes back to the setup menu."""
        if key == pygame.K_ESCAPE:
            self.stage.go("setup")


__all__ = ["ADDRESS_CHECK_SECONDS", "JoinScene"]
