"""The cluster benchmark's memory table (``benchmarks/bench_cluster.py memory``) runs and compares
like with like: one process and the partitions driven in this process find the same
configurations.  How much each holds is the benchmark's to print, not a test's to bound (what the
partitions keep is tested in test_cluster.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_memory_table_compares_one_process_with_the_partitions() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_cluster.py"), "memory",
                          "--scopes", "exposure-1", "--partitions", "2"],
                         capture_output=True, text=True, check=True, timeout=300).stdout
    row = next(line.split() for line in out.splitlines() if line.startswith("exposure-1"))
    states, one, parts, ratio, same = row[1], int(row[2].replace(",", "")), int(row[3].replace(",", "")), float(row[4]), row[5]
    assert states == "3,304" and same == "yes"
    assert one > 0 and parts > 0 and abs(ratio - parts / one) < 0.02  # (the ratio of the two figures)
    assert int(row[6].replace(",", "")) > 0 and int(row[7].replace(",", "")) > 0  # (edges sorted, and its peak)


def test_what_a_configuration_adds_is_the_difference_between_two_levels_of_one_scope() -> None:
    """Scopes that differ only in their highest level are paired, the bytes held differenced
    over the configurations; scopes of other families are not."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_cluster
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    rows = [("insufficient-1", 100, 10_000, 20_000), ("changes-1", 400, 1, 1),
            ("insufficient-1-level2", 300, 18_000, 40_000)]
    assert bench_cluster._added(rows) == [
        "added a configuration from insufficient-1 to insufficient-1-level2: one process 40 B, partitions 100 B"]


@pytest.mark.parametrize("script, argv", [
    ("bench_cluster.py", ["memory", "--scopes", "exposure-1", "rotation-1-level9"]),
    ("bench_cluster.py", ["compare", "--scopes", "rotation-1-level9"]),
    ("bench_cluster.py", ["growth", "--family", "rotations"]),
    ("bench_quotient.py", ["exposure-1", "rotation-1-level9"]),
])
def test_an_unknown_scope_or_family_is_one_line_before_anything_is_explored(script: str, argv: list[str]) -> None:
    """A benchmark told a name it does not know says so at once, quoting it, with the usage
    line and exit status 2: no traceback, no table begun."""
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *argv],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert "'rotation-1-level9'" in run.stderr or "'rotations'" in run.stderr
