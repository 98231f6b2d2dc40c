"""The triggers of the law book: what sets a row off, in words and as a director's question.

A trigger is the classifier's word for an event (``call_bid``, ``director_called``,
``judge_comparable`` ...) or a follow-up an action asks the engine to rule next
(``auction_ends``).  Each carries what it is (``words``), the yes/no question a director asks
when a decision has a single outcome (``question``), and a short line naming what happened
(``told``), which the flowcharts print above a question.  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["Trigger", "TRIGGERS", "IN_TURN", "CALL_TRIGGERS"]


@dataclass(frozen=True, slots=True)
class Trigger:
    """One trigger: ``words`` say what sets it off; ``question`` is the director's yes/no
    question for it (empty for the seat machines' triggers, which no chart asks about); ``told``
    names what happened in a few words; ``follow_up`` marks a trigger an action raises rather
    than an event at the table; ``procedural`` marks one that only keeps the procedure running
    (the director called again while already ruling), on which no law rules anything, so the
    flowcharts for people leave it out; ``aside`` marks one that may come at any step of a
    procedure, which a flowchart tells once beside the steps."""

    words: str
    ask: str = ""
    told: str = ""
    follow_up: bool = False
    procedural: bool = False
    #: An event that may come at any step of a procedure and leaves it where it was or hands it
    #: to another law (the auction restated, a call explained, a player saying a call was a
    #: slip): a flowchart tells it once, in its panel of side questions, not on every step.
    aside: bool = False

    @property
    def question(self) -> str:
        """The director's question (``ask``)."""
        return self.ask

    def __str__(self) -> str:
        return ("follow-up: " if self.follow_up else "") + self.words


#: The trigger of each kind of call made in turn as the Laws allow it (17-19): the classifier's
#: answer for a legal call, and the seat machines' triggers for a call that stands.
CALL_TRIGGERS: Final[dict[str, str]] = {"pass": "call_pass", "bid": "call_bid", "double": "call_double",
                                        "redouble": "call_redouble"}

#: Every trigger a row may use (the classifier's words, the follow-ups, the seat machines').
TRIGGERS: Final[dict[str, Trigger]] = {
    "call_pass": Trigger("the seat to act passes", ask="Does the player pass?", told="A pass in turn"),
    "call_bid": Trigger(
        "the seat to act makes a sufficient bid",
        ask="Does the player make a sufficient bid?",
        told="A bid in turn"),
    "call_double": Trigger(
        "the seat to act doubles as Law 19 permits",
        ask="Does the player double?",
        told="A double in turn"),
    "call_redouble": Trigger(
        "the seat to act redoubles as Law 19 permits",
        ask="Does the player redouble?",
        told="A redouble in turn"),
    "insufficient_bid": Trigger(
        "the seat to act bids no higher than the last bid",
        ask="Is the bid no higher than the last bid?",
        told="An insufficient bid"),
    "inadmissible_double": Trigger(
        "the seat to act doubles or redoubles where Law 19 does not permit it",
        ask="Is it a double or redouble that Law 19 does not allow?",
        told="An inadmissible double or redouble"),
    "violates_pass_obligation": Trigger(
        "a seat obliged to pass bids, doubles or redoubles at its turn",
        ask="Does a player obliged to pass bid, double or redouble in turn?",
        told="A bid, double or redouble by a player obliged to pass"),
    "bid_above_seven": Trigger(
        "the seat to act bids more than seven",
        ask="Is it a bid above the seven level?",
        told="A bid above seven"),
    "call_out_of_rotation": Trigger(
        "a seat calls when it is not its turn",
        ask="Is it a call out of turn?",
        told="A call out of rotation"),
    "call_after_final_pass": Trigger(
        "a call after the auction has ended",
        ask="Is a call made after the final pass?",
        told="A call after the final pass"),
    "call_while_pending": Trigger(
        "a call while an irregularity procedure waits for a decision",
        ask="Does a player call before the ruling?",
        told="A player calls"),
    "director_called": Trigger(
        "the director is called to the table and explains the options",
        ask="Is the director called?",
        told="The director is called"),
    "director_present": Trigger(
        "the director is called again while already ruling: nothing changes",
        ask="Is the director called again while already ruling?",
        procedural=True),
    "director_idle": Trigger(
        "the director is called with nothing irregular pending: the auction goes on",
        ask="Is the director called with nothing irregular pending?",
        told="The director is called"),
    "hands_returned": Trigger(
        "the hands of a passed-out board go back into the board (17D2)",
        ask="Are the hands of the passed-out board put back into the board?",
        told="After a passed-out board"),
    "judge_artificial": Trigger(
        "the director judges the call out of rotation artificial",
        ask="Does the director judge the call artificial?",
        told="The director judges the call artificial"),
    "judge_natural": Trigger(
        "the director judges the call out of rotation natural",
        ask="Does the director judge the call natural?",
        told="The director judges the call natural"),
    "judge_comparable": Trigger(
        "the director judges the replacement comparable (23A)",
        ask="Does the director judge the replacement comparable?",
        told="The director judges it comparable"),
    "judge_not_comparable": Trigger(
        "the director judges the replacement not comparable",
        ask="Does the director judge the replacement not comparable?",
        told="The director judges it not comparable"),
    "judge_unintended": Trigger(
        "the director judges the first call a slip (25A)",
        ask="Does the director judge the first call a slip?",
        told="The director finds a slip"),
    "judge_intended": Trigger(
        "the director judges the change a change of mind (25B)",
        ask="Does the director judge it a change of mind?"),
    "judge_misinformation": Trigger(
        "the director finds the call was made on misinformation (21B1)",
        ask="Does the director find misinformation influenced the call?",
        told="The director finds misinformation"),
    "judge_no_misinformation": Trigger(
        "the director finds no misinformation",
        ask="Does the director find that there was no misinformation?",
        told="The director finds no misinformation"),
    "judge_lowest": Trigger(
        "the director judges the replacement the lowest sufficient bid specifying the same denominations (27B1a)",
        ask="Does the director judge it the lowest sufficient bid showing the same denominations?",
        told="The director judges it the lowest such bid"),
    "judge_not_lowest": Trigger(
        "the director judges that the replacement is not the lowest such bid",
        ask="Does the director judge that it is not the lowest such bid?",
        told="The director judges it is not the lowest such bid"),
    "judge_dummy_seen": Trigger(
        "the director finds declarer could have seen dummy's cards (54C)",
        ask="Could declarer have seen dummy's cards?"),
    "judge_dummy_not_seen": Trigger(
        "the director finds declarer could not have seen dummy's cards",
        ask="Does the director find that declarer could not have seen dummy's cards?"),
    "choose_accept": Trigger("the player entitled accepts", ask="Does the player entitled accept?",
                             told="The player entitled accepts"),
    "choose_refuse": Trigger(
        "the player entitled refuses",
        ask="Does the player entitled refuse?",
        told="The player entitled refuses"),
    "choose_decline": Trigger(
        "the player entitled declines to accept the irregularity; the director rectifies",
        ask="Does the player entitled decline?",
        told="The player entitled declines"),
    "choose_designate": Trigger(
        "declarer designates which penalty card is led (51A)",
        ask="Does declarer designate which penalty card is led?"),
    "choose_keep": Trigger(
        "LHO keeps the call made over the changed one",
        ask="Does LHO keep the call made over the changed one?"),
    "choose_withdraw": Trigger(
        "LHO withdraws the call made over the changed one (25A6)",
        ask="Does LHO withdraw the call made over the changed one?"),
    "choose_change": Trigger(
        "LHO changes the call made over the changed one (21B2)",
        ask="Does LHO change the call made over the changed one?"),
    "choose_spread": Trigger(
        "declarer spreads the hand and becomes dummy (54A)",
        ask="Does declarer spread the hand and become dummy?"),
    "choose_require": Trigger(
        "declarer requires the leader to lead a suit",
        ask="Does declarer require the leader to lead the suit?"),
    "choose_prohibit": Trigger(
        "declarer prohibits a suit to the leader",
        ask="Does declarer prohibit the suit?"),
    "choose_let_remain": Trigger(
        "declarer lets the penalty card remain (50D2b)",
        ask="Does declarer let the penalty card remain?"),
    "choose_no_prohibition": Trigger(
        "declarer does not use the 26B right",
        ask="Does declarer choose not to prohibit a suit?"),
    "choose_director": Trigger(
        "the player entitled asks the director to rule instead",
        ask="Does the player entitled ask the director to rule instead?"),
    "choose_other": Trigger("a choice no procedure here offers"),
    "attempt_change": Trigger(
        "a player tries to change a call",
        ask="Does a player try to change a call?",
        told="A player tries to change a call",
        aside=True),
    "expose_cards": Trigger(
        "cards of a player are found exposed during the auction (24)",
        ask="Are a player's cards exposed during the auction?",
        told="Cards are exposed"),
    "noticed_after_lead": Trigger(
        "nobody draws attention to the call until after the opening lead is faced (36C)",
        ask="Does nobody notice the call until after the opening lead is faced?",
        told="Nobody notices the call until after the lead"),
    "noticed_later": Trigger(
        "nobody draws attention to the call for now: the auction goes on with it (9A, 36)",
        ask="Does nobody notice the call for now?",
        told="Nobody notices the call for now"),
    "attention_drawn": Trigger(
        "the director is called while an inadmissible call nobody had noticed stands: attention is drawn "
        "to it (36A, 36B)",
        ask="Is the director called while an unnoticed inadmissible call stands?",
        told="Attention is drawn to an unnoticed call"),
    "review_request": Trigger(
        "a player asks for the auction to be restated (20B, 20C2)",
        ask="Does a player ask for the auction to be restated?",
        aside=True),
    "explanation_request": Trigger(
        "a player asks about the opponents' calls (20F)",
        ask="Does a player ask what an opponent's call means?",
        told="A player asks what a call means",
        aside=True),
    "face_down_lead": Trigger(
        "the presumed leader leads face down (41A)",
        ask="Does the presumed leader lead face down?"),
    "opening_lead": Trigger(
        "the presumed leader faces the opening lead at once (41)",
        ask="Does the presumed leader face the opening lead at once?"),
    "face_lead": Trigger("the face-down opening lead is faced (41C)", ask="Is the face-down lead faced?"),
    "lead_out_of_turn": Trigger(
        "the other defender faces an opening lead (54)",
        ask="Does the other defender face an opening lead?",
        told="The other defender faces a lead"),
    "face_down_lead_out_of_turn": Trigger(
        "the other defender leads face down (41A)",
        ask="Does the other defender lead face down?"),
    "lead_by_declaring_side": Trigger(
        "declarer or dummy leads (54E, 24)",
        ask="Does declarer or dummy lead?"),
    "auction_ends": Trigger(
        "the standing calls have ended the auction",
        ask="Have the calls ended the auction?",
        told="The auction has ended",
        follow_up=True),
    "watched_call": Trigger(
        "a call stood that a waiting rectification reacts to",
        ask="Has a call been made that a waiting rectification is watching for?",
        told="A call stood that a rectification waits for",
        follow_up=True),
    "declarer_options": Trigger(
        "declarer may have a choice before the opening lead",
        ask="Does declarer have a choice before the opening lead?",
        told="Before the opening lead",
        follow_up=True),
    "restore_call": Trigger(
        "LHO's kept call is made again at LHO's turn",
        ask="Is it LHO's turn to make the kept call again?",
        follow_up=True),
    "called_over_lapses": Trigger(
        "LHO's call, made over a new call the director has since cancelled, cannot stand",
        ask="Has the director cancelled the call LHO called over?",
        follow_up=True),
    "restore_lapses": Trigger(
        "LHO's kept call cannot be made again now",
        ask="Has the chance to make the kept call again passed?",
        follow_up=True, procedural=True),
    "judge_change": Trigger(
        "an accepted change of call is judged for comparability",
        ask="Was a change of call accepted?",
        told="A change of call was accepted",
        follow_up=True),
    "deemed_pass": Trigger("the seat's obliged pass is deemed made when its LHO calls (28A)"),
    "impose_pass_next_turn": Trigger("a rectification obliges the seat to pass at its next turn"),
    "impose_pass_rest_of_auction": Trigger("a rectification obliges the seat to pass at every turn"),
    "impose_repeat_call": Trigger("a rectification obliges the seat to repeat a cancelled call"),
    "release": Trigger("an obligation ends without the call it expected"),
}

#: The events that carry a board from one phase of the auction period to the next when nothing
#: is irregular (a call in turn, the opening lead): the overview chart cites their laws on its
#: spine.
IN_TURN: Final = ("call_pass", "call_bid", "face_down_lead", "opening_lead", "face_lead")
