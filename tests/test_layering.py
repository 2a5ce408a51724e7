"""The layering, enforced: no import circle, and each package imports only what
docs/architecture.md's "may import" column allows.

One import graph of all four packages (`companion`, `device`, `ui`, `firmware`) is read
from the source with `ast`, so imports made only for type checking or inside functions
count too: a circle is a circle all the same, one that only happens to work today.
Importing ``a.b.c`` also runs the package ``a.b`` unless the importer is inside it.

The rules are the doc's table under "## Packages": each row names its packages in
backticks in the first column and, in the last, what they may import, again in
backticks (a package of ours, or a library by its import name), plus the phrase "the
standard library". A module belongs to the row of the longest package name it starts
with; a module of a row may always import the modules of its own row.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "device", "ui", "firmware")
ARCHITECTURE = ROOT / "docs" / "architecture.md"
STANDARD_LIBRARY = "the standard library"


def module_files() -> dict[str, Path]:
    """Every module of the four packages by its dotted name."""
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imported_names(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every dotted name the module imports, anywhere in it (functions, TYPE_CHECKING)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            submodules = {f"{base}.{alias.name}" for alias in node.names}
            names.update(submodules)
            # `from package import module` needs only the module; a name defined
            # in the package itself needs the package.
            if not submodules <= modules.keys():
                names.add(base)
    return names


def _ours(imported: str) -> bool:
    return imported.split(".")[0] in PACKAGES


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the four packages it imports (packages run on the way)."""
    modules = module_files()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for imported in imported_names(name, path, modules):
            parts = imported.split(".")
            prefixes = [".".join(parts[:end]) for end in range(len(parts), 0, -1)]
            found = next((prefix for prefix in prefixes if prefix in modules), None)
            if found is not None:
                edges.add(found)
            edges.update(
                prefix for prefix in prefixes[1:]
                if prefix in modules and not name.startswith(prefix + ".")
            )  # fmt: skip
        edges.discard(name)
        graph[name] = edges
    return graph


def libraries_imported() -> dict[str, set[str]]:
    """Module -> the top-level names of what it imports from outside the four packages.

    The firmware's modules import one another by their bare names (the Pico's
    file system is flat): those are its own, not libraries.
    """
    modules = module_files()
    firmware = {name.rpartition(".")[2] for name in modules if name.startswith("firmware.")}
    found = {}
    for name, path in modules.items():
        own = firmware if name.startswith("firmware") else set()
        found[name] = {
            imported.split(".")[0] for imported in imported_names(name, path, modules)
            if imported and not _ours(imported) and imported.split(".")[0] not in own
        }  # fmt: skip
    return found


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for following in graph[todo.pop()]:
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return seen


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The import circles: each set of modules that reach one another (two or more)."""
    found: list[set[str]] = []
    placed: set[str] = set()
    for name in sorted(graph):
        if name in placed:
            continue
        ahead = reachable(graph, name)
        if name in ahead:
            circle = {other for other in ahead if name in reachable(graph, other)}
            found.append(circle)
            placed |= circle
    return found


@dataclass(frozen=True)
class Layer:
    """One row of the doc's package table."""

    packages: tuple[str, ...]
    may_import: frozenset[str]
    standard_library: bool


