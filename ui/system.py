"""What the companion's own screens (settings, history, join) need to know of the box.

The app holds one `SystemSetup` (`stage.system`): the configuration file the
settings screen saves to, the configuration in effect, the match log the
history screen reads, how to find the screen's backlight, how to find the
table's address on the network, and the hardware test the product runs (all
given by the product, `companion.ports`). Tests hand in their own: a file in
a temporary folder, a fake sysfs, an address they change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.config import Config
from companion.network import lan_address
from companion.ports import (
    BacklightFinder,
    DevicesMissing,
    PhoneFacts,
    SelfTest,
    no_backlight,
)

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
    find_backlight: BacklightFinder = no_backlight
    """Looks for the panel's backlight (the product's looks in sysfs); by default none."""
    address: AddressSource = lan_address
    phone: PhoneFacts | None = None
    """The phone page this process serves (`companion run`); None when it serves none."""
    self_test: SelfTest | None = None
    """The hardware test on the devices the product holds; None: no test to run."""
    missing: DevicesMissing = field(default_factory=DevicesMissing)
    """The configured devices this run plays without (the home screen says so)."""


__all__ = ["AddressSource", "SystemSetup"]
