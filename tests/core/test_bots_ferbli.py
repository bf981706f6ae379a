"""Ferbli's computer players (hcards_core/bots/ferbli.py): what a seat knows, the worlds it
samples, the teacher's rules, the equity search, no peeking, and a short duplicate match.

Positions come from seeded random deals stopped part-way, so every round (vizi, besszer and
charging, hívás) and the variants' acts (majzli, shown cards) are reached.
"""

import json
import random
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from hcards_core import LANGUAGES
from hcards_core.bots import ferbli as ferbli_bot
from hcards_core.bots.ferbli import BOT, FerbliBot, act_likelihood, hand_score
from hcards_core.cards import PACK
from hcards_core.ferbli import GAME

SOURCE = Path(ferbli_bot.__file__)  # the installed package (also inside Pyodide)
CATALOG = SOURCE.parent / "catalog" / "ferbli"
TIERS = ("random", "beginner", "club", "expert")
BUDGET = {"club": 20, "expert": 40}  # ms, turned into a number of worlds: small and seeded


def first_state(players, seed, options=None, hands=False):
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    session = GAME.new_session(players, GAME.parse_options(options), seed % players, {})
    cards = {"hands": [pack[4 * s:4 * s + 4] for s in range(players)]} if hands else {"pack": pack}
    return GAME.deal(session, cards, None, "deals[0]")


def position(players, seed, options=None, hands=False, want=None):
    """A seeded random deal stopped at a random decision (``want``: one that satisfies it)."""
    rng = random.Random(seed)
    for attempt in range(200):
        state = first_state(players, seed * 1000 + attempt, options, hands)
        stop = rng.randrange(1, 40)
        for _ in range(stop):
            if state.is_over:
                break
            state = state.apply(GAME.random_action(state, rng))
        if not state.is_over and (want is None or want(state)):
            return state
    raise AssertionError("no such position")


def look_alike(state, seat, seed):
    """The same position with every card ``seat`` cannot see dealt differently: the other
    seats' hidden cards, its own unlooked ones and the undealt stack (the bottom card stays)."""
    other = state.copy()
    slots = [(s, i) for s in range(state.players) for i in range(len(state.held[s]))
             if (i >= state.seen[s] if s == seat else state.held[s][i] not in state.shown[s])]
    stack = list(state.stack) if state.stack is not None else None
    rest = list(range(state.next_card, len(stack) - 1)) if stack else []
    cards = [state.held[s][i] for s, i in slots] + [stack[k] for k in rest]
    random.Random(seed).shuffle(cards)
    for s, i in slots:
        other.held[s][i] = cards.pop()
    for k in rest:
        stack[k] = cards.pop()
    if stack is not None:
        other.stack = tuple(stack)
    return other


def decisive(state):
    return state.round >= 2


# ---- knowledge and worlds ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, 7])
@pytest.mark.parametrize("options", [{}, {"shown_cards": True}, {"majzli": True, "wild": "santa"}])
def test_sampled_worlds_reproduce_the_seats_view(players, options):
    for seed in range(6):
        state = position(players, seed, options, hands=seed % 2 == 1)
        seat = state.to_act
        rng = random.Random(seed)
        for _ in range(5):
            world = BOT.sample_world(state, seat, rng)
            assert world.view(seat) == state.view(seat)
            assert BOT.knowledge(world, seat) == BOT.knowledge(state, seat)
            if state.seen[seat] == len(state.held[seat]):  # a show act names the card (F-V7)
                assert world.legal_actions() == state.legal_actions()
            else:
                assert [a["act"] for a in world.legal_actions()] == [a["act"] for a in state.legal_actions()]
            dealt = [c for h in world.held for c in h] + [c for s, h in enumerate(world.later)
                                                          for c in h[len(world.held[s]) - 2:]]
            assert len(dealt) == len(set(dealt)) and set(dealt) <= set(PACK)
            assert state.bottom is None or state.bottom not in dealt
            while not world.is_over:  # the world plays on to a finished deal
                world = world.apply(BOT.beginner(world, world.to_act, None)[0])
            assert sum(BOT.value(world, s) for s in range(players)) == pytest.approx(world.carried_in)


