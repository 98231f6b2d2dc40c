"""The interface every configuration space offers to the explorer.

A *configuration* is one complete state of the model (auction, phase, seat obligations, and
whatever a law family adds); a :class:`ConfigurationSpace` names the starting configurations and
says, for any configuration, which events are enabled and where each one leads.  The explorer in
:mod:`auction_fsm.graph.configuration` needs nothing else, so a law family plugs in by providing
one more class with these methods (see ``docs/verification.md``).

Keys must be hashable and must hold the *complete* state: two configurations with equal keys are
treated as one, so a field left out of the key silently merges states that differ.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

__all__ = ["ConfigurationSpace", "K", "L"]

K = TypeVar("K", bound=Hashable)
L = TypeVar("L")


class ConfigurationSpace(Protocol[K, L]):
    """What the explorer asks of a model.  ``K`` is the key type, ``L`` the event-label type.

    Labels are compact (the legal scope uses call codes); :meth:`label_text` makes them
    readable and :meth:`scenario` turns a path of labels into a replayable scenario.
    """

    name: str

    def initial_states(self) -> Sequence[K]:
        """The configurations exploration starts from (one per dealer in scope)."""
        ...

    def successors(self, key: K) -> tuple[Sequence[L], Sequence[K]]:
        """The enabled events at ``key`` and the configurations they lead to.

        Two parallel sequences (labels, keys) in a fixed order; parallel rather than pairs
        because the explorer hands each to C-level code whole, which is the fast path.
        """
        ...

    def is_terminal(self, key: K) -> bool:
        """True for an end of the auction period (contract, passed out, play begun ...)."""
        ...

    def describe(self, key: K) -> str:
        """One line saying what the configuration is, for reports."""
        ...

    def label_text(self, label: L) -> str:
        """The event a label stands for, as short text (``1NT``, ``director called`` ...)."""
        ...

    def scenario(self, start: K, labels: Sequence[L]) -> dict[str, Any]:
        """The scenario file (as a JSON-ready dict) that plays ``labels`` from ``start``."""
        ...

    def machine_states(self, key: K) -> Iterable[str]:
        """The machine-graph nodes (``phase:auction``, ``seat:free`` ...) the key realises."""
        ...

    def faults(self, key: K) -> Sequence[str]:
        """Inconsistencies the space detects at ``key`` (e.g. machines and core disagreeing)."""
        ...
