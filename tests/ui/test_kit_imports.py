"""The screen kit stands alone: none of its modules imports a screen of the companion
(`ui.screens.*`), a game family's package (`ui.uno`, `ui.backgammon`, `ui.yahtzee`) or the
list of the families' screens (`ui.game_scenes`).

The kit defines the small protocols and values it needs (`ui.scene`); the screens and
families implement them, and `ui.main` / `ui.game_scenes` wire them together (the app finds
a game's scene among the scenes it is given, by family: `App.scene_for`). The imports
are read from the source with `ast`, so imports inside functions or made only for type
checking count too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KIT = (
    "app", "app_waits", "scene", "scene_parts", "widgets", "layout", "theme", "input",
    "rotation", "display", "doorbell", "mailbox", "script", "animation", "answers",
)  # fmt: skip
"""The kit's modules, under `ui`."""
FORBIDDEN = ("ui.screens", "ui.uno", "ui.backgammon", "ui.yahtzee", "ui.game_scenes")
"""The packages the kit must not import (nor any module under them)."""


def imported_modules(source: str) -> set[str]:
    """Every dotted name a kit module's source imports, anywhere in it (relative imports
    resolved against `ui`; `from a import b` counts as `a.b`)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(part for part in ("ui", base) if part)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def forbidden(name: str) -> bool:
    """True when `name` is one of the forbidden packages or a module under one."""
    return any(name == package or name.startswith(f"{package}.") for package in FORBIDDEN)


@pytest.mark.parametrize("module", KIT)
def test_kit_module_imports_no_screen_or_family(module: str) -> None:
    source = (ROOT / "ui" / f"{module}.py").read_text()
    wrong = sorted(name for name in imported_modules(source) if forbidden(name))
    assert not wrong, f"ui.{module} imports {', '.join(wrong)}: the kit must not"


def test_every_kit_module_exists() -> None:
    missing = [module for module in KIT if not (ROOT / "ui" / f"{module}.py").is_file()]
    assert not missing, f"the kit names modules that are not there: {missing}"


def test_forbidden_imports_are_seen_in_functions_and_type_checking() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ui.screens.home import HomeScene\n"
        "def f():\n    import ui.uno.scene\n    from . import yahtzee\n"
    )
    found = sorted(name for name in imported_modules(source) if forbidden(name))
    assert found == ["ui.screens.home.HomeScene", "ui.uno.scene", "ui.yahtzee"]