def test_knowledge_hides_cards_three_and_four_until_looked_and_the_majzli_amount():
    state = position(3, 4, want=lambda s: s.phase == "open" and not s.looked(s.to_act))
    seat = state.to_act
    unknown = BOT.unknown_cards(state, seat)
    assert set(state.held[seat][2:]) <= set(unknown) and not set(state.held[seat][:2]) & set(unknown)
    assert unknown == [c for c in PACK if c in unknown]  # canonical: pack order
    after = state.apply({"seat": seat, "act": "look"})
    assert not set(after.held[seat]) & set(BOT.unknown_cards(after, seat))
    majzli = first_state(3, 1, {"majzli": True})
    p1 = majzli.to_act
    majzli = majzli.apply({"seat": p1, "act": "majzli", "amount": 3})
    assert BOT.knowledge(majzli, (p1 + 1) % 3)["history"][0]["amount"] is None
    assert BOT.knowledge(majzli, p1)["history"][0]["amount"] == 3


def test_placements_are_sampled_with_their_frequencies():
    """Chi-square: the suits of the two hidden first-packet cards of the other seat (16 cells)
    and the card under one hidden slot (26 cells) follow the exact hypergeometric odds."""
    state = first_state(2, 11, hands=True)
    seat = state.to_act
    other = 1 - seat
    pool = BOT.unknown_cards(state, seat)
    rng = random.Random(5)
    n = 2500
    pairs, singles = Counter(), Counter()
    for _ in range(n):
        world = BOT.sample_world(state, seat, rng)
        a, b = world.held[other][:2]
        pairs[a[1], b[1]] += 1
        singles[a] += 1
    suit_count = Counter(c[1] for c in pool)
    m = len(pool)
    chi = sum((pairs[x, y] - n * suit_count[x] * (suit_count[y] - (x == y)) / (m * (m - 1))) ** 2
              / (n * suit_count[x] * (suit_count[y] - (x == y)) / (m * (m - 1)))
              for x in "alhb" for y in "alhb")
    assert chi < 37.70  # df 15, p = 0.001
    chi = sum((singles[c] - n / m) ** 2 / (n / m) for c in pool)
    assert len(pool) == 30 and chi < 58.30  # df 29, p = 0.001
    assert set(singles) == set(pool)


# ---- no peeking and determinism --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_no_peeking_and_determinism_for_every_tier(players):
    for seed in range(2):
        state = position(players, seed + 10 * players, want=decisive if seed else None)
        seat = state.to_act
        twin = look_alike(state, seat, seed)
        assert twin.hands() != state.hands() or players == 2 and state.round == 1
        assert BOT.knowledge(twin, seat) == BOT.knowledge(state, seat)
        for tier in TIERS:
            a1, e1 = BOT.choose(state, seat, tier, random.Random(seed), BUDGET.get(tier))
            a2, e2 = BOT.choose(twin, seat, tier, random.Random(seed), BUDGET.get(tier))
            a3, _ = BOT.choose(state, seat, tier, random.Random(seed), BUDGET.get(tier))
            assert a1 == a2 == a3, (tier, state.phase)
            assert state.can_apply(a1)
            strip = lambda e: {k: v for k, v in e.items() if k != "elapsed_ms"}  # noqa: E731
            assert strip(e1) == strip(e2)


# ---- the teacher ------------------------------------------------------------------------------------------
def deal(players, hands, options=None, dealer=None):
    dealer = players - 1 if dealer is None else dealer
    session = GAME.new_session(players, GAME.parse_options(options), dealer, {})
    return GAME.deal(session, {"hands": [h.split() for h in hands]}, None, "deals[0]")


def test_beginner_rules_of_thumb():
    s = deal(3, ["Aa Al 9h 9b", "7h 8b Ka Ol", "Ub Xb Kh Oh"])  # dealer 2: P1 = 0, seat 1 answers first
    action, why = BOT.beginner(s, 1, None)
    assert (action["act"], why["key"]) == ("fold", "bot.ferbli.fold_poor")
    s = s.apply(action)
    action, why = BOT.beginner(s, 2, None)
    assert (action["act"], why["key"], why["params"]["total"]) == ("vizi", "bot.ferbli.vizi_ferbli", 20)
    s = s.apply(action)
    action, why = BOT.beginner(s, 0, None)  # P1 with two aces: besszer 2V
    assert (action, why["key"]) == ({"seat": 0, "act": "besszer", "amount": 2}, "bot.ferbli.besszer_strong")
    s = s.apply(action)
    action, why = BOT.beginner(s, 2, None)
    assert (action["act"], why["key"]) == ("pay", "bot.ferbli.call_besszer")
    s = s.apply(action)
    action, why = BOT.beginner(s, 2, None)  # L with a ferbli of 20: charges
    assert (action["act"], why["key"]) == ("charge", "bot.ferbli.charge_strong")
    s = s.apply(action)
    action, why = BOT.beginner(s, 0, None)  # new cards: look before deciding
    assert (action["act"], why["key"]) == ("look", "bot.ferbli.look_first")


