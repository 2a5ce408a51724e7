"""No module of the companion imports a module that imports it back.

Imports are read from the source (`ast`), so imports made only for type
checking or inside functions count too: they are a cycle all the same, one
that only happens to work today. Importing ``a.b.c`` also runs the package
``a.b`` unless the importer is inside it.
"""

from __future__ import annotations

import ast
from pathlib import Path

COMPANION = Path(__file__).resolve().parents[1] / "companion"


def module_files() -> dict[str, Path]:
    modules = {}
    for path in COMPANION.rglob("*.py"):
        parts = list(path.relative_to(COMPANION.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_names(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
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


def import_graph() -> dict[str, set[str]]:
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


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for following in graph[todo.pop()]:
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return seen


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    graph = import_graph()
    cycles = sorted(
        name for name in graph
        if name in reachable(graph, name)
    )  # fmt: skip
    assert cycles == []


def test_the_event_log_never_imports_the_table() -> None:
    graph = import_graph()
    event_log = [name for name in graph if name.startswith("companion.event_log")]
    assert "companion.event_log.store" in event_log
    assert not any(
        name.startswith("companion.table")
        for module in event_log
        for name in reachable(graph, module)
    )
