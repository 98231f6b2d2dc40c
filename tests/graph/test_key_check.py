"""``verify --check-keys`` (:mod:`auction_fsm.graph.key_check`): every edge off the breadth-first
tree reaches a state whose future is the one recorded for its key."""

from __future__ import annotations

import json
from typing import Any

import pytest

from auction_fsm.cli import main
from auction_fsm.events import CallEvent
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import DeclaredKey
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.key_check import inexact_keys
from auction_fsm.scope import Scope

OPENING = (CallEvent.of("N", "1NT"),)


def _space(*families: str) -> IrregularSpace:
    return IrregularSpace(Scope.of(families), prefix=OPENING, agreement="off")


@pytest.mark.parametrize("families", [
    ("insufficient_bid", "inadmissible"),
    ("exposure", "opening_lead"),  # the law a card was exposed under (24 or 49) is in the key
    ("rotation", "changes"),
])
def test_keys_reached_by_other_paths_have_the_same_future(families: tuple[str, ...]) -> None:
    ex = explore(_space(*families))
    compared, inexact = inexact_keys(ex)
    assert compared == ex.edges - (ex.states - 1) > 100  # every edge but the tree's
    assert inexact == []


def test_a_key_without_the_exposed_cards_is_found_inexact(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key that leaves out a part its rules read merges positions with different futures, and
    the check names the edges where a state with such a key has another future than the key's
    representative.  Planted here: the cards exposed during the auction (24) left out of the
    key, so an exposed club and no exposed card share one.  (The fault issue 21 found, the law a
    card was exposed under left out, does not show in this scope any more: stripped of that law
    alone, the key check compares 352 edges and finds none inexact, other parts of the key
    telling those positions apart.)"""
    declared_of = DeclaredKey.of

    def without_exposed(self: DeclaredKey, state: Any) -> tuple[object, ...]:
        key = declared_of(self, state)
        at = self.names.index("exposed")
        return (*key[:at], (), *key[at + 1:])

    monkeypatch.setattr(DeclaredKey, "of", without_exposed)
    ex = explore(_space("exposure", "opening_lead"))
    compared, inexact = inexact_keys(ex)
    assert compared > 100 and inexact
    where, detail = inexact[0]
    assert detail.startswith("on E exposes D2: the state reached has the key of")
    assert "exposed N:C2" in detail and "leads to another configuration" in detail
    assert ex.space.describe(ex.keys[where]).startswith("phase auction")


def test_verify_check_keys_reports_the_edges_compared(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--scope", "exposure-1,legal", "--check-keys", "--no-machine", "--json",
                 "--quiet", "--jobs", "1"]) == 0
    irregular, legal = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (irregular["inexact_keys"], irregular["keys_compared"]) == (0, 9696 - 3303)
    assert "inexact_keys" not in legal and legal["keys_compared"] is None
    assert main(["verify", "--scope", "legal", "--check-keys", "--no-machine", "--quiet"]) == 0
    assert "keys not checked: the scope is legal-only" in capsys.readouterr().out


def test_the_key_check_is_refused_on_a_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--scope", "exposure-1", "--check-keys", "--cluster", "local:2"]) == 2
    assert "--check-keys" in capsys.readouterr().err


def test_the_key_check_tells_its_progress() -> None:
    """Told (0, edges off the tree) first, then every 1,024 edges compared, with what is left."""
    ex = explore(_space("insufficient_bid"))
    calls: list[tuple[int, int]] = []
    compared, _ = inexact_keys(ex, lambda done, left: calls.append((done, left)))
    assert calls[0] == (0, compared) and compared > 2048
    assert [done for done, _ in calls[1:]] == list(range(1024, compared + 1, 1024))
    assert all(done + left == compared for done, left in calls)
