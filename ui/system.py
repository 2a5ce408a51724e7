"""What the companion's own screens (settings, history, join) need to know of the box.

The app holds one `SystemSetup` (`stage.system`): the configuration file the
settings screen saves to, the configuration in effect, the match log the
history screen reads, where the screen's backlight is, and how to find the
table's address on the network. Tests hand in their own: a file in a
temporary folder, a fake sysfs, an address they change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.config import Config
from companion.i18n import _
from companion.network import lan_address, page_url
from companion.product import PhoneFacts
from device.backlight import SYSFS_BACKLIGHT

AddressSource = Callable[[], "str | None"]
"""Says this machine's IP address on the table's network now (None: on no network)."""


@dataclass
class SystemSetup:
    """The box around the app: its configuration, its log, its screen, its network.

    `config_file` is None when no file is read (the built-in defaults): the
    settings can then be seen but not saved. `config` is the configuration in
    effect; the settings screen replaces it when it saves a change.
    """

    config: Config = field(default_factory=Config)
    config_file: Path | None = None
    log_path: Path | None = None
    backlight_root: Path = SYSFS_BACKLIGHT
    address: AddressSource = lan_address
    phone: PhoneFacts | None = None
    """The phone page this process serves (`companion run`); None when it serves none."""
    devices: str = ""
    """Which devices this run drives, in a sentence (`companion run`); empty otherwise."""

    def phone_line(self) -> str:
        """The home screen's line for phones: the page's address and PIN, or why it is not
        served; empty when this process serves no page."""
        if self.phone is None:
            return ""
        if self.phone.port is None:
            return self.phone.problem
        address = self.address()
        if address is None:
            return _("Phones: connect the companion to the table's Wi-Fi. PIN {pin}").format(
                pin=self.phone.pin)
        return _("Phones: {url}  PIN {pin}").format(
            url=page_url(address, self.phone.port), pin=self.phone.pin)


__all__ = ["AddressSource", "SystemSetup"]
