"""The law book ``1997`` (issue 16, item 5) and the comparison of two books (item 6).

The 1997 book holds the 1997 text of Laws 30-33 and the 2017 book for everything else: no row
of the 2017 book answers a question within Laws 30-33, every ruling it gives within them cites
the 1997 text, and outside them it is the 2017 book row for row.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.cli import main
from auction_fsm.errors import AuctionFsmError, MachineDisagreementError
from auction_fsm.fuzzing import next_event
from auction_fsm.lawbook import ALIASES, BOOKS, LAWS_1997, LAWS_2017, book_named
from auction_fsm.lawbook.compare import compare_books, diff_to_json, format_diff
from auction_fsm.lawbook.edition_1997 import cites_laws_30_to_33, cites_only_1997_within_30_to_33
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

OURS = {id(r) for r in LAWS_2017.rows}


# --- citations ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("law", "within"), [
    ("30B2 (1997)", True), ("28-32", True), ("29B, 32A", True), ("23A, 30B1b", True), ("33", True),
    ("28A", False), ("17D3, 34", False), ("36B4", False), ("27B2, 36B2, 37B2, 38C", False), ("23C", False),
])
def test_a_citation_of_laws_30_to_33_is_recognised(law: str, within: bool) -> None:
    assert cites_laws_30_to_33(law) is within


@pytest.mark.parametrize(("law", "ok"), [
    ("30B2 (1997)", True), ("29B; 32A (1997)", True), ("28, 29; 30-32 (1997)", True), ("36B4", True),
    ("29B, 32A", False), ("30A", False), ("29B, 32A (1997)", False), ("31A2b (1997); 26", True),
])
def test_a_1997_citation_marks_every_part_within_laws_30_to_33(law: str, ok: bool) -> None:
    assert cites_only_1997_within_30_to_33(law) is ok


# --- the book ----------------------------------------------------------------------------------------
def test_every_row_citing_laws_30_to_33_cites_the_1997_text_and_is_not_a_2017_row() -> None:
    within = [r for r in LAWS_1997.rows if cites_laws_30_to_33(r.law)]
    assert len(within) >= 30
    for r in within:
        assert cites_only_1997_within_30_to_33(r.law), r.label
        assert id(r) not in OURS, r.label


def test_outside_laws_30_to_33_the_1997_book_is_the_2017_book() -> None:
    """Every other row is the 2017 row itself, except the few whose action opens a 1997 step
    (the hold of a call out of rotation, the director's question whether it was artificial) and
    the double or redouble 30B2b (1997) bars, which Law 36 takes (docs/modelling-decisions.md),
    as a player makes it or as the director puts it in place of a changed call."""
    others = [r for r in LAWS_1997.rows if not cites_laws_30_to_33(r.law)]
    foreign = [r for r in others if id(r) not in OURS]
    assert {r.action.name for r in foreign if r.action is not None} <= {
        "ask_artificial", "ask_artificial_explained", "judged_after_decline", "hold_inadmissible_double",
        "hold_inadmissible_double_director_present"}
    assert len(foreign) == 10  # the four not barred: two sources, a player's double or the director's
    missing = [r for r in LAWS_2017.rows if not cites_laws_30_to_33(r.law)
               and id(r) not in {id(x) for x in LAWS_1997.rows}]
    assert {(r.source, r.trigger) for r in missing} == {(r.source, r.trigger) for r in foreign}


def _laws(state: AuctionState) -> list[str]:
    out = [r.law for r in state.rulings]
    out += [o.law for obs in state.obligations for o in obs]
    out += [r.law for r in state.restrictions]
    out += [r.law for r in state.record if r.law is not None]
    out += [w.law for w in state.watches]
    if state.pending is not None:
        out.append(state.pending.law)
    return out


def test_every_ruling_in_random_1997_boards_cites_the_1997_text_within_laws_30_to_33() -> None:
    """A fixed fuzz campaign under the 1997 book, the machines cross-checked on every event."""
    seen: set[str] = set()
    sim = Simulator(Seat.N, book=LAWS_1997)
    for i in range(250):
        rng = random.Random(1997 + i)
        sim.reset(Seat(i % 4))
        for _ in range(30):
            try:
                sim.apply(next_event(rng, sim.state, LAWS_1997))
            except MachineDisagreementError:
                raise
            except AuctionFsmError:
                continue
            for law in _laws(sim.state):
                assert cites_only_1997_within_30_to_33(law), (i, law)
                if cites_laws_30_to_33(law):
                    seen.add(law)
            if sim.state.phase in ("play", "hands_returned"):
                break
    assert {"30A (1997)", "31A (1997)", "31A1 (1997)", "31B (1997)"} <= seen, " | ".join(sorted(seen))
    assert len(seen) >= 12, " | ".join(sorted(seen))  # the campaign reaches many paragraphs


def test_the_former_name_is_an_alias_of_1997() -> None:
    assert ALIASES == {"1997-30-31": "1997"}
    assert book_named("1997-30-31") is LAWS_1997 is book_named("1997")
    assert sorted(BOOKS) == ["1997", "2017"]


def test_the_former_name_is_accepted_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N",
                                "law_book": "1997-30-31",
                                "events": [{"type": "call", "seat": "N", "call": "1H"},
                                           {"type": "call", "seat": "W", "call": "1S"},
                                           {"type": "director"}, {"type": "choice", "seat": "N", "option": "decline"},
                                           {"type": "judgement", "kind": "artificial", "value": False}]}))
    assert main(["replay", "--json", str(path)]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["law_book"] == "1997" and out["rulings"][-1]["law"] == "31B (1997)"
    assert "note: law book '1997-30-31' is now called '1997'" in captured.err


# --- comparing two books -----------------------------------------------------------------------------
def test_comparing_a_book_with_itself_finds_nothing() -> None:
    diff = compare_books(LAWS_2017, LAWS_2017)
    assert diff.empty and "rule alike" in format_diff(diff)


def test_the_1997_book_differs_from_2017_only_within_laws_30_to_33_and_the_barred_double() -> None:
    diff = compare_books(LAWS_2017, LAWS_1997)
    assert diff.count("added") and diff.count("removed") and diff.count("changed")
    for c in diff.rows:
        new = c.new
        assert new is None or cites_laws_30_to_33(new.law) or new.trigger == "inadmissible_double" or (
            new.action is not None and new.action.name in ("ask_artificial", "ask_artificial_explained",
                                                           "judged_after_decline")), c
    removed = {c.row.law for c in diff.rows if c.kind == "removed"}
    assert "30B1b" in removed  # 2017's comparability test for a pass at partner's turn is gone
    added = {c.row.law for c in diff.rows if c.kind == "added"}
    assert {"30A (1997)", "30B2 (1997)", "31A2a (1997)", "31A2b (1997)", "32B2 (1997)"} <= added
    assert [s.name for s in diff.states if s.kind == "added"] == ["must_not_double_next_turn"]


def test_diff_books_text_is_in_words_with_the_laws() -> None:
    text = format_diff(compare_books(LAWS_2017, LAWS_1997))
    assert "Law 30B2 (1997): a natural pass at partner's turn after a bid" in text
    assert "Law 30B1b -> " not in text  # a removed row is told as removed, not renamed
    assert "only in 1997 (a seat may owe): the seat may bid or pass but neither double nor redouble" in text


def test_diff_books_json_carries_the_identifiers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff-books", "2017", "1997", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == json.loads(json.dumps(diff_to_json(compare_books(LAWS_2017, LAWS_1997))))
    assert out["counts"]["added"] == len([r for r in out["rows"] if r["kind"] == "added"])
    guards = {r["new"]["guard"] for r in out["rows"] if r["kind"] == "added"}
    assert "pass_at_partners_turn" in guards


def test_diff_books_draws_the_changed_part(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "diff.png"
    assert main(["diff-books", "2017", "1997", "--picture", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 20_000
    assert str(picture) in capsys.readouterr().out


def test_diff_books_picture_labels_overlap_no_box_and_no_other_label() -> None:
    """Every law label of the picture is readable: measured with the renderer, no label's
    extent meets another label's or a state's box (the crowded 2017/1997 comparison)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    from auction_fsm.diff_picture import diff_figure

    fig = diff_figure(compare_books(book_named("2017"), book_named("1997")))
    try:
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            labels = [t.get_window_extent(renderer) for t in ax.texts if t.get_bbox_patch() is not None]
            boxes = [b.get_window_extent(renderer) for b in ax.patches if isinstance(b, FancyBboxPatch)]
            assert len(labels) >= 8
            for i, a in enumerate(labels):
                assert not any(a.overlaps(b) for b in labels[i + 1:]), "two labels overlap"
                assert not any(a.overlaps(b) for b in boxes), "a label covers a state"
    finally:
        plt.close(fig)


def test_diff_books_unknown_book_is_one_line_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "auction_fsm", "diff-books", "2017", "1963"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "'1963'" in done.stderr and "1997" in done.stderr


# --- the flowcharts of the 1997 book -------------------------------------------------------------------
def test_the_1997_charts_draw_every_out_of_rotation_row_with_its_1997_law() -> None:
    import re

    from auction_fsm.teaching.charts import family_charts, row_key

    charts = family_charts(LAWS_1997, "28-34")
    drawn = {k for c in charts for b in c.boxes for k in b.rows}
    assert {row_key(r) for r in LAWS_1997.rows_of("phase") if r.family == "28-34"} <= drawn
    assert all(b.law for c in charts for b in c.boxes)
    laws = " ".join(b.law for c in charts for b in c.boxes)
    for paragraph in ("30A (1997)", "30B1 (1997)", "30B2 (1997)", "31A2a (1997)", "31B (1997)", "32B2 (1997)"):
        assert paragraph in laws
    identifier = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]+\b")
    words = [line for c in charts for b in c.boxes for line in b.lines] + [c.title for c in charts]
    assert not [w for w in words if identifier.search(re.sub(r"flow_\S+\.png", "", w))]
    assert "30-33 of 1997" in charts[0].title


