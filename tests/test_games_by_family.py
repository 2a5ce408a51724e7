"""Outside its own package no code names a game by its string or reads engine JSON by key.

A game is described once, by its engine class (`GameSpec.of`); the rest of the
product asks the spec: its `family`, its public view, its options. So a new
game touches its own packages and one line of a list, not tables of names
spread through the product. Every Python module of ``companion``, ``ui`` and
``device`` outside ``companion/games/<family>/`` is parsed, and these are
refused, each listed as ``file:line``:

- a comparison with a game's name (``snapshot.game == "tiki"``, ``game in ("classic",
  "duo")``), a dict keyed by one, a subscript by one, a tuple, list or set of them, a
  look-up by one (``game_spec("tiki")``, ``specs.get("duo")``, ``.startswith("uno")``);
- reading an engine's JSON: calling a snapshot's ``state()`` or reading its ``state_json``
  (only the table, which makes snapshots, does);

and the phone page's scripts never name a game (they draw by the match's ``family``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import companion
from companion.games.registry import game_specs

ROOT = Path(companion.__file__).parent.parent
PACKAGES = ("companion", "ui", "device")
FAMILY_PACKAGES = ROOT / "companion" / "games"
TABLE = ROOT / "companion" / "table"
STATIC = ROOT / "companion" / "web" / "static"

FROZEN = {
    Path("companion/event_log/upgrades.py"):
        "the legacy-action upgrades are frozen with the names the old logs were written with",
}
"""Modules that may name games, and why."""


def _names() -> set[str]:
    specs = game_specs().values()
    return {spec.name for spec in specs} | {spec.family for spec in specs}


def _modules() -> list[Path]:
    paths = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            inside_a_family = path.parent != FAMILY_PACKAGES and FAMILY_PACKAGES in path.parents
            if not inside_a_family and path.relative_to(ROOT) not in FROZEN:
                paths.append(path)
    return paths


LOOKUPS_BY_NAME = {"game_spec", "get", "pop", "setdefault", "startswith", "endswith"}
"""Calls that would look a game up by its name: ``game_spec("tiki")``, ``specs.get("duo")``."""


def _called(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def _is_name(node: ast.AST, names: set[str]) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names


def _names_a_game(node: ast.AST, names: set[str]) -> bool:
    """A game's name, or a tuple, list or set holding one."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_name(item, names) for item in node.elts)
    return _is_name(node, names)


def _matches_or_looks_up(node: ast.AST, names: set[str]) -> bool:
    """``case "minigam":``, or a look-up by a game's name (``game_spec("tiki")``)."""
    if isinstance(node, ast.MatchValue):
        return _is_name(node.value, names)
    return (
        isinstance(node, ast.Call)
        and _called(node) in LOOKUPS_BY_NAME
        and any(_is_name(arg, names) for arg in node.args)
    )


def game_names_used(source: str, names: set[str]) -> list[int]:
    """The lines of `source` that dispatch on a game's name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_a_game(side, names) for side in sides):
                lines.append(node.lineno)
        elif isinstance(node, ast.Dict):
            if any(key is not None and _is_name(key, names) for key in node.keys):
                lines.append(node.lineno)
        elif isinstance(node, ast.Subscript):
            if _is_name(node.slice, names):
                lines.append(node.lineno)
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            strings = [item for item in node.elts if isinstance(item, ast.Constant)]
            if node.elts and len(strings) == len(node.elts) and all(
                _is_name(item, names) for item in strings
            ):
                lines.append(node.lineno)
        elif _matches_or_looks_up(node, names):
            lines.append(node.lineno)
    return sorted(set(lines))


def engine_json_read(source: str) -> list[int]:
    """The lines of `source` that read a snapshot's engine JSON."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "state" and not node.args and not node.keywords:
                lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "state_json":
            lines.append(node.lineno)
    return sorted(set(lines))


@pytest.mark.parametrize(
    "source",
    [
        'if snapshot.game == "tiki": pass',
        'if game in ("classic", "duo"): pass',
        'SCENES = {"backgammon": "board"}',
        'x = specs["yahtzee"]',
        'GAMES = ("classic", "tiki", "duo")',
        'match game:\n    case "minigam": pass',
        'spec = game_spec("tiki")',
        'spec = specs.get("duo")',
        'if name.startswith("uno"): pass',
    ],
)
def test_the_check_finds_a_game_named_by_its_string(source: str) -> None:
    assert len(game_names_used(source, _names())) == 1


@pytest.mark.parametrize(
    "source",
    [
        'parser.add_parser("yahtzee")',  # a command's name on the command line
        'name = "uno"',  # a scene's name
        'if spec.family == uno.FAMILY: pass',
        'ROW = ("minigam", "companion.app.commands.text_positions", "help")',
    ],
)
def test_the_check_lets_a_word_that_is_not_dispatch_pass(source: str) -> None:
    assert game_names_used(source, _names()) == []


def test_the_check_finds_engine_json_read_by_key() -> None:
    assert engine_json_read('cube = snapshot.state()["cube"]') == [1]
    assert engine_json_read("text = snapshot.state_json") == [1]
    assert engine_json_read("view = snapshot.public_state()") == []


def test_no_code_outside_a_games_package_names_a_game_by_its_string() -> None:
    names = _names()
    offences = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _modules()
        for line in game_names_used(path.read_text(encoding="utf-8"), names)
    ]
    assert offences == [], "ask the game's spec (its family, options, public view) instead"


def test_only_the_table_reads_an_engines_json() -> None:
    offences = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _modules()
        if TABLE not in path.parents
        for line in engine_json_read(path.read_text(encoding="utf-8"))
    ]
    assert offences == [], "read the engine's typed properties or its public view instead"


def test_the_phone_page_draws_by_family_and_never_names_a_game() -> None:
    families = {spec.family for spec in game_specs().values()}
    only_games = {spec.name for spec in game_specs().values()} - families
    for path in sorted(STATIC.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert "match.game" not in text, path.name
        for name in only_games:
            assert not re.search(rf"\b{name}\b", text), (path.name, name)
