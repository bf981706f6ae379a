"""Endless rule drills: a question per rule clause from a seeded random deal, answered by the core.

A drill is generated, never stored: its id ``<game>:<type>:<seed>`` regenerates the same
position, question, choices and answer (``question``), so an answer can be judged from the id
alone (``judge``). The position is a record (a deal played at random from the seed, cut at the
moment the question is about); the right answer is what the core computes there (the trick's
winner, the legal actions, the result, Ferbli's ranking); a wrong answer is explained by the
core's own refusal when the answer is an illegal action (``IllegalAction``'s message and
clause), else by a template naming the rule and the fact the core computed. Every text comes
from the templates of ``learn/catalog/drills/<lang>.json``.

>>> q = question("zsiros", "trick_winner", 7)
>>> q["id"], q["clauses"][0], len(q["choices"]) >= 2
('zsiros:trick_winner:7', 'Z-3.4', True)
>>> judge(q["id"], q["accepted"][0])["correct"], question("zsiros", "trick_winner", 7) == q
(True, True)
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import PACK
from ..errors import IllegalAction, MalformedRecord, clause_page
from ..games import get_game
from ..messages import check_language, render, team_label
from ..play import random_play
from ..table import action_label, card_img, escape, render_table

# The drill types of each game (a game of the contract: Filkó is its own game on the Filicău page).
TYPES = {
    "zsiros": ("trick_winner", "continue", "talon", "game_points"),
    "filicau": ("trick_winner", "legal_cards", "status", "next_dealer"),
    "filko": ("trick_winner", "legal_cards", "status", "next_dealer"),
    "ferbli": ("hand", "compare", "bet_range"),
}
# The clauses each type drills, the first the one a verdict links.
CLAUSES = {
    ("zsiros", "trick_winner"): ("Z-3.4", "Z-3.3"), ("zsiros", "continue"): ("Z-4.3", "Z-4.4"),
    ("zsiros", "talon"): ("Z-5.2",), ("zsiros", "game_points"): ("Z-7.3", "Z-7.2"),
    ("filicau", "trick_winner"): ("FC-4.5", "FC-1.2"), ("filicau", "legal_cards"): ("FC-4.2", "FC-4.3"),
    ("filicau", "status"): ("FC-5.1",), ("filicau", "next_dealer"): ("FC-2.3",),
    ("filko", "trick_winner"): ("FC-4.5", "FC-1.2"), ("filko", "legal_cards"): ("FC-4.2", "FC-4.3"),
    ("filko", "status"): ("FK-1.3", "FK-1.5"), ("filko", "next_dealer"): ("FK-1.4", "FK-1.6"),
    ("ferbli", "hand"): ("F-2.1", "F-2.3"), ("ferbli", "compare"): ("F-2.2", "F-2.5"),
    ("ferbli", "bet_range"): ("F-3.3",),
}
MIXED = "mixed"
MAX_SEED = 10 ** 15  # seeds are drawn below 10**9; a bound keeps a hostile id from int()'s digit limit
ATTEMPTS = 400  # random deals tried for a position; every type finds one in a few


class Drill:
    """One generated question before it is put into words: the position, the choices (value →
    (catalog key, params)), the accepted values and what explains each answer."""

    def __init__(self, game: str, kind: str, seed: int):
        self.game, self.kind, self.seed = game, kind, seed
        self.id = f"{game}:{kind}:{seed}"
        self.clauses = CLAUSES[(game, kind)]
        self.record: dict = {}
        self.after = 0
        self.state = None
        self.prompt: tuple[str, dict] = ("", {})
        self.form = "choice"  # "choice": one value; "multi": every value that fits
        self.choices: list[tuple[object, str, dict]] = []
        self.accepted: list = []
        self.why: tuple[str, dict, str] = ("", {}, "")  # the right answer's reason: key, params, clause
        self.hide = ()  # facts left off the table (they would give the answer away)
        self.cards_only: list[tuple[int, list[str]]] | None = None  # Ferbli hands shown as cards
        self.states: list = []  # the deal's states, one per action (``_position``)
        self.action: dict | None = None  # Zsíros talon: the act that ends the trick
        self.act: str | None = None  # Ferbli bet range: the amount act asked about

    def wrong(self, value) -> list[tuple[str, dict, str] | IllegalAction]:
        """What explains the wrong answer ``value`` (set by each type)."""
        return []


# ---- positions from seeded random deals ------------------------------------------------------

def _deal(game: str, rng: random.Random, players: int, start: dict | None = None, pick=None, stop=None):
    """A deal played at random (``pick``: the game's random action by default), up to the end
    or the first state that ``stop`` accepts: its record and the state after each action
    (states[0] the deal)."""
    g = get_game(game)
    start = dict(start or {})
    status = start.get("status") or ()
    if "slave" in status:  # a slave team deals (FC-2.2); in Filkó the slave itself (FK-1.4)
        dealer = rng.choice([s for s in range(players) if status[s % 2] == "slave"])
        if game == "filko":
            start["slave"] = dealer
    else:
        dealer = rng.randrange(players)
    seed = rng.randrange(2 ** 32)
    deal_rng = random.Random(seed)
    cards = g.random_cards(players, deal_rng)
    session = g.new_session(players, g.parse_options({}), dealer, dict(start))
    state = g.deal(session, cards, None, "deals[0]")
    states, actions = [state], []
    for action, state in random_play(state, deal_rng, pick or g.random_action):
        actions.append(action)
        states.append(state)
        if stop is not None and stop(state):
            break
    record = {"game": game, "players": players, "options": {}, "dealer": dealer,
              **({"start": dict(start)} if start else {}), "deals": [{"cards": cards, "actions": actions}]}
    return record, states


def _position(drill: Drill, rng: random.Random, players, fits, start=None, pick=None, stop=None) -> int:
    """Find a deal with a position that ``fits`` (state, index, states) and set it on the drill."""
    for _ in range(ATTEMPTS):
        n = rng.choice(players) if isinstance(players, tuple) else players
        s = start(rng, n) if callable(start) else start
        record, states = _deal(drill.game, rng, n, s, pick, stop)
        found = [i for i, st in enumerate(states) if fits(st, i, states)]
        if found:
            i = rng.choice(found)
            drill.record, drill.after, drill.state, drill.states = record, i, states[i], states
            return i
    raise LookupError(f"no position for drill {drill.id}")


def _cut(record: dict, after: int) -> dict:
    """The record of the position: the deal's actions up to ``after``."""
    deal = record["deals"][0]
    return {**record, "deals": [{"cards": deal["cards"], "actions": deal["actions"][:after]}]}


# ---- Zsíros ---------------------------------------------------------------------------------

def _zsiros_trick(pub) -> list[dict]:
    return [p for rnd in pub["rounds"] for p in rnd]


def _zsiros_trick_winner(d: Drill, rng) -> None:
    from ..zsiros.rules import hits

    _position(d, rng, (2, 4), lambda st, i, ss: st.phase in ("play", "decide") and
              len(_zsiros_trick(st.public_state())) >= 2)
    pub = d.state.public_state()
    plays, led, winner = _zsiros_trick(pub), pub["led_rank"], pub["winner"]
    seats = sorted({p["seat"] for p in plays})
    d.prompt = ("drill.q.zsiros.trick_winner", {})
    d.choices = [(s, "drill.c.seat", {"seat": s}) for s in seats]
    d.accepted = [winner]
    d.hide = ("table.winner",)
    last = {}
    for k, p in enumerate(plays):  # each seat's last card in the trick, and whether it hit
        last[p["seat"]] = (p["card"], k == 0 or hits(p["card"], led))
    k = max(k for k, p in enumerate(plays) if p["seat"] == winner)
    card = plays[k]["card"]
    seven = card[0] == "7" and led != "7"
    d.why = ("drill.why.zsiros.trick_winner",
             {"winner": winner, "card": card, "rank": led, "seven": "yes" if seven else "no",
              "lead": "yes" if k == 0 else "no"},
             "Z-3.3" if seven else "Z-3.4")
    d.wrong = lambda s: [("drill.wrong.zsiros.trick_winner",
                          {"seat": s, "card": last[s][0], "hit": "yes" if last[s][1] else "no", "rank": led}, "Z-3.4")]


def _zsiros_continue(d: Drill, rng) -> None:
    from ..zsiros.rules import hits

    _position(d, rng, (2, 4), lambda st, i, ss: st.phase == "decide")
    st = d.state
    seat, led = st.to_act, st.led
    hand = st.hands()[seat]
    hitting = [c for c in hand if hits(c, led)]
    d.prompt = ("drill.q.zsiros.continue", {"seat": seat, "winner": st.winner})
    d.choices = [(c, "drill.c.zsiros.continue_with", {"card": c}) for c in hand]
    d.choices.append(("stop", "drill.c.zsiros.stop", {}))
    d.accepted = hitting or ["stop"]
    if hitting:
        d.why = ("drill.why.zsiros.continue_yes", {"seat": seat, "cards": hitting, "rank": led}, "Z-4.3")
    else:
        d.why = ("drill.why.zsiros.continue_no", {"seat": seat, "rank": led}, "Z-4.4")

    def wrong(value):
        if value == "stop":  # legal, but the leader could continue
            return _not(value)
        return [_refusal(st, {"seat": seat, "act": "play", "card": value})]
    d.wrong = wrong


def _hitting(state, rng) -> dict:
    """A random legal action that hits and continues more often than a uniform pick (still any
    legal play): long tricks, so the talon runs short more often (a split in ~1 deal of 4, not 20)."""
    from ..zsiros.rules import hits

    legal = state.legal_actions()
    keen = [a for a in legal if a["act"] == "play" and state.led and hits(a["card"], state.led)]
    return rng.choice(keen if keen and rng.random() < 0.7 else legal)


def _zsiros_talon(d: Drill, rng) -> None:
    def fits(st, i, states):
        return i + 1 < len(states) and any(e["type"] == "talon_split" for e in states[i + 1].events)

    i = _position(d, rng, (2, 4), fits, pick=_hitting, stop=lambda st: not st.talon)  # no split once it is empty
    after = d.states[i + 1]
    action = d.record["deals"][0]["actions"][i]
    split = next(e for e in after.events if e["type"] == "talon_split")
    won = next(e for e in after.events if e["type"] == "trick_won")
    drew = {e["seat"]: e["count"] for e in after.events if e["type"] == "draw"}
    need = 4 - (len(after.hands()[won["seat"]]) - drew.get(won["seat"], 0))
    talon = d.state.public_state()["talon"]
    d.action = action
    d.prompt = ("drill.q.zsiros.talon", {"action": action_label(d.state, action, "en"), "winner": won["seat"],
                                         "talon": talon, "need": need, "players": d.state.players})
    d.choices = [(n, "drill.c.number", {"n": n}) for n in range(need + 1)]
    d.accepted = [split["each"]]
    d.why = ("drill.why.zsiros.talon", {"talon": talon, "need": need, "each": split["each"],
                                        "players": d.state.players}, "Z-5.2")
    d.wrong = _not


def _zsiros_game_points(d: Drill, rng) -> None:
    target = rng.choice((1, 2, 3))
    tries = {"n": 0}

    def fits(st, i, states):  # look for the drawn game points for a while, then take any
        if not st.is_over:
            return False
        tries["n"] += 1
        return st.result()["game_points"] == target or tries["n"] > 12

    _position(d, rng, (2, 4), fits)
    res = d.state.result()
    n = d.state.players
    d.prompt = ("drill.q.zsiros.game_points", {"p0": res["card_points"][0], "p1": res["card_points"][1],
                                               "t0": res["tricks"][0], "t1": res["tricks"][1]})
    d.choices = [(g, "drill.c.number", {"n": g}) for g in (1, 2, 3)]
    d.accepted = [res["game_points"]]
    w = res["winner"]
    d.why = ("drill.why.zsiros.game_points",
             {"gp": res["game_points"], "side": w, "pair": "yes" if n == 4 else "no",
              "points": res["card_points"][w], "tricks": res["tricks"][1 - w]}, "Z-7.3")
    d.wrong = _not


# ---- Filicău / Filkó ----------------------------------------------------------------------

def _filicau_trick_winner(d: Drill, rng) -> None:
    _position(d, rng, 4, lambda st, i, ss: st.phase == "play" and len(st.table) >= 2)
    st = d.state
    pub = st.public_state()
    winner, trump, led = pub["winning"], st.trump, st.led
    cards = dict(st.table)
    card = cards[winner]
    how = "top" if card in st.ctx.top else "trump" if st.eff[card] == trump else "led"
    d.prompt = ("drill.q.filicau.trick_winner", {"trump": trump, "led": led})
    d.choices = [(s, "drill.c.seat", {"seat": s}) for s, _ in st.table]
    d.accepted = [winner]
    d.hide = ("table.winner",)
    d.why = ("drill.why.filicau.trick_winner", {"winner": winner, "card": card, "how": how, "led": led,
                                                "trump": trump}, "FC-1.2" if how == "top" else "FC-4.5")

    def wrong(s):
        c = cards[s]
        counts = st.eff[c] in (trump, led)
        return [("drill.wrong.filicau.trick_winner", {"seat": s, "card": c, "how": "low" if counts else "off",
                                                      "led": led, "trump": trump}, "FC-4.5")]
    d.wrong = wrong


def _filicau_legal_cards(d: Drill, rng) -> None:
    def fits(st, i, ss):
        if st.phase != "play" or not st.table:
            return False
        legal = st.legal_actions()
        return 1 <= len(legal) < len(st.hands()[st.to_act])

    _position(d, rng, 4, fits)
    st = d.state
    seat, led, trump = st.to_act, st.led, st.trump
    hand = st.hands()[seat]
    legal = [a["card"] for a in st.legal_actions()]
    d.form = "multi"
    d.prompt = ("drill.q.filicau.legal_cards", {"seat": seat, "trump": trump, "led": led})
    d.choices = [(c, "drill.c.card", {"card": c}) for c in hand]
    d.accepted = [legal]
    how = "follow" if st.eff[legal[0]] == led else "trump"
    d.why = ("drill.why.filicau.legal_cards", {"seat": seat, "cards": legal, "how": how, "led": led,
                                               "trump": trump}, "FC-4.2" if how == "follow" else "FC-4.3")

    def wrong(values):
        out = [_refusal(st, {"seat": seat, "act": "play", "card": c}) for c in values if c not in legal]
        missed = [c for c in legal if c not in values]
        if missed:
            out.append(("drill.wrong.filicau.legal_missed", {"cards": missed}, d.why[2]))
        return out
    d.wrong = wrong


STATUS_STARTS = (["level", "level"], ["master", "slave"], ["slave", "master"])


def _start(rng, n: int) -> dict:
    """A session's statuses before the deal (its dealer and Filkó's slave follow, ``_deal``)."""
    return {"status": list(rng.choice(STATUS_STARTS))}


def _status_case(game: str, p: int) -> str:
    """Which line of FC-5.1 / FK-1.3 team 1's points fall on (the words of the reason)."""
    if game == "filicau" and p in (0, 8):
        return "escape"
    return "master" if p >= 6 else "slave" if p <= 2 else "keep"


def _filicau_status(d: Drill, rng) -> None:
    _position(d, rng, 4, lambda st, i, ss: st.is_over, _start)
    st = d.state
    res, prior = st.result(), list(st.ctx.prior)
    p0, p1 = res["points"]
    d.prompt = ("drill.q.filicau.status", {"p0": p0, "p1": p1, "status0": prior[0], "status1": prior[1]})
    d.choices = [(f"{a}/{b}", "drill.c.status", {"status0": a, "status1": b}) for a, b in STATUS_STARTS]
    d.accepted = ["/".join(res["status"])]
    d.hide = ("table.status", "table.filicau.next_dealer", "table.filicau.slave")
    d.why = (f"drill.why.{d.game}.status", {"points": p0, "how": _status_case(d.game, p0),
                                            "status0": res["status"][0], "status1": res["status"][1]}, d.clauses[0])
    d.wrong = _not


def _filicau_next_dealer(d: Drill, rng) -> None:
    def fits(st, i, ss):  # Filkó's first masters choose the slave: who deals is their choice, not a rule
        return st.is_over and not any(a["act"] == "choose_slave" for a in st.history)

    _position(d, rng, 4, fits, _start)
    st = d.state
    res, prior, dealer = st.result(), list(st.ctx.prior), st.ctx.dealer
    nxt = res["next_dealer"]
    p0, p1 = res["points"]
    if d.game == "filicau":
        how = "again" if nxt == dealer else "right"
        clause = "FC-2.3"
    else:
        how = "none" if res["status"][0] == "level" else "same" if res["status"] == prior else "swap"
        clause = "FK-1.6" if how == "none" else "FK-1.4"
    slave = st.ctx.slave
    d.prompt = ("drill.q.filicau.next_dealer", {"dealer": dealer, "p0": p0, "p1": p1, "status0": res["status"][0],
                                                "status1": res["status"][1], "had_slave": "no" if slave is None else "yes",
                                                "slave": slave, "old0": prior[0], "old1": prior[1]})
    d.choices = [(s, "drill.c.seat", {"seat": s}) for s in range(st.players)]
    d.accepted = [nxt]
    d.hide = ("table.filicau.next_dealer", "table.filicau.slave")
    d.why = (f"drill.why.{d.game}.next_dealer", {"how": how, "dealer": dealer, "target": nxt, "slave": slave}, clause)
    d.wrong = _not


# ---- Ferbli ---------------------------------------------------------------------------------

def _ferbli_hands(rng, n: int) -> list[list[str]]:
    cards = rng.sample(PACK, 4 * n)
    return [sorted(cards[4 * s:4 * s + 4], key=PACK.index) for s in range(n)]


def _ferbli_record(hands) -> dict:
    return {"game": "ferbli", "players": len(hands), "options": {}, "dealer": len(hands) - 1,
            "deals": [{"cards": {"hands": hands}, "actions": []}]}


def _combination(cards: list[str], category: str) -> list[str]:
    """The cards that make the hand's category (a fact shown in the reason)."""
    from ..ferbli.ranking import VALUES

    by_suit: dict[str, list[str]] = {}
    by_rank: dict[str, list[str]] = {}
    for c in cards:
        by_suit.setdefault(c[1], []).append(c)
        by_rank.setdefault(c[0], []).append(c)
    if category in ("four_of_a_kind", "three_of_a_kind"):
        return max(by_rank.values(), key=len)
    if category == "two_aces":
        return by_rank["A"]
    if category == "four_suits":
        return [max(cards, key=lambda c: VALUES[c[0]])]
    return max(by_suit.values(), key=lambda cs: (len(cs), sum(VALUES[c[0]] for c in cs)))


def _ferbli_hand(d: Drill, rng) -> None:
    from ..ferbli.ranking import VALUES, rank_hand

    want = rng.choice(("banda", "three_of_a_kind", "three_card_ferbli", "two_aces", "two_card_ferbli",
                       "four_suits", "any"))
    for _ in range(ATTEMPTS):  # one hand drawn, kept when it is of the drawn category (else any, at last)
        hands = _ferbli_hands(rng, 2)  # the record is a deal of two; the question is seat A's hand
        hand = hands[0]
        got = rank_hand(hand)
        if want in ("any", got["category"]):
            break
    d.record, d.after = _ferbli_record(hands), 0
    d.cards_only = [(0, hand)]
    right = (got["category"], got["value"])
    values = [VALUES[c[0]] for c in hand]
    suits: dict[str, list[int]] = {}
    for c in hand:
        suits.setdefault(c[1], []).append(VALUES[c[0]])
    best_suit = max(suits.values(), key=lambda v: (len(v), sum(v)))
    ranks = sorted({c[0] for c in hand}, key=lambda r: -sum(1 for c in hand if c[0] == r))
    readings = [("banda", sum(values)), ("three_of_a_kind", ranks[0]),
                ("three_card_ferbli", sum(sorted(values)[-3:])), ("two_aces", None),
                ("two_card_ferbli", sum(sorted(best_suit)[-2:]) if len(best_suit) >= 2 else sum(sorted(values)[-2:])),
                ("four_suits", max(values)), (right[0], right[1] + 10 if isinstance(right[1], int) else right[1])]
    others = list(dict.fromkeys(r for r in readings if r != right and r[0] != right[0]))
    rng.shuffle(others)
    same_cat = [r for r in readings if r[0] == right[0] and r != right]
    picked = (same_cat[:1] + others)[:3]
    options = sorted([right, *picked], key=lambda r: _strength(r[0]), reverse=True)
    d.prompt = ("drill.q.ferbli.hand", {})
    d.choices = [(f"{c}:{v}", "drill.c.hand", {"category": c, "value": v}) for c, v in options]
    d.accepted = [f"{right[0]}:{right[1]}"]
    d.why = ("drill.why.ferbli.hand", {"cards": _combination(hand, right[0]), "category": right[0],
                                       "value": right[1]}, "F-2.1")
    d.wrong = lambda v: [("drill.wrong.ferbli.hand", {"category": v.split(":")[0], "value": _value(v)}, "F-2.3")]


def _strength(category: str) -> int:
    from ..ferbli.ranking import STRENGTH

    return STRENGTH[category]


def _value(choice: str):
    v = choice.split(":", 1)[1]
    return None if v == "None" else int(v) if v.isdigit() else v


def _ferbli_compare(d: Drill, rng) -> None:
    from ..ferbli.ranking import compare_hands, rank_hand

    want = rng.choice((-1, 0, 1, None))
    for _ in range(ATTEMPTS):
        hands = _ferbli_hands(rng, 2)
        result = compare_hands(hands[0], hands[1])
        if want is None or result == want:
            break
    d.record, d.after, d.cards_only = _ferbli_record(hands), 0, [(0, hands[0]), (1, hands[1])]
    first, second = rank_hand(hands[0]), rank_hand(hands[1])
    d.prompt = ("drill.q.ferbli.compare", {"seat": 0, "target": 1})
    d.choices = [("first", "drill.c.seat_hand", {"seat": 0}), ("second", "drill.c.seat_hand", {"seat": 1}),
                 ("equal", "drill.c.equal", {})]
    d.accepted = [{1: "first", -1: "second", 0: "equal"}[result]]
    win, lose = (first, second) if result >= 0 else (second, first)
    same_category = first["category"] == second["category"]
    d.why = ("drill.why.ferbli.compare",
             {"result": "equal" if result == 0 else "win", "winner": 0 if result > 0 else 1,
              "category": win["category"], "value": win["value"], "other_category": lose["category"],
              "other_value": lose["value"], "how": "inside" if same_category else "category"},
             "F-2.5" if result == 0 else "F-2.2" if same_category else "F-2.1")
    d.wrong = _not


def _ferbli_bet_range(d: Drill, rng) -> None:
    from ..ferbli.state import AMOUNT_ACTS

    def fits(st, i, ss):
        return any(a["act"] in AMOUNT_ACTS and a.get("max") is not None and a["act"] != "majzli"
                   for a in st.legal_actions())

    _position(d, rng, (2, 3, 4), fits)
    st = d.state
    seat = st.to_act
    act = rng.choice([a for a in st.legal_actions() if a["act"] in AMOUNT_ACTS and a.get("max") is not None])
    lo, hi, vizi = act["min"], act["max"], st.vizi
    largest = st.public_state()["largest_bet"]
    ranges = {(lo, hi), (lo, hi + vizi), (lo, 2 * hi), (lo, max(lo, hi - vizi)), (2 * lo, hi + 2 * vizi)}
    options = sorted(ranges)[:4] if len(ranges) >= 4 else sorted(ranges)
    if (lo, hi) not in options:
        options = sorted([(lo, hi), *options[:3]])
    d.act = act["act"]
    d.prompt = ("drill.q.ferbli.bet_range", {"seat": seat, "act": act["act"]})
    d.choices = [(f"{a}-{b}", "drill.c.range", {"act": act["act"], "min": a, "max": b}) for a, b in options]
    d.accepted = [f"{lo}-{hi}"]
    d.why = ("drill.why.ferbli.bet_range", {"min": lo, "max": hi, "largest": largest, "vizi": vizi,
                                            "how": "limit" if hi == 2 * largest else "other"}, "F-3.3")

    def wrong(value):
        a, b = (int(x) for x in value.split("-"))
        out = []
        if b > hi:
            out.append(_refusal(st, {"seat": seat, "act": act["act"], "amount": b}))
        if a < lo:
            out.append(_refusal(st, {"seat": seat, "act": act["act"], "amount": a}))
        if not out:
            out.append(("drill.wrong.ferbli.bet_range", {"min": lo, "max": hi, "a": a, "b": b}, "F-3.3"))
        return out
    d.wrong = wrong


# ---- the shared machinery ---------------------------------------------------------------------

def _not(value) -> list[tuple[str, dict, str]]:
    """A wrong choice whose reason is the right answer's: "Not X." (``judge`` fills the label)."""
    return [("drill.wrong.not", {"choice": value}, "")]


def _refusal(state, action: dict) -> IllegalAction:
    """The core's refusal of ``action`` (every caller passes an action the rules refuse)."""
    try:
        state.verify(action)
    except IllegalAction as exc:
        return exc
    raise AssertionError(f"{action} is legal")


MAKERS = {
    ("zsiros", "trick_winner"): _zsiros_trick_winner, ("zsiros", "continue"): _zsiros_continue,
    ("zsiros", "talon"): _zsiros_talon, ("zsiros", "game_points"): _zsiros_game_points,
    **{(g, "trick_winner"): _filicau_trick_winner for g in ("filicau", "filko")},
    **{(g, "legal_cards"): _filicau_legal_cards for g in ("filicau", "filko")},
    **{(g, "status"): _filicau_status for g in ("filicau", "filko")},
    **{(g, "next_dealer"): _filicau_next_dealer for g in ("filicau", "filko")},
    ("ferbli", "hand"): _ferbli_hand, ("ferbli", "compare"): _ferbli_compare,
    ("ferbli", "bet_range"): _ferbli_bet_range,
}


def parse_id(drill_id) -> tuple[str, str, int]:
    """``<game>:<type>:<seed>`` → its parts, or ``MalformedRecord`` naming what is wrong."""
    parts = drill_id.split(":") if isinstance(drill_id, str) else []
    if (len(parts) != 3 or parts[0] not in TYPES or parts[1] not in TYPES[parts[0]] or not parts[2].isdigit()
            or not parts[2].isascii() or len(parts[2]) > 15):
        raise MalformedRecord("bad_field", where="id", value=repr(drill_id)[:60], expected="<game>:<type>:<seed>")
    return parts[0], parts[1], int(parts[2])


def resolve(game: str, kind: str, seed: int) -> str:
    """The drill id; ``mixed`` draws the type from the seed."""
    if game not in TYPES:
        raise MalformedRecord("bad_field", where="game", value=repr(game)[:60], expected=" | ".join(TYPES))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise MalformedRecord("bad_field", where="seed", value=repr(seed)[:60], expected=f"0 <= int < {MAX_SEED}")
    if kind == MIXED:
        kind = TYPES[game][random.Random(f"{game}:mixed:{seed}").randrange(len(TYPES[game]))]
    if kind not in TYPES[game]:
        raise MalformedRecord("bad_field", where="type", value=repr(kind)[:60],
                              expected=" | ".join((*TYPES[game], MIXED)))
    return f"{game}:{kind}:{seed}"


@lru_cache(maxsize=16)
def make(drill_id: str) -> Drill:
    """The drill of an id, generated from its seed alone (remembered: an answer asks again)."""
    game, kind, seed = parse_id(drill_id)
    drill = Drill(game, kind, seed)
    MAKERS[(game, kind)](drill, random.Random(drill_id))
    return drill


def _text(key: str, params: dict, lang: str) -> str:
    return render(key, lang, **_words(params, lang))


def _words(params: dict, lang: str) -> dict:
    """Parameters only drills word: a Ferbli hand, an act's range, a side of Zsíros."""
    out = dict(params)
    if "category" in out:
        out["hand"] = get_game("ferbli").view(None, lang).hand(out.pop("category"), out.pop("value"))
    if "other_category" in out:
        out["other"] = get_game("ferbli").view(None, lang).hand(out.pop("other_category"), out.pop("other_value"))
    if "act" in out and "min" in out and "b" not in out:
        out["label"] = render(f"act.ferbli.{out['act']}", lang, amount=f"{out['min']}–{out['max']}")
    if out.get("pair") in ("yes", "no") and "side" in out:
        s = out.pop("side")
        out["side"] = team_label(s, lang) if out["pair"] == "yes" else render("table.seat", lang, seat=s)
    return out


def _explain(item, lang: str) -> dict:
    if isinstance(item, IllegalAction):
        return {"text": item.message(lang), "clause": item.rule, "page": clause_page(item.rule), "code": item.code}
    key, params, clause = item
    return {"text": _text(key, params, lang), "clause": clause, "page": clause_page(clause)}


def _cards_html(hands, lang: str, assets: str) -> str:
    parts = ['<div class="hc-drill-hands" dir="ltr">']
    for seat, cards in hands:
        label = escape(render("table.seat", lang, seat=seat))
        parts.append(f'<div class="hc-seat" role="group" aria-label="{label}"><p class="hc-seat-name">{label}</p>'
                     f'<ul class="hc-hand">{"".join(f"<li>{card_img(c, lang, assets)}</li>" for c in cards)}</ul></div>')
    parts.append("</div>")
    return "".join(parts)


def question(game: str, kind: str, seed: int, lang: str = "en", assets: str = "assets/") -> dict:
    """The drill in ``lang``: its id, position (record cut at ``after``), question, choices, the
    accepted answers, the clauses it drills, and the table as HTML."""
    lang = check_language(lang)
    d = make(resolve(game, kind, seed))
    prompt_key, prompt_params = d.prompt
    params = dict(prompt_params)
    if "action" in params:  # the act that ends the trick, in the page's language
        params["action"] = action_label(d.state, d.action, lang)
    if d.cards_only is not None:
        html = _cards_html(d.cards_only, lang, assets)
    else:
        html = render_table(d.state, None, lang, assets, False, hide_facts=d.hide)
    return {"id": d.id, "game": d.game, "type": d.kind, "seed": d.seed, "clauses": list(d.clauses),
            "page": clause_page(d.clauses[0]), "record": _cut(d.record, d.after), "after": d.after,
            "form": d.form, "question": _text(prompt_key, params, lang),
            "choices": [{"value": v, "label": _text(k, p, lang)} for v, k, p in d.choices],
            "accepted": d.accepted, "html": html, "lang": lang}


def judge(drill_id: str, answer, lang: str = "en") -> dict:
    """Right or wrong, and why: the right answer's reason (a template with what the core
    computed) and, for a wrong one, the core's refusal or the rule's template, each with its
    clause and page."""
    lang = check_language(lang)
    parse_id(drill_id)
    d = make(drill_id)
    values = [v for v, _, _ in d.choices]
    if d.form == "multi":
        if not isinstance(answer, list) or any(a not in values for a in answer):
            raise MalformedRecord("bad_field", where="answer", value=repr(answer)[:60], expected="[" + ", ".join(map(str, values)) + "]")
        answer = [v for v in values if v in answer]  # in the hand's order, duplicates gone
        correct = set(answer) == set(d.accepted[0])
    else:
        if answer not in values or isinstance(answer, bool):
            raise MalformedRecord("bad_field", where="answer", value=repr(answer)[:60], expected=" | ".join(map(str, values)))
        correct = answer in d.accepted
    labels = {repr(v): _text(k, p, lang) for v, k, p in d.choices}
    right = [labels[repr(c)] for c in d.accepted[0]] if d.form == "multi" else [labels[repr(v)] for v in d.accepted]
    wrong = []
    for item in ([] if correct else d.wrong(answer)):
        if not isinstance(item, IllegalAction) and item[0] == "drill.wrong.not":  # "Not X", under the rule's reason
            item = (item[0], {"label": labels[repr(item[1]["choice"])]}, d.why[2])
        wrong.append(_explain(item, lang))
    return {"id": d.id, "game": d.game, "type": d.kind, "correct": correct, "answer": answer,
            "accepted": d.accepted, "right": right, "clauses": list(d.clauses),
            "why": _explain(d.why, lang), "wrong": wrong}


def types(game: str, lang: str = "en") -> list[dict]:
    """The drill types of ``game`` with their labels and clauses (the page's picker)."""
    lang = check_language(lang)
    return [{"type": t, "label": render(f"drill.type.{t}", lang), "clauses": list(CLAUSES[(game, t)])}
            for t in TYPES[game]]


# ---- the browser's functions -----------------------------------------------------------------
from ..bridge import exposed  # noqa: E402  (the bridge imports this module at its end)


@exposed
def drill_next(game: str, type: str = MIXED, seed: int = 0, lang: str = "en", assets: str = "assets/") -> dict:
    """The drill ``<game>:<type>:<seed>`` (``type`` "mixed": drawn from the seed)."""
    return question(game, type, seed, lang, assets)


@exposed
def drill_answer(id: str, answer, lang: str = "en") -> dict:
    """The verdict on ``answer`` to drill ``id``."""
    return judge(id, answer, lang)
