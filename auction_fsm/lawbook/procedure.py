"""The procedure around a pending decision: who decides, the options, and how each is taken.

A decision state of the phase machine (``insufficient_bid.awaiting_decision`` ...) waits for
someone: a player entitled to choose, the player whose turn it was, the offender, or the
director.  The Laws give each option a form: some are taken by calling (LHO accepts an
insufficient bid by calling over it, 27A1), some by saying so after the director has explained
them (10C1), some are the director's judgement (23A, 25A), and calling the director is one
too.  This module says so once, in words, for every reader of the book: the narration, the
report, ``teach``, the quiz, the fuzzer and :mod:`auction_fsm.consequences`.

An :class:`Option`'s ``word`` is the identifier the position's pending decision carries
(``accept``, ``lho_calls`` ...); a word ending in ``_*`` stands for a family of options that
differ by a suit or a card (``require_*`` for ``require_H``).  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, Protocol

from ..cards import Suit
from ..records import Pending
from ..seats import Seat

if TYPE_CHECKING:
    from ..auction import AuctionState

__all__ = ["How", "By", "Option", "Judgement", "JUDGEMENTS", "call_option", "callers", "choice",
           "director_option", "judgement_options", "taker"]

#: How an option is taken at the table.
How = Literal["call", "choice", "judgement", "director"]
#: Who takes it, relative to the pending procedure: the seat that decides, the offender's LHO,
#: the offender, the player whose turn it was, or the director.
By = Literal["decider", "lho", "offender", "in_turn", "director"]


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a decision.

    ``does`` is what the player does, after the player's name ("accepts {it} by calling over
    it"); ``may`` the same as an infinitive ("accept {it} by calling over it"); ``leads_to``
    what follows, in a director's words with the law.  ``{it}`` stands for the irregularity
    ("East's insufficient 1C") and ``{x}`` for the suit or card of a family of options.
    """

    word: str
    how: How
    by: By
    does: str
    may: str
    leads_to: str
    #: For the director's judgement: its kind and the answer this option gives.
    judgement: str = ""
    value: bool | None = None

    def matches(self, option: str) -> bool:
        """Whether the pending decision's ``option`` is this option (or one of its family)."""
        if self.word.endswith("_*"):
            return option.startswith(self.word[:-1]) and len(option) > len(self.word) - 1
        return option == self.word

    def detail(self, option: str) -> str:
        """The suit or card a family member names (``H`` for ``require_H``), else ``""``."""
        return option[len(self.word) - 1:] if self.word.endswith("_*") else ""

    def detail_words(self, option: str) -> str:
        """What :meth:`detail` names, as people read it: a suit in words (``heart`` for
        ``require_H``), a card as it is written (``SA``)."""
        detail = self.detail(option)
        return Suit[detail].word if detail in Suit.__members__ else detail


@dataclass(frozen=True, slots=True)
class Judgement:
    """A judgement the Laws leave to the director: the question asked (yes or no) and what
    each answer finds, in words."""

    kind: str
    ask: str
    yes: str
    no: str


#: The director's judgements, by the kind a ``judgement`` event names.
JUDGEMENTS: Final[dict[str, Judgement]] = {j.kind: j for j in (
    Judgement("artificial", "was the call artificial?", "the call was artificial",
              "the call was not artificial"),
    Judgement("comparable", "is the replacement a comparable call (23A)?",
              "the replacement is a comparable call", "the replacement is not a comparable call"),
    Judgement("unintended", "was the first call a slip, not a change of mind (25A)?",
              "the call was unintended (a slip)", "the change was intended"),
    Judgement("misinformation", "could misinformation have influenced the call (21B1)?",
              "the call could well have been influenced by misinformation",
              "the call was not based on misinformation"),
    Judgement("lowest_specifying",
              "is the replacement the lowest sufficient bid that shows the same denomination(s) as the "
              "insufficient bid did (27B1a)?",
              "the replacement is the lowest sufficient bid showing the same denominations",
              "the replacement is not the lowest sufficient bid showing the same denominations"),
    Judgement("dummy_seen", "could declarer have seen dummy's cards (54C)?",
              "declarer could have seen dummy's cards", "declarer could not have seen dummy's cards"),
)}


def call_option(word: str, by: By, does: str, may: str, leads_to: str) -> Option:
    """An option taken by a call of the player ``by``."""
    return Option(word, "call", by, does, may, leads_to)


def choice(word: str, does: str, may: str, leads_to: str, by: By = "decider") -> Option:
    """An option the deciding player states after the director has explained it (10C1)."""
    return Option(word, "choice", by, does, may, leads_to)


def director_option(leads_to: str) -> Option:
    """Calling the director, who then rules or explains the options."""
    return Option("director", "director", "decider", "calls the director", "call the director to rule on {it}",
                  leads_to)


def judgement_options(kind: str, yes_word: str, no_word: str, yes_leads: str, no_leads: str) -> tuple[Option, Option]:
    """The two answers of the director's judgement ``kind``: ``yes_word`` then ``no_word``."""
    j = JUDGEMENTS[kind]
    return (Option(yes_word, "judgement", "director", f"judges that {j.yes}", f"judge that {j.yes}", yes_leads,
                   kind, True),
            Option(no_word, "judgement", "director", f"judges that {j.no}", f"judge that {j.no}", no_leads,
                   kind, False))


def taker(option: Option, pending: Pending) -> Seat | None:
    """The seat that takes ``option`` of ``pending`` (``None`` for the director's judgement)."""
    if option.by == "director":
        return None
    if option.by == "lho":
        return pending.offender.lho
    if option.by == "offender":
        return pending.offender
    if option.by == "in_turn":
        name = pending.get("correct_player")
        return Seat[name] if name in Seat.__members__ else pending.in_turn_of
    return Seat[pending.decider] if pending.decider in Seat.__members__ else None


class DeclaresOptions(Protocol):
    """What :func:`callers` reads of a law book (:class:`~.book.LawBook` is one): each decision's
    options as it declares them."""

    def option(self, state_name: str, word: str) -> Option: ...


def callers(state: AuctionState, book: DeclaresOptions) -> frozenset[Seat]:
    """The seats whose call the table expects now: the seat in turn while the auction is open and
    nothing waits; while a decision waits, each seat one of its options (as ``book`` declares
    them) is taken by a call of -- LHO accepting by calling over the irregular call (27A1,
    29A), the offender replacing it (27B) -- and none when every option is a choice or the
    director's."""
    p = state.pending
    if p is None:
        return frozenset() if state.is_over else frozenset({state.turn})
    found: set[Seat] = set()
    for word in p.options:
        spec = book.option(p.state_name, word)
        seat = taker(spec, p)
        if spec.how == "call" and seat is not None:
            found.add(seat)
    return frozenset(found)
