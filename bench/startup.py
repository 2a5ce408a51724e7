"""How soon `companion run` shows its first frame and answers phones, and its memory.

Figures, not pass/fail (issue 18's targets in brackets), each the median of
`--rounds` fresh starts on a fresh log (other programs on the machine move
single runs a lot):

- from starting `companion run` (a new Python process, bytecode cached) to
  the touchscreen's first frame, "Starting…" on the home's backdrop, told by the
  "Starting frame on screen." log line (`ui.splash`) [under 0.5 s]; SDL's
  offscreen driver stands in for the panel;
- from the same start to the home screen drawn by the app, told by its "First frame
  on screen." log line (the log, the devices and the page opened, the screens imported);
- from the same start to the phone page answering `GET /api/state` [under 1 s];
- the whole product's resident memory (VmRSS, and its peak VmHWM) with a
  match running: a Tiki Twist match started and played for `--moves` moves
  through the phone API while the screen shows it [under 120 MB];
- from SIGTERM, with that match on the screen, to the process's exit with every part
  closed [under 3 s] (the tests check that it stops cleanly, not how fast: on a busy
  machine that would be the load's figure, not the companion's).

    .venv/bin/python bench/startup.py [--rounds 5] [--moves 60]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PIN = "2468"


def start(folder: Path) -> tuple[subprocess.Popen[bytes], float]:
    config = folder / "config.toml"
    config.write_text(f'backend = "sim"\n[web]\npin = "{PIN}"\n', encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "PYTHONUNBUFFERED": "1"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    began = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--port", "0", "--db", str(folder / "log.db"),
         "--config", str(config), "--size", "800x480"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, env=env)
    return process, began


def watch(process: subprocess.Popen[bytes], began: float) -> tuple[int, float, float, float]:
    """Read both pipes until the port is printed, the page answers and the starting frame
    and the home screen are logged; the port and the three times from `began`."""
    port = 0
    starting = frame = page = 0.0
    buffers = {"out": b"", "err": b""}
    with selectors.DefaultSelector() as selector:
        assert process.stdout is not None and process.stderr is not None
        selector.register(process.stdout, selectors.EVENT_READ, "out")
        selector.register(process.stderr, selectors.EVENT_READ, "err")
        deadline = began + 60
        while not (starting and frame and page):
            if time.monotonic() > deadline:
                raise SystemExit(f"no start in 60 s: {buffers}")
            for key, _ in selector.select(timeout=0.005):
                chunk = os.read(key.fileobj.fileno(), 65536)  # type: ignore[union-attr]
                if not chunk:
                    raise SystemExit(f"companion run ended: {buffers}")
                buffers[key.data] += chunk
            if not starting and b"Starting frame on screen." in buffers["err"]:
                starting = time.monotonic() - began
            if not frame and b"First frame on screen." in buffers["err"]:
                frame = time.monotonic() - began
            if not port and b"Phone page: http://" in buffers["out"]:
                line = buffers["out"].split(b"Phone page: http://")[1].split(b"/")[0]
                port = int(line.rsplit(b":", 1)[1])
            if port and not page and answers(port):
                page = time.monotonic() - began
    return port, starting, frame, page


def answers(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", "/api/state")
        ok = connection.getresponse().status == 200
        connection.close()
        return ok
    except OSError:
        return False


def call(port: int, method: str, path: str, body: object = None) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    headers = {"X-Table-PIN": PIN, "Content-Type": "application/json"}
    connection.request(method, path, body=None if body is None else json.dumps(body),
                       headers=headers)
    answer = json.loads(connection.getresponse().read() or b"null")
    connection.close()
    return answer


def memory_with_a_match(port: int, pid: int, moves: int) -> tuple[float, float]:
    """VmRSS and VmHWM in MB after a Tiki Twist match is played for `moves` moves."""
    call(port, "POST", "/api/matches",
         {"game": "tiki", "players": ["Ana", "Ben", "Cleo", "Dev"], "options": {"mode": "referee"}})
    rng = random.Random(5)
    for _ in range(moves):
        match = call(port, "GET", "/api/state")["match"]
        if match["is_over"]:
            break
        if match["chance"] is not None:
            call(port, "POST", "/api/chance")
        else:
            call(port, "POST", "/api/actions", rng.choice(match["legal_actions"]))
    time.sleep(0.5)  # the screen draws what it was woken for
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return kilobytes(fields["VmRSS"]) / 1024, kilobytes(fields["VmHWM"]) / 1024


def kilobytes(field: str) -> int:
    """"  123456 kB" as 123456."""
    return int(field.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    startings, frames, pages, rss, peaks, stops = [], [], [], [], [], []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as scratch:
            process, began = start(Path(scratch))
            try:
                port, starting, frame, page = watch(process, began)
                startings.append(starting)
                frames.append(frame)
                pages.append(page)
                now, peak = memory_with_a_match(port, process.pid, args.moves)
                rss.append(now)
                peaks.append(peak)
                asked = time.monotonic()
                process.terminate()
                process.communicate(timeout=30)
                stops.append(time.monotonic() - asked)
            finally:
                if process.poll() is None:
                    process.kill()
                    process.communicate(timeout=10)
    print(f"companion run, median of {args.rounds} starts (800x480, SDL offscreen, sim devices)")
    print(f"  first frame (Starting…) {statistics.median(startings):6.2f} s   [target 0.5 s]"
          f"   (runs: {', '.join(f'{t:.2f}' for t in startings)})")
    print(f"  home screen drawn       {statistics.median(frames):6.2f} s"
          f"   (runs: {', '.join(f'{t:.2f}' for t in frames)})")
    print(f"  phone page answering    {statistics.median(pages):6.2f} s   [target 1 s]"
          f"   (runs: {', '.join(f'{t:.2f}' for t in pages)})")
    print(f"  memory with a match     {statistics.median(rss):6.1f} MB resident, peak"
          f" {statistics.median(peaks):.1f} MB   [target under 120 MB]")
    print(f"  stopped after SIGTERM   {statistics.median(stops):6.2f} s   [target 3 s]"
          f"   (runs: {', '.join(f'{t:.2f}' for t in stops)})")


if __name__ == "__main__":
    main()
