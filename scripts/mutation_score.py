"""The mutation score of the last `mutmut run`, by area, leaving out the mutants judged
equivalent (the program behaves the same; listed with the reason in
tests/mutation_equivalent.toml).

    .venv/bin/python scripts/mutation_score.py

A mutant is killed when a test failed (or timed out) with it planted; it survived when
every test passed; "no tests" means no test of its area reaches that code at all.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "tests" / "mutation_equivalent.toml"
AREAS = (
    ("phone API", ("companion.web.",)),
    ("table", ("companion.table.",)),
    ("event log", ("companion.event_log.", "companion.records.")),
    ("devices", ("device.",)),
)
KILLED = {"killed", "timeout"}
UNRUN = {"not checked"}
"""Mutants of a run that stopped early (or of files changed since): not counted either way."""


def results() -> list[tuple[str, str]]:
    """(mutant name, status) of every mutant of the last run."""
    mutmut = Path(sys.executable).with_name("mutmut")
    listing = subprocess.run([str(mutmut), "results", "--all", "true"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    pairs = []
    for line in listing.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            pairs.append((name, status))
    return pairs


def area_of(name: str) -> str:
    for area, prefixes in AREAS:
        if name.startswith(prefixes):
            return area
    return "other"


def main() -> int:
    equivalent = tomllib.loads(EQUIVALENT.read_text("utf-8")) if EQUIVALENT.exists() else {}
    judged = set(equivalent.get("mutants", {}))
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    for name, status in results():
        area = area_of(name)
        if status in UNRUN:
            counts[area]["not run"] += 1
            continue
        if name in judged:
            counts[area]["equivalent"] += 1
            continue
        counts[area]["killed" if status in KILLED else status] += 1
        if status not in KILLED:
            survivors.append(f"{name}: {status}")
    heading = ("area", "killed", "survived", "no tests", "equivalent", "score")
    print("{:<10} {:>7} {:>9} {:>9} {:>11} {:>7}".format(*heading))
    total = Counter[str]()
    for area in [*(a for a, _ in AREAS), "other"]:
        row = counts.get(area)
        if not row:
            continue
        total.update(row)
        print(_line(area, row))
    print(_line("all", total))
    if survivors:
        print(f"\n{len(survivors)} not killed (mutmut show NAME for the diff):")
        print("\n".join(f"  {line}" for line in survivors))
    return 0


def _line(area: str, row: Counter[str]) -> str:
    scored = sum(count for status, count in row.items() if status not in ("equivalent", "not run"))
    score = 100.0 * row["killed"] / scored if scored else 100.0
    return (f"{area:<10} {row['killed']:>7} {row['survived']:>9} {row['no tests']:>9}"
            f" {row['equivalent']:>11} {score:>6.1f}%   ({row['not run']} not run)")


if __name__ == "__main__":
    sys.exit(main())
