"""The subcommands of ``auction-fsm``, one module each, found at start-up.

Every public module in this package defines ``register(subparsers) -> None``, which adds one or
more subcommand parsers to the ``argparse`` subparsers object and gives each a handler with
``parser.set_defaults(func=handler)``; a handler takes the parsed ``argparse.Namespace`` and
returns the exit status.  Adding a command is adding a module: nothing else needs editing.
Modules whose name starts with an underscore are helpers and are skipped.

Start-up stays quick in two ways:

* a command module imports only light things at module level -- the standard library and the
  pure core (:mod:`auction_fsm.calls`, :mod:`~auction_fsm.seats`, :mod:`~auction_fsm.errors`
  ...) -- and imports what its handler needs (the simulator and ``transitions``, the graph
  package with numpy and networkx, matplotlib) inside the handler, since ``--help`` imports
  every command module to list them (``tests/test_cli_lazy.py`` checks each module, including
  ones added later);
* when the command line names a command that has a module of the same name
  (``auction-fsm replay FILE``), :func:`register_for` imports and registers that module alone;
  anything else (``--help``, ``demo``, a typo) registers them all, so the lists and messages
  argparse prints are complete.

Options several commands share are in the light helpers :mod:`._scope_options` and
:mod:`._progress`; reading a scenario argument (``-`` is standard input) is in :mod:`._files`;
the type ``register`` receives, the exit statuses and the one-line error are in :mod:`._base`.
A command module imports those helpers, never this package or :mod:`auction_fsm.cli`: this
package imports every command module, and the command line imports this package
(``tests/test_layers.py`` fails on such a loop).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence

from ._base import Subparsers

__all__ = ["Subparsers", "command_modules", "register_all", "register_module", "register_for"]


def command_modules() -> list[str]:
    """The names of the command modules, sorted (helpers starting with ``_`` left out).

    Read from the package directories (what ``pkgutil.iter_modules`` would list, without
    importing ``pkgutil`` on every start).
    """
    names = set()
    for folder in __path__:
        for entry in os.listdir(folder):
            stem, dot, suffix = entry.partition(".")
            if dot and suffix == "py" and stem.isidentifier() and not stem.startswith("_"):
                names.add(stem)
    return sorted(names)


def register_module(name: str, subparsers: Subparsers) -> None:
    """Import the command module ``name`` and let it register its subcommands.

    A module without a callable ``register`` is a programming error, reported at once (not
    when a user first runs that command).
    """
    module = importlib.import_module(f"{__name__}.{name}")
    register = getattr(module, "register", None)
    if not callable(register):
        raise TypeError(f"command module {module.__name__} has no register(subparsers) function")
    register(subparsers)


def register_all(subparsers: Subparsers) -> None:
    """Import every command module and let it register its subcommands."""
    for name in command_modules():
        register_module(name, subparsers)


def register_for(argv: Sequence[str], subparsers: Subparsers) -> bool:
    """Register only the module the command line needs, when that can be known cheaply: the
    first argument names a command module that registers a command of that very name.  Return
    True when that was done; otherwise nothing is registered and the caller registers all.
    """
    word = argv[0] if argv else ""
    if not word.isidentifier() or word.startswith("_") or word not in command_modules():
        return False
    register_module(word, subparsers)
    # False when the module is named like the command but registers other names: the caller
    # then starts again with all of them
    return word in subparsers.choices