def test_beginner_bets_calls_and_folds_by_the_hand():
    s = deal(2, ["Aa Al 9h 9b", "7h 8b Ka Ol"], dealer=1)  # P1 = 0
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"})
    action, why = BOT.beginner(s, 0, None)
    assert (action["act"], why["key"]) == ("look", "bot.ferbli.look_first")
    s = s.apply(action)
    action, why = BOT.beginner(s, 0, None)  # two aces: bet
    assert (action["act"], why["key"]) == ("bet", "bot.ferbli.bet_strong")
    s = s.apply(action).apply({"seat": 1, "act": "look"})
    action, why = BOT.beginner(s, 1, None)  # four suits, King high
    assert (action, why["key"]) == ({"seat": 1, "act": "fold"}, "bot.ferbli.fold_bet")
    s = deal(2, ["7a 8l 9h Xb", "Aa Ka Oa Ua"], dealer=1)
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"}).apply({"seat": 0, "act": "look"})
    action, why = BOT.beginner(s, 0, None)
    assert (action["act"], why["key"]) == ("check", "bot.ferbli.check_weak")
    s = s.apply(action).apply({"seat": 1, "act": "look"}).apply({"seat": 1, "act": "bet", "amount": 1})
    s = s.apply({"seat": 0, "act": "pay"})
    assert (s.phase, s.to_act) == ("reraise", 0)  # the last caller may re-raise (F-7.5)
    action, why = BOT.beginner(s, 0, None)
    assert (action["act"], why["key"]) == ("stop", "bot.ferbli.stop_reraise")
    s = deal(2, ["Aa Ka Oa Ua", "Ah Al 9h 9b"], dealer=1)
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"}).apply({"seat": 0, "act": "look"})
    s = s.apply({"seat": 0, "act": "check"}).apply({"seat": 1, "act": "look"}).apply({"seat": 1, "act": "bet", "amount": 1})
    action, why = BOT.beginner(s.apply({"seat": 0, "act": "pay"}), 0, None)  # a banda: visszahívás
    assert (action["act"], why["key"]) == ("raise", "bot.ferbli.raise_banda")


def test_hand_score_orders_the_categories():
    s = deal(2, ["Aa Al 9h 9b", "7h 8b Ka Ol"])
    hands = ["7a 8l 9h Xb", "Aa 7a 8l 9h", "Aa Al 8h 7b", "Aa Ka Oa 7l", "Aa Al Ah 7b", "Xa 9a 8a 7a", "7a 7l 7h 7b"]
    scores = [hand_score(s, h.split()) for h in hands]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)


# ---- club and expert --------------------------------------------------------------------------------------
def test_explanations_score_every_legal_action():
    state = position(3, 2, want=lambda s: s.phase in ("open", "charge", "mehet") and
                     not (s.seen[s.to_act] < len(s.held[s.to_act])))
    seat = state.to_act
    for tier in ("club", "expert"):
        action, expl = BOT.choose(state, seat, tier, random.Random(1), BUDGET[tier])
        assert (expl["tier"], expl["seat"], expl["unit"]) == (tier, seat, "chips")
        listed = [row["action"] for row in expl["actions"]]
        assert listed[expl["best"]] == action
        for legal in state.legal_actions():
            mine = [a for a in listed if a["act"] == legal["act"]]
            assert mine, legal
            if "min" in legal:
                amounts = [a["amount"] for a in mine]
                assert min(amounts) == legal["min"] and all(a % state.vizi == 0 for a in amounts)
                assert legal["max"] is None or max(amounts) <= legal["max"]
        for row in expl["actions"]:
            assert isinstance(row["value"], float) and row["spread"] >= 0 and 0 <= row["best_share"] <= 1
        # a world where several acts tie for best splits its weight, as in the trick games
        assert abs(sum(row["best_share"] for row in expl["actions"]) - 1) < 0.01
        assert 0 <= expl["equity"] <= 1 and expl["worlds"] >= 12
        assert expl["reason"]["key"].startswith("bot.ferbli.")


