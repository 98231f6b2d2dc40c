"""The subcommands of ``auction-fsm``, one module each, found at start-up.

Every public module in this package defines ``register(subparsers) -> None``, which adds one or
more subcommand parsers to the ``argparse`` subparsers object and gives each a handler with
``parser.set_defaults(func=handler)``; a handler takes the parsed ``argparse.Namespace`` and
returns the exit status.  Adding a command is adding a module: nothing else needs editing.
Modules whose name starts with an underscore are helpers and are skipped.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from typing import TypeAlias

__all__ = ["Subparsers", "command_modules", "register_all"]

# What ``register`` receives (a string alias: argparse's class is generic only for type checkers).
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def command_modules() -> list[str]:
    """The names of the command modules, sorted (helpers starting with ``_`` left out)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def register_all(subparsers: Subparsers) -> None:
    """Import every command module and let it register its subcommands.

    A module without a callable ``register`` is a programming error, reported at once (not
    when a user first runs that command).
    """
    for name in command_modules():
        module = importlib.import_module(f"{__name__}.{name}")
        register = getattr(module, "register", None)
        if not callable(register):
            raise TypeError(f"command module {module.__name__} has no register(subparsers) function")
        register(subparsers)
