"""The import graph of ``companion`` and ``hardware``, read from the source with ``ast``.

Every import counts, also those inside functions: a layer rule or a cycle hidden in a
function body is still a dependency.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The project folder."""
PACKAGES = ("companion", "hardware", "vocabulary")
"""The packages whose imports are read."""


@dataclass(frozen=True)
class Import:
    """One import statement: who imports what, and on which line."""

    module: str
    """The importing module, dotted."""
    target: str
    """The imported module, dotted (a submodule when ``from pkg import sub`` names one)."""
    line: int
    """Line of the statement."""


def module_name(path: Path) -> str:
    """The dotted name of the module in ``path``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imports(known: dict[str, Path]) -> Iterator[Import]:
    """Every import in every module, resolved to modules where it names one."""
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _runtime_nodes(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield Import(name, alias.name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, package)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    yield Import(name, sub if sub in known else base, node.lineno)


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node except those under ``if TYPE_CHECKING:`` (never run)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (n for child in node.orelse for n in _runtime_nodes_with(child))
            continue
        yield node
        yield from _runtime_nodes(node)


def _runtime_nodes_with(node: ast.AST) -> Iterator[ast.AST]:
    yield node
    yield from _runtime_nodes(node)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups
