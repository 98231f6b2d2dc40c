"""The one definition of an irregularity (:func:`auction_fsm.engine.irregularities`): what the
engine counts in ``incidents``, what the scopes bound and what the route pictures colour.  A step
of a procedure already under way (a replacement, LHO calling over an inadmissible call, a
watched call judged) is not a new irregularity, so it does not spend a scope's budget."""

from __future__ import annotations

from auction_fsm.auction import AuctionState
from auction_fsm.engine import irregularities, is_incident, step

from .conftest import events


def _families(dealer: str, *texts: str) -> list[frozenset[str]]:
    state = AuctionState.start(dealer)
    out = []
    for e in events(*texts):
        ev = e.resolve(state) if hasattr(e, "resolve") else e
        st = step(state, ev)
        out.append(irregularities(st.before, st.event, st.after))
        assert is_incident(st.before, st.event, st.after) == bool(out[-1])
        state = st.after
    return out


def test_27B_an_insufficient_bid_is_one_irregularity_and_its_replacement_none() -> None:
    fams = _families("N", "N 1H, E 1C, director, declined, E 2C")
    assert fams == [frozenset(), frozenset({"insufficient_bid"}), frozenset(), frozenset(), frozenset()]
    state = AuctionState.start("N")
    for e in events("N 1H, E 1C, director, S choose decline, E 2C"):
        state = step(state, e).after
    assert state.incidents == 1


def test_27B4_a_second_insufficient_bid_as_replacement_is_a_second_irregularity() -> None:
    fams = _families("N", "N 1H, E 1C, director, declined, E 1D")
    assert fams[-1] == frozenset({"insufficient_bid"})


def test_36A_LHO_calling_over_an_inadmissible_double_is_not_a_new_irregularity() -> None:
    fams = _families("N", "N 1H, E X, S X, W P")  # South's double of partner's bid is inadmissible
    assert fams[2] == frozenset({"inadmissible"}) and fams[3] == frozenset()


def test_29_and_24_a_call_out_of_rotation_and_an_exposed_card_are_irregularities() -> None:
    assert _families("N", "E 1S") == [frozenset({"rotation"})]
    assert _families("N", "N 1H, E expose SK") == [frozenset(), frozenset({"exposure"})]


def test_31A1_a_required_repeat_that_is_insufficient_belongs_to_the_call_out_of_rotation() -> None:
    """South's 1C at East's turn is cancelled; East passes, so South must repeat 1C (31A1), which
    North's 1C has made insufficient: Law 27 opens, but the Laws forced the call, so it is part
    of the first incident and spends no budget (one irregularity in all)."""
    fams = _families("N", "N 1C, S 1C, director, judge artificial yes, E P, S 1C")
    assert fams[1] == frozenset({"rotation"})
    assert fams[-1] == frozenset()
    state = AuctionState.start("N")
    for e in events("N 1C, S 1C, director, judge artificial yes, E P, S 1C"):
        state = step(state, e).after
    assert state.incidents == 1 and state.pending is not None
    assert state.pending.procedure == "insufficient_bid"
