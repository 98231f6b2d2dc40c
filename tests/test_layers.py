"""Dependencies point one way: the package's imports, read from the source, form no cycle, and
the layers import only downwards.

Every import counts, at module level or inside a function: an import hidden in a function is
still a dependency, only a later one.  The command package finds its command modules at run
time (``importlib``), which no import statement shows: the reader adds those edges, so a
command that imports its own package or the command line is a loop here, as it is when it runs.

The layers, from the bottom:

1. values, 2. state, 3. law book, 4. engine, 5. machines and explorer (README, *How it fits
   together*);
6. the libraries the front ends share: scenario files, PBN and LIN, narration, reports, the
   consequences of an option, the graph and the drawings, the fuzzer (every module not named
   in another layer);
7. ``teaching/``: the flowcharts for people, the interactive director, the quiz, the random
   simulator;
8. ``web/``: the web trainer, which shows the interactive director, the narration and the
   flowcharts' data in a browser;
9. ``commands/``: one module per command, each the shell's way into a library, ``teaching``
   or ``web``;
10. the command line (``cli``, ``__main__``), which finds and runs the commands.

A module imports only its own layer or lower ones.  So no library imports a front end, and the
front ends import each other only downwards: ``web`` uses ``teaching``, ``teaching`` never uses
``web``; neither uses ``commands`` or the command line, and no command uses the command line.
Within a front end's own folder, the same one-way rule is the cycle test's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "auction_fsm"

# Layer of each module (by its first name under the package), bottom first; a module may import
# only modules of its own layer or a lower one.  Unlisted modules are the shared libraries.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("values", ("errors", "values", "seats", "calls", "cards", "rules", "records", "events", "scope",
                "vulnerability", "pvector", "standing")),
    ("state", ("auction",)),
    ("law book", ("lawbook",)),
    ("engine", ("engine",)),
    ("machines", ("machines", "simulator", "exploration")),
    ("libraries", ()),
    ("teaching", ("teaching",)),
    ("web", ("web",)),
    ("commands", ("commands",)),
    ("command line", ("cli", "__main__")),
]
_LIBRARIES = [name for name, _ in LAYERS].index("libraries")
FRONT_ENDS = ("teaching", "web", "commands", "command line")


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


def _command_modules() -> list[str]:
    """What ``auction_fsm.commands`` imports at run time: each public module of its folder."""
    from auction_fsm.commands import command_modules

    return [f"auction_fsm.commands.{m}" for m in command_modules()]


def _graph() -> nx.DiGraph[str]:
    g: nx.DiGraph[str] = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        name = _module_name(path)
        g.add_node(name)
        for dep in _imports(path, name):
            if dep != "auction_fsm":  # the package's __init__ only re-exports
                g.add_edge(name, dep)
    for module in _command_modules():  # found and imported by importlib (register_module)
        g.add_edge("auction_fsm.commands", module)
    return g


def _layer(module: str) -> int:
    short = module.removeprefix("auction_fsm.").split(".")[0]
    for i, (_, names) in enumerate(LAYERS):
        if short in names:
            return i
    return _LIBRARIES


def _upward(g: nx.DiGraph[str]) -> list[tuple[str, str]]:
    return sorted((a, b) for a, b in g.edges if _layer(b) > _layer(a))


def test_the_package_imports_form_no_cycle() -> None:
    g = _graph()
    assert g.number_of_edges() > 50  # the reader really found the imports
    cycles = list(nx.simple_cycles(g))
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_each_layer_imports_only_downwards() -> None:
    g = _graph()
    upward = _upward(g)
    assert not upward, f"imports that point up a layer: {upward}"


def test_every_front_end_is_placed_in_its_layer() -> None:
    """The front ends the layers name exist, so a renamed folder cannot empty a layer unnoticed."""
    g = _graph()
    for layer, names in LAYERS:
        for short in names:
            assert any(n.removeprefix("auction_fsm.").split(".")[0] == short for n in g), (layer, short)
    assert [LAYERS[i][0] for i in range(_LIBRARIES + 1, len(LAYERS))] == list(FRONT_ENDS)


def test_a_planted_cycle_is_found() -> None:
    g = _graph()
    g.add_edge("auction_fsm.auction", "auction_fsm.engine")  # what AuctionState.apply used to need
    assert list(nx.simple_cycles(g))


def test_a_command_importing_the_command_line_is_a_loop() -> None:
    """The loop ``cli -> commands -> replay -> cli`` that the run-time edges make visible."""
    g = _graph()
    assert g.has_edge("auction_fsm.commands", "auction_fsm.commands.replay")
    g.add_edge("auction_fsm.commands.replay", "auction_fsm.cli")
    assert ["auction_fsm.cli", "auction_fsm.commands", "auction_fsm.commands.replay"] in [
        sorted(c) for c in nx.simple_cycles(g)]


def test_a_library_importing_a_front_end_is_refused() -> None:
    g = _graph()
    for library, front_end in [("auction_fsm.narrate", "auction_fsm.teaching.session"),
                               ("auction_fsm.engine", "auction_fsm.web.server"),
                               ("auction_fsm.report", "auction_fsm.commands._base")]:
        planted = g.copy()
        planted.add_edge(library, front_end)
        assert (library, front_end) in _upward(planted)


def test_front_ends_importing_each_other_upwards_are_refused() -> None:
    g = _graph()
    assert g.has_edge("auction_fsm.web.session", "auction_fsm.teaching.session")  # allowed: down
    for lower, higher in [("auction_fsm.teaching.session", "auction_fsm.web.session"),
                          ("auction_fsm.web.server", "auction_fsm.commands.serve"),
                          ("auction_fsm.teaching.quiz", "auction_fsm.commands.quiz"),
                          ("auction_fsm.commands.replay", "auction_fsm.cli")]:
        planted = g.copy()
        planted.add_edge(lower, higher)
        assert (lower, higher) in _upward(planted)
