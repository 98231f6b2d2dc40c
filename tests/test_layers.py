"""Dependencies point one way: the package's imports, read from the source, form no cycle, and
the layers (values, state, law book, engine, machines, front ends) import only downwards.

Every import counts, at module level or inside a function: an import hidden in a function is
still a dependency, only a later one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "auction_fsm"

# Layer of each module (by dotted name prefix); a module may import only modules of its own
# layer or a lower one.  Unlisted modules are front ends (the top layer).
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("values", ("errors", "values", "seats", "calls", "cards", "rules", "records", "events", "scope",
                "vulnerability", "pvector")),
    ("state", ("auction",)),
    ("law book", ("lawbook",)),
    ("engine", ("engine",)),
    ("machines", ("machines", "simulator", "exploration")),
]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str) -> set[str]:
    """The ``auction_fsm`` modules ``path`` imports (``from . import x`` resolved to ``pkg.x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("auction_fsm")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if not mod.startswith("auction_fsm"):
                continue
            for a in node.names:  # `from . import rules` names a module; `from .x import y` a name
                sub = f"{mod}.{a.name}"
                out.add(sub if (PACKAGE.parent / (sub.replace(".", "/") + ".py")).exists()
                        or (PACKAGE.parent / sub.replace(".", "/")).is_dir() else mod)
    out.discard(name)
    return out


def _graph() -> nx.DiGraph[str]:
    g: nx.DiGraph[str] = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        name = _module_name(path)
        g.add_node(name)
        for dep in _imports(path, name):
            if dep != "auction_fsm":  # the package's __init__ only re-exports
                g.add_edge(name, dep)
    return g


def _layer(module: str) -> int:
    short = module.removeprefix("auction_fsm.").split(".")[0]
    for i, (_, names) in enumerate(LAYERS):
        if short in names:
            return i
    return len(LAYERS)


def test_the_package_imports_form_no_cycle() -> None:
    g = _graph()
    assert g.number_of_edges() > 50  # the reader really found the imports
    cycles = list(nx.simple_cycles(g))
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_each_layer_imports_only_downwards() -> None:
    g = _graph()
    upward = [(a, b) for a, b in g.edges if _layer(b) > _layer(a)]
    assert not upward, f"imports that point up a layer: {sorted(upward)}"


def test_a_planted_cycle_is_found() -> None:
    g = _graph()
    g.add_edge("auction_fsm.auction", "auction_fsm.engine")  # what AuctionState.apply used to need
    assert list(nx.simple_cycles(g))
