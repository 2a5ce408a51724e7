"""One `SerialLink` per port, shared by the spinner, the tray and the dice reader.

The first user of a port starts its link (`acquire_link`), the last one to give it back
closes it (`release_link`); a part that must set the controller up after every handshake
registers a hook (`add_setup_hook`). The link's timing comes from `[serial]`.
"""

from __future__ import annotations

import contextlib
import threading

from companion.config import Config
from device.backend import LinkState
from device.clock import Clock
from device.errors import LinkError
from device.serial_link import ConnectHook, LinkSettings, SerialLink

_links: dict[str, tuple[SerialLink, int]] = {}
_links_lock = threading.Lock()


def link_settings(config: Config) -> LinkSettings:
    """The link's timing from `[serial]`."""
    serial = config.serial
    return LinkSettings(
        port=serial.port,
        baud=serial.baud,
        read_timeout_s=serial.timeout_s,
        ack_timeout_s=serial.ack_timeout_s,
        retries=serial.retries,
        handshake_timeout_s=serial.handshake_timeout_s,
        reconnect_max_s=serial.reconnect_max_s,
    )


def acquire_link(config: Config, clock: Clock | None = None) -> SerialLink:
    """The running link for `serial.port`, started on first use and shared.

    `clock` times the link when this call starts it (default: the real clock).
    """
    key = config.serial.port
    with _links_lock:
        link, users = _links.get(key, (None, 0))
        if link is None:
            link = SerialLink(link_settings(config), clock=clock).start()
        _links[key] = (link, users + 1)
        return link


def release_link(link: SerialLink) -> None:
    """Give back a link from `acquire_link`; the last user closes it."""
    with _links_lock:
        for key, (held, users) in list(_links.items()):
            if held is link:
                if users > 1:
                    _links[key] = (held, users - 1)
                    return
                del _links[key]
                break
    link.close()


def add_setup_hook(link: SerialLink, hook: ConnectHook) -> None:
    """Run `hook` after every handshake, and now if the link is already online."""
    link.add_connect_hook(hook)
    if link.state == LinkState.ONLINE:
        with contextlib.suppress(LinkError):  # failing now: it runs again on the reconnect
            hook(link.hello, lambda kind, fields: link.request(kind, fields))


__all__ = ["acquire_link", "add_setup_hook", "link_settings", "release_link"]
