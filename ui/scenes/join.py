"""Join: a QR code of the phone page's address, the address in words, and the PIN.

The address is the table's IP address (`http://192.168.1.20:8080/`), not its
`.local` name, which many Android phones cannot look up. It is looked up
again every few seconds while the screen shows (on the app's tick, with the
app's clock): when the companion moves to another network, or joins one,
the code follows.

Widgets: `qr` (its text is the address it holds), `address`, `how`, `pin`,
`title`, `back`.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from companion.i18n import _
from companion.network import page_url
from ui import layout, theme
from ui.qr_view import QrCode
from ui.scene import Scene, Stage
from ui.scenes.home import message_widgets
from ui.widgets import Button, Label, TextBlock, Widget

ADDRESS_CHECK_SECONDS = 3.0
"""How often the screen looks whether the table's address changed."""


class JoinScene(Scene):
    """How a phone reaches the table: scan the code, or type the address."""

    name: ClassVar[str] = "join"

    def __init__(self, stage: Stage) -> None:
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
        area = pygame.Rect(gap, gap, width - 2 * gap, height - 2 * gap)
        top, rest = layout.take_top(area, look.px(52), gap)
        back, title = layout.take_left(top, look.px(110), gap)
        widgets: list[Widget] = [
            Button("back", back, _("Back"), on_tap=lambda: self.stage.go("setup")),
            Label("title", title, _("Join from a phone"), size=30, bold=True),
        ]
        if width > height:
            code_area, words = layout.take_left(rest, min(rest.h, rest.w * 3 // 5), gap)
        else:
            code_area, words = layout.take_top(rest, min(rest.w, rest.h * 3 // 5), gap)
        url = self.url
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

    def _words(self, url: str, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        gap = look.px(10)
        how, rest = layout.take_top(area, look.px(96), gap)
        address, rest = layout.take_top(rest, look.px(84), gap)
        served = self.stage.system.phone
        pin = served.pin if served is not None and served.pin else self.stage.system.config.web.pin
        pin_words = (_("PIN: {pin}").format(pin=pin) if pin else
                     _("No fixed PIN: the phone page makes one each start."))
        return [
            TextBlock("how", how, _("Join the table's Wi-Fi, then scan the code or open:"),
                      size=24),
            TextBlock("address", address, url, size=30, colour=theme.ACCENT),
            TextBlock("pin", rest, pin_words, size=28 if pin else 22,
                      colour=theme.TEXT if pin else theme.MUTED),
        ]

    def key_pressed(self, key: int) -> None:
        """Escape goes back to the setup menu."""
        if key == pygame.K_ESCAPE:
            self.stage.go("setup")


__all__ = ["ADDRESS_CHECK_SECONDS", "JoinScene"]
