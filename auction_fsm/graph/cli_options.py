"""Command-line options shared by ``verify``, ``export`` and ``draw``: choosing scopes.

Moved to :mod:`auction_fsm.commands._scope_options`, which registers them without importing the
explorers (a fast start for every command); this name stays for code that imported it here.
"""

from __future__ import annotations

from ..commands._scope_options import add_scope_options, scopes_from_args

__all__ = ["add_scope_options", "scopes_from_args"]
