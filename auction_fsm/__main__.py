"""``python -m auction_fsm``: the same command line as the ``auction-fsm`` console script."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
