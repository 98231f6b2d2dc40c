"""Law 33 of 1997 (simultaneous calls), ruled by the law book ``1997``: a call made at the same
moment as the call of the player whose turn it was counts as made after it.  The model takes the
events in the order given, so the simultaneous call is written second and ruled there, in
rotation or out of rotation (then by Laws 30-32 of 1997)."""

from __future__ import annotations

from .book1997 import walk97
from .conftest import outcome, ruling_laws


def test_1997_33_simultaneous_call_by_the_next_player_is_deemed_later_and_in_rotation() -> None:
    s = walk97("N", "N 1H, E 1S, S 2H")  # East (in turn) and South together: South's call is later
    assert outcome(s)["record"] == ["N 1H stands", "E 1S stands", "S 2H stands"]
    assert outcome(s)["turn"] == "W" and s.rulings == ()


def test_1997_33_simultaneous_call_by_partner_of_the_player_in_turn_is_ruled_by_31A_of_1997() -> None:
    s = walk97("N", "N 1H, E 1S, W 2S")  # West's 2S is deemed made after East's, at South's turn
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "N",
                                     ("accept", "correct_player_calls", "director"))
    s = walk97("N", "N 1H, E 1S, W 2S, director, declined, judge artificial no, S P")
    assert outcome(s)["obligations"] == {"W": [("repeat_call", "31A1 (1997)", "2S")]}
    assert ruling_laws(s) == ["31A (1997)", "31A1 (1997)"]
