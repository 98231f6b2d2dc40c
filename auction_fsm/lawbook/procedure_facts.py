"""The facts a waiting procedure keeps beside its step (``Pending.extra``), each declared once
with its kind.

A procedure of the book keeps, as named pairs of text, what its later steps need: who may
accept a call out of rotation, where the call made over a changed call sits in the record, the
call a change of call would put in place, whether a second insufficient bid is being ruled
(27B4) ...  Each such fact is declared by the family module that writes it, with
:func:`procedure_fact`, and its **kind** says what its value is:

* ``seat`` -- a seat letter (or ``director``, where the fact says who decides): moving the
  position round the table moves it (:mod:`auction_fsm.symmetry`);
* ``place`` -- a place in the record of calls counted back from its end (0: the last entry),
  as the procedure keeps its own call (``Pending.back``): the position moves every place back by
  one when a call is added while the procedure waits (``AuctionState.add_call``), so the same
  situation later in an auction keeps the same facts; the explorer ranks places rather than
  keeps them (:mod:`auction_fsm.exploration`);
* ``call`` -- a call, as text (``1H``, ``P``, ``X``);
* ``word`` -- a word or a flag (a law, a step, a judgement expected, ``1`` or empty).

A procedure that interrupts another keeps the facts of the step it interrupted under a prefix
(:func:`copied_procedure_facts`: ``back:accept_by`` is the held step's ``accept_by``), of the
same kind.  A key no family declares is a fault of the book: the audit of actions
(:func:`auction_fsm.lawbook.parts.audited`) and ``tests/test_procedure_facts.py`` name it.

Standard library only, besides the package's error and record types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import LawBookError
from ..records import Pending

__all__ = ["Kind", "KINDS", "ProcedureFact", "PROCEDURE_FACTS", "procedure_fact", "copied_procedure_facts",
           "declared", "names_of_kind", "undeclared", "UndeclaredProcedureFact", "check_pending"]

Kind = Literal["seat", "place", "call", "word"]
#: Each kind, in words.
KINDS: dict[Kind, str] = {
    "seat": "a seat letter (N, E, S, W), or 'director' where it says who decides",
    "place": "a place in the record of calls counted back from its end, 0 the last entry (empty: none)",
    "call": "a call as text (1H, P, X; empty: none)",
    "word": "a word or a flag (a law, a step, a judgement expected; '1' or empty)",
}


class UndeclaredProcedureFact(LawBookError):
    """A waiting procedure keeps a fact no family declares: a fault of the book, named by the
    fact and the procedure."""


@dataclass(frozen=True, slots=True)
class ProcedureFact:
    """One fact a waiting procedure may keep: its name, the family whose module writes it (or
    ``shared`` for the building blocks several families use), its kind and what it holds."""

    name: str
    family: str
    kind: Kind
    words: str


#: Every declared fact, by name, in the order declared.
PROCEDURE_FACTS: dict[str, ProcedureFact] = {}
#: The prefixes under which a procedure keeps a copy of the facts of the step it interrupted.
_COPIES: dict[str, ProcedureFact] = {}


def procedure_fact(name: str, family: str, kind: Kind, words: str) -> ProcedureFact:
    """Declare that a procedure may keep fact ``name`` (once: a second declaration is a fault)."""
    if name in PROCEDURE_FACTS:
        raise LawBookError(f"procedure fact {name!r} is declared twice "
                           f"(by {PROCEDURE_FACTS[name].family} and {family})")
    if kind not in KINDS:
        raise LawBookError(f"procedure fact {name!r} has kind {kind!r}; the kinds are {', '.join(KINDS)}")
    fact = PROCEDURE_FACTS[name] = ProcedureFact(name, family, kind, words)
    return fact


def copied_procedure_facts(prefix: str, family: str, words: str) -> str:
    """Declare that a procedure may keep, under ``prefix``, a copy of every fact of the step it
    interrupted (each copy has the kind of the fact copied); returns ``prefix``."""
    if prefix in _COPIES:
        raise LawBookError(f"the prefix {prefix!r} of copied procedure facts is declared twice")
    _COPIES[prefix] = ProcedureFact(prefix, family, "word", words)
    return prefix


def declared(name: str) -> ProcedureFact | None:
    """The declaration of fact ``name`` (a copy's is the copied fact's), or ``None``."""
    fact = PROCEDURE_FACTS.get(name)
    if fact is None:
        for prefix in _COPIES:
            if name.startswith(prefix):
                return PROCEDURE_FACTS.get(name[len(prefix):])
    return fact


def names_of_kind(kind: Kind) -> frozenset[str]:
    """Every name a fact of ``kind`` may be kept under: the declared ones and their copies."""
    names = {n for n, f in PROCEDURE_FACTS.items() if f.kind == kind}
    return frozenset(names | {p + n for p in _COPIES for n in names})


def undeclared(pending: Pending | None) -> list[str]:
    """The keys ``pending`` keeps that no family declares, in its order (empty: all declared)."""
    if pending is None:
        return []
    return [k for k, _ in pending.extra if declared(k) is None]


def check_pending(pending: Pending | None, who: str) -> None:
    """Raise :class:`UndeclaredProcedureFact` if ``pending`` keeps a fact no family declares;
    ``who`` says what left it there (an action and its row)."""
    keys = undeclared(pending)
    if keys:
        assert pending is not None
        raise UndeclaredProcedureFact(
            f"{who} left the procedure {pending.state_name} keeping fact {keys[0]!r}, which no family "
            "declares (lawbook.procedure_facts.procedure_fact, in the module that writes it)")
