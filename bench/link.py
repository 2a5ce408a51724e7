"""Round-trip latency and frame rate of the Pico link, over a pseudo-terminal.

The firmware's real main loop runs in a thread (on the fake MicroPython
modules) on one side of a pty; the companion's `SerialLink` (pyserial) on the
other. Prints, clean and with 10% of frames corrupted (both directions):
the median and 99th percentile round trip of a PING command, frames per
second, and what the faults cost (resends, dropped frames). Then the upload
of the longest reference spin (NEMA 17 at 1/8, 2 extra turns: 6,399 steps):
its LOAD frames and bytes, the time they take over the pty, and the
firmware's own work on them (decoding, CRC, storing the gaps; CPython here,
so only the ratio between the two ways of sending means much), sent as
the protocol does since version 2 (a cruise as one gap and a count) and gap by gap.

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

from companion.config import SpinnerConfig
from device.motion import plan_spin
from device.serial_link import LinkSettings, SerialLink
from device.serial_moves import ControllerMove, controller_move, schedule_intervals_us
from firmware import protocol
from tests.firmware.conftest import RecordingPort
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


def reference_uploads() -> dict[str, ControllerMove]:
    """The longest reference spin, with its cruise as one gap and a count, and gap by gap."""
    spinner = SpinnerConfig()
    schedule = plan_spin(0, spinner.steps_per_turn - 1, spinner)
    return {"with a cruise": controller_move(schedule),
            "gap by gap": ControllerMove(tuple(schedule_intervals_us(schedule)))}


def firmware_work_ms(move: ControllerMove, repeats: int = 5) -> float:
    """Median time the firmware's loop takes to decode and store the upload (CPython)."""
    from firmware import main as firmware_main
    from firmware.board import Board

    frames = b"".join(protocol.encode_frame(seq % 255 + 1, protocol.LOAD, fields)
                      for seq, fields in enumerate(move.load_fields(1)))
    times = []
    for _ in range(repeats):
        port = RecordingPort()
        controller = firmware_main.Controller(port, Board())
        port.incoming.extend(frames)
        started = time.perf_counter()
        controller.step()
        times.append(time.perf_counter() - started)
        assert controller.loaded.count == len(move.gaps_us)
    return statistics.median(times) * 1000


def measure_upload(move: ControllerMove, repeats: int = 10) -> dict[str, float]:
    """Frames, bytes and the median time of uploading `move` over a fresh pty board."""
    loads = move.load_fields(1)
    with tempfile.TemporaryDirectory() as folder:
        board = PtyBoard(Path(folder))
        link = SerialLink(LinkSettings(port=str(board.path), ack_timeout_s=0.25,
                                       poll_interval_s=3600)).start()
        try:
            if not link.wait_online(5):
                raise SystemExit(f"the link did not come up: {link.problem}")
            times = []
            for _ in range(repeats):
                started = time.perf_counter()
                for fields in loads:
                    link.request(protocol.LOAD, fields)
                times.append(time.perf_counter() - started)
            return {
                "frames": len(loads),
                "bytes": sum(len(protocol.encode_frame(1, protocol.LOAD, f)) for f in loads),
                "upload_ms": statistics.median(times) * 1000,
                "firmware_ms": firmware_work_ms(move),
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
    moves = reference_uploads()
    steps = moves["gap by gap"].steps
    print(f"upload of the longest reference spin ({steps:,} steps), LOAD frames only")
    for name, move in moves.items():
        figures = measure_upload(move)
        print(f"  {name:14} {len(move.gaps_us):5,} gaps  {figures['frames']:3.0f} frames  "
              f"{figures['bytes']:7,.0f} bytes   {figures['upload_ms']:6.1f} ms over the pty   "
              f"firmware's work {figures['firmware_ms']:6.1f} ms")


if __name__ == "__main__":
    main()