def test_teach_rules_by_the_book_it_is_given() -> None:
    from auction_fsm.teaching.session import TeachSession

    session = TeachSession("N", book=LAWS_1997)
    assert "law book 1997" in session.intro()[0]
    for line in ("N 1H", "W pass", "director", "N decline", "no"):
        session.handle(line)
    assert session.sim.book is LAWS_1997 and session.sim.state.law_book == "1997"
    assert [r.law for r in session.sim.state.rulings][-1] == "30B2 (1997)"
    assert "X" not in [c.text for c in session.sim.state.legal_calls()]
    session.handle("undo")
    assert session.sim.book is LAWS_1997  # a rebuilt board keeps the book


@pytest.mark.parametrize("book", [LAWS_2017, LAWS_1997], ids=["2017", "1997"])
def test_the_explorer_offers_a_required_repeat_that_has_become_insufficient(book: object) -> None:
    """rotation-1 under either book: South must repeat 1C (31A1), now insufficient; the explorer
    must still offer it (Law 27 then takes it), or the configuration is a dead end."""
    from laws.conftest import events

    from auction_fsm.engine import apply_event
    from auction_fsm.events import CallEvent
    from auction_fsm.exploration import candidate_events
    from auction_fsm.graph.scopes import scope_named
    from auction_fsm.lawbook import LawBook

    assert isinstance(book, LawBook)
    s = AuctionState.start("N", law_book=book)
    for e in events("N 1C, S 1C, director, judge artificial no, E P"):
        s = apply_event(s, e)
    assert [o.kind for o in s.obligations[Seat.S]] == ["repeat_call"]
    offered = [(e.seat.name, e.call.text) for e in candidate_events(s, scope_named("rotation-1"), book)
               if isinstance(e, CallEvent)]
    assert offered == [("S", "1C")]


