"""This machine on the table's network: the address phones reach the page at.

An IP address, not a `.local` name: many Android phones cannot resolve
those. Light on purpose (standard library only), so the touchscreen's Join
screen can ask it every few seconds without loading the web server.
"""

from __future__ import annotations

import socket

PROBE_ADDRESS = ("192.0.2.1", 9)
"""A documentation address (RFC 5737): connecting a UDP socket to it sends nothing but
tells which of this machine's addresses faces the network."""


def lan_address() -> str:
    """This machine's address on the table's network, as phones reach it.

    The host name when the machine has no network at all (a laptop on a train).
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE_ADDRESS)
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return socket.gethostname()


def page_url(address: str, port: int) -> str:
    """The phone page's address, e.g. http://192.168.1.20:8080/."""
    return f"http://{address}:{port}/"


__all__ = ["PROBE_ADDRESS", "lan_address", "page_url"]
