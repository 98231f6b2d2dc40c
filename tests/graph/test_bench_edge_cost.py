"""The edge-cost benchmark (``benchmarks/bench_edge_cost.py``): every part it prints is measured
on the same edges, the tabled offer is checked against the book's before it is timed, and a
scope it cannot time (unknown, verified in parts, legal) is one usage line.  No timing is asserted (speed lives in the benchmark)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _benchmark() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_edge_cost.py"
    spec = importlib.util.spec_from_file_location("bench_edge_cost", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up by name
    spec.loader.exec_module(module)
    return module


def test_every_part_is_timed_on_the_edges_found() -> None:
    bench = _benchmark()
    c = bench.costs("insufficient-1", 200)
    assert c.edges >= 200 and 0 < c.configurations < c.edges
    assert list(c.parts) == ["alphabet", "candidates (uncached)", "candidates (tables)", "step",
                             "step (tables)", "strict step", "strict step (tables)", "key", "lookup"]
    assert all(us > 0 for us in c.parts.values())
    assert c.budget == pytest.approx(1e6 * c.configurations / (250_000 * c.edges))


@pytest.mark.parametrize(("name", "said"), [
    ("rotation-1-level2", "rotation-1-level2"),  # no scope has that name
    ("all-1-level7", "verified in parts"),  # the explorer times one part, not the whole
    ("legal", "not an irregular scope"),
])
def test_a_scope_it_cannot_time_is_one_usage_line(name: str, said: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bench = _benchmark()
    with pytest.raises(SystemExit) as exc:
        bench.main(["--scopes", f"insufficient-1,{name}"])
    assert exc.value.code == 2
    assert said in capsys.readouterr().err
