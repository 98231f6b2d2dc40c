"""Configurations keyed by what the scope's rules declare they read (issue 37, item 5).

:class:`~auction_fsm.graph.irregular_space.IrregularSpace` keys each configuration on the values
of the parts and views the rows of its scope, the classifier and the explorer declare reading
(:mod:`auction_fsm.graph.declared_key`).  It replaced a key written by hand (``config_key``,
removed after 70ca55c).  These tests check that each scope reaches every check passing and the
ends the Laws allow, with the sizes the hand-written key gave where the two agree (measured with
it at 70ca55c, in the comments); that the key check finds the keys exact and finds a key with a
declared read left out; and that a scope whose rules still read the log names them.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from books import build

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Strain, parse_call
from auction_fsm.engine import apply_event
from auction_fsm.events import CallEvent
from auction_fsm.exploration import switched_on
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import (
    EXPLORER_READS,
    DeclaredKey,
    after_end_dropped,
    declared_key,
    rights_taken_back,
    withdrawn_unread,
)
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.key_check import inexact_keys
from auction_fsm.graph.results import Exploration
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, rotation
from auction_fsm.lawbook.common import open_comparable
from auction_fsm.lawbook.parts import ACTOR_LAST_CALL, LOG
from auction_fsm.lawbook.rows import derived
from auction_fsm.records import Branch, CallRecord, LeadRestriction, Obligation, Watch
from auction_fsm.seats import Seat
from auction_fsm.standing import NO_STANDING_FACTS
from auction_fsm.values import evolve


def _explored(name: str) -> Exploration[Any, Any]:
    scope = scope_named(name)
    return explore(IrregularSpace(scope, dealers=scope.dealers, name=name, agreement="all"))


def _one_level_ends(passed_out_irregular: bool) -> set[tuple[str, int]]:
    """The ends a scope of one irregularity with bids to the one level can reach: every contract
    (plain, doubled, redoubled) with and without the irregularity, and the board passed out
    without it, and with it where the irregularity can come in an auction that is passed out."""
    contracts = {f"1{strain}{doubled}" for strain in ("C", "D", "H", "S", "NT") for doubled in ("", "X", "XX")}
    return ({(c, n) for c in contracts for n in (0, 1)} | {("passed out", 0)}
            | ({("passed out", 1)} if passed_out_irregular else set()))


def _passes(ex: Exploration[Any, Any]) -> None:
    """Every check passes on ``ex``, the machines driven on every edge."""
    verdicts = check_exploration(ex, 1).counts
    assert verdicts == {k: 0 for k in verdicts}, verdicts


def _ends(ex: Exploration[Any, Any]) -> set[tuple[str, int]]:
    """How each end of the exploration came out: the contract (or a passed-out board) and the
    irregularities counted."""
    space = ex.space
    assert isinstance(space, IrregularSpace)
    out = set()
    for i, key in enumerate(ex.keys):
        if ex.terminal[i]:
            state: AuctionState = space.state_of(key)
            contract = state.contract
            out.add(("passed out" if contract is None else contract.text, state.incidents))
    return out


@pytest.fixture(scope="module")
def exposure() -> Exploration[Any, Any]:
    return _explored("exposure-1")


def test_24_exposure_1_keyed_by_its_declarations_passes_and_reaches_every_end(
        exposure: Exploration[Any, Any]) -> None:
    _passes(exposure)
    assert _ends(exposure) == _one_level_ends(passed_out_irregular=True)
    # the position's key keeps the last bidder's side only: as many configurations and edges
    # as the hand-written key
    assert (exposure.states, exposure.edges) == (3_304, 9_696)


def test_exposure_1_declared_keys_are_exact_by_the_key_check(exposure: Exploration[Any, Any]) -> None:
    compared, inexact = inexact_keys(exposure)
    assert compared > 5_000 and inexact == []


def test_27_insufficient_1_keyed_by_its_declarations_passes_and_reaches_every_end() -> None:
    """Law 27's scope, with its 27B3 loop (a cancelled double, then a new replacement) that adds
    a record entry each round: keyed by its declarations, the procedure's places relative, the
    words of obligations and rights left out, it finishes with every check passing, every end
    (no insufficient bid in an auction passed out), and the hand-written key's configurations
    and edges (11,149 and 42,656)."""
    ex = _explored("insufficient-1")
    _passes(ex)
    assert _ends(ex) == _one_level_ends(passed_out_irregular=False)
    assert (ex.states, ex.edges) == (11_149, 42_656)


def test_a_key_leaving_out_a_declared_read_is_found_inexact_by_the_key_check() -> None:
    """The insufficient bid a Law 27 procedure waits on (the view ``procedure_call``) is read by
    its rows (which replacement is the lowest sufficient bid in its denomination, 27B1a): keyed
    without it, two procedures about different bids are merged, and the key check names the
    edges where their futures differ.  (In ``exposure-1`` no declared read left out shows so: with
    one irregularity, no second exposure reads the first, 24.)"""
    scope = scope_named("insufficient-1")
    space = IrregularSpace(scope, dealers=scope.dealers, name="planted", agreement="off")
    assert space.declared is not None and "procedure_call" in space.declared.names
    space.declared = replace(space.declared, names=tuple(n for n in space.declared.names if n != "procedure_call"))
    _, inexact = inexact_keys(explore(space))
    assert inexact and "insufficient_bid.awaiting_replacement" in inexact[0][1]


def test_the_key_holds_no_log_where_no_rule_of_the_scope_reads_it() -> None:
    for name in ("exposure-1", "insufficient-1", "lead-1", "lead-exposure-1", "rotation-1", "inadmissible-1",
                 "changes-1"):
        key = declared_key(LAWS_2017, scope_named(name))
        assert key.log_readers == {} and not set(key.names) & LOG, name
        assert EXPLORER_READS <= set(key.names)


def test_no_scope_of_either_book_has_a_rule_reading_the_record() -> None:
    """The 1997 book's actions for Laws 30-33 rewrite only the citations of the record's entries
    (``AuctionState.cite_again``, ``cite_back``): no rule of either book reads the record."""
    for book in (LAWS_2017, LAWS_1997):
        for name in ("rotation-1", "inadmissible-1", "inadmissible-2", "changes-1", "lead-exposure-1"):
            key = declared_key(book, scope_named(name))
            assert key.log_readers == {} and "record" not in key.names, (book.name, name)


def test_a_scope_whose_rules_read_the_record_names_them_and_is_keyed_on_it() -> None:
    """A rule declaring that it reads the record (planted: 36's holding action, which reads none)
    puts the whole record in the key, exact but telling every history apart, and the key names
    it, so that the report can say which declaration stops the key from being small."""
    hold = next(r for r in LAWS_2017.rows if r.action is not None and r.action.name == "hold_inadmissible_double")
    assert hold.action is not None
    planted = build(LAWS_2017.states, [replace(r, action=derived(hold.action, "reads_the_record", "test",
                                                                  hold.action.run, reads=("record",)))
                                       if r is hold else r for r in LAWS_2017.rows])
    key: DeclaredKey = declared_key(planted, scope_named("inadmissible-1"))
    assert key.log_readers["record"] == ("inadmissible:reads_the_record",)
    assert "record" in key.names


def test_verify_shared_by_two_processes_gives_one_process_verdicts_and_paths(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``auction-fsm verify``, its levels shared by two processes (each declared key a task of
    its own): every check passes, and the sizes and the paths from the start to an end are one
    process's (the paths are the auctions themselves, whatever the key merges: the hand-written
    key gave the same number)."""
    from auction_fsm.cli import main

    runs = []
    for jobs in ("1", "2"):
        assert main(["verify", "--scope", "exposure-1", "--no-machine", "--json", "--quiet", "--jobs", jobs]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    one, two = runs
    assert one["ok"] and two["ok"]
    assert one["paths"] == two["paths"] == 1_179_549_979
    assert (one["states"], one["edges"]) == (two["states"], two["edges"]) == (3_304, 9_696)
    assert two["keys"] == "declared" and two["log_readers"] == {}


def test_verify_names_the_rules_that_put_the_record_in_the_key() -> None:
    from auction_fsm.graph.checks import GraphReport
    from auction_fsm.graph.verification import format_report

    report = GraphReport("configuration", "changes-1", 1, 0, {}, [],
                         {"keys": "declared", "log_readers": {"record": ["fact:phase_when_procedure_closes"]}})
    assert ("keyed by what the scope's rules declare they read; the whole record in the key, read by "
            "fact:phase_when_procedure_closes") in format_report(report)


@pytest.fixture(scope="module")
def lead() -> Exploration[Any, Any]:
    return _explored("lead-1")


def test_41_lead_1_keyed_by_its_declarations_passes_and_reaches_every_end(lead: Exploration[Any, Any]) -> None:
    """With the standing calls' facts read in pieces and the first namers bounded by the scope
    (``DeclaredKey.first_namers``), the opening lead's scope finishes: every check passes, every
    contract is reached with and without a lead out of turn (54; none on a board passed out),
    with the hand-written key's 18,006 configurations and 20,645 edges."""
    _passes(lead)
    assert _ends(lead) == _one_level_ends(passed_out_irregular=False)
    assert (lead.states, lead.edges) == (18_006, 20_645)


def test_41_lead_1_declared_keys_are_exact_by_the_key_check(lead: Exploration[Any, Any]) -> None:
    compared, inexact = inexact_keys(lead)
    assert compared > 1_000 and inexact == []


def test_the_lead_scopes_key_the_pieces_of_the_standing_facts_not_the_whole() -> None:
    """Their rules read who declares (the contract), the suits specified (26B) and the calls left
    unnoticed (36C), each as a view of its own; with no irregularity that gives a 26B right
    switched on, no seat's suits are kept, and once the auction is over only declarer is."""
    scope = scope_named("lead-1")
    key = declared_key(LAWS_2017, scope)
    assert {"first_namers", "suits_specified", "unnoticed_calls"} <= set(key.names)
    assert "standing_facts" not in key.names and not key.reviving and not key.restricting
    over = AuctionState.start(Seat.N).calls("1H 1S 1NT P P P")
    assert key.suits_specified(over) == (0, 0, 0, 0)
    assert key.first_namers(over) == int(Seat.S)
    # before the end at one level, only strains a sufficient bid can still name, or the last bid's
    open_ = AuctionState.start(Seat.N).calls("1H 1S")
    assert key.first_namers(open_) == (0, 1 << int(Strain.S), 0, 0)
    # (North's hearts and clubs can no longer be the contract's strain at one level)
    assert key.first_namers(AuctionState.start(Seat.N).calls("1C 1D")) == (0, 1 << int(Strain.D), 0, 0)
    assert AuctionState.start(Seat.N).calls("1C 1D").standing_facts.namers == (1, 2, 0, 0)


def test_35_39_inadmissible_1_keyed_by_its_declarations_passes_and_reaches_every_end() -> None:
    """Laws 35-39's scope ends at the final pass: the rows of a call after it (39) and of
    attention drawn after it (36) never fire there, so who declares (read by 39) is not keyed,
    nor the 26B rights its rectifications give (read only for declarer's options before the
    lead).  Keyed so, it finishes with every check passing, every end, and the hand-written key's
    configurations and edges (4,277 and 19,222)."""
    declared = _explored("inadmissible-1")
    _passes(declared)
    assert _ends(declared) == _one_level_ends(passed_out_irregular=True)
    assert (declared.states, declared.edges) == (4_277, 19_222)
    compared, inexact = inexact_keys(declared)
    assert compared > 10_000 and inexact == []


def test_a_scope_without_the_lead_takes_no_row_that_fires_only_after_its_final_pass() -> None:
    """39's rows (from the phases after the final pass, and of the procedure only they open) are
    left out; a procedure no row opens, as the comparability judgement (23) an action opens, is
    kept; the lead scopes keep 39's reads."""
    scope = scope_named("inadmissible-1")
    rows = [row for row in LAWS_2017.rows if switched_on(row.family, scope.families)]
    dropped = [row for row in rows if row not in after_end_dropped(rows)]
    assert {row.source for row in dropped if row.machine == "phase"} >= {
        "clarification", "opening_lead", "passed_out", "call_after_final_pass.awaiting_decision"}
    assert all(row.machine == "phase" for row in dropped)
    assert not [row for row in dropped if row.source in ("auction", "awaiting_first_call")
                or row.source.startswith(("comparable_call.", "inadmissible_double."))]
    names = declared_key(LAWS_2017, scope).names
    assert not {"first_namers", "call_just_made", "options_key"} & set(names)
    assert "first_namers" in declared_key(LAWS_2017, scope_named("lead-1")).names


def test_a_scope_without_the_lead_keys_only_the_26b_rights_a_later_step_can_take_back() -> None:
    """A right given by a branch of a waiting rectification (32B2 of 1997) can be taken back and
    wait again; any other right is read there only to word rulings and for declarer's options
    before the lead, which such a scope never reaches."""
    key = declared_key(LAWS_2017, scope_named("inadmissible-1"))
    assert "restrictions" in key.names and key.ends_at_final_pass
    state = AuctionState.start(Seat.N).calls("1C")
    right = LeadRestriction(Seat.N, "36B", parse_call("X"))
    assert rights_taken_back(state.restrict(right)) == rights_taken_back(state) == ()
    branch = Branch(parse_call("P"), 0, Watch("after_rho_call", Seat.N, parse_call("1C"), "32B2"))
    kept = state.restrict(replace(right, branch=branch))
    assert rights_taken_back(kept) == ((int(Seat.N), branch),)


def test_25_changes_1_keys_the_last_calls_only_as_far_as_a_change_can_still_read_them() -> None:
    """A change of call (25A4, 21B1a) reads the acting seat's last standing call: whole while
    partner has not called since, only the call and its place once it has (to say "too late"),
    and nothing once the budget is spent with nothing waiting (no change can come)."""
    key = declared_key(LAWS_2017, scope_named("changes-1"))
    state = AuctionState.start(Seat.N).calls("1C 1D 1H")
    keyed = key.last_calls(state)
    assert isinstance(keyed, tuple)
    north, east, south, west = keyed
    full_east, full_south = state.last_calls[Seat.E], state.last_calls[Seat.S]
    assert north == (parse_call("1C"), Seat.N, 2)  # South has called: too late, by call and place
    # in time: whole, but for the standing calls' facts before it, whose views no rule of this
    # scope reads (who declares, the suits specified: only past its end)
    assert full_east is not None and full_south is not None
    assert east == full_east._replace(facts_before=NO_STANDING_FACTS)
    assert full_east.facts_before != NO_STANDING_FACTS
    assert south == full_south._replace(facts_before=NO_STANDING_FACTS) and west is None
    assert key.last_calls(evolve(state, incidents=1)) is None


def test_25_changes_1_keys_every_seats_last_call_for_the_acting_seats_alone() -> None:
    """The change-of-call rules declare the acting seat's last call alone (``actor_last_call``);
    the explorer's key has no event to say which seat acts, so it holds every seat's
    (``last_calls``) in its place, and never the view itself."""
    actors = [r for r in LAWS_2017.rows if r.action is not None and r.action.reads is not None
              and ACTOR_LAST_CALL in r.action.reads]
    assert actors and all(switched_on(r.family, scope_named("changes-1").families) for r in actors)
    key = declared_key(LAWS_2017, scope_named("changes-1"))
    assert "last_calls" in key.names and ACTOR_LAST_CALL not in key.names
    assert not any(ACTOR_LAST_CALL in declared_key(LAWS_2017, scope_named(s)).names
                   for s in ("rotation-1", "insufficient-1", "exposure-1"))


def test_25_changes_1_keys_a_last_calls_place_by_its_rank_among_the_entries_still_looked_at() -> None:
    """A cancelled entry between two calls is looked at by no view the key holds: the calls'
    places are keyed by rank, so an attempt refused as too late (cancelled, 25A4) does not split."""
    key = declared_key(LAWS_2017, scope_named("changes-1"))
    state = AuctionState.start(Seat.N).calls("1C 1D")
    cancelled = state.add_call(CallRecord(Seat.N, parse_call("1S"), Seat.S, "cancelled", "change_of_call", "25A4"))
    assert cancelled.last_calls != state.last_calls  # counted back from the end, the places moved
    assert key.last_calls(cancelled) == key.last_calls(state)


def test_an_auction_only_scope_leaves_out_what_only_a_procedure_closing_after_the_end_reads() -> None:
    """A change claimed once the auction has ended and refused asks declarer's choices again
    (25A5): that reads who declares and the suits specified.  In a scope that ends at the final
    pass such a change is never offered (nothing follows an end), so neither is in its key; the
    lead scopes, which go on to the lead, keep them."""
    assert not {"first_namers", "suits_specified"} & set(declared_key(LAWS_2017, scope_named("changes-1")).names)
    assert {"first_namers", "suits_specified"} <= set(declared_key(LAWS_2017, scope_named("lead-1")).names)


def _component(key: DeclaredKey, state: AuctionState, name: str) -> Any:
    return key.of(state)[key.names.index(name)]


def test_28_rotation_1_keys_what_only_a_new_irregularity_reads_as_nothing_once_the_budget_is_spent() -> None:
    """The last standing call alone (``last_call``) is read only to take a call at LHO's turn as
    an attempt to change (30B2, 31C, 32C), a new irregularity: found from the rows, it is keyed
    as nothing once the budget is spent, and kept before, and while a repeat is owed (31A1: that
    call, however irregular, belongs to the incident already counted)."""
    key = declared_key(LAWS_2017, scope_named("rotation-1"))
    assert key.irregular_only == {"last_call": frozenset()}
    state = AuctionState.start(Seat.N).calls("1C 1D")
    seat, kept = _component(key, state, "last_call")
    assert seat == Seat.E and kept.call == parse_call("1D")
    spent = evolve(state, incidents=1)
    assert _component(key, spent, "last_call") is None
    # a position differing only in the last call is then merged: after 1C P, East may not call
    # again at South's turn (a new irregularity), whatever East called
    other = evolve(AuctionState.start(Seat.N).calls("1C P"), incidents=1)
    assert _component(key, other, "last_call") is None
    owed = spent.impose(Seat.W, Obligation("repeat_call", "31A1", parse_call("1H")))
    assert _component(key, owed, "last_call") == _component(key, state, "last_call")


def test_28_rotation_1_keeps_what_a_procedure_that_may_still_open_reads_past_the_budget() -> None:
    """The call just made (``call_just_made``) is read by the call at LHO's turn (a new
    irregularity), but also by rows of procedures that may still open past the budget (Law 27's,
    when the repeat 31A1 requires is an insufficient bid): kept.  The last standing call alone is
    read in no procedure: past the budget it is nothing while one waits too; a procedure a row of
    any family reads it in would keep it (a change of call opened at LHO's turn is ruled by Law
    25's rows, which the scope does not switch on)."""
    key = declared_key(LAWS_2017, scope_named("rotation-1"))
    assert "call_just_made" in key.names and "call_just_made" not in key.irregular_only
    state = AuctionState.start(Seat.N).calls("1C")
    spent = evolve(state, incidents=1)
    assert _component(key, spent, "call_just_made") == _component(key, state, "call_just_made") is not None
    held = apply_event(state, CallEvent(Seat.W, parse_call("1D")))  # West out of rotation, at East's turn
    assert held.pending is not None and held.pending.procedure == rotation.OOR and held.incidents == 1
    assert _component(key, held, "last_call") is None
    planted = replace(key, irregular_only={"last_call": frozenset({rotation.OOR})})
    assert _component(planted, held, "last_call") is not None


def test_no_scope_but_those_with_calls_out_of_rotation_keys_a_name_as_read_only_on_a_new_irregularity() -> None:
    """Where a name's readers include a row that may fire with the budget spent (a procedure some
    other step may enter, the explorer, the classifier), it is kept: the scopes of changes,
    insufficient and inadmissible calls, exposures and leads take none."""
    for name in ("changes-1", "insufficient-1", "inadmissible-1", "exposure-1", "lead-1"):
        assert declared_key(LAWS_2017, scope_named(name)).irregular_only == {}, name


def test_28_rotation_1_keys_the_last_calls_places_by_rank_and_its_facts_as_far_as_they_are_read() -> None:
    """The last standing call alone is keyed as a change still in time reads it: places as ranks
    among the entries still looked at (a cancelled entry does not split), and the standing calls'
    facts before it only in the pieces the key holds (none in ``rotation-1``)."""
    key = declared_key(LAWS_2017, scope_named("rotation-1"))
    state = AuctionState.start(Seat.N).calls("1C 1D")
    cancelled = state.add_call(CallRecord(Seat.N, parse_call("1S"), Seat.S, "cancelled", "out_of_rotation", "31"))
    assert cancelled.last_call != state.last_call
    assert key.last_call(cancelled) == key.last_call(state)
    found = state.last_call
    assert found is not None and found[1].facts_before != NO_STANDING_FACTS
    assert key.last_call(state) == (Seat.E, found[1]._replace(facts_before=NO_STANDING_FACTS))


def test_23_a_comparability_judgement_keys_the_withdrawn_call_only_where_it_resumes_a_replacement() -> None:
    """The director answers 23A either way; the withdrawn call then only words the ruling and
    names the call behind a 26B right (words only): keyed as nothing.  A judgement opened by Law
    27 that, if not comparable, sends the offender back to replace the insufficient bid names
    that bid by this value: kept."""
    key = declared_key(LAWS_2017, scope_named("rotation-1"))
    state = AuctionState.start(Seat.N).calls("P 1D")
    one, other = (open_comparable(state, Seat.E, 0, parse_call(c), "31B2", "none") for c in ("1C", "1H"))
    assert one.pending is not None and one.pending.get("withdrawn") == "1C" and other.pending is not None
    assert withdrawn_unread(one.pending) == withdrawn_unread(other.pending)
    assert key.of(one) == key.of(other)
    resuming = replace(one.pending, extra=(*one.pending.extra, ("resume_ib", "1")))
    assert withdrawn_unread(resuming) == resuming


def test_31_a_watch_on_the_offenders_next_call_is_keyed_without_the_call_it_judges_under_2017_only() -> None:
    """Under the 2017 book the call a 31A2/32A2 watch keeps goes only into the comparability
    judgement (above); the 1997 book reads it (31A2 of 1997: does the new call repeat its
    denomination), so its key keeps it."""
    state = AuctionState.start(Seat.N).calls("P")
    one, other = (evolve(state, watches=(Watch("judge_replacement", Seat.E, parse_call(c), "31B2"),))
                  for c in ("1C", "1H"))
    key = declared_key(LAWS_2017, scope_named("rotation-1"))
    assert not key.judged_call_read and _component(key, one, "watches") == _component(key, other, "watches")
    after_rho = evolve(state, watches=(Watch("after_rho_call", Seat.E, parse_call("1C"), "31A"),))
    assert _component(key, after_rho, "watches") == after_rho.watches  # a call to repeat: kept
    old = declared_key(LAWS_1997, scope_named("rotation-1"))
    assert old.judged_call_read and _component(old, one, "watches") != _component(old, other, "watches")
