"""The machine pictures in diagrams/: one per view the law book gives, each drawn from the book
as it stands (a picture drawn from an older book fails, as a stale flowchart does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auction_fsm.draw import draw_state_graph, machine_views, read_view_data, view_data
from auction_fsm.lawbook import LAWS_2017

DIAGRAMS = Path(__file__).resolve().parents[2] / "diagrams"
VIEWS = dict(machine_views(LAWS_2017))
REDRAW = "run `auction-fsm draw --machines` and look at the pictures"


def test_the_committed_machine_pictures_are_the_views() -> None:
    committed = sorted(p.stem for p in DIAGRAMS.glob("*.png")
                       if p.stem.endswith("_machine") or p.stem.startswith("phase_"))
    assert committed == sorted(VIEWS), f"diagrams/ holds other machine pictures than the book gives: {REDRAW}"


@pytest.mark.parametrize("stem", sorted(VIEWS))
def test_a_committed_machine_picture_is_not_stale(stem: str) -> None:
    path = DIAGRAMS / f"{stem}.png"
    data = read_view_data(path)
    assert data is not None, f"{path} carries no view data: {REDRAW}"
    want = view_data(VIEWS[stem])
    if data != want:
        gone = [a for a in data["arrows"] if a not in want["arrows"]][:2]
        new = [a for a in want["arrows"] if a not in data["arrows"]][:2]
        pytest.fail(f"{path} is stale ({REDRAW}); arrows gone: {gone}; arrows new: {new}")


def test_a_drawn_machine_picture_carries_what_it_shows(tmp_path: Path) -> None:
    g = VIEWS["seat_machine"]
    assert read_view_data(draw_state_graph(g, tmp_path / "s.png")) == view_data(g)


def test_a_changed_row_changes_what_the_picture_shows() -> None:
    """A book whose 27B1a row cites another law draws other arrows, so the test above can fail."""
    from dataclasses import replace

    variant = LAWS_2017.replace_row(lambda r: r.law == "27B1a", lambda r: replace(r, law="27B9"))
    changed = [stem for stem, g in machine_views(variant) if view_data(g) != view_data(VIEWS[stem])]
    assert changed and all(stem in VIEWS for stem in changed)
