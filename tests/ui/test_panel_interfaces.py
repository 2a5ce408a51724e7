"""A family screen's panels see their scene only through small interfaces of their own.

The faults this keeps away: panels and dialogs that imported their scene back, and one
31-member actions protocol every UNO panel was handed whole. Read from the source with
`ast`, so an import made only for type checking counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAMILY_SCREENS = sorted(path.parent for path in (ROOT / "ui").glob("*/scene.py"))
MOST_MEMBERS = 13
"""The largest interface a panel may be handed (the main UNO screen's buttons of the
moment need 13); the whole scene is far more."""


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def protocol_members(path: Path) -> dict[str, int]:
    """Every Protocol class of `path` and how many members it declares, its bases' too."""
    classes = {node.name: node for node in ast.parse(path.read_text(encoding="utf-8")).body
               if isinstance(node, ast.ClassDef)}

    def members(node: ast.ClassDef) -> int:
        own = sum(isinstance(item, ast.FunctionDef | ast.AnnAssign) for item in node.body)
        inherited = sum(members(classes[base.id]) for base in node.bases
                        if isinstance(base, ast.Name) and base.id in classes)
        return own + inherited

    return {name: members(node) for name, node in classes.items()
            if any(isinstance(base, ast.Name) and base.id == "Protocol" for base in node.bases)}


@pytest.mark.parametrize("package", FAMILY_SCREENS, ids=lambda path: path.name)
def test_no_panel_of_a_family_screen_imports_its_scene(package: Path) -> None:
    scene = f"ui.{package.name}.scene"
    offenders = [path.name for path in package.glob("*.py")
                 # The package's front door exposes the family's screen (`SCREEN`): no panel.
                 if path.name not in ("scene.py", "__init__.py") and any(
                     name == scene or name.startswith(f"{scene}.") for name in imported(path))]
    assert offenders == []


def test_each_uno_panel_is_handed_a_small_interface_of_its_own() -> None:
    members = protocol_members(ROOT / "ui" / "uno" / "actions.py")
    assert {"TableActions", "PickerActions", "CountActions", "EntryActions",
            "IdolActions"} <= set(members)
    assert {name: count for name, count in members.items() if count > MOST_MEMBERS} == {}


def test_the_interface_counter_sees_inherited_members(tmp_path: Path) -> None:
    sample = tmp_path / "actions.py"
    sample.write_text(
        "class Base(Protocol):\n    def a(self) -> None: ...\n    def b(self) -> None: ...\n"
        "class Wide(Base, Protocol):\n    c: int\n    def d(self) -> None: ...\n",
        encoding="utf-8")
    assert protocol_members(sample) == {"Base": 2, "Wide": 4}
