"""The shared firmware modules under a real MicroPython interpreter (WebAssembly in Node).

The protocol module is the same file on the Pico and on the Pi; this proves
it imports and behaves under MicroPython, and that frames cross between the
two implementations both ways. Never skipped: a missing Node or npm package
fails with the command that installs it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from firmware import protocol, version

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
FIRMWARE_FILES = ["protocol.py", "crc_native.py", "homing.py", "sensors.py", "version.py",
                  "bodies.py", "crossings.py", "tray_inputs.py", "main.py", "board.py",
                  "stepper_pio.py"]


def run_under_micropython(tmp_path: Path, host_frames: list[bytes]) -> tuple[list[str], dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: install the `nodejs` package (Node 18 or newer) "
                    "so the firmware can be tested under MicroPython.")
    if not (PACKAGE / "micropython.mjs").exists():
        pytest.fail("The MicroPython interpreter for Node is missing: run `scripts/setup test,dev` "
                    "(or `npm ci`) at the repository root.")
    source = tmp_path / "input.json"
    source.write_text(json.dumps([frame.hex() for frame in host_frames]))
    stubs = [str(path) for path in sorted((HERE / "micropython_stubs").glob("*.py"))]
    files = [str(ROOT / "firmware" / name) for name in FIRMWARE_FILES] + stubs + [str(source)]
    result = subprocess.run(
        [node, str(HERE / "run_micropython.mjs"), str(HERE / "micropython_selftest.py"), *files],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    # On the Pico, anything MicroPython prints would travel down the link.
    assert "Warning" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    (report,) = [line for line in lines if line.startswith("RESULT ")]
    return lines, json.loads(report.removeprefix("RESULT "))


HOST_MESSAGES = [
    (1, protocol.HELLO, {}),
    (2, protocol.LOAD, {"move": 4, "offset": 180, "intervals": list(range(300, 480))}),
    (3, protocol.HOME, {"fast_hz": 4000.0, "slow_hz": 800.5, "backoff_steps": 11,
                        "max_steps": 611}),
]


@pytest.fixture(scope="module")
def micropython_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict]:
    frames = [protocol.encode_frame(*message) for message in HOST_MESSAGES]
    return run_under_micropython(tmp_path_factory.mktemp("micropython"), frames)


def test_the_firmware_modules_pass_their_self_test_under_micropython(micropython_run) -> None:  # type: ignore[no-untyped-def]
    lines, report = micropython_run
    assert "PASS implementation" in lines  # really MicroPython, not CPython
    assert "PASS compiles main.py" in lines
    assert "PASS loop answers every command" in lines  # main.py really ran there
    assert "PASS home interrupt allocates nothing" in lines  # safe as a hard IRQ
    assert "PASS the move buffer is taken once, one word a step" in lines
    assert [line for line in lines if line.startswith("FAIL")] == []
    assert report["failures"] == []


def test_micropython_decodes_frames_encoded_on_the_host(micropython_run) -> None:  # type: ignore[no-untyped-def]
    _, report = micropython_run
    assert [tuple(message) for message in report["decoded"]] == HOST_MESSAGES


def test_the_host_decodes_frames_encoded_by_micropython(micropython_run) -> None:  # type: ignore[no-untyped-def]
    _, report = micropython_run
    decoder = protocol.FrameDecoder()
    messages = [m for frame in report["frames"] for m in decoder.feed(bytes.fromhex(frame))]
    assert messages == [
        (7, protocol.ACK, {"loaded": 180}),
        (0, protocol.EVENT, {"ev": "motion", "active": True, "id": 3}),
    ]
    # One-key bodies serialise identically on both sides, byte for byte.
    assert report["frames"][0] == protocol.encode_frame(7, protocol.ACK, {"loaded": 180}).hex()


def test_both_sides_agree_on_the_versions(micropython_run) -> None:  # type: ignore[no-untyped-def]
    _, report = micropython_run
    assert report["version"] == version.FIRMWARE_VERSION
    assert report["protocol"] == protocol.PROTOCOL_VERSION
