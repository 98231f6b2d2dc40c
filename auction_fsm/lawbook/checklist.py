"""What a law book's rows still lack, in plain words, each with the row and the file to change.

A new law row should cost one family module and one law test (docs/law-book.md, *Adding a law
row*).  Everything else that must hold for it is checked here, so that the developer is told what
is missing instead of finding out from a failing exploration or a stale chart:

* whatever :meth:`~.book.LawBook.build` refuses (unknown state, trigger or family, no law cited,
  a guard with no question, rows that cannot be told apart): :func:`~.book.build_problems`, all
  of them rather than the first;
* a guard that does not declare the facts it reads (``Guard.reads`` is ``None``: made with
  ``@guard`` rather than ``@reads``), or declares a fact no family declares (``facts.slot``) or
  computes (``@computes``); the same for the classifier's parts;
* an action that does not declare the parts of the position it reads and writes and the
  follow-ups it emits, or a fact the parts it is computed from, or either naming one that does
  not exist (:mod:`.parts`);
* a fact missing from the table of facts in docs/law-book.md (*Declared facts*), or whose family
  the book does not declare, or whose words say too little;
* the words the flowcharts show for a drawn family's row: the guard's line and question (a yes/no
  question, ending with ``?``), the action's line, the trigger's question, none of them spelling a
  code identifier;
* a row none of whose paragraphs a law test names: the law tests (``tests/laws/test_*.py``) carry
  the paragraph in their names (``test_27B2_...``, ``test_1997_30B2b_...``);
* on request (``reached``: the rows the law tests selected while they ran, which
  ``auction-fsm check-book --reached`` records), a row of the phase machine no law test reaches.
  A paragraph already named by other tests hides a new row from the check by names; this one
  does not, but today's books have rows no law test reaches (docs/law-book.md, *Adding a law
  row*), so it is not part of the default check.

The rule for "a law test names the row's paragraph": at least one paragraph the row cites (its
``law``, split at commas and semicolons; a range ``28-32`` cites each law in it) is named by some
law test's name, at that precision or finer (a test ``test_19A1_...`` names a row citing ``19``),
or coarser down to a lettered paragraph (``test_30B1_...`` names ``30B1b``; a bare law number
``test_27_...`` names only a row citing ``27``).  A paragraph cited with ``(1997)`` must be named
by a test of the 1997 text (its name carries ``1997``).  Rows that cite several paragraphs need a
test for one of them, not each: a cross-reference (``54D, 56``) is tested through the row's own.

Standard library only; reads the law tests' names from their source, never runs them.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .book import BuildProblem, LawBook, build_problems
from .classify import classifier_reads
from .facts import SLOTS, computed_slots
from .families import FAMILIES, Family
from .parts import EMITS, PARTS, READABLE
from .rows import ASK_TRIGGER, OTHERWISE, Guard, Row
from .states import StateSpec
from .triggers import TRIGGERS, Trigger

__all__ = ["Missing", "check_book", "check_parts", "law_test_paragraphs", "documented_facts", "CHECKOUT"]

#: The source checkout this package runs from (docs/ and tests/ beside auction_fsm/), when it does.
CHECKOUT = Path(__file__).resolve().parents[2]

#: A paragraph as test names carry it: a law number (1-2 digits), then letters and numbers
#: (``27``, ``27B``, ``27B1``, ``27B1a``, ``30B2b``).
_PARAGRAPH = re.compile(r"\d{1,2}(?:[A-H](?:\d+[a-z]?)*)?")
#: What people read must be words, not code: snake_case or dotted names.
_IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]+\b")
_EDITION = " (1997)"


@dataclass(frozen=True, slots=True)
class Missing:
    """One thing a book still lacks: ``where`` (a row's label, a fact, the book), ``what`` in plain
    words with how to give it, and the ``file`` to change (relative to the checkout)."""

    where: str
    what: str
    file: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what} [{self.file}]"


# --- where things live ----------------------------------------------------------------------------
def _relative(path: str | None) -> str:
    if not path:
        return "?"
    p = Path(path).resolve()
    try:
        return str(p.relative_to(CHECKOUT))
    except ValueError:
        return str(p)


def _module_file(module: str) -> str:
    mod = sys.modules.get(module)
    return _relative(getattr(mod, "__file__", None))


def _package_file(name: str) -> str:
    return f"auction_fsm/lawbook/{name}"


def _guard_file(g: Guard) -> str:
    fn = getattr(g.test, "__wrapped__", g.test)
    return _module_file(fn.__module__)


def _row_file(row: Row) -> str:
    """The module whose ``ROWS`` holds ``row``; else the module of its guard or action."""
    for name, mod in list(sys.modules.items()):
        if name.startswith("auction_fsm.lawbook.") and any(r is row for r in getattr(mod, "ROWS", ()) or ()):
            return _relative(mod.__file__)
    if row.guard is not None and row.guard.reads is not None:
        return _guard_file(row.guard)
    if row.action is not None:
        return _module_file(row.action.run.__module__)
    return _guard_file(row.guard) if row.guard is not None else "?"


def _slot_file(name: str) -> str:
    """The module that declares fact ``name`` (``slot("name", ...)`` in its source)."""
    declared = re.compile(r"slot\(\s*[\"']" + re.escape(name) + r"[\"']")
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        try:
            if declared.search(path.read_text(encoding="utf-8")):
                return _relative(str(path))
        except OSError:
            break
    return f"the module of family {SLOTS[name].family}" if name in SLOTS else "?"


_BUILD_FILES = {"state": _package_file("states.py"), "trigger": _package_file("triggers.py"),
                "family": _package_file("families.py")}


# --- the checks -----------------------------------------------------------------------------------
def _build(name: str, problems: Iterable[BuildProblem]) -> list[Missing]:
    out = []
    for p in problems:
        where = p.row.label if p.row is not None else f"law book {name}"
        file = _row_file(p.row) if p.row is not None and p.part == "row" else _BUILD_FILES.get(p.part, "?")
        if p.row is not None and p.part != "row":
            file = f"{file} or {_row_file(p.row)}"
        out.append(Missing(where, f"the book does not build: {p.what}", file))
    return out


def _guards(rows: tuple[Row, ...]) -> list[Missing]:
    out = []
    seen: set[int] = set()
    computed = computed_slots()
    for r in rows:
        g = r.guard
        if g is None or id(g) in seen:
            continue
        seen.add(id(g))
        if g.reads is None:
            out.append(Missing(r.label, f"guard {g.name!r} does not declare the facts it reads: make it with "
                               "@reads(\"fact\", ..., words=..., ask=...) as a function of those facts",
                               _guard_file(g)))
            continue
        for fact in sorted(g.reads - SLOTS.keys()):
            out.append(Missing(r.label, f"guard {g.name!r} reads fact {fact!r}, which no family declares: "
                               f"declare it with slot({fact!r}, family, type, words) in the module of the "
                               "family that owns it", _guard_file(g)))
        for fact in sorted((g.reads & SLOTS.keys()) - computed):
            out.append(Missing(r.label, f"guard {g.name!r} reads fact {fact!r}, which no function computes: "
                               f"add @computes({fact!r}) beside its declaration", _slot_file(fact)))
    return out


def _actions_and_facts_parts(rows: tuple[Row, ...]) -> list[Missing]:
    """An action that does not declare the parts it reads and writes and the follow-ups it emits,
    or names one that does not exist; a fact that does not declare the parts it is computed from
    (:mod:`.parts`)."""
    out = []
    seen: set[int] = set()
    for r in rows:
        a = r.action
        if a is None or id(a) in seen:
            continue
        seen.add(id(a))
        if a.reads is None or a.writes is None or a.emits is None:
            out.append(Missing(r.label, f"action {a.name!r} does not declare the parts of the position it "
                               "reads and writes and the follow-ups it emits: give @action(words, reads=..., "
                               "writes=..., emits=...)", _module_file(a.run.__module__)))
            continue
        for role, names, known, kind in (("reads", a.reads, READABLE, "a part of the position"),
                                         ("writes", a.writes, PARTS, "a part of the position"),
                                         ("emits", a.emits, EMITS, "a kind of follow-up")):
            for bad in sorted(names - frozenset(known)):
                out.append(Missing(r.label, f"action {a.name!r} {role} {bad!r}, which is not {kind}",
                                   _module_file(a.run.__module__)))
    for name, s in SLOTS.items():
        if s.parts is None:
            out.append(Missing(f"fact {name!r}", "does not declare the parts of the position it is computed "
                               "from: give slot(..., parts=(...))", _slot_file(name)))
        else:
            for bad in sorted(s.parts - frozenset(READABLE)):
                out.append(Missing(f"fact {name!r}", f"is computed from {bad!r}, which is not a part of the "
                                   "position", _slot_file(name)))
    return out


def _classifier() -> list[Missing]:
    out = []
    computed = computed_slots()
    for part, read in classifier_reads().items():
        where = f"the classifier's part {part!r}"
        out += [Missing(where, f"reads fact {f!r}, which no family declares", _package_file("classify.py"))
                for f in sorted(read - SLOTS.keys())]
        out += [Missing(where, f"reads fact {f!r}, which no function computes: add @computes({f!r})",
                        _slot_file(f)) for f in sorted((read & SLOTS.keys()) - computed)]
    return out


def documented_facts(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The facts the table of docs/law-book.md's *Declared facts* names in its first column, and
    the prefixes it names with ``...`` (``ending_after_...`` stands for a family of facts)."""
    section = text.split("## Declared facts", 1)[1].split("\n## ", 1)[0] if "## Declared facts" in text else ""
    names: set[str] = set()
    prefixes: list[str] = []
    for line in section.splitlines():
        if line.startswith("|") and line.count("|") > 2:
            for name in re.findall(r"`([^`]+)`", line.split("|")[1]):
                if name.endswith("..."):
                    prefixes.append(name[:-3])
                else:
                    names.add(name)
    return frozenset(names), tuple(prefixes)


def _facts(families: tuple[Family, ...], docs: Path | None) -> list[Missing]:
    out = []
    family_names = {f.name for f in families}
    table: tuple[frozenset[str], tuple[str, ...]] | None = None
    if docs is not None:
        table = documented_facts(docs.read_text(encoding="utf-8"))
    computed = computed_slots()
    for name, s in SLOTS.items():
        where = f"fact {name!r}"
        if s.family not in family_names:
            out.append(Missing(where, f"its family {s.family!r} is not a family of the book", _slot_file(name)))
        if len(s.words.split()) < 4:
            out.append(Missing(where, "its words say too little about what it holds and relative to what "
                               "(four words at least)", _slot_file(name)))
        if name not in computed:
            out.append(Missing(where, f"no function computes it: add @computes({name!r})", _slot_file(name)))
        if table is not None and name not in table[0] and not name.startswith(table[1] or ("\0",)):
            out.append(Missing(where, f"missing from the table of facts (Declared facts): add a line with "
                               f"`{name}`, its family ({s.family}) and what it holds", _relative(str(docs))))
    return out


def _words(rows: tuple[Row, ...], families: tuple[Family, ...], triggers: Mapping[str, Trigger]) -> list[Missing]:
    """The words the flowcharts show for the rows of drawn families."""
    out = []
    drawn = {f.name for f in families if f.drawn}
    for r in rows:
        if r.machine != "phase" or r.family not in drawn:
            continue
        file = _row_file(r)
        texts: list[tuple[str, str]] = [("summary", r.summary), ("outcome", r.outcome)]
        g = r.guard
        if g is not None:
            if not g.words.strip():
                out.append(Missing(r.label, f"guard {g.name!r} has no words saying what it tests (words=...)",
                                   _guard_file(g)))
            if g.question.strip() and g.question not in (OTHERWISE, ASK_TRIGGER) \
                    and not g.question.rstrip().endswith("?"):
                out.append(Missing(r.label, f"guard {g.name!r}: the director's question {g.question!r} is not a "
                                   "yes/no question ending with '?'", _guard_file(g)))
            texts += [("guard's line", g.words), ("guard's question", g.question)]
        if r.action is not None:
            if not r.action.words.strip():
                out.append(Missing(r.label, f"action {r.action.name!r} has no words saying what it does", file))
            texts.append(("action's line", r.action.words))
        trigger = triggers.get(r.trigger)
        if trigger is not None and not trigger.procedural and not trigger.question.strip():
            out.append(Missing(r.label, f"trigger {r.trigger!r} has no question for the flowcharts (ask=...)",
                               _package_file("triggers.py")))
        for what, text in texts:
            found = _IDENTIFIER.search(text)
            if found:
                out.append(Missing(r.label, f"the {what} spells a code name, {found.group(0)!r}: people read "
                                   "plain words with the law number", file))
    return out


def law_test_paragraphs(folder: Path) -> dict[str, list[str]]:
    """The paragraphs the law tests in ``folder`` name, each with the tests naming it.  A test of
    the 1997 text (``1997`` in its name) names ``"30B2b (1997)"``; its plain paragraphs too."""
    named: dict[str, list[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                words = node.name[5:].split("_")
                old = "1997" in words
                for w in words:
                    if _PARAGRAPH.fullmatch(w):
                        named.setdefault(w, []).append(f"{path.name}::{node.name}")
                        if old:
                            named.setdefault(w + _EDITION, []).append(f"{path.name}::{node.name}")
    return named


def _cited(law: str) -> list[str]:
    """The paragraphs a row's ``law`` cites (``"28-32"`` cites 28 to 32; ``(1997)`` kept)."""
    out: list[str] = []
    for part in re.split(r"[;,]", law):
        part = part.strip()
        edition = _EDITION if part.endswith(_EDITION) else ""
        bare = part.removesuffix(_EDITION).strip()
        span = re.fullmatch(r"(\d{1,2})-(\d{1,2})", bare)
        if span:
            out += [f"{n}{edition}" for n in range(int(span.group(1)), int(span.group(2)) + 1)]
        elif bare:
            out.append(bare + edition)
    return out


def _within(finer: str, coarser: str) -> bool:
    """``finer`` is ``coarser`` or one of its subdivisions (``27B1a`` within ``27B``, not ``270``)."""
    if not finer.startswith(coarser):
        return False
    rest = finer[len(coarser):]
    return not rest or not (coarser[-1].isdigit() and rest[0].isdigit())


def _named(paragraph: str, named: Mapping[str, list[str]]) -> bool:
    edition = paragraph.endswith(_EDITION)
    bare = paragraph.removesuffix(_EDITION)
    for key in named:
        if key.endswith(_EDITION) != edition:  # a 1997 test's paragraphs are also keyed plain
            continue
        q = key.removesuffix(_EDITION)
        if _within(q, bare) or (_within(bare, q) and not q.isdigit()):
            return True
    return False


def _law_file(paragraph: str, folder: Path) -> str:
    """The law test file for ``paragraph``: the one whose name carries its law number, if any."""
    number = re.match(r"\d+", paragraph)
    if number is None:
        return _relative(str(folder))
    old = paragraph.endswith(_EDITION)
    for path in sorted(folder.glob("test_*.py")):
        stem = path.stem
        if ("1997" in stem) == old and number.group(0) in re.findall(r"\d+", stem.replace("1997", "")):
            return _relative(str(path))
    return _relative(str(folder / (f"test_1997_law{number.group(0)}.py" if old else f"test_law{number.group(0)}.py")))


def _law_tests(rows: tuple[Row, ...], folder: Path) -> list[Missing]:
    named = law_test_paragraphs(folder)
    out = []
    for r in rows:
        cited = _cited(r.law)
        if not cited or any(_named(p, named) for p in cited):
            continue
        first = cited[0]
        prefix = "test_1997_" if first.endswith(_EDITION) else "test_"
        out.append(Missing(r.label, f"no law test names {' or '.join(dict.fromkeys(cited))}: add a test named "
                           f"after the paragraph and the case ({prefix}{first.removesuffix(_EDITION)}_...) "
                           "that walks it",
                           _law_file(first, folder)))
    return out


def _unreached(rows: tuple[Row, ...], reached: Mapping[str, Iterable[str]],
               folder: Path | None) -> list[Missing]:
    """The phase rows no law test reached (the seat machine's rows are fired by the machines,
    never selected by the engine, so they are left out).  A row is reached if a law test reached
    a row of the same label under any book: an edition shares the rows it does not replace (the
    1997 book keeps 2017's rows outside Laws 30-33, label and all), and most law tests walk 2017."""
    seen = {label for labels in reached.values() for label in labels}
    out = []
    for r in rows:
        if r.machine == "phase" and r.label not in seen:
            cited = _cited(r.law)
            file = _law_file(cited[0], folder) if cited and folder is not None else "tests/laws"
            out.append(Missing(r.label, "no law test reaches this row (the law tests ran and none selected it): "
                               "add one that walks to it", file))
    return out


# --- the whole check ------------------------------------------------------------------------------
def check_parts(name: str, states: Iterable[StateSpec], rows: Iterable[Row],
                families: Iterable[Family] = FAMILIES, triggers: Mapping[str, Trigger] = TRIGGERS, *,
                docs: Path | None, law_tests: Path | None,
                reached: Mapping[str, Iterable[str]] | None = None) -> list[Missing]:
    """Everything the parts of a book still lack (empty: nothing).  ``docs`` is docs/law-book.md
    and ``law_tests`` the folder of law tests; ``None`` leaves that check out.  ``reached`` maps
    a book's name to the labels of the rows the law tests reached (``None``: not checked)."""
    states_, rows_, families_ = tuple(states), tuple(rows), tuple(families)
    out = _build(name, build_problems(states_, rows_, families_, triggers))
    out += _guards(rows_)
    out += _actions_and_facts_parts(rows_)
    out += _classifier()
    out += _facts(families_, docs)
    out += _words(rows_, families_, triggers)
    if law_tests is not None:
        out += _law_tests(rows_, law_tests)
    if reached is not None:
        out += _unreached(rows_, reached, law_tests)
    return list(dict.fromkeys(out))


def check_book(book: LawBook, *, docs: Path | None, law_tests: Path | None,
               reached: Mapping[str, Iterable[str]] | None = None) -> list[Missing]:
    """:func:`check_parts` for a built book (its build problems are none by construction)."""
    return check_parts(book.name, book.states, book.rows, book.families, book.triggers, docs=docs,
                       law_tests=law_tests, reached=reached)