def test_club_folds_hopeless_and_plays_strong_hands():
    """Four VIIs can only win; VIII-VIII-VII-VII of four suits (EX-F4) cannot beat a banda."""
    s = deal(2, ["7a 7l 7h 7b", "Aa Ka Oa Ua"], dealer=1)  # P1 = 0
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"})
    s = s.apply({"seat": 0, "act": "look"})
    action, expl = BOT.choose(s, 0, "club", random.Random(3), 40)
    assert expl["equity"] == 1.0 and action["act"] in ("bet", "check")
    if action["act"] == "check":  # a check-raise: only when it is worth more than every bet
        values = {row["action"]["act"]: row["value"] for row in expl["actions"] if row["action"]["act"] != "bet"}
        assert values["check"] > max(row["value"] for row in expl["actions"] if row["action"]["act"] == "bet")
        s = s.apply(action).apply({"seat": 1, "act": "look"}).apply({"seat": 1, "act": "bet", "amount": 2})
        action, _ = BOT.choose(s, 0, "club", random.Random(3), 40)
        assert action["act"] == "pay"
        action, _ = BOT.choose(s.apply(action), 0, "club", random.Random(3), 40)
        assert action["act"] == "raise"
    s = deal(2, ["8a 8l 7h 7b", "Aa Ka Oa Ua"], dealer=1)
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"}).apply({"seat": 0, "act": "look"})
    s = s.apply({"seat": 0, "act": "check"}).apply({"seat": 1, "act": "look"}).apply({"seat": 1, "act": "bet", "amount": 2})
    action, expl = BOT.choose(s, 0, "club", random.Random(3), 40)
    assert action["act"] == "fold" and expl["equity"] < 0.05


def test_the_club_folds_a_charge_the_teacher_pays_with_a_ten_valued_card():
    """The searching tiers' own rules (a best response to the teacher's: see CLUB_PAY_CHARGE)
    pay a charge only with an ace, two of one suit or better; the teacher pays with a ten."""
    s = deal(3, ["Xa 7l 8h 9b", "7h 8b Ka Ol", "Ub Xb Kh Oh"])  # P1 = 0
    for a in ({"seat": 1, "act": "fold"}, {"seat": 2, "act": "vizi"}, {"seat": 0, "act": "besszer", "amount": 1},
              {"seat": 2, "act": "pay"}, {"seat": 2, "act": "charge", "amount": 1}, {"seat": 0, "act": "look"}):
        s = s.apply(a)  # P1 is the trace-horse: charged for card 3 alone (F-6.7), X-VII-VIII of three suits
    assert BOT.beginner(s, 0, None) == ({"seat": 0, "act": "pay"},
                                        {"key": "bot.ferbli.pay_charge_pot", "params": {"cards": ["Xa", "7l", "8h"]}})
    assert ferbli_bot._teacher(s, 0, club=True)[:2] == ({"seat": 0, "act": "fold"}, "fold_charge")
    for tier in ("club", "expert"):
        assert BOT.choose(s, 0, tier, random.Random(1), BUDGET[tier])[0] == {"seat": 0, "act": "fold"}


def test_the_expert_reads_from_the_acts_whether_a_seat_plays_like_the_teacher_or_the_club():
    """A charge paid with a hand below the club's line (a ten-valued card at most) is the
    teacher's act, one refused with it the club's: the worlds where seat 0 holds such a hand
    give it a low chance of playing by the club's rules after it paid and a high one after it
    folded; "teacher" is the contract's ``world_weight``."""
    s = deal(3, ["Xa 7l 8h 9b", "7h 8b Ka Ol", "Ub Xb Kh Oh"])  # P1 = 0
    for a in ({"seat": 1, "act": "fold"}, {"seat": 2, "act": "vizi"}, {"seat": 0, "act": "besszer", "amount": 1},
              {"seat": 2, "act": "pay"}, {"seat": 2, "act": "charge", "amount": 1}, {"seat": 0, "act": "look"}):
        s = s.apply(a)
    odds = {}
    for act in ("pay", "fold"):
        after = s.apply({"seat": 0, "act": act})
        rng = random.Random(4)
        middling = []
        for _ in range(200):
            world = BOT.sample_world(after, 2, rng)
            weight, club = BOT._weigh(world, after, 2, "infer")
            assert 0.0 <= club[0] <= 1.0 and weight > 0
            assert BOT._weigh(world, after, 2, "teacher")[0] == BOT.world_weight(world, after, 2)
            if ferbli_bot.PAY_CHARGE <= hand_score(world, world.held[0][:3]) < ferbli_bot.CLUB_PAY_CHARGE:
                middling.append(club[0])
        odds[act] = sum(middling) / len(middling)
    assert odds["pay"] < 0.2 < 0.8 < odds["fold"], odds


