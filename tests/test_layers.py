"""The layer table of docs/architecture.md, kept by reading every import (inside functions too).

A module may import only what its layer allows, and no group of modules may import
each other in a circle.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.layers import Import, cycles, imports, modules

WIRING = frozenset({"companion", "companion.__main__", "companion.cli", "companion.staff_pin",
                    "companion.ui.app", "companion.ui.diagnostics"})
"""Modules that put the app together: they may import everything.

The buttons-and-lights screen (``ui.diagnostics``) counts as wiring: its whole job is to
show the started hardware itself (pins, the box link, the last press), so it reads the
hardware's own objects, as the wiring that started them does."""
EXTENDS_WIRING = frozenset({("companion.ui.kiosk.app", "companion.ui.app"),
                            ("companion.ui.kiosk.app", "companion.ui.diagnostics")})
"""The kiosk app is the app with more screens: it extends the wiring's ``App``."""
RULES_MAY_USE = frozenset({"companion.core.messages", "companion.core.game",
                           "companion.core.questions"})
"""The shared modules a game's rules may import besides their own."""
SCREEN_DOORS = frozenset({"game", "state", "queries", "questions"})
"""The modules of a game's rules that its screens may import (and the package itself)."""
SCREEN_DOOR_REFUSAL = ("screens read the rules through game, state, queries and questions"
                       " (re-export the name in queries.py)")
THIRD_PARTY_UI = ("pygame",)
THIRD_PARTY_HARDWARE = ("gpiozero", "serial")


def layer(module: str) -> str:
    """The layer of ``module``: wiring, rules, core, ui or hardware."""
    if module in WIRING:
        return "wiring"
    for prefix, name in (("companion.games", "rules"), ("companion.core", "core"),
                         ("companion.fleet", "core"),
                         ("companion.ui", "ui"), ("hardware", "hardware")):
        if module == prefix or module.startswith(prefix + "."):
            return name
    raise AssertionError(f"no layer for {module}")


def _under(target: str, *prefixes: str) -> bool:
    return any(target == prefix or target.startswith(prefix + ".") for prefix in prefixes)


def _game_of(module: str, root: str) -> str | None:
    parts = module.split(".")
    depth = len(root.split("."))
    return parts[depth] if len(parts) > depth else None


def refusal(found: Import, games: frozenset[str]) -> str | None:
    """Why ``found`` breaks the layer table (``None``: it is allowed)."""
    source, target = found.module, found.target
    kind = layer(source)
    if kind == "wiring" or (source, target) in EXTENDS_WIRING:
        return None
    if kind == "hardware":
        bad = _under(target, "companion", *THIRD_PARTY_UI)
        return "hardware imports neither companion nor pygame" if bad else None
    if _under(target, "hardware", *THIRD_PARTY_HARDWARE):
        return "only the wiring starts the hardware"
    if _under(target, *WIRING - {"companion"}):
        return "only the wiring imports the wiring"
    if kind == "rules":
        return _rules_refusal(source, target)
    if kind == "core":
        if _under(target, "companion.ui", *THIRD_PARTY_UI):
            return "the core knows no screens"
        if _under(target, "companion.games") and source != "companion.core.registry":
            return "the core reaches the rules only through the registry"
        return None
    return _ui_refusal(source, target, games)


def _rules_refusal(source: str, target: str) -> str | None:
    game = _game_of(source, "companion.games")
    if game is None or _under(target, f"companion.games.{game}"):
        return None
    if _under(target, "companion"):
        return None if target in RULES_MAY_USE else "rules import only their own modules"
    return "rules draw nothing" if _under(target, *THIRD_PARTY_UI) else None


def _ui_refusal(source: str, target: str, games: frozenset[str]) -> str | None:
    if not _under(target, "companion.games"):
        return None
    game = _game_of(target, "companion.games")
    own = _game_of(source, "companion.ui")
    if own not in games or game != own:
        return "only a game's own screens import its rules"
    door = _game_of(target, f"companion.games.{game}")
    if door is not None and door not in SCREEN_DOORS:
        return SCREEN_DOOR_REFUSAL
    return None


@pytest.fixture(scope="module")
def graph() -> tuple[dict[str, Path], list[Import]]:
    known = modules()
    return known, list(imports(known))


def test_every_import_keeps_the_layer_table(graph: tuple[dict[str, Path], list[Import]]) -> None:
    known, found = graph
    games = frozenset(name.split(".")[2] for name in known
                      if name.startswith("companion.games.") and name.count(".") == 2)
    broken = [f"{i.module}:{i.line} imports {i.target}: {why}"
              for i in found if (why := refusal(i, games)) is not None]
    assert broken == []


def test_no_modules_import_each_other_in_a_circle(
        graph: tuple[dict[str, Path], list[Import]]) -> None:
    known, found = graph
    edges: dict[str, set[str]] = {}
    for item in found:
        if item.target in known and item.target != item.module:
            edges.setdefault(item.module, set()).add(item.target)
    assert cycles(edges) == []


def test_the_checker_sees_imports_hidden_in_functions() -> None:
    """A refusal is found inside a function body, and a circle of two modules is a cycle."""
    games = frozenset({"fuji", "tikal"})
    hidden = Import("companion.core.kiosk", "companion.ui.screens", 10)
    assert refusal(hidden, games) == "the core knows no screens"
    other = Import("companion.ui.tikal.play", "companion.games.fuji.state", 3)
    assert refusal(other, games) == "only a game's own screens import its rules"
    inner = Import("companion.ui.fuji.play", "companion.games.fuji.scoring", 5)
    assert refusal(inner, games) == SCREEN_DOOR_REFUSAL
    assert refusal(Import("companion.ui.fuji.play", "companion.games.fuji.queries", 5),
                   games) is None
    assert refusal(Import("companion.ui.fuji.play", "companion.games.fuji", 5), games) is None
    assert refusal(Import("companion.ui.kiosk.start", "hardware.events", 4), games) == (
        "only the wiring starts the hardware")
    assert refusal(Import("companion.ui.app", "hardware.events", 4), games) is None
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
