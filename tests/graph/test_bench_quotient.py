"""The quotient benchmark's lists of what differs inside a class (``benchmarks/bench_quotient.py
--parts --groups``): where a smaller key would come from, named by the declared key's names."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path
from types import ModuleType

import pytest

from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named


def _benchmark() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_quotient.py"
    spec = importlib.util.spec_from_file_location("bench_quotient", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_parts_that_differ_are_named_from_packed_keys() -> None:
    """Two configurations' packed keys are compared value by value, by the declared names; keys
    alike differ in nothing."""
    bench = _benchmark()
    space = IrregularSpace(scope_named("exposure-1"), agreement="off")
    ex = explore(space)
    keys = list(ex.keys)
    assert all(isinstance(k, bytes) for k in keys)  # (what the benchmark used to skip)
    assert bench._differing(space, keys[5], keys[5]) == ()
    differing = {bench._differing(space, a, b) for a, b in itertools.pairwise(keys)}
    names = set(space.declared.names) if space.declared is not None else set()
    assert differing and all(d and set(d) <= names for d in differing)


def test_the_benchmark_lists_the_parts_and_groups_inside_classes(capsys: pytest.CaptureFixture[str]) -> None:
    """``--parts`` and ``--groups`` print something for a scope whose classes merge
    configurations (they printed nothing once the keys were packed)."""
    _benchmark().measure("exposure-1", parts=True, groups=1)
    out = capsys.readouterr().out
    assert "configurations at nothing pending, differing in exposed; for example" in out
    assert "    exposed: differs in" in out
    assert "reached by N: 1C" in out