def test_expert_inference_weights_worlds_by_the_bets_seen():
    """After a besszer, worlds where the besszerer holds a strong start weigh more."""
    s = deal(3, ["Aa Al 9h 9b", "7h 8b Ka Ol", "Ub Xb Kh Oh"])
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 2, "act": "vizi"})
    s = s.apply({"seat": 0, "act": "besszer", "amount": 2})
    rng = random.Random(2)
    plain = weighted = total = 0.0
    for _ in range(300):
        world = BOT.sample_world(s, 1, rng)
        w = BOT.world_weight(world, s, 1)
        score = hand_score(world, world.held[0][:2])
        plain += score / 300
        weighted += w * score
        total += w
    assert weighted / total > plain + 0.15
    assert act_likelihood(s, 1, {"seat": 1, "act": "fold"}) > act_likelihood(s, 1, {"seat": 1, "act": "pay"})


def test_inference_reads_the_size_of_the_first_players_besszer():
    """The teacher besszers one vizi with a weak start and two with a strong one: the club's
    worlds (weighted, then resampled) follow the amount it saw."""
    base = deal(3, ["Aa Al 9h 9b", "7h 8b Ka Ol", "Ub Xb Kh Oh"])
    base = base.apply({"seat": 1, "act": "vizi"}).apply({"seat": 2, "act": "vizi"})
    strength = {}
    for amount in (1, 2):
        s = base.apply({"seat": 0, "act": "besszer", "amount": amount})
        rng = random.Random(5)
        worlds = [BOT.sample_world(s, 1, rng) for _ in range(300)]
        weights = [BOT.world_weight(w, s, 1) for w in worlds]
        picked = ferbli_bot._resample(worlds, weights, 100, rng)
        strength[amount] = sum(hand_score(w, w.held[0][:2]) for w in picked) / 100
    assert strength[2] > strength[1] + 0.15, strength


@pytest.mark.parametrize("plan", ["calldown", "fold", "press"])
def test_the_experts_follow_up_plans_name_legal_acts_and_end_the_deal(plan, monkeypatch):
    """Every plan for the seat's own later acts names a legal act wherever the seat is to act,
    and a deal played with it ends (the raises are capped)."""
    for seed in range(12):
        state = position(3 + seed % 3, seed)
        me = state.to_act
        while not state.is_over:
            seat = state.to_act
            action = ferbli_bot._plan_act(state, seat, plan) if seat == me else BOT.beginner(state, seat, None)[0]
            state = state.apply(action)  # IllegalAction if a plan named an illegal act
    monkeypatch.setitem(ferbli_bot.EXPERT, "plans", ferbli_bot.PLANS)
    state = position(3, 4, want=lambda s: s.phase in ("answer", "open", "reraise"))
    action, expl = BOT.choose(state, state.to_act, "expert", random.Random(1), BUDGET["expert"])
    assert {row["then"] for row in expl["actions"]} <= set(ferbli_bot.PLANS)
    assert action in [row["action"] for row in expl["actions"]]


# ---- a short duplicate match -------------------------------------------------------------------------------
def play(state, tiers, seed, policy=None):
    k = 0
    while not state.is_over:
        seat = state.to_act
        if policy and tiers[seat] == "broken":
            action = policy(state, seat)
        else:
            action = BOT.choose(state, seat, tiers[seat], random.Random(seed * 1000 + k), BUDGET.get(tiers[seat]))[0]
        state = state.apply(action)
        k += 1
    return state


@lru_cache(maxsize=None)
def duplicate(a, b, deals, players=3, policy=None):
    """Tier ``a`` in one seat against ``b`` in the same seat of the same deal (``b`` elsewhere):
    the chips ``a`` won more than ``b`` would have, summed over every seat and deal."""
    total = 0.0
    for d in range(deals):
        base = play(first_state(players, d), [b] * players, d)
        for seat in range(players):
            tiers = [a if s == seat else b for s in range(players)]
            total += BOT.value(play(first_state(players, d), tiers, d, policy), seat) - BOT.value(base, seat)
    return total


