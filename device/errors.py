"""Errors of the `device` package: one base, leaves also subclass a builtin."""

from __future__ import annotations

from companion.errors import CompanionError


class DeviceError(CompanionError):
    """Base of every error a device raises on purpose."""


class DeviceUnavailable(DeviceError, RuntimeError):
    """A device cannot be used now; the message says why and what to do."""


class DeviceClosing(DeviceUnavailable):
    """A device stopped what it was doing because the companion is closing (not a fault)."""


class HomingError(DeviceError, TimeoutError):
    """The spinner did not find its home sensor within the timeout."""


class BackendNotInstalled(DeviceError, ImportError):
    """The configured backend's library (gpiozero for `gpio`) is not installed."""


class LinkError(DeviceError, ConnectionError):
    """The serial link to the table controller failed (raised by the serial backend)."""
