"""``auction-fsm simulate`` (seeded, counts laws and endings, a fuzzer) and ``draw --scenario``
(the route of one auction through the flowcharts)."""

from __future__ import annotations

import json
from pathlib import Path

from auction_fsm.cli import main
from auction_fsm.scenario import load_scenario
from auction_fsm.teaching.charts import all_charts
from auction_fsm.teaching.randomsim import simulate
from auction_fsm.teaching.route import route_chart, route_of, ruling_laws

from .helpers import ROOT, piped

EXAMPLE = ROOT / "examples" / "insufficient-bid-27B2.json"


def test_a_simulation_is_reproducible_and_finds_no_failure() -> None:
    a = simulate(60, seed=3, rate=0.2)
    b = simulate(60, seed=3, rate=0.2)
    assert a.to_json() == b.to_json()
    assert a.auctions == 60 and sum(a.endings.values()) == 60
    assert a.failures == []
    assert a.irregular_events > 0 and a.laws


def test_the_rate_controls_the_irregularities() -> None:
    none = simulate(30, seed=1, rate=0.0)
    many = simulate(30, seed=1, rate=0.5)
    assert many.irregular_events > 3 * max(none.irregular_events, 1)
    assert set(none.families) <= {"41, 50, 51, 54"}  # only the opening lead and the end of the auction


def test_simulate_command_json() -> None:
    done = piped("simulate", "-n", "20", "--seed", "2", "--rate", "0.3", "--json", script="")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["auctions"] == 20 and data["failures"] == []
    assert set(data["endings"]) == {"play began", "passed out", "unfinished", "failure"}


def test_simulate_refuses_a_bad_rate() -> None:
    done = piped("simulate", "--rate", "2", script="")
    assert done.returncode == 2 and "--rate" in done.stderr


def test_the_route_of_an_example_goes_through_the_insufficient_bid_chart() -> None:
    sim = load_scenario(EXAMPLE).simulate()
    lines: dict[tuple[str, ...], list[int]] = {}
    for chart in (c for c in all_charts() if c.stem.startswith("flow_27")):
        route = route_of(sim.steps, chart)
        lines.update({tuple(chart.box(b).lines): events for b, events in route.items()})
    assert any(events == [4] for events in lines.values())  # the insufficient bid
    # the director called at step 1 leads straight on to step 2, whose head stands for that row
    assert any(ls[0].startswith("Step 2:") for ls in lines)


def test_draw_scenario_draws_the_route(tmp_path: Path, capsys: object) -> None:
    status = main(["draw", "--scenario", str(EXAMPLE), "-o", str(tmp_path)])
    assert status == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "route.png" in names and "route_flow_27.png" in names and "route_flow_23_26.png" in names


def test_draw_only_one_flowchart(tmp_path: Path) -> None:
    assert main(["draw", "--flowcharts", "--only", "flow_24", "-o", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["flow_24.png"]


def test_the_route_tags_only_the_laws_that_ruled_at_each_event() -> None:
    """A plain final pass is the end of the auction (22A) and opens declarer's 26B choice; the
    rows the engine passed through without effect (exposed cards, penalty cards: none here) are
    not tagged, and no law is named twice."""
    sim = load_scenario(EXAMPLE).simulate()
    assert ruling_laws(sim.steps[10]) == "22A, 26B"  # West's final pass
    assert ruling_laws(sim.steps[1]) == "17C"  # a pass in rotation
    assert ruling_laws(sim.steps[6]) == "26B, 27B2"  # not comparable: East silenced, 26B rights
    chart = route_chart(sim, "t")
    for box in chart.boxes:
        parts = [p.strip() for p in box.law.split(",")]
        assert len(parts) == len(set(parts)), box
        assert "24D" not in parts and "50" not in parts, box


def test_draw_handout_refuses_what_it_cannot_combine(tmp_path: Path, capsys: object) -> None:
    """The handout holds every flowchart: --only or --machines with it is a usage error."""
    for extra in (["--only", "flow_24"], ["--machines"]):
        assert main(["draw", "--handout", str(tmp_path / "h.pdf"), *extra]) == 2
        assert not (tmp_path / "h.pdf").exists()
