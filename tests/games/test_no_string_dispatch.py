"""House rule 10: no engine dispatches by a name built from a string.

Every module under ``companion/games`` is parsed and each call that looks a
name up (`getattr`, `hasattr`, `setattr`, `delattr`, `operator.attrgetter`,
`operator.methodcaller`) must not be given a name built at run time: an
f-string, ``"%s" % x``, ``"_apply_" + x``, ``"...".format(x)`` or
``"".join(...)``. Dispatch goes through an explicit table or a method
instead. A failure lists every offence as ``file:line``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.games

GAMES_DIR = Path(companion.games.__file__).parent
ROOT = GAMES_DIR.parent.parent

LOOKUPS = {"getattr", "hasattr", "setattr", "delattr", "attrgetter", "methodcaller"}
"""Calls that look a name up; their name argument must not be built from a string."""


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _is_built_string(node: ast.expr) -> bool:
    """True for a name made at run time: an f-string, ``%``, ``+``, ``.format`` or ``.join``."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("format", "join", "format_map")
    )


def _built_names(tree: ast.AST) -> set[str]:
    """Variables given a built string anywhere in the module: ``name = f"_apply_{kind}"``."""
    return {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr)
        and node.value is not None
        and _is_built_string(node.value)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }


def string_dispatches(source: str, filename: str = "<source>") -> list[int]:
    """The lines of `source` that look a name up by a string built at run time."""
    tree = ast.parse(source, filename)
    built = _built_names(tree)
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _called_name(node) not in LOOKUPS:
            continue
        by_operator = _called_name(node) in ("attrgetter", "methodcaller")
        name_args = node.args[:1] if by_operator else node.args[1:2]
        if any(
            _is_built_string(arg) or (isinstance(arg, ast.Name) and arg.id in built)
            for arg in name_args
        ):
            lines.append(node.lineno)
    return sorted(lines)


@pytest.mark.parametrize(
    "source",
    [
        'getattr(self, f"_apply_{action.type}")(action)',
        'getattr(self, "_legal_" + self.phase, None)',
        'getattr(self, "_shuffled_%s" % kind)(cards)',
        'hasattr(self, "_legal_{}".format(phase))',
        'setattr(self, "_".join(parts), value)',
        'operator.methodcaller(f"_apply_{kind}", action)',
    ],
)
def test_a_name_built_from_a_string_is_found(source: str) -> None:
    assert string_dispatches(source) == [1]


@pytest.mark.parametrize(
    "source",
    [
        'name = f"_apply_{kind}"\ngetattr(self, name)(action)',
        'handler: str = "_legal_" + phase\nhasattr(self, handler)',
        'if (name := "_on_%s" % kind):\n    getattr(self, name)',
    ],
)
def test_a_name_built_into_a_variable_first_is_found_too(source: str) -> None:
    assert string_dispatches(source) == [2]


@pytest.mark.parametrize(
    "source",
    [
        'getattr(state, "narration", None)',
        "getattr(self, field.name)",
        "self.handlers[type(action)](action)",
        'object.__setattr__(card, "symbol", symbol)',
    ],
)
def test_a_fixed_name_or_a_table_lookup_is_allowed(source: str) -> None:
    assert string_dispatches(source) == []


def test_no_engine_dispatches_by_a_name_built_from_a_string() -> None:
    offences = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted(GAMES_DIR.rglob("*.py"))
        for line in string_dispatches(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not offences, "names built from strings: " + ", ".join(offences)
