"""Round-trip latency and frame rate of the Pico link, over a pseudo-terminal.

The firmware's real main loop runs in a thread (on the fake MicroPython
modules) on one side of a pty; the companion's `SerialLink` (pyserial) on the
other. Prints, clean and with 10% of frames corrupted (both directions):
the median and 99th percentile round trip of a PING command, frames per
second, and what the faults cost (resends, dropped frames).

Usage: python bench/link.py [--commands N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from device.serial_link import LinkSettings, SerialLink
from firmware import protocol
from tests.firmware.harness import Faults, PtyBoard


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted values fall."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(faults: Faults, commands: int) -> dict[str, float]:
    """Run `commands` PINGs over a fresh pty board; return the figures."""
    with tempfile.TemporaryDirectory() as folder:
        board = PtyBoard(Path(folder), faults)
        link = SerialLink(LinkSettings(port=str(board.path), ack_timeout_s=0.03, retries=8,
                                       poll_interval_s=3600)).start()
        try:
            if not link.wait_online(5):
                raise SystemExit(f"the link did not come up: {link.problem}")
            round_trips = []
            started = time.perf_counter()
            for _ in range(commands):
                begin = time.perf_counter()
                link.request(protocol.PING, {"seen": 0})
                round_trips.append(time.perf_counter() - begin)
            elapsed = time.perf_counter() - started
            return {
                "median_ms": statistics.median(round_trips) * 1000,
                "p99_ms": percentile(round_trips, 0.99) * 1000,
                "frames_per_s": 2 * commands / elapsed,
                "resends": board.controller.duplicates,
                "dropped_host": link.decoder.counters.dropped(),
                "dropped_firmware": board.controller.decoder.counters.dropped(),
                "damaged": board.port.damaged,
            }
        finally:
            link.close()
            board.close()


def decode_rate(frames: int = 20000) -> float:
    """Frames per second the shared decoder parses on this machine (CPU only)."""
    data = protocol.encode_frame(7, protocol.ACK, {"homed": True, "busy": False,
                                                   "position": 1234, "events": []}) * frames
    decoder = protocol.FrameDecoder()
    started = time.perf_counter()
    decoded = decoder.feed(data)
    assert len(decoded) == frames
    return frames / (time.perf_counter() - started)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=500, help="PINGs per run")
    args = parser.parse_args()
    runs = [("clean", Faults()), ("10% corrupted frames", Faults(corrupt=0.10, seed=3))]
    print(f"link over a pty, {args.commands} PING round trips per run (ack timeout 30 ms)")
    for name, faults in runs:
        figures = measure(faults, args.commands)
        print(f"  {name:22} median {figures['median_ms']:6.2f} ms   "
              f"p99 {figures['p99_ms']:7.2f} ms   {figures['frames_per_s']:7.0f} frames/s   "
              f"resends {figures['resends']:4.0f}   dropped host/firmware "
              f"{figures['dropped_host']:.0f}/{figures['dropped_firmware']:.0f}")
    print(f"  decoder alone (CPython): {decode_rate():,.0f} frames/s")


if __name__ == "__main__":
    main()