def test_beginner_beats_random_on_duplicate_deals():
    assert duplicate("beginner", "random", 60) > 100  # measured: +294, ≈ 1.6 chips a seat and deal


def test_the_expert_beats_the_beginner_on_duplicate_deals():
    """The expert (its own rules, the inferred model of the others, the search) in one seat
    against the beginner elsewhere: a broken expert (one that gives up, or plays at random)
    loses chips here."""
    assert duplicate("expert", "beginner", 20) > 20  # measured: +46


def test_the_duplicate_match_catches_a_broken_bot():
    """The same harness with a bot that gives up whenever it may scores below the beginner."""
    def broken(state, seat):
        acts = {a["act"]: a for a in state.legal_actions()}
        for act in ("fold", "check", "go_on", "stop", "vizi", "pay"):
            if act in acts:
                return acts[act]
        a = dict(state.legal_actions()[0])
        if "min" in a:
            a["amount"] = a.pop("min")
            a.pop("max")
        return a
    assert duplicate("broken", "random", 60, policy=broken) < duplicate("beginner", "random", 60)


# ---- reason texts ---------------------------------------------------------------------------------------------
def test_every_reason_has_a_text_in_five_languages():
    code = SOURCE.read_text(encoding="utf-8")
    keys = {f"bot.ferbli.{k}" for k in re.findall(r'do\("\w+", "(\w+)"', code)}
    keys |= {f"bot.ferbli.{k}" for k in re.findall(r'"key": "bot\.ferbli\.(\w+)"', code)}
    keys |= {f"bot.ferbli.{k}" for k in re.findall(r'"(\w+)", \{\*\*params', code)}
    assert len(keys) > 20
    texts = {lang: json.loads((CATALOG / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
    for lang, catalog in texts.items():
        catalog.pop("_doc")
        assert set(catalog) == keys, lang
    for key in keys:
        values = [texts[lang][key] for lang in LANGUAGES]
        assert len(set(values)) == 5, key
        fields = {tuple(sorted(re.findall(r"{(\w+)}", v))) for v in values}
        assert len(fields) == 1, key
    for key, text in texts["fa"].items():
        bare = re.sub(r"\u2068[^\u2069]*\u2069|{\w+}", "", text)
        assert not re.search(r"[A-Za-z]", bare), (key, text)


def test_the_bot_is_stateless():
    assert FerbliBot().knowledge(first_state(3, 1), 1) == BOT.knowledge(first_state(3, 1), 1)


def test_exact_equity_agrees_with_the_worlds():
    """Where one opponent is left and few completions remain the club counts them all; the
    sampled worlds estimate the same number."""
    from hcards_core.bots.ferbli import _showdown_winner, exact_equity
    s = deal(2, ["Aa Al 7h 8b", "Kh Oh 7a 8l"], {"shown_cards": True}, dealer=1)
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "besszer", "amount": 1})
    s = s.apply({"seat": 1, "act": "pay"}).apply({"seat": 1, "act": "stop"})
    for seat, card in ((0, "Aa"), (0, "Al"), (1, "Kh"), (1, "Oh")):
        s = s.apply({"seat": seat, "act": "show", "card": card})
    assert exact_equity(s, 0) is None  # 7h 8b unseen: 89,700 completions, too many
    s = s.apply({"seat": 0, "act": "look"})
    exact = exact_equity(s, 0)
    rng = random.Random(4)
    sampled = sum(_showdown_winner(BOT.sample_world(s, 0, rng)) == 0 for _ in range(2000)) / 2000
    assert 0 < exact < 1 and abs(sampled - exact) < 0.035
    assert exact_equity(position(3, 1, want=lambda t: len(t.active()) == 3), 0) is None


def variants():
    from hcards_core.ferbli.options import OPTIONS
    out = []
    for name, opt in OPTIONS.items():
        if opt.choices:
            out += [{name: c} for c in opt.choices if c != opt.default]
        elif isinstance(opt.default, bool):
            out.append({name: True})
    out = [o if "call_or_drop_announced" not in o else {"call_or_drop": True, **o} for o in out]  # it needs call_or_drop
    return out + [{"table_cap": 6}, {"vizi": 2}, {"majzli": True, "shown_cards": True, "limit": "unlimited"}]


@pytest.mark.parametrize("options", variants(), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_variant_is_played_to_the_end_by_every_tier(options):
    vizi = options.get("vizi", 1)
    k = len(json.dumps(options)) % 2  # one deal each, at 3 or 5 players, with or without a cukassza
    for players in ((3, 5)[k],):
        rng = random.Random(k)
        pack = list(PACK)
        rng.shuffle(pack)
        session = GAME.new_session(players, GAME.parse_options(options), k, {"pot": 3 * k})
        state = GAME.deal(session, {"pack": pack}, None, "deals[0]")
        step = 0
        while not state.is_over:
            tier = TIERS[(state.to_act + k) % 4]
            action, _ = BOT.choose(state, state.to_act, tier, random.Random(step), 10)
            if "amount" in action and tier != "random" and not options.get("table_cap"):
                assert action["amount"] % vizi == 0
            state = state.apply(action)
            step += 1
            assert step < 200
        assert sum(state.stake) + state.carried_in == state.pot


def test_the_anytime_expert_stops_on_the_clock_only_when_asked():
    state = position(5, 3, want=lambda s: s.round >= 2 and s.seen[s.to_act] == len(s.held[s.to_act]))
    seat = state.to_act
    action, expl = BOT.choose(state, seat, "expert", random.Random(2), 1.0, wall_clock=True)
    assert state.can_apply(action) and 24 <= expl["worlds"] <= 2000
    _, fixed = BOT.choose(state, seat, "expert", random.Random(2), 100.0)
    # 0.4 worlds per ms at three seats, 3/5 of that at five: a count, not the clock
    assert fixed["worlds"] == 24 and fixed["effective_worlds"] <= 24


def test_beginner_uses_the_first_players_besszer_and_reraises_a_high_three_card_ferbli():
    s = deal(2, ["7h 8b Ka Ol", "Aa Al 9h 9b"], dealer=1)  # P1 = 0 with a poor start
    s = s.apply({"seat": 1, "act": "vizi"})
    action, why = BOT.beginner(s, 0, None)  # F-6.1: only P1 may besszer; one vizi with a weak start
    assert (action, why["key"]) == ({"seat": 0, "act": "besszer", "amount": 1}, "bot.ferbli.besszer_position")
    s = deal(2, ["Ka Oa Ua 7l", "7a 8l 9h Xb"], dealer=1)  # K-O-U of acorns: a three-card ferbli of 30
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"}).apply({"seat": 0, "act": "look"})
    s = s.apply({"seat": 0, "act": "check"}).apply({"seat": 1, "act": "look"}).apply({"seat": 1, "act": "bet", "amount": 1})
    action, why = BOT.beginner(s.apply({"seat": 0, "act": "pay"}), 0, None)
    assert (action["act"], why["key"]) == ("raise", "bot.ferbli.raise_strong")
    s = deal(2, ["9a 8a 7a Xl", "Aa Ka Ol Ub"], dealer=1)  # 9-8-7 of acorns: a ferbli of 24 stops
    s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "go_on"}).apply({"seat": 0, "act": "look"})
    s = s.apply({"seat": 0, "act": "check"}).apply({"seat": 1, "act": "look"}).apply({"seat": 1, "act": "bet", "amount": 1})
    action, why = BOT.beginner(s.apply({"seat": 0, "act": "pay"}), 0, None)
    assert (action["act"], why["key"]) == ("stop", "bot.ferbli.stop_reraise")


