"""Fuzzing the hardware config: random bytes and mutated valid files never crash loading.

Whatever the file holds, loading returns a usable config (the broken parts switched off)
and a list of translated problems; the file itself is never changed.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import catalogue
from hardware.config import HardwareConfig, LoadedConfig, load_config, parse_config
from tests.fuzzing import fuzz, lots

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = tomllib.loads((ROOT / "config.example.toml").read_text(encoding="utf-8"))

toml_values = st.recursive(
    st.booleans()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


def assert_usable(loaded: LoadedConfig) -> None:
    assert isinstance(loaded.config, HardwareConfig)
    english = catalogue("en")
    assert all(problem.key in english for problem in loaded.problems)


@lots()
@given(data=st.binary(max_size=300))
def test_random_bytes_load_as_a_usable_config(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "hardware.toml"
    path.write_bytes(data)
    assert_usable(load_config(path))
    assert path.read_bytes() == data


def mutate(document: dict[str, Any], path: list[str], value: Any) -> dict[str, Any]:
    """Set the value at ``path`` (creating tables on the way) in a deep copy."""
    changed: dict[str, Any] = copy.deepcopy(document)
    table: Any = changed
    for key in path[:-1]:
        if not isinstance(table.get(key), dict):
            table[key] = {}
        table = table[key]
    table[path[-1]] = value
    return changed


def example_paths() -> list[list[str]]:
    """Every key path of the example config."""
    found: list[list[str]] = []

    def walk(table: dict[str, Any], prefix: list[str]) -> None:
        for key, value in table.items():
            found.append([*prefix, key])
            if isinstance(value, dict):
                walk(value, [*prefix, key])

    walk(EXAMPLE, [])
    return found


@fuzz()
@given(path=st.sampled_from(example_paths()), value=toml_values)
def test_any_wrong_value_in_a_valid_file_is_reported_not_raised(
    path: list[str], value: Any
) -> None:
    assert_usable(parse_config(mutate(EXAMPLE, path, value)))


@lots()
@given(section=st.sampled_from(sorted(EXAMPLE)), key=st.text(max_size=10), value=toml_values)
def test_unknown_keys_anywhere_are_reported_not_raised(section: str, key: str, value: Any) -> None:
    assert_usable(parse_config(mutate(EXAMPLE, [section, key], value)))
