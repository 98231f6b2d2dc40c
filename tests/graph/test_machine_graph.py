from __future__ import annotations

import dataclasses

import networkx as nx
from books import build, spec

from auction_fsm.events import CallEvent
from auction_fsm.graph.checks import check_machine_graph
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.legal_space import LegalSpace
from auction_fsm.graph.machine_graph import containers, flatten_containers, machine_graph, not_exercised
from auction_fsm.lawbook import LAWS_2017 as TABLE
from auction_fsm.lawbook import StateSpec

from .helpers import replay


def test_every_table_state_and_transition_is_in_the_graph() -> None:
    g = machine_graph()
    assert g.number_of_nodes() == len(TABLE.states)
    assert g.number_of_edges() == len(TABLE.rows)
    for i, t in enumerate(TABLE.rows):
        d = g.edges[f"{t.machine}:{t.source}", f"{t.machine}:{t.target}", f"t{i}"]
        assert (d["trigger"], d["law"], d["guard"]) == (t.trigger, t.law, t.guard.name if t.guard else "")
    assert g.nodes["seat:free"]["kind"] == "initial"
    assert all(isinstance(v, (str, int, bool)) for _, d in g.nodes(data=True) for v in d.values())


def test_the_packaged_table_passes_every_check() -> None:
    report = check_machine_graph(machine_graph())
    assert report.ok, report.to_json()


def test_containers_pass_their_exits_to_inner_states() -> None:
    states = [StateSpec("phase", "start", "initial", "s"), StateSpec("phase", "box", "irregularity", "b"),
              StateSpec("phase", "box.wait", "decision", "w", parent="box"),
              StateSpec("phase", "end", "terminal", "e")]
    trans = [spec("phase", "call_pass", "start", "box.wait", "17C", "x"),
             spec("phase", "director_called", "box", "end", "27B", "y")]
    g = machine_graph(build(states, trans))
    assert containers(g) == ["phase:box"]
    assert flatten_containers(g).has_edge("phase:box.wait", "phase:end")
    assert check_machine_graph(g).ok


def test_a_removed_self_loop_makes_a_seat_dead_end() -> None:
    trans = [t for t in TABLE.rows
             if not (t.machine == "seat" and t.source == "must_pass_rest_of_auction" and t.trigger == "call_pass")]
    report = check_machine_graph(machine_graph(build(TABLE.states, trans)))
    assert report.counts["dead_ends"] == 1
    finding = next(f for f in report.findings if f.check == "dead_ends")
    assert finding.state == "seat:must_pass_rest_of_auction"
    assert finding.trace is not None and "impose_pass_rest_of_auction" in finding.trace.steps[0]


def test_a_planted_dead_end_is_reported_with_a_scenario_that_replays() -> None:
    # the 22B transition now leads to a state with no way out
    states = [*TABLE.states, StateSpec("phase", "limbo", "normal", "planted")]
    trans = [dataclasses.replace(t, dest="limbo") if t.target == "passed_out" else t for t in TABLE.rows]
    table = build(states, trans)
    g = machine_graph(table)
    report = check_machine_graph(g, explore(LegalSpace(table)))
    # passed_out, and hands_returned behind it (17D2), become unreachable
    assert report.counts["dead_ends"] == 1 and report.counts["unreachable"] == 2
    finding = next(f for f in report.findings if f.check == "dead_ends")
    assert finding.state == "phase:limbo"
    assert finding.trace is not None and finding.trace.scenario is not None
    sim = replay(finding.trace.scenario)
    assert [e.call.text for e in (s.event for s in sim.steps) if isinstance(e, CallEvent)] == ["P", "P", "P", "P"]
    assert not report.ok


def test_terminal_with_exit_and_sink_cycle_in_a_table() -> None:
    states = [StateSpec("phase", "a", "initial", ""), StateSpec("phase", "b", "normal", ""),
              StateSpec("phase", "c", "normal", ""), StateSpec("phase", "end", "terminal", "")]
    trans = [spec("phase", "call_pass", "a", "b", "1", "", guard="to_b"),
             spec("phase", "call_pass", "a", "end", "1", "", guard="to_end"),
             spec("phase", "call_bid", "b", "c", "1", ""),
             spec("phase", "call_bid", "c", "b", "1", ""),
             spec("phase", "call_bid", "end", "a", "1", "")]
    report = check_machine_graph(machine_graph(build(states, trans)))
    assert report.counts["terminal_with_exits"] == 1
    assert report.counts["sink_cycles"] == 1
    assert report.counts["cannot_finish"] == 2
    assert {f.state for f in report.findings if f.check == "sink_cycles"} == {"phase:b"}


def test_graph_is_a_multidigraph_keyed_by_table_position() -> None:
    g = machine_graph()
    assert isinstance(g, nx.MultiDiGraph)
    assert {k for _, _, k in g.edges(keys=True)} == {f"t{i}" for i in range(len(TABLE.rows))}


def test_states_not_exercised_are_told_in_the_books_words_a_procedure_never_reached_in_one_line() -> None:
    """What a scope left untried, as ``verify`` prints it: a procedure none of whose steps was
    reached is one line with its summary; a step missed inside a procedure otherwise reached is
    named by both summaries; every state left out is covered by exactly one line, by its id."""
    g = machine_graph()
    insufficient = [n for n in g if g.nodes[n]["parent"] == "phase:insufficient_bid"]
    missed_step = "phase:out_of_rotation.awaiting_choice"
    left_out = set(insufficient) | {missed_step, "seat:must_repeat_call"}
    names, words = not_exercised(g, set(g) - left_out)
    assert names == sorted(left_out)
    whole = [w for w in words if w.endswith("[phase:insufficient_bid.*]")]
    assert whole == [(f"{g.nodes['phase:insufficient_bid']['summary']}: never reached ({len(insufficient)} steps)"
                     " [phase:insufficient_bid.*]")]
    assert f"{g.nodes['phase:out_of_rotation']['summary']}: {g.nodes[missed_step]['summary']} [{missed_step}]" in words
    assert f"a seat: {g.nodes['seat:must_repeat_call']['summary']} [seat:must_repeat_call]" in words
    assert len(words) == 3
    assert not any("_" in w.split(" [")[0] for w in words)  # the words carry no code names
