"""No screen, phone page or command reads engine JSON by key.

What the engines write as JSON (a state, its public view, its options, an
action, and what the log keeps of them: a logged event's ``action`` and
``detail``, a match's ``options`` and ``result``) is theirs to read back
(`from_json`); the rest of the product asks their typed properties and values.
Every module of ``ui``, ``companion/web`` and ``companion/app`` is parsed, and
each read of such JSON by a key written in the code is refused, in every form:
``state["cube"]``, ``state.get("cube")``, ``"cube" in state``, ``.pop``,
``.setdefault``. A value read from such JSON, or bound to a name from it
(``state = snapshot.public_state()``, ``for event in events``), is such JSON in
turn. A failure lists every offence as ``file:line``.

Passing the JSON on whole (``{**action, "order": None}``, ``json.dumps(state)``) or
reading it by a key held in a variable (an option's name from the spec) is allowed:
that is carrying the engine's words, not reading them.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).parent.parent
PLACES = ("ui", "companion/web", "companion/app")
"""The screens, the phone page and the command line."""

JSON_CALLS = {"state", "public_state", "to_json"}
"""Methods that answer an engine's JSON: `snapshot.state()`, `options.to_json()`."""
JSON_ATTRIBUTES = {"state_json", "action", "detail", "options", "result"}
"""Attributes that hold it: a snapshot's `state_json`, a logged event's `action` and
`detail`, a logged match's `options` and `result` (read, not called)."""
JSON_KEYS = JSON_ATTRIBUTES | {"state"}
"""Keys under which JSON the product passes on holds the engine's (`event["action"]`)."""
KEYED_CALLS = {"get", "pop", "setdefault"}


def _key(node: ast.expr) -> str | None:
    """The key written in the code, if `node` is one (a string constant)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


class _Reader:
    """Finds the keyed reads of engine JSON in one module."""

    def __init__(self, tree: ast.AST) -> None:
        self.tree = tree
        self.json_names: set[str] = set()

    def holds_json(self, node: ast.expr | None) -> bool:
        """True when `node` is engine JSON, or a part of it."""
        if node is None:
            return False
        if isinstance(node, ast.Name):
            return node.id in self.json_names
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in JSON_CALLS and not node.args:
                return True
            if node.func.attr in KEYED_CALLS and node.args:
                return self.holds_json(node.func.value) or _key(node.args[0]) in JSON_KEYS
            return node.func.attr == "loads" and any(self.holds_json(a) for a in node.args)
        if isinstance(node, ast.Attribute):
            return node.attr in JSON_ATTRIBUTES
        if isinstance(node, ast.Subscript):
            return self.holds_json(node.value) or _key(node.slice) in JSON_KEYS
        if isinstance(node, ast.BoolOp):
            return any(self.holds_json(value) for value in node.values)
        if isinstance(node, ast.IfExp):
            return self.holds_json(node.body) or self.holds_json(node.orelse)
        if isinstance(node, ast.NamedExpr):
            return self.holds_json(node.value)
        return False

    def _bindings(self) -> list[tuple[ast.expr, ast.expr | None, bool]]:
        """(target, value, whether the target takes an item of the value) for every binding."""
        found: list[tuple[ast.expr, ast.expr | None, bool]] = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Assign):
                found += [(target, node.value, False) for target in node.targets]
            elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
                found.append((node.target, node.value, False))
            elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
                found.append((node.target, node.iter, True))
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                found.append((node.optional_vars, node.context_expr, False))
        return found

    def learn_names(self) -> None:
        """Every name bound to engine JSON anywhere in the module (until nothing changes)."""
        bindings = self._bindings()
        while True:
            before = len(self.json_names)
            for target, value, item in bindings:
                if self.holds_json(value) or (item and _items_of_json(value, self)):
                    self.json_names |= {
                        name.id for name in ast.walk(target) if isinstance(name, ast.Name)
                    }
            if len(self.json_names) == before:
                return

    def offences(self) -> list[int]:
        """The lines that read engine JSON by a key written in the code."""
        self.learn_names()
        lines = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
                if _key(node.slice) is not None and self.holds_json(node.value):
                    lines.append(node.lineno)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if (node.func.attr in KEYED_CALLS and node.args and _key(node.args[0]) is not None
                        and self.holds_json(node.func.value)):
                    lines.append(node.lineno)
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                for op, (left, right) in zip(node.ops, itertools.pairwise(sides), strict=True):
                    if (isinstance(op, ast.In | ast.NotIn) and _key(left) is not None
                            and self.holds_json(right)):
                        lines.append(node.lineno)
        return sorted(set(lines))


def _items_of_json(value: ast.expr | None, reader: _Reader) -> bool:
    """True when iterating `value` gives engine JSON: `for event in events` over JSON,
    or over `x.items()` / `x.values()` of it."""
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
            and value.func.attr in ("items", "values") and not value.args):
        return reader.holds_json(value.func.value)
    return reader.holds_json(value)


def json_read_by_key(source: str) -> list[int]:
    """The lines of `source` that read engine JSON by a key written in the code."""
    return _Reader(ast.parse(source)).offences()


def _modules() -> list[Path]:
    return [path for place in PLACES for path in sorted((ROOT / place).rglob("*.py"))]


@pytest.mark.parametrize(
    "source",
    [
        'cube = snapshot.state()["cube"]',
        'state = snapshot.public_state()\nx = 1\nif "cube" in state: pass',
        'state = json.loads(snapshot.state_json)\nx = 1\nturn = state.get("turn")',
        'view = snapshot.public_state() or {}\nx = 1\nhands = view["hands"]',
        'options = spec.options.to_json()\nx = 1\ntarget = options.pop("target")',
        'winners = (match.result or {}).get("winners", [])',
        'for event in match["events"]:\n    action = event.get("action")\n'
        '    x = 1\n    if action.get("action") == "shuffle": pass',
        'for key, value in snapshot.public_state().items():\n    x = value["count"]',
        'if "undoes" not in event.detail: pass',
    ],
)
def test_the_check_finds_engine_json_read_by_key(source: str) -> None:
    assert json_read_by_key(source) == [len(source.splitlines())]  # the last line's read


@pytest.mark.parametrize(
    "source",
    [
        "view = snapshot.public_state()",  # passed on whole to the phone
        'payload = {**action, "order": None}',
        "value = options.get(choice.name, defaults.get(choice.name))",  # a key from the spec
        'fields = request.get_json()\npin = fields.get("pin")',  # the phone's own request
        'app.extensions["companion"] = context',
        'cube = game.cube.value',  # a typed property
        'body = json.loads(text)\nname = body["name"]',
    ],
)
def test_the_check_lets_whole_json_a_variable_key_and_other_data_pass(source: str) -> None:
    assert json_read_by_key(source) == []


def test_no_screen_phone_page_or_command_reads_engine_json_by_key() -> None:
    offences = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _modules()
        for line in json_read_by_key(path.read_text(encoding="utf-8"))
    ]
    assert offences == [], "read the engine's typed properties or values instead: " + ", ".join(
        offences)