# --- the position carries its book (issue 37, item 1) ---------------------------------------------
def test_a_position_started_under_1997_is_ruled_by_1997_without_naming_the_book_again() -> None:
    """West passes at East's turn and North declines it (30B: 1997 bars West's partner from doubling,
    2017 does not).  A position started under the 1997 book is stepped with no book given: the
    engine reads the book from the position (it used to rule by 2017 while the position said
    1997)."""
    from laws.conftest import _Declined, events

    from auction_fsm.engine import apply_event

    s97, s17 = AuctionState.start("N", law_book="1997"), AuctionState.start("N")
    for e in events("N 1H, W P, director, declined, judge artificial no"):
        s97 = apply_event(s97, e.resolve(s97) if isinstance(e, _Declined) else e)
        s17 = apply_event(s17, e.resolve(s17) if isinstance(e, _Declined) else e)
    assert s97.law_book == "1997" and s17.law_book == "2017"
    assert (s97.rulings[-1].law, s17.rulings[-1].law) == ("30B2 (1997)", "30B1b")
    assert "X" not in [c.text for c in s97.legal_calls()] and "X" in [c.text for c in s17.legal_calls()]


def test_two_positions_ruled_by_different_books_are_not_equal() -> None:
    """The explorer and the agreement checks compare positions: the same calls under two books
    are two positions (the book is a field, compared by identity)."""
    s97 = AuctionState.start("N", law_book=LAWS_1997).calls("1H", "P")
    s17 = AuctionState.start("N").calls("1H", "P")
    assert s97.record == s17.record and s97 != s17
    assert s97 == AuctionState.start("N", law_book="1997").calls("1H", "P")
    assert hash(s97) == hash(AuctionState.start("N", law_book="1997").calls("1H", "P"))


