"""What the companion's own screens (settings, history, join) need to know of the box.

The app holds one `SystemSetup` (`stage.system`): the configuration file the
settings screen saves to, the configuration in effect, the match log the
history screen reads, where the screen's backlight is, how to find the
table's address on the network, and where the hardware test's fair roll
draws. Tests hand in their own: a file in a temporary folder, a fake sysfs,
an address they change.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.config import Config
from companion.network import lan_address
from companion.ports import PhoneFacts
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
    self_test_rng: random.Random | None = None
    """Where the hardware test's fair roll draws: None, `secrets` (the product); a seeded
    generator for a seeded script run, so the same script shows the same roll."""


__all__ = ["AddressSource", "SystemSetup"]
