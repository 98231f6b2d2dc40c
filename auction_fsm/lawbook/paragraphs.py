"""What each law the flowcharts cite is about, in a sentence or two of our own words (2017 Laws).

A teacher clicking a law number in the web trainer reads this beside the law's flowchart: a
short summary for a class, not the law's text (never quoted; the numbers and facts are the
law's).  A reference is looked up from its most precise form to its law number (``27B1a``,
then ``27B1``, ``27B``, ``27``), so every paragraph the book cites finds at least its law.
Standard library only.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["PARAGRAPHS_2017", "paragraph_summary"]

#: Law or paragraph -> what it is about, in our own words.
PARAGRAPHS_2017: Final[dict[str, str]] = {
    "9": "Any player may draw attention to an irregularity; the director is then called at once, "
         "and nobody acts until he has explained what follows.",
    "9B1": "Once attention is drawn to an irregularity, the director is called straight away.",
    "9B2": "No player acts until the director has explained the rectification and the options.",
    "10": "Only the director rectifies an irregularity; where a law gives a choice, he explains every "
          "option and what it leads to before it is made (10C1).",
    "10C": "Where a law offers options, the director first explains each one and its consequences; "
           "the player then chooses.",
    "16": "A player may use the legal calls and plays; what a withdrawn call tells helps only the side "
          "that did not offend (16C), and other outside information may not be used (16D).",
    "16D": "Information a player should not have, from outside the auction and play, may not be used; "
           "the director may adjust the score.",
    "17": "The auction period begins when a side takes its cards from the board; the dealer calls "
          "first, then each player in turn, clockwise.",
    "17B": "The dealer named by the board makes the first call.",
    "17C": "The player on dealer's left calls second, and so on clockwise.",
    "17D": "The auction period ends when a defender faces the opening lead, or, with no bid at all, "
           "when the four hands go back into the board.",
    "17D1": "After the auction ends, the auction period lasts until a defender faces the opening "
            "lead; the time between is the clarification period.",
    "17D2": "If nobody bids, the auction period is over once the four hands are back in the board.",
    "17D3": "Three passes after a call do not end the auction if one was out of rotation and took "
            "a player's turn away: the auction goes back to that player, and the later passes are "
            "cancelled.",
    "18": "A bid names a number of tricks over six (one to seven) and a denomination; a pass, a "
          "double or a redouble is a call, not a bid.",
    "18C": "A bid is sufficient when it outranks the last bid: the same level in a higher "
           "denomination, or a higher level.",
    "18D": "A bid that does not outrank the last bid is insufficient, an infraction dealt with by "
           "Law 27.",
    "19": "A player may double only the last bid, made by an opponent, with only passes since; and "
          "redouble only the last double, made by an opponent, with only passes since.",
    "19A1": "A double is allowed only of the last bid, an opponent's, with nothing but passes after it.",
    "19B1": "A redouble is allowed only of the last double, an opponent's, with nothing but passes "
            "after it.",
    "20": "Players may have the auction restated and ask what the opponents' calls mean, at their turn.",
    "20B": "At his turn to call, a player not obliged to pass may have every earlier call restated, "
           "alerts included, in full.",
    "20C2": "After the final pass, declarer or either defender may have all the calls restated at "
            "his first turn to play.",
    "20F1": "During the auction, at his turn, a player may ask what the opponents' calls mean; the "
            "caller's partner answers.",
    "20F2": "After the final pass, a defender at his turn to play may ask about the opponents' "
            "calls, and declarer may ask before he plays.",
    "21": "A player acting on his own misunderstanding gets nothing (21A); one misled by an "
          "opponent's explanation may change his call (21B).",
    "21B": "A call that misinformation from an opponent could well have influenced may be changed, "
           "if partner has not called since and the auction period has not ended.",
    "21B1": "The director judges whether misinformation could well have influenced the call; if so, "
            "and partner has not called since, the player may change it.",
    "21B1a": "Unless there is evidence otherwise, the director presumes the explanation was "
             "mistaken rather than the call.",
    "21B2": "After such a change, the misled player's LHO may in turn change a later call of his own.",
    "22": "The auction ends after three passes in a row following the last bid (the contract), or "
          "when all four players pass (the board is passed out).",
    "22A": "After a bid, three passes in a row end the auction; the last bid is the contract.",
    "22B": "If all four players pass, the hands go back into the board unplayed.",
    "23": "A comparable call replaces a withdrawn one with the same or a similar meaning, a narrower "
          "meaning, or the same purpose; it lets the auction go on without further rectification.",
    "23A": "The director judges whether a replacement is comparable: a similar meaning, a subset "
           "of the meanings, or the same purpose as the withdrawn call.",
    "23B": "After a cancelled call, a comparable replacement made in turn lets the auction and the "
           "play go on with no further rectification (the score may still be adjusted, 23C).",
    "24": "Cards a player lets partner see during the auction stay face up until it ends; partner "
          "may have to pass once, and if the offender then defends they become penalty cards.",
    "24A": "A single card below an honour, not led early: nothing more than leaving it face up.",
    "24B": "A single honour, or any card led early: the offender's partner must pass at his next turn.",
    "24C": "Two or more cards exposed: the offender's partner must pass at his next turn.",
    "24D": "When the offender ends up as declarer or dummy, the cards simply go back into the hand.",
    "24E": "If the offender becomes a defender, each card exposed becomes a penalty card (Laws 50, 51).",
    "25": "A slip of the tongue or hand may be corrected until partner calls (25A); a change of "
          "mind is cancelled unless LHO accepts it by calling (25B).",
    "25A": "A call the player did not mean to make (a mechanical slip, not a change of mind) may be "
           "replaced by the intended call, if partner has not called since.",
    "25A1": "An unintended call found before partner calls may be replaced by the one intended; the "
            "intended call stands, with no lead restrictions.",
    "25A4": "Once partner has made a call, an unintended call can no longer be replaced.",
    "25A5": "If the auction ends before partner's turn, the call may still be replaced until the "
            "auction period ends (the opening lead faced), not after.",
    "25A6": "When a slip is corrected, LHO may take back a call made over the first call.",
    "25B": "A change of call the law does not allow is cancelled, unless LHO accepts it by calling "
           "over it.",
    "25B1": "LHO may accept the substituted call (calling over it does so): the first call is "
            "withdrawn, the second stands, and lead restrictions may follow.",
    "25B2": "Otherwise the substitution is cancelled: the first call stands and the auction goes on.",
    "26": "When an offender's call is withdrawn and not replaced by a comparable call, declarer may "
          "restrict the opening lead of the offender's partner.",
    "26A": "A withdrawn call replaced by a comparable call brings no lead restriction.",
    "26B": "Otherwise, if the offender defends, declarer may forbid the offender's partner, at his "
           "first turn to lead, to lead one suit the offender did not show in the legal auction, for "
           "as long as he keeps the lead.",
    "27": "An insufficient bid: the offender's LHO may accept it by calling; if not, the offender "
          "replaces it, and the replacement decides whether partner must pass.",
    "27A1": "The offender's LHO may accept the insufficient bid simply by calling over it; it is "
            "then treated as legal.",
    "27B": "If it is not accepted, the offender must replace it with a legal call; which call decides "
           "the rectification.",
    "27B1": "Two replacements cost nothing: the lowest sufficient bid showing the same "
            "denomination(s), or a call the director judges comparable.",
    "27B1a": "Replaced by the lowest sufficient bid showing the same denomination(s): the auction "
             "goes on with no rectification and no lead restrictions.",
    "27B1b": "Replaced by a call the director judges comparable: the auction goes on with no "
             "rectification (the score may be adjusted after play, 27D).",
    "27B2": "Replaced by any other sufficient bid or by a pass: the offender's partner must pass at "
            "every turn for the rest of the auction, and lead restrictions may follow (26B).",
    "27B3": "A double or redouble tried as the replacement is cancelled: the offender replaces it "
            "again, and partner must pass for the rest of the auction.",
    "27B4": "Replaced by another insufficient bid: LHO may accept that one; if not, it is ruled as "
            "27B3.",
    "27C": "If the offender replaces the bid before the director rules, LHO may still accept the "
           "insufficient bid; otherwise the replacement, if legal, stands and is ruled by 27B.",
    "27D": "After a replacement that cost nothing (27B1), the director may adjust the score at the "
           "end of play if the infraction helped the offenders.",
    "28": "Two calls count as in rotation though made at another's turn: at RHO's turn when RHO "
          "must pass, and the right player's call over an opponent's call out of rotation.",
    "28A": "A call made at RHO's turn, when RHO is obliged to pass, is in rotation.",
    "28B": "If the player whose turn it was calls before an opponent's call out of rotation is "
           "rectified, his call is in rotation, the right to rectification is lost, and the auction "
           "goes on as if the opponent had not called.",
    "29": "A call out of rotation: the offender's LHO may accept it by calling; if not, it is "
          "cancelled and the auction goes back to the right player (Laws 30-32 follow).",
    "29A": "The offender's LHO may call over the call out of rotation, giving up any rectification.",
    "29B": "Otherwise the offender's call is cancelled and the turn goes back to the player "
           "whose turn it was; Laws 30-32 then apply to the offenders.",
    "29C": "If the call out of rotation was artificial, Laws 30-32 apply to the denominations it "
           "showed, not the one it named.",
    "30": "A pass out of rotation, cancelled: what the offenders owe depends on whose turn it was.",
    "30A": "A pass at RHO's turn: the offender must pass at his next turn.",
    "30B1b": "A pass at partner's turn (or at LHO's before the offender has called): the offender "
             "calls freely at his turn; a comparable call costs nothing, any other makes partner "
             "pass at his next turn.",
    "30B2": "A pass at LHO's turn by an offender who has already called is a change of call "
            "(Law 25).",
    "30C": "An artificial pass out of rotation, or a pass of partner's artificial call, is ruled as "
           "a bid out of rotation (Law 31).",
    "31": "A bid out of rotation, cancelled: what the offenders owe depends on whose turn it was and "
          "on the offender's next call.",
    "31A": "A bid at RHO's turn: if RHO passes, the offender repeats it; if RHO calls, the offender "
           "calls freely, and only a call that is not comparable makes partner pass once.",
    "31A1": "If RHO passes, the offender must repeat the bid; if it is legal, nothing more follows.",
    "31A2": "If RHO bids, doubles or redoubles, the offender makes any legal call: a comparable call "
            "costs nothing; any other makes partner pass at his next turn (26B may follow).",
    "31B": "A bid at partner's turn (or at LHO's before the offender has called): partner calls "
           "freely; the offender then calls, ruled as 31A2.",
    "31B2": "The offender then makes any legal call at his turn, ruled as 31A2: comparable costs "
            "nothing, otherwise partner passes at his next turn.",
    "31C": "Later bids at LHO's turn are changes of call (Law 25).",
    "32": "A double or redouble out of rotation: the next player may accept it by calling (never an "
          "inadmissible one); if not, it is cancelled and ruled by whose turn it was.",
    "32A": "At RHO's turn: if RHO passes, the offender repeats it; if RHO calls, the offender calls "
           "freely, and only a call that is not comparable makes partner pass once.",
    "32A1": "If RHO passes, the offender must repeat the double or redouble (Law 36 if it is "
            "inadmissible).",
    "32A2": "If RHO bids, doubles or redoubles, the offender makes any legal call: comparable costs "
            "nothing; otherwise partner passes at his next turn.",
    "32B": "At partner's turn: partner calls freely; the offender then calls, ruled as 32A2.",
    "32B2": "The offender makes any legal call at his turn, ruled as 32A2.",
    "32C": "Later calls at LHO's turn are changes of call (Law 25).",
    "34": "Three passes after a call, one of them out of rotation: Law 17D3 gives the lost turn back.",
    "35": "Four calls are inadmissible: a double or redouble Law 19 does not allow (36), a call by a "
          "player obliged to pass (37), a bid above seven (38), a call after the final pass (39).",
    "35B": "A player obliged to pass who bids, doubles or redoubles: Law 37.",
    "35C": "A bid above seven: Law 38.",
    "36": "A double or redouble Law 19 does not allow: if LHO calls before it is rectified, it and "
          "every later call are cancelled (36A); otherwise it is cancelled and partner must pass for the rest of the auction (36B).",
    "36A": "If the offender's LHO calls before rectification, the inadmissible call and every call "
           "after it are cancelled; the auction goes on as if nothing had happened, with no lead "
           "restrictions.",
    "36B": "Otherwise the double or redouble is cancelled, the offender makes a legal call, and "
           "partner must pass at every turn; lead restrictions may follow.",
    "36B4": "If it was also out of turn, the auction goes back to the right player; the offender "
            "calls freely at his turn and partner must pass at every turn.",
    "36C": "Found only after the opening lead is faced: the score is worked out without the "
           "inadmissible double or redouble.",
    "37": "A player obliged to pass who bids, doubles or redoubles: it stands if LHO calls over it "
          "first (37A); otherwise it is cancelled and the offending side passes for the rest (37B).",
    "37A": "If LHO calls before the director rules, that call and every later call stand; an "
           "offender obliged to pass still passes; no lead restrictions.",
    "37B": "Otherwise the call is cancelled and replaced by a pass, and from then on both "
           "offenders pass whenever it is their turn; lead restrictions may follow.",
    "38": "A bid above seven is never played: it and any later calls are cancelled, a pass replaces "
          "it, and both players of the offending side pass for the rest of the auction.",
    "38B": "The bid above seven and every call after it are cancelled.",
    "38C": "A pass replaces it, and from then on both offenders pass whenever it is their turn.",
    "38D": "Lead restrictions may follow, unless LHO had called after the bid before it was rectified.",
    "39": "Calls after the final pass are cancelled; only a defender's bid, double or redouble, with "
          "LHO not having called, can bring lead restrictions.",
    "39A": "Every call after the final pass is cancelled.",
    "39B": "If LHO called before rectification, or the call was a defender's pass or any call by "
           "declarer's side, nothing more follows.",
    "39C": "A defender's bid, double or redouble after the final pass, LHO not having called: lead "
           "restrictions may follow (26B).",
    "41": "After the auction: the opening lead face down, questions, then the lead faced and dummy "
          "spread.",
    "41A": "The defender on declarer's left leads face down; the lead is faced after questions.",
    "41B": "Before the face-down lead is faced, declarer and the leader's partner may have the "
           "auction restated and ask about calls.",
    "41C": "The lead is then faced and dummy's hand spread.",
    "48": "Cards declarer exposes are not penalty cards.",
    "48A": "Declarer is not penalised for exposing a card: it goes back into the hand.",
    "49": "A defender's card exposed outside normal play becomes a penalty card.",
    "50": "A penalty card stays face up on the table; a major one must be played at the first "
          "legal chance, and when partner is to lead, declarer may control the suit he leads.",
    "50D": "A major penalty card must be played at the first legal chance; when the owner's partner "
           "is to lead, declarer chooses among his lead options.",
    "50D2": "When the owner's partner is to lead, declarer may require or forbid the lead of the "
            "penalty card's suit, or leave the card a penalty card.",
    "50D2a": "If declarer requires or forbids the suit (forbidden for as long as that partner keeps "
             "the lead), the card goes back to the hand.",
    "50D2b": "If declarer does neither, partner leads any card and the penalty card stays on the "
             "table.",
    "51": "Two or more penalty cards: declarer says which is played, and has the same lead options "
          "over their suits.",
    "51A": "An offender with two or more penalty cards to play from plays the one declarer names.",
    "51B": "When partner is to lead, declarer may require or forbid a suit of the penalty cards.",
    "54": "An opening lead faced out of turn: declarer may accept it (playing the hand himself or "
          "becoming dummy) or refuse it, when the card becomes a major penalty card.",
    "54A": "Declarer spreading his hand as if dummy accepts the lead: his partner becomes declarer.",
    "54B": "Declarer may accept the lead and play the hand, dummy going down after his own play to "
           "the first trick.",
    "54C": "If declarer could have seen any of dummy's cards, he must accept the lead.",
    "54D": "If declarer refuses it, the right defender leads and the card led becomes a major "
           "penalty card, with declarer's lead options (Law 50).",
    "54E": "A card put out as the opening lead by declarer's side is no lead: it goes back into the "
           "hand without penalty.",
    "56": "A card led by the wrong defender and refused becomes a major penalty card (with 54D).",
}


def paragraph_summary(reference: str) -> tuple[str, str] | None:
    """The summary that covers ``reference`` (``"27B1a"``, ``"Law 27"``), with the paragraph it
    was found under: the most precise one known; ``None`` when the law is not one the
    flowcharts cite."""
    found = re.search(r"(\d{1,2})([A-G]?\d{0,2}[a-e]?)", reference)
    if found is None:
        return None
    number, rest = found.groups()
    for cut in range(len(rest), -1, -1):  # 27B1a, 27B1, 27B, 27
        key = number + rest[:cut]
        if key in PARAGRAPHS_2017:
            return key, PARAGRAPHS_2017[key]
    return None