def test_a_position_pickles_with_its_book_by_name() -> None:
    """Positions travel between processes (``--jobs``, the cluster): a registered book goes as
    its name and comes back as the very same book; a variant book cannot go, and says so."""
    import pickle

    s = AuctionState.start("N", law_book="1997").calls("1H")
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.book is LAWS_1997 and back.law_book == "1997"
    assert len(pickle.dumps(LAWS_1997)) < 100  # the name and where to look it up, not the rows


def test_an_unregistered_book_is_refused_by_pickle_with_its_name() -> None:
    import pickle

    row = LAWS_2017.rows[0]
    variant = LAWS_2017.replace_row(lambda r: r is row, lambda r: r, name="variant")
    with pytest.raises(pickle.PicklingError, match=r"'variant' is not a registered law book"):
        pickle.dumps(AuctionState.start("N", law_book=variant))
    with pytest.raises(pickle.PicklingError, match=r"'2017' is not a registered"):
        pickle.dumps(LAWS_2017.replace_row(lambda r: r is row, lambda r: r, name="2017"))


def test_a_book_passed_besides_the_position_must_be_its_own() -> None:
    from auction_fsm.consequences import consequences
    from auction_fsm.lawbook import BookMismatchError

    s = AuctionState.start("N", law_book="1997")
    assert consequences(s, LAWS_1997) == consequences(s) == ()
    with pytest.raises(BookMismatchError, match=r"ruled by law book '1997', not '2017'"):
        consequences(s, LAWS_2017)


def test_a_position_under_the_default_book_is_the_same_however_the_book_is_named() -> None:
    """The default book (2017) is held as ``None``: named, given as the object or left out, the
    positions are equal, hash alike, and are ruled and reported as 2017."""
    from auction_fsm.lawbook import LAWS_2017, book_of

    plain = AuctionState.start("N").calls("1H", "P")
    for named in (AuctionState.start("N", law_book="2017"), AuctionState.start("N", law_book=LAWS_2017)):
        s = named.calls("1H", "P")
        assert s == plain and hash(s) == hash(plain) and s.book is None
    assert book_of(plain) is LAWS_2017 and plain.law_book == "2017"
    assert AuctionState.start("N", law_book="1997") != AuctionState.start("N")
