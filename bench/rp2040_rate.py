"""The highest step rate the firmware holds with zero timing error, on the emulated RP2040.

Boots the firmware of the working tree on rp2040js (tests/firmware/emulator.py)
and runs 400-step moves uploaded as gaps (the LOAD path a spin uses) at rising
rates up to the protocol's limit (MIN_GAP_US), comparing every STEP gap, in
the emulator's own clock, with the gap asked for. Prints one line per rate
and the highest rate with no error. Needs Node and `npm ci` (scripts/setup).
Run: .venv/bin/python bench/rp2040_rate.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.firmware import fakes

fakes.install()  # the test module reads the firmware's constants, which import MicroPython's

from device import serial_backend  # noqa: E402
from device.backend import StepSchedule  # noqa: E402
from firmware import protocol  # noqa: E402
from tests.firmware.emulator import EmulatedPico  # noqa: E402
from tests.firmware.test_emulated_rp2040 import (  # noqa: E402
    edge_gaps_us,
    emulator_config,
    expected_gaps_us,
    run_move,
)


def main() -> int:
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        pico = EmulatedPico(Path(folder))
        try:
            backend = serial_backend.open_serial_spinner(emulator_config(pico))
            assert backend.link.wait_online(180), pico.diagnostics()
            print(f"booted and online in {time.monotonic() - started:.1f} s of wall time")
            best = 0
            for gap_us in (200, 100, 50, 40, 30, 25, protocol.MIN_GAP_US):
                schedule = StepSchedule(tuple((index + 1) * gap_us / 1e6 for index in range(400)))
                edges = run_move(pico, backend, schedule)["edges"]
                gaps = edge_gaps_us(edges)
                wrong = sum(1 for got, want in zip(gaps, expected_gaps_us(schedule)[1:],
                                                   strict=True) if got != want)
                rate = 1_000_000 // gap_us
                print(f"{rate:>6} steps/s: {len(edges)} steps, {wrong} gaps off the plan")
                if wrong == 0 and len(edges) == 400:
                    best = max(best, rate)
            print(f"highest rate with zero timing error: {best} steps/s "
                  f"(the protocol's limit is {protocol.MAX_STEP_HZ})")
            backend.close()
        finally:
            pico.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