def layers(text: str | None = None) -> list[Layer]:
    """The rows of the table under "## Packages" in docs/architecture.md."""
    text = ARCHITECTURE.read_text(encoding="utf-8") if text is None else text
    section = text.split("## Packages", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    found = []
    for row in rows:
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        found.append(Layer(
            packages=tuple(re.findall(r"`([\w.]+)`", cells[0])),
            may_import=frozenset(re.findall(r"`([\w.]+)`", cells[-1])),
            standard_library=STANDARD_LIBRARY in cells[-1],
        ))  # fmt: skip
    return found


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer_of(name: str, table: list[Layer]) -> Layer | None:
    """The row whose longest package name `name` starts with."""
    best: tuple[int, Layer | None] = (0, None)
    for layer in table:
        for package in layer.packages:
            if _within(name, package) and len(package) > best[0]:
                best = (len(package), layer)
    return best[1]


def allowed(importer: str, imported: str, table: list[Layer]) -> bool:
    """Whether the doc lets module `importer` import `imported` (ours or a library)."""
    layer = layer_of(importer, table)
    assert layer is not None
    if _ours(imported) and layer_of(imported, table) is layer:
        return True
    # A package runs on the way to its modules: `companion` for `companion.config`.
    return any(_within(imported, name) or name.startswith(imported + ".")
               for name in layer.may_import)


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    assert [sorted(circle) for circle in circles(import_graph())] == []


def test_every_module_belongs_to_a_row_of_the_package_table() -> None:
    table = layers()
    assert [name for name in sorted(module_files()) if layer_of(name, table) is None] == []


def test_every_package_imports_only_what_the_package_table_allows() -> None:
    table, refused = layers(), []
    for importer, imported in sorted(import_graph().items()):
        refused.extend(f"{importer} -> {name}" for name in sorted(imported)
                       if not allowed(importer, name, table))
    for importer, libraries in sorted(libraries_imported().items()):
        layer = layer_of(importer, table)
        assert layer is not None
        standard = sys.stdlib_module_names | {"__future__"}
        refused.extend(
            f"{importer} -> {library}" for library in sorted(libraries)
            if not (layer.standard_library and library in standard)
            and not any(_within(library, name) for name in layer.may_import)
        )  # fmt: skip
    assert refused == []


MAX_MODULE_LINES = 500
"""A module longer than this is split along an idea (docs/architecture.md)."""


def test_no_module_of_the_product_is_longer_than_500_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for package in ("companion", "device", "ui")
        for path in sorted((ROOT / package).rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}, "split each along an idea, not a line count"


def test_nothing_imports_the_application_but_its_entry_point() -> None:
    graph = import_graph()
    importers = sorted(
        name for name, imported in graph.items()
        if not _within(name, "companion.app") and name != "companion.__main__"
        and any(_within(other, "companion.app") for other in imported)
    )  # fmt: skip
    assert importers == []


def test_the_event_log_never_imports_the_table() -> None:
    graph = import_graph()
    event_log = [name for name in graph if name.startswith("companion.event_log")]
    assert "companion.event_log.store" in event_log
    assert not any(
        name.startswith("companion.table")
        for module in event_log
        for name in reachable(graph, module)
    )


@pytest.mark.parametrize(
    ("importer", "imported", "expected"),
    [
        ("companion.games.uno.classic", "companion.games.base", True),
        ("companion.games.base", "companion.table", False),
        ("device.spinner", "companion.table", False),
        ("ui.app", "companion.app.product", False),
        ("ui.screens.settings", "device.backlight", False),
        ("companion.ports", "device.spinner", False),
    ],
)
def test_the_rules_read_from_the_doc_decide_as_the_doc_says(
    importer: str, imported: str, expected: bool
) -> None:
    assert allowed(importer, imported, layers()) is expected


def _opens_a_table_or_a_log(source: str) -> list[int]:
    """The lines of `source` that make a `Table` or open a log to write (`Store.open`)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        makes_a_table = isinstance(called, ast.Name) and called.id == "Table"
        opens_a_log = (isinstance(called, ast.Attribute) and called.attr == "open"
                       and isinstance(called.value, ast.Name) and called.value.id == "Store")
        if makes_a_table or opens_a_log:
            lines.append(node.lineno)
    return lines


def test_only_the_one_assembly_opens_a_table_on_the_log() -> None:
    """`companion run`, `ui`, `web` and `demo` are the product with parts left out: none of
    the commands, the screen or the phone page assembles a table of its own."""
    product = ROOT / "companion" / "app" / "product.py"
    places = [ROOT / "companion" / "app", ROOT / "ui", ROOT / "companion" / "web"]
    offences = [
        f"{path.relative_to(ROOT)}:{line}"
        for place in places
        for path in sorted(place.rglob("*.py"))
        if path != product
        for line in _opens_a_table_or_a_log(path.read_text(encoding="utf-8"))
    ]
    assert offences == [], "open the product (companion.app.product.open_product) instead"