# ---- the expert's model of the searching club ----------------------------------------------------------
def test_the_measured_club_replies_are_committed_and_read_as_calling_lines():
    """``ferbli_club_replies.json`` (scripts/ferbli_club_replies.py, its seed and deal count
    stored with the counts) gives, per table size, the hand strength from which the club pays a
    bet of each size class; the searching club folds more than its rules, so no line is below
    the rules' small-bet line, and a bigger bet never needs a weaker hand."""
    data = json.loads(ferbli_bot.REPLIES_FILE.read_text(encoding="utf-8"))
    assert {"3", "5"} <= set(data)
    for table in data.values():
        assert isinstance(table["seed"], int) and table["deals"] > 0
        for key, (pays, folds) in table["counts"].items():
            tenth, size = map(int, key.split("|"))
            assert 0 <= tenth <= 9 and 0 <= size <= 2 and pays >= 0 and folds >= 0
    lines = ferbli_bot._reply_lines()
    for players in (3, 5):
        assert all(0.0 <= x <= 1.0 for x in lines[players])
        assert lines[players][0] >= ferbli_bot.CALL_HAND


def bet_answer(players, seed, seat_ok=lambda s, seat: True):
    """A seeded position where a seat must answer a bet (the answer phase, context ``bet``)."""
    def want(s):
        return s.phase == "answer" and s.context == "bet" and s.owe[s.to_act] > 0 and seat_ok(s, s.to_act)
    return position(players, seed, want=want)


