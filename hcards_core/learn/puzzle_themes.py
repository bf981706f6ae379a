"""A puzzle's themes, read off the position and the answer by code (never tagged by hand).

``themes_of(state, seat, answer, candidates)`` returns the theme ids that fit, most telling
first; ``tutorials/puzzles/themes.json`` lists every id with the clauses it teaches (the
puzzle's ``clauses`` are the union of its themes' clauses) and the texts files
``tutorials/text/<lang>/puzzles.json`` name each in five languages.

>>> from hcards_core.zsiros import new_deal
>>> state = new_deal(players=2, dealer=1)
>>> seven = next(a for a in state.legal_actions() if a["card"][0] == "7") if any(
...     c[0] == "7" for c in state.hands_[0]) else None
>>> themes_of(state, 0, [state.legal_actions()[0]], state.legal_actions())[-1]
'choose-the-lead'
"""

from __future__ import annotations


def themes_of(state, seat: int, answer: list[dict], candidates: list[dict]) -> list[str]:
    """The themes of the answer ``answer`` (the accepted actions) among ``candidates``."""
    tag = {"zsiros": _zsiros, "filicau": _filicau, "filko": _filicau, "ferbli": _ferbli}[state.game]
    out = tag(state, seat, answer, candidates)
    return list(dict.fromkeys(out)) or ["find-the-best"]


# ---- Zsíros ------------------------------------------------------------------------------------
def _zsiros(state, seat, answer, candidates):
    from ..zsiros.rules import SEVEN, ZSIR, hits

    out = []
    acts = {a["act"] for a in answer}
    cards = [a["card"] for a in answer if a["act"] == "play"]
    hand = state.hands_[seat]
    on_table = [c for r in state.rounds for c in r]
    zsir_on_table = any(c[0] in ZSIR for c in on_table)
    deciding = any(a["act"] == "stop" for a in candidates)
    led = state.led
    partner_winning = led is not None and state.winner is not None and state.winner % 2 == seat % 2 \
        and state.winner != seat
    if "stop" in acts:
        out.append("let-the-trick-go")
    if cards and led is not None:
        hitting = [c for c in cards if hits(c, led)]
        could_hit = any(hits(a["card"], led) for a in candidates if a["act"] == "play")
        if deciding and hitting:
            out.append("continue-the-trick")
        if hitting and zsir_on_table and not partner_winning:
            out.append("take-the-zsir")
        if hitting and all(c[0] == SEVEN for c in hitting) and led != SEVEN:
            out.append("hit-with-a-seven")
        if not hitting and could_hit and not deciding and not partner_winning:
            out.append("let-the-trick-go")
        if partner_winning and all(c[0] in ZSIR for c in cards):
            out.append("grease-the-partner")
        if not hitting and not partner_winning and all(c[0] not in ZSIR for c in cards) and \
                any(a["card"][0] in ZSIR for a in candidates if a["act"] == "play"):
            out.append("save-the-zsir")
    if cards and any(c[0] == SEVEN for c in hand) and all(c[0] != SEVEN for c in cards) and \
            any(a["card"][0] == SEVEN for a in candidates if a["act"] == "play"):
        out.append("keep-a-seven")
    if not state.talon:
        out.append("count-the-last-trick")
    if led is None and cards:
        out.append("choose-the-lead")
    return out


# ---- Filicău and Filkó ---------------------------------------------------------------------------
def _filicau(state, seat, answer, candidates):
    from ..filicau.rules import trick_winner

    out = []
    acts = {a["act"] for a in answer}
    if "call_card" in acts:
        return ["call-the-partner"]
    if "choose_slave" in acts:
        return ["choose-the-slave"]
    cards = [a["card"] for a in answer if a["act"] == "play"]
    hand = state.held[seat]
    trump, eff, top = state.trump, state.eff, state.ctx.top
    led = state.led
    overs = [c for c in hand if c in top]
    if cards and all(c in top for c in cards) and len(overs) >= 2 and \
            all(top.index(c) == max(top.index(o) for o in overs) for c in cards):
        out.append("lowest-over-trump")
    if led is not None and cards:
        follows = any(eff[c] == led for c in hand)
        team = state.team[seat] if state.team is not None else None

        def takes(card):
            table = state.table + ((seat, card),)
            return trick_winner(table, trump, eff, state.power) == seat

        def partner_holds():
            if team is None:
                return False
            w = trick_winner(state.table, trump, eff, state.power)
            return w != seat and state.team[w] == team

        if not follows and all(eff[c] == trump for c in cards) and led != trump:
            out.append("trump-when-void")
        elif not follows and led != trump:
            out.append("discard-when-void")
        else:
            out.append("follow-suit")
        could_take = [a for a in candidates if a["act"] == "play" and takes(a["card"])]
        if all(takes(c) for c in cards) and could_take:
            if len(state.table) == state.players - 1:
                out.append("take-the-last-seat-trick")
            else:
                out.append("win-the-trick")
        elif could_take and not any(takes(c) for c in cards):
            out.append("let-the-trick-go")
        if partner_holds() and all(c[0] in "AX" for c in cards):
            out.append("give-points-to-partner")
    if len(hand) <= 2:
        out.append("count-the-last-trick")
    if led is None and cards:
        out.append("choose-the-lead")
    return out


# ---- Ferbli ----------------------------------------------------------------------------------------
FERBLI_ACT_THEMES = {"fold": "know-when-to-fold", "pay": "call-the-bet", "check": "check-and-wait",
                     "raise": "raise-back", "besszer": "besszer", "go_on": "go-on", "charge": "charge",
                     "stop": "stop-charging", "vizi": "pay-the-vizi", "bet": "open-the-betting"}
AMOUNT_ACTS = ("bet", "raise", "besszer", "charge")


def _ferbli(state, seat, answer, candidates):
    out = []
    legal = state.legal_actions()
    shown_opponents = [state.shown[s] for s in range(state.players) if s != seat and state.shown[s]]
    for a in answer:
        if a["act"] == "fold" and any(_suited(cards) for cards in shown_opponents):
            out.append("fold-against-banda")
        if a["act"] in AMOUNT_ACTS:
            rng = next((x for x in legal if x["act"] == a["act"] and "min" in x), None)
            if rng is not None and rng.get("max") is not None and a["amount"] >= rng["max"] and rng["max"] > rng["min"]:
                out.append("bet-at-the-limit")
            elif rng is not None and a["amount"] == rng["min"] and any(
                    c["act"] == a["act"] and c["amount"] > a["amount"] for c in candidates):
                out.append("the-least-bet")
            if state.seen[seat] < 4 and a["act"] in ("bet", "raise"):
                out.append("blind-bet")
        theme = FERBLI_ACT_THEMES.get(a["act"])
        if theme:
            out.append(theme)
    return out


def _suited(cards) -> bool:
    """Two or more shown cards of one suit: the start of a banda or a ferbli against you."""
    suits = [c[1] for c in cards if c != "??"]
    return any(suits.count(s) >= 2 for s in set(suits))
