"""The pure core imports nothing outside the standard library.

Checked in a fresh interpreter, so modules that other tests (or pytest) have already imported
cannot hide an import: every module loaded by importing the core must be part of the standard
library or of ``auction_fsm`` itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

CORE = ("calls", "seats", "cards", "rules", "auction", "records", "errors", "events")
ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
before = set(sys.modules)
import importlib
for name in {modules!r}:
    importlib.import_module("auction_fsm." + name)
loaded = sorted(set(sys.modules) - before)
print(json.dumps({{"loaded": loaded, "stdlib": sorted(sys.stdlib_module_names)}}))
"""


@cache
def _loaded_by(modules: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """Modules a fresh interpreter loads to import ``auction_fsm.<modules>``, and the stdlib names."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(modules=modules)],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"},
    )
    data = json.loads(done.stdout)
    return data["loaded"], set(data["stdlib"])


def _third_party(loaded: list[str], stdlib: set[str]) -> list[str]:
    top = {name.split(".")[0] for name in loaded}
    return sorted(t for t in top if t not in stdlib and t != "auction_fsm")


def test_the_core_loads_no_third_party_module() -> None:
    loaded, stdlib = _loaded_by(CORE)
    assert "auction_fsm.rules" in loaded and "auction_fsm.auction" in loaded  # the probe did import
    assert _third_party(loaded, stdlib) == []


def test_the_core_does_not_drag_in_the_machines() -> None:
    loaded, _ = _loaded_by(CORE)
    assert not {"auction_fsm.machines", "auction_fsm.simulator", "transitions", "networkx",
                "matplotlib"} & set(loaded)


def test_the_probe_would_notice_a_third_party_import() -> None:
    loaded, stdlib = _loaded_by(("machines",))  # the machines use transitions, on purpose
    assert "transitions" in _third_party(loaded, stdlib)
