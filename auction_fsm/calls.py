"""Strains and calls: small hashable values with a compact integer code.

A :class:`Call` is a pass, a double, a redouble or a bid.  Bids of level 1-7 are the 35
admissible bids; a bid above seven can be *made* (it is the inadmissible call of Law 38) but is
never legal.  Every admissible call has a ``code`` in ``0..37`` (bids ``0..34`` in rank order,
then pass 35, double 36, redouble 37) which the fast core uses.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, Final

from .errors import CallSyntaxError

__all__ = [
    "Strain",
    "Call",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "BIDS",
    "ALL_CALLS",
    "PASS_CODE",
    "DOUBLE_CODE",
    "REDOUBLE_CODE",
    "CallList",
    "parse_call",
]


class Strain(enum.IntEnum):
    """A denomination, ranked clubs < diamonds < hearts < spades < no trump (18E)."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def symbol(self) -> str:
        """The suit symbol, or ``NT``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def plural(self) -> str:
        """The denomination in words as a ruling names it: ``clubs`` ... ``spades``, ``no trump``."""
        return ("clubs", "diamonds", "hearts", "spades", "no trump")[self]

    @property
    def is_suit(self) -> bool:
        """True for the four suits, False for no trump."""
        return self is not Strain.NT

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    def __str__(self) -> str:
        return self.name


PASS_CODE: Final = 35
DOUBLE_CODE: Final = 36
REDOUBLE_CODE: Final = 37

_KIND_PASS: Final = "pass"
_KIND_DOUBLE: Final = "double"
_KIND_REDOUBLE: Final = "redouble"
_KIND_BID: Final = "bid"


class Call:
    """One call.  Instances are interned: compare with ``==`` or ``is`` alike.

    >>> Call.parse("1♠")
    Call.parse('1S')
    >>> Call.parse("rdbl").text
    'XX'
    """

    __slots__ = ("kind", "level", "strain", "code", "text")

    kind: str
    level: int
    strain: Strain | None
    code: int
    text: str

    _interned: ClassVar[dict[tuple[str, int, int], Call]] = {}

    def __new__(cls, kind: str, level: int = 0, strain: Strain | None = None) -> Call:  # noqa: PYI034
        key = (kind, level, -1 if strain is None else int(strain))
        found = cls._interned.get(key)
        if found is not None:
            return found
        if kind == _KIND_BID:
            if strain is None or level < 1:
                raise CallSyntaxError(f"a bid needs a level of at least 1 and a strain, got {level!r} {strain!r}")
            strain = Strain(strain)
            code = (level - 1) * 5 + int(strain)  # >= 35 only for the inadmissible levels 8+
            if level >= 8:
                code += 3  # keep 35..37 for pass, double, redouble
            text = f"{level}{strain.name}"
        elif kind == _KIND_PASS:
            code, text = PASS_CODE, "P"
        elif kind == _KIND_DOUBLE:
            code, text = DOUBLE_CODE, "X"
        elif kind == _KIND_REDOUBLE:
            code, text = REDOUBLE_CODE, "XX"
        else:
            raise CallSyntaxError(f"unknown kind of call {kind!r}")
        self = object.__new__(cls)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "level", level if kind == _KIND_BID else 0)
        object.__setattr__(self, "strain", strain if kind == _KIND_BID else None)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "text", text)
        cls._interned[key] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Call is immutable")

    def __reduce__(self) -> tuple[object, tuple[str, int, Strain | None]]:
        return (Call, (self.kind, self.level, self.strain))

    # --- constructors -------------------------------------------------------------------
    @staticmethod
    def bid(level: int, strain: Strain) -> Call:
        """The bid of ``level`` in ``strain`` (levels above seven give Law 38's inadmissible bid)."""
        return Call(_KIND_BID, level, strain)

    @staticmethod
    def from_code(code: int) -> Call:
        """The admissible call with compact code ``code`` (0..37)."""
        return ALL_CALLS[code]

    @staticmethod
    def parse(token: str) -> Call:
        """Read a call; see :func:`parse_call`."""
        return parse_call(token)

    # --- predicates ---------------------------------------------------------------------
    @property
    def is_bid(self) -> bool:
        """True for a bid (any level)."""
        return self.kind == _KIND_BID

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.kind == _KIND_PASS

    @property
    def is_double(self) -> bool:
        """True for a double."""
        return self.kind == _KIND_DOUBLE

    @property
    def is_redouble(self) -> bool:
        """True for a redouble."""
        return self.kind == _KIND_REDOUBLE

    @property
    def is_admissible_level(self) -> bool:
        """False only for bids above seven (Law 38)."""
        return not (self.kind == _KIND_BID and self.level > 7)

    def supersedes(self, other: Call | None) -> bool:
        """True when this bid outranks bid ``other`` (18B); any bid supersedes ``None``."""
        if not self.is_bid:
            return False
        if other is None:
            return True
        assert self.strain is not None and other.strain is not None
        return (self.level, int(self.strain)) > (other.level, int(other.strain))

    if TYPE_CHECKING:
        # For type checkers only: equality is identity (calls are interned), as object's.
        # Declaring it tells a strict checker that ``'2C' in state.legal_calls()`` may hold
        # (a :class:`CallList` finds calls by their text), instead of flagging the text as
        # never equal to a call.
        def __eq__(self, other: object) -> bool: ...
        def __hash__(self) -> int: ...

    def __repr__(self) -> str:
        return f"Call.parse({self.text!r})"

    def __str__(self) -> str:
        return self.text


_STRAIN_WORDS: dict[str, Strain] = {
    "C": Strain.C, "♣": Strain.C, "♧": Strain.C,
    "D": Strain.D, "♦": Strain.D, "♢": Strain.D,
    "H": Strain.H, "♥": Strain.H, "♡": Strain.H,
    "S": Strain.S, "♠": Strain.S, "♤": Strain.S,
    "N": Strain.NT, "NT": Strain.NT,
}
_WORDS: dict[str, tuple[str, int, Strain | None]] = {
    "P": (_KIND_PASS, 0, None), "PASS": (_KIND_PASS, 0, None),
    "X": (_KIND_DOUBLE, 0, None), "DBL": (_KIND_DOUBLE, 0, None),
    "DOUBLE": (_KIND_DOUBLE, 0, None),
    "XX": (_KIND_REDOUBLE, 0, None),
    "RDBL": (_KIND_REDOUBLE, 0, None), "REDOUBLE": (_KIND_REDOUBLE, 0, None),
}


_QUOTE_LIMIT: Final = 40  # longer tokens are shortened in messages


def quoted(token: str, limit: int = _QUOTE_LIMIT) -> str:
    """``repr(token)``, shortened to its start and end when it is longer than ``limit``, so a
    message about a runaway token (thousands of digits, say) stays one readable line.

    >>> quoted("1Z")
    "'1Z'"
    >>> quoted("9" * 4301 + "NT")
    "'9999999999999999…999999NT' (4303 characters)"
    """
    if len(token) <= limit:
        return repr(token)
    return f"{token[:16] + '…' + token[-8:]!r} ({len(token)} characters)"


def parse_call(token: object, where: str = "") -> Call:
    """Read a call written as ``1C``, ``1♣``, ``1NT``, ``1N``, ``P``, ``Pass``, ``X``, ``Dbl``,
    ``XX`` or ``Rdbl`` (any case).

    Bids above seven are read (they are Law 38's inadmissible bid); anything else raises
    :class:`CallSyntaxError` quoting the token and ``where`` it was found.

    >>> parse_call("3n"), parse_call("Pass"), parse_call("dbl")
    (Call.parse('3NT'), Call.parse('P'), Call.parse('X'))
    """
    if isinstance(token, Call):
        return token
    found = _BY_TEXT.get(token) if isinstance(token, str) else None
    if found is not None:  # the call's own text, as the records and procedures store it
        return found
    at = f" at {where}" if where else ""
    if not isinstance(token, str):
        raise CallSyntaxError(f"expected a call as text{at}, got {token!r}")
    text = token.strip().upper()
    simple = _WORDS.get(text)
    if simple is not None:
        return Call(*simple)
    digits = 0
    while digits < len(text) and text[digits] in "0123456789":  # ASCII digits only
        digits += 1
    strain = _STRAIN_WORDS.get(text[digits:].strip())
    if digits == 0 or strain is None or text[0] == "0":
        raise CallSyntaxError(
            f"cannot read call {quoted(token)}{at}: expected a bid such as 1C, 1♣ or 3NT, "
            "or P/Pass, X/Dbl, XX/Rdbl"
        )
    # Count the digits before converting: int() of a few thousand digits is refused by Python's
    # integer-string limit (and is slow well before it), and no such level is a bid anyway.
    if digits > 2:
        raise CallSyntaxError(f"cannot read call {quoted(token)}{at}: a level of {digits} digits "
                              "is not a bid")
    level = int(text[:digits])
    return Call(_KIND_BID, level, strain)


class CallList(tuple[Call, ...]):
    """A tuple of calls that also answers ``in`` for a call written as text.

    ``'2C' in state.legal_calls()`` is what a bridge programmer types; the tuple holds
    :class:`Call` objects, as before, so indexing, iterating, comparing with a plain tuple and
    ``call in calls`` are unchanged.  Text is read as :func:`parse_call` reads it (``'2c'``,
    ``'pass'``, ``'1♠'``); text that is no call is simply not in the list.  A subclass of the
    tuple rather than a ``Call`` equal to its text: a call stays unequal to every string, so
    sets and dictionaries of calls keep their meaning.

    >>> calls = CallList((PASS, DOUBLE))
    >>> 'X' in calls, 'dbl' in calls, 'XX' in calls, '1Z' in calls, PASS in calls
    (True, True, False, False, True)
    >>> str(calls)
    'P X'
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            found = _BY_TEXT.get(item)
            if found is None:
                try:
                    found = parse_call(item)
                except CallSyntaxError:
                    return False
            item = found
        return tuple.__contains__(self, item)

    def __str__(self) -> str:
        return " ".join(c.text for c in self)


PASS: Final = Call(_KIND_PASS)
DOUBLE: Final = Call(_KIND_DOUBLE)
REDOUBLE: Final = Call(_KIND_REDOUBLE)
BIDS: Final[tuple[Call, ...]] = tuple(Call.bid(lv, st) for lv in range(1, 8) for st in Strain)
ALL_CALLS: Final[tuple[Call, ...]] = (*BIDS, PASS, DOUBLE, REDOUBLE)
assert all(c.code == i for i, c in enumerate(ALL_CALLS))
#: Each call of levels 1-7 by its own text (``1NT``, ``P``, ``XX``): what :func:`parse_call`
#: reads most, from the facts a pending procedure keeps.
_BY_TEXT: Final[dict[str, Call]] = {c.text: c for c in ALL_CALLS}