@pytest.mark.parametrize("players", [3, 5])
def test_the_experts_playouts_answer_bets_for_the_club_by_the_measured_line(players, monkeypatch):
    """A club-like seat's answer to a bet in the expert's playouts: pay from the measured line
    (``club_call_line``), else fold; the teacher's seats and the club's own search keep the rules."""
    s = bet_answer(players, 7, lambda s, seat: s.seen[seat] == len(s.held[seat]))
    seat = s.to_act
    line = ferbli_bot.club_call_line(s, seat)
    score = hand_score(s, ferbli_bot._seen(s, seat))
    assert ferbli_bot._club_answer(s, seat) == {"seat": seat, "act": "pay" if score >= line else "fold"}
    seen = []
    real = ferbli_bot._club_answer
    monkeypatch.setattr(ferbli_bot, "_club_answer", lambda st, x: seen.append(x) or real(st, x))
    ferbli_bot._play_out(s, None, clubs=frozenset({seat}))
    assert seen and seen[0] == seat
    seen.clear()
    ferbli_bot._play_out(s, None)  # nobody modelled as the club: the rules answer
    assert not seen
    # the expert's inference scores a club-like seat's answer by the same line
    fold, pay = ({"seat": seat, "act": a} for a in ("fold", "pay"))
    expected = fold if score < line else pay
    other = pay if expected is fold else fold
    assert act_likelihood(s, seat, expected, club=True) > act_likelihood(s, seat, other, club=True)


def test_at_three_seats_the_experts_vizi_follows_its_rule():
    """At three seats the expert's search does not overturn the vizi rule (``rule_phases``):
    folding an ace at the vizi lost pairs to the club (s7, 100 deals: 9 lost, 5 won)."""
    s = deal(3, ["Ub Xb Kh Oh", "Al 7h 8b 9a", "7l 8l Ka Ol"])  # dealer 2: seat 1 answers first
    assert ferbli_bot._teacher(s, 1, club=True, expert=True)[0] == {"seat": 1, "act": "vizi"}
    action, explanation = BOT.choose(s, 1, "expert", random.Random(3), BUDGET["expert"])
    assert action == {"seat": 1, "act": "vizi"}
    assert ferbli_bot.EXPERT["rule_phases"]["vizi"] == 3


def test_at_three_seats_the_expert_charges_from_a_two_card_ferbli_of_17():
    """The expert's charge rule: from a two-card ferbli of 17 at three seats or fewer
    (``EXPERT_CHARGE_START_FEW``: the club charged such hands where the expert stopped, and
    won those pairs), from 20 at more seats (``EXPERT_CHARGE_START``)."""
    def charging(players, last):
        s = deal(players, ["Xa 7l 8h 9h", "7h 9l Ka Oa"] + ["7a 8a Ul Xl", "9a Ua Al Kl"][:players - 3] + [last])  # P1 = 0
        folds = [{"seat": k, "act": "fold"} for k in range(1, players - 2)]
        pays = [{"seat": k, "act": "pay"} for k in range(players - 2, players)]
        for a in folds + [{"seat": k, "act": "vizi"} for k in range(players - 2, players)] + \
                [{"seat": 0, "act": "besszer", "amount": 1}] + pays:
            s = s.apply(a)
        assert s.phase == "charge" and s.to_act == players - 1
        return s
    charge = {"seat": 2, "act": "charge", "amount": 1}
    assert ferbli_bot._teacher(charging(3, "9b 8b Kh Oh"), 2, club=True, expert=True)[:2] == (charge, "charge_ferbli_few")
    assert ferbli_bot._teacher(charging(3, "9b 7b Kh Oh"), 2, club=True, expert=True)[:2] == (
        {"seat": 2, "act": "stop"}, "stop_charge_few")  # 16
    assert ferbli_bot._teacher(charging(5, "9b 8b Kh Oh"), 4, club=True, expert=True)[:2] == (
        {"seat": 4, "act": "stop"}, "stop_charge_weak")
    assert ferbli_bot._teacher(charging(5, "Xb Ub Kh Oh"), 4, club=True, expert=True)[:2] == (
        {"seat": 4, "act": "charge", "amount": 1}, "charge_ferbli")  # 20
