"""Ferbli's computer players: a betting game, so its club and expert tiers reason about equity
and chips instead of tricks (contract: ``prompts/bots-contract.md``; rules ``rules/ferbli.md``).

What a seat knows (``knowledge``): its own cards as far as it has looked (cards 3–4 only after
``look``, F-7.6), every card shown to the table (F-V7) and the bottom card (F-4.4), every act
of the deal and by whom (vizi, fold, besszer, charge, pay, bet, raise, look — the hidden
majzli amount only once the fist opens, F-V8), the pot and the carried cukassza. Charges deal
face down, so they reveal nothing but who paid; earlier deals' showdowns are no part of this
deal.

``sample_world`` deals the cards the seat cannot see again — the other seats' hidden cards, its
own unlooked cards, everything still to come — uniformly from the canonical unknown list (PACK
order), so two positions that look alike to the seat give the same worlds for the same seed.
A world deals its future cards from ``later`` (per seat) instead of the stack: nothing the seat
sees depends on which.

Tiers:

* ``beginner`` — a teacher's rules of thumb, one reason key each (``bot.ferbli.*``).
* ``club`` — samples three times the worlds it plays out and weights each by how likely the
  other seats' acts so far were with that world's cards (``world_weight``: the deal is
  replayed in the world and every act scored by ``act_likelihood``, a player who follows the
  teacher's rules mixed with a soft version of its thresholds — so a besszer of two vizis, a
  call or a fold says something about the hand); the equity of the seat's hand against the
  hands still in is the weighted share of worlds its final four cards win the showdown
  (F-8.2/F-8.3, ties to the first in turn order); the playouts go to a weighted resample of
  the worlds, where every legal action (amounts: the least, one sized from equity and pot,
  the most — whole vizis) is played out with the beginner's rules for every other seat and
  the club's own rules for the seat itself (the teacher's, but a charge is paid only with an
  ace, two of one suit or better: ``CLUB_PAY_CHARGE``, the best response to the teacher found
  by moving its thresholds one at a time); the best mean chips wins if it beats the club's
  rule by more than ``override_z`` standard errors of the paired difference (two; six with
  four seats or more, ``override_z_multiway``; else the rule stands,
  ``bot.rule_stands``: with tens of worlds, luck would pick big bets and odd folds among
  near-equal acts), with a seeded bluffing rate (only a bluff priced within half a chip of
  the best).
  ``exact_equity`` (every completion against one opponent, no inference) is there for the
  coach and the tests.
* ``expert`` — the same with more worlds and amounts, the club's override bars (two standard
  errors, six at four seats or more), its own rules (``_teacher(expert=True)``: a best response
  to the club's rules, found as the club's was — charge only from two aces or a two-card
  ferbli of 20 (of 17 at three seats or fewer: ``EXPERT_CHARGE_START_FEW``, measured against
  the searching club), pay a charge only with two of one suit or better, bet three vizis at
  four seats or more) and a model of each other seat inferred from its acts (``_weigh``, ``others``:
  "infer" — even odds that a seat plays by the teacher's rules or by the club's, then each
  world's acts decide, e.g. a charge paid with only a ten-valued card is the teacher's; the
  playouts draw each seat's rules from those odds). A club-like seat's answer to a bet is
  no rule of thumb but the searching club's measured line (``club_call_line``, from
  ``ferbli_club_replies.json``, made by ``scripts/ferbli_club_replies.py``: the club pays a
  small bet only from about a two-card ferbli of 19, where its rules pay from 15), in the
  playouts and in the inference. At three seats the vizi follows the rule (``rule_phases``:
  the search folded an ace there, which lost pairs to the club). Optionally (``PLANS``, off: it did not
  pay) a search over its own later acts: every act is played out under four plans for the
  seat's next acts (the teacher's; call down; give up at the next bet; bet on), and valued
  with the plan best on average over the worlds — one plan for all the worlds, since the seat
  cannot tell them apart (a plan chosen per world would see the cards). Budgets are
  worlds, not time: club 0.6 and expert 0.4 worlds per millisecond asked at three seats, in
  proportion fewer at more (60 and 240 worlds by default with three players, 36 and 144 with
  five; the weights of three times as many). Anytime: its
  budget is a number of worlds; only a caller that passes ``wall_clock=True`` lets it stop
  early on the clock, which makes the choice machine-dependent.

>>> from hcards_core.ferbli import GAME
>>> session = GAME.new_session(3, GAME.parse_options({}), 2, {})
>>> state = GAME.deal(session, {"hands": [["Aa", "Al", "Xh", "9b"], ["Kh", "Oh", "7a", "8l"],
...                                        ["Ub", "Xb", "Ka", "Ol"]]}, None, "deals[0]")
>>> bot = FerbliBot()
>>> bot.beginner(state, 1, None)  # seat 1 is first to answer the blind (F-5.1)
({'seat': 1, 'act': 'vizi'}, {'key': 'bot.ferbli.vizi_ferbli', 'params': {'cards': ['Kh', 'Oh'], 'total': 20}})
"""

from __future__ import annotations

import json
import math
import random
import time
from itertools import combinations
from pathlib import Path

from ..cards import PACK
from ..ferbli.options import wild_cards
from ..ferbli.ranking import VALUES, tie_break
from ..ferbli.state import FerbliState
from .base import GameBot, _stats, best_shares, loss_errors, pick, rule_stands, shuffle

AGGRESSIVE = frozenset({"besszer", "charge", "bet", "raise", "majzli"})
# A hand's strength on one scale from 0 to 1, by what it is: the teacher's thresholds below
# and the expert's inference read hands through it.
CATEGORY_SCORE = {"four_suits": (0.02, 0.10), "two_card_ferbli": (0.15, 0.40), "two_aces": (0.50, 0.50),
                  "three_card_ferbli": (0.55, 0.80), "three_of_a_kind": (0.84, 0.87), "grigare": (0.88, 0.89),
                  "banda": (0.90, 0.95), "four_of_a_kind": (0.97, 0.98), "nagy_grigare": (0.99, 0.99),
                  "kis_grigare": (1.0, 1.0)}
CATEGORY_RANGE = {"four_suits": (8, 11), "two_card_ferbli": (15, 21), "three_card_ferbli": (24, 31),
                  "banda": (34, 41)}
# The beginner's thresholds on that scale (tuned on duplicate deals against random play): a
# start worth the vizi (an ace or two cards of one suit: a single ten-valued card lost chips,
# 69 % -> 72 % with 3 players, 1,500 deals), a start worth a besszer or a charge (the same), a
# hand worth calling a small bet with (any two-card ferbli), betting on (a two-card ferbli of
# 17: betting only from 20 left chips unclaimed, 72 % -> 74 %), calling a big bet with (a
# two-card ferbli of 20), re-raising with (a three-card ferbli of 26 or better: from a banda
# only, 76.2 % -> 76.5 % with 3 players, 2,000 deals). P1 besszers any two cards (the
# position's privilege: 73.6 % -> 76.2 %), one vizi with a weak start, two with a strong one.
PAY_START, BESSZER_START, CHARGE_START = 0.20, 0.30, 0.30
BESSZER_POSITION = 0.0  # any two cards: P1's besszer of one vizi (see _teacher)
HIGH_START = 0.10     # a ten-valued card: the old vizi threshold, now its own fold reason
CALL_HAND, BET_HAND, RERAISE_HAND = 0.15, 0.20, 0.60
BANDA = 0.90          # a banda or better on the same scale
STRONG_BET = 0.35     # a two-card ferbli of 20: a big bet is called with it, and it bets as before
CALL_BIG = STRONG_BET
CALL_BESSZER = 0.10   # any start with a ten-valued card
PAY_CHARGE = 0.10     # a ten-valued card: the pot already holds the seat's chips
STRONG_CHARGE = 0.30  # an ace or two cards of one suit
# The club's and the expert's own rules are the teacher's but for one threshold: they pay a
# charge only with an ace, two of one suit or better (``STRONG_CHARGE``), where the teacher
# pays with any ten-valued card. The best of the teacher's thresholds moved one at a time,
# played against the teacher itself (duplicate, seed 2026): 60.6 % (+674 chips, 1,500 deals)
# with 3 players, 61.3 % (+923, 1,000 deals) with 5, where the next best single change (call
# a small bet only with a two-card ferbli of 19 or more) made 56 %. The searching tiers play
# their own later acts in the playouts by these rules too (a best response to the teacher
# needs its own follow-up, not the teacher's) and weigh every act against them.
CLUB_PAY_CHARGE = STRONG_CHARGE
EXPERT_CHARGE_START = 0.60  # the expert charges with a two-card ferbli of 20, two aces or better
EXPERT_CHARGE_START_FEW = 0.44  # at three seats or fewer from a two-card ferbli of 17 (it scores 0.45): see s8 below
EXPERT_PAY_CHARGE = 0.33    # and pays a charge with two of one suit or better (an ace alone folds)
EXPERT_BET_VIZIS = 3        # with four seats or more it bets three vizis
BET_VIZIS = (1, 2)    # the beginner bets one vizi; two with a 31 ferbli, three of a kind or better
MAX_RERAISES = 2      # visszahívások a club or expert seat makes in one deal
ROLLOUT_STEPS = 120   # a played-out world never needs this many acts; past it every seat passes
TEACHER_SHARE = 0.9   # the inference's belief that a seat plays by the teacher's rules (0.6 -> 0.9: +496 -> +579 chips, 150 club-beginner deals at 3 players)
CLUB_INFERS = True
EDGE_SIZES = True     # bet sizes at the teacher's calling line (see _amounts)
EXACT_LIMIT = 4000    # completions counted exactly for the club's equity (one opponent left)

CLUB = {"worlds_per_ms": 0.6, "min_worlds": 12, "max_worlds": 400, "default_ms": 100, "bluff": 0.08,
        "bluff_cost": 0.5, "oversample": 3, "override_z": 2.0, "override_z_multiway": 6.0}
# the club's rule stands unless another act is better by two standard errors (1.0 before the
# club's own rules: against the beginner, 100 deals at 3 players, 57.5 % with 1.0, 59.5 % with
# 2.0 — a duplicate pair is won by the sign, and the close calls the search overturned were
# as often lost as won); with four seats or more by six (measured with 5, the same 100 deals:
# 49 % with 2.0, 58.5 % with 4.0, 63.5 % with 6.0 — the search models every other seat by the
# teacher's rules, and the more seats, the more that model's errors add up)
EXPERT = {"worlds_per_ms": 0.4, "min_worlds": 24, "max_worlds": 2000, "default_ms": 600, "bluff": 0.06,
          "bluff_cost": 0.5, "oversample": 3, "override_z": 2.0, "override_z_multiway": 6.0,
          "others": "infer", "own_rules": True, "plans": ("rule",), "rule_phases": {"vizi": 3}}
# s6, against the club (duplicate, seed 2026, the first 40 deals, 5 players): bars of 1 SE
# 50.0 % (-120 chips); the club's bars (2, 6) 47.5 % (-53), with the others modelled as the
# club 47.5 % (-48), inferred per seat 47.5 % (-40), with a bar of 3 at 5 players 47.5 %
# (-270), with its own rules 46.3 % (+2; without the three-vizi bets 43.8 %, -4; its own
# rules alone with no search 43.8 %, -74). 3 players: bars of 1 50.0 % (-57), the final
# setting 47.5 % (+114). Rules alone against the club's rules (no search either side, 2,000
# deals): 55.3 % (+1,227) at 5 players, 54.5 % (-74) at 3 — the searching club folds more
# often to the bets these rules make than its rules do.
# s7 (same deals, scripts/ferbli_pairs.py on the s6 records: where the two plays of a pair
# first part): at 3 players the expert's search folded an ace at the vizi where the club's
# rule plays it (9 pairs lost, -68 chips; 5 won, +46; 4 tied); with the vizi by the rule
# (``rule_phases``) the first 40 deals went 47.5 % (+114) -> 52.5 % (+172), and with the
# club's measured answers to bets (``CLUB_REPLIES``) 53.75 % (+176). At 5 players the same
# fold went 10 lost (-94), 11 won (+250), 18 tied, so the search keeps it there; the measured
# answers changed 2 of the 100 5-player pairs (52.5 % -> 52.0 %, +213 -> +169 chips: the
# six-SE bar keeps the rules), nor did a bar of 2 for the bets help ("override_z_phase":
# {"open": 2.0}: 46.25 %, +8 chips on deals 0-39, the same pairs as without), not kept. 3
# players, deals 0-99: 54.5 % (+500) against s6's 51.0 % (+468).
# s8 (the same pairs' diagnostic on s7's records): at 3 players the club's rule charged a
# two-card ferbli of 17 to 19 where the expert's (from 20) stopped — 4 pairs lost (-32
# chips), 2 won, 1 tied on deals 0-99 of seed 2026. Charging from 17 at three seats or fewer
# (``EXPERT_CHARGE_START_FEW``; 17 scores 0.44999..., so a bar of 0.45 meant 18: 55.0 %,
# +944) went 54.5 % (+500) -> 57.0 % (+986) there, seed 2027 53.5 % (+1,480) -> 53.0 %
# (+1,458): 54.0 % -> 55.0 % over the 200 deals. At 5 players the same bar (one for every
# table) went 52.0 % (+169) -> 53.5 % (+175) on seed 2026 but 52.5 % (+394) -> 51.0 % (+350)
# on seed 2027, so more seats keep charging from 20.
# s9 (5 players, deals 0-99 of seeds 2026-2030, this code: 52.0 / 52.5 / 58.0 / 57.0 / 56.0 %,
# 500 deals 55.1 %): the pairs part mostly where the search folds a lone ace at the vizi (41
# lost, 61 won, 96 tied) and where the club's rule charges with an ace or a two-card ferbli of
# 15-19 and the expert stops (13 lost, 35 won). Not kept, 4+ seats only: the rule folding
# every lone ace at the vizi (seeds 2026-2029 53.75 % against 54.87 %, paired -1.1 points,
# SE 1.0: the aces the search keeps are no better folded); charging only from two aces
# (EXPERT_CHARGE_START 0.75: seed 2026 one pair changed, won -> lost, as the search charges a
# ferbli of 20-21 at six SE anyway); paying a charge only from a two-card ferbli of 17
# (seeds 2026-2027 52.25 % as before, paired 0.0, SE 1.2). Numbers: bench_bots RECORDED.
# The expert's follow-up plans for its own later acts (see ``_search``): off by default, as
# they did not pay — against club, 60 deals at 3 players, 49.2 % (-53 chips) with them and
# 49.2 % (-50) without, for 1.7 times the time. ``EXPERT["plans"] = PLANS`` turns them on.
PLANS = ("rule", "calldown", "fold", "press")


class FerbliBot(GameBot):
    game = "ferbli"
    unit = "chips"

    # ---- what the seat knows ----------------------------------------------------------------
    def unknown_cards(self, state: FerbliState, seat: int) -> list[str]:
        """Every card the seat cannot see, in PACK order: the canonical list worlds draw from."""
        return [c for c in PACK if c not in _known(state, seat)]

    def knowledge(self, state: FerbliState, seat: int) -> dict:
        history = [dict(a) for a in state.history]
        if state.round == 1 and seat != state.p1:
            for a in history:
                if a.get("act") == "majzli":
                    a["amount"] = None  # F-V8: the fist stays closed until round 1 ends
        return {"seat": seat, "players": state.players, "options": dict(state.options),
                "view": state.view(seat), "history": history,
                "forced": state.forced, "call_or_drop": state.call_or_drop}

    def sample_world(self, state: FerbliState, seat: int, rng: random.Random) -> FerbliState:
        pool = self.unknown_cards(state, seat)
        shuffle(pool, rng)  # from rng.random() alone: the same worlds on CPython and in Pyodide
        world = state.copy()
        for s, hand in enumerate(world.held):
            for i in range(len(hand)):
                if _hidden(state, seat, s, i):
                    hand[i] = pool.pop()
        world.later = tuple(() if world.folded[s] else
                            tuple(world.held[s][2:]) + tuple(pool.pop() for _ in range(4 - len(world.held[s])))
                            for s in range(state.players))
        world.stack, world.next_card = None, 0
        return world

    def value(self, state: FerbliState, seat: int) -> float:
        """Chips the deal brings the seat: the pot if it wins, less its stake; a carried pot
        counts as every seat's equal share of it (it stays on the table as a cukassza)."""
        out = state.outcome
        if out["winner"] is None:
            return out["pot"] / state.players - out["stakes"][seat]
        return (out["pot"] if out["winner"] == seat else 0) - out["stakes"][seat]

    # ---- beginner ------------------------------------------------------------------------------
    def beginner(self, state: FerbliState, seat: int, rng) -> tuple[dict, dict]:
        action, why, params = _teacher(state, seat)
        return action, {"key": f"bot.ferbli.{why}", "params": params}

    # ---- club and expert ---------------------------------------------------------------------------
    def choose(self, state, seat, tier, rng, budget=None, explain=True, wall_clock=False):
        """The shared API (``bots.choose``); random and beginner name concrete amounts here,
        because Ferbli's legal actions carry a range (``min``/``max``) rather than an amount."""
        if tier not in ("random", "beginner"):
            return super().choose(state, seat, tier, rng, budget, explain=explain, wall_clock=wall_clock)
        t0 = time.perf_counter()
        if state.is_over or state.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        if tier == "random":
            action, reason = self.random_action(state, rng), {"key": "bot.random", "params": {}}
        else:
            action, reason = self.beginner(state, seat, rng)
        actions = self.candidates(state, seat)
        if action not in actions:
            actions.append(action)
        best = actions.index(action)
        if not explain:
            actions, best = [action], 0
        return action, {"tier": tier, "seat": seat, "unit": self.unit, "worlds": 0,
                        "elapsed_ms": round((time.perf_counter() - t0) * 1000, 1), "reason": reason,
                        "best": best, "actions": [{"action": a, "value": None, "spread": None, "p_trick": None,
                                                   "best_share": None} for a in actions]}

    def random_action(self, state: FerbliState, rng: random.Random) -> dict:
        """A uniformly random legal act, then a uniformly random whole-vizi amount for it (an
        open maximum: up to four times the least)."""
        legal = pick(state.legal_actions(), rng)
        if "min" not in legal:
            return dict(legal)
        lo, hi = legal["min"], legal["max"]
        hi = 4 * lo if hi is None else hi
        v = state.vizi
        return {"seat": legal["seat"], "act": legal["act"], "amount": lo + v * pick(range((hi - lo) // v + 1), rng)}

    def club(self, state, seat, rng, budget=None):
        return self._search(state, seat, _rng(rng), budget, CLUB, "club", weighted=CLUB_INFERS, deadline=None)

    def expert(self, state, seat, rng, budget=None, wall_clock=False):
        """Weighted worlds; with ``wall_clock`` (and a budget) it also stops when the budget's
        milliseconds have passed — the anytime answer, which then depends on the machine."""
        deadline = time.monotonic() + budget / 1000 if wall_clock and budget is not None else None
        return self._search(state, seat, _rng(rng), budget, EXPERT, "expert", weighted=True, deadline=deadline)

    def world_weight(self, world: FerbliState, state: FerbliState, seat: int) -> float:
        """The likelihood of the other seats' acts so far if they held the world's cards: the
        deal is replayed in the world and each act scored by ``act_likelihood``."""
        return self._weigh(world, state, seat, "teacher")[0]

    def _weigh(self, world: FerbliState, state: FerbliState, seat: int, others: str) -> tuple[float, dict]:
        """(likelihood of the other seats' acts in ``world``, each other seat's chance to play
        by the club's rules rather than the teacher's). ``others``: "teacher" (every other seat
        by the teacher's rules), "club" (by the club's) or "infer" (each seat either, even
        odds before the deal, and its acts in this world decide: a charge paid with a hand
        below ``CLUB_PAY_CHARGE`` is the teacher's, one refused with it the club's)."""
        replay = _initial(world)
        like = {s: [1.0, 1.0] for s in range(state.players) if s != seat}
        for action in state.history:
            s = action["seat"]
            if s != seat and action["act"] != "look" and replay.to_act == s:
                if others != "club":
                    like[s][0] *= act_likelihood(replay, s, action)
                if others != "teacher":
                    like[s][1] *= act_likelihood(replay, s, action, club=True)
            # in place: these acts were legal in the real deal, and a world differs from it
            # only in cards nobody has shown, which no act's legality depends on
            replay.push_trusted(action)
        if others == "teacher":
            return math.prod(t for t, _ in like.values()), {s: 0.0 for s in like}
        if others == "club":
            return math.prod(c for _, c in like.values()), {s: 1.0 for s in like}
        weight, club_odds = 1.0, {}
        for s, (t, c) in like.items():
            weight *= (t + c) / 2
            club_odds[s] = c / (t + c) if t + c else 0.5
        return weight, club_odds

    def _search(self, state, seat, rng, budget, cfg, tier, weighted, deadline):
        t0 = time.perf_counter()
        ms = cfg["default_ms"] if budget is None else budget
        # a world costs about as much more as the table has seats beyond three (longer
        # replays and playouts): fewer of them, so the same budget takes the same time
        per_ms = cfg["worlds_per_ms"] * 3 / max(3, state.players)
        count = max(cfg["min_worlds"], min(cfg["max_worlds"], int(ms * per_ms)))
        worlds, weights = [], []
        drawn = count * (cfg["oversample"] if weighted else 1)
        others = cfg.get("others", "teacher")
        for _ in range(drawn):
            world = self.sample_world(state, seat, rng)
            if weighted:
                weight, club_odds = self._weigh(world, state, seat, others)
            else:
                weight, club_odds = 1.0, {}
            worlds.append((world, club_odds))
            weights.append(weight)
        if sum(weights) <= 0:
            weights = [1.0] * len(worlds)
        exact = None if weighted else exact_equity(state, seat)
        equity = exact if exact is not None else _stats(
            [float(_showdown_winner(w) == seat) for w, _ in worlds], weights)[0]
        if drawn > count:
            # the playouts (the costly part) go to ``count`` worlds drawn by weight: each world
            # then counts once, and the unlikely ones are not played out for a tiny share
            worlds, weights = _resample(worlds, weights, count, rng), [1.0] * count
        # who plays by the club's rules in each played-out world: drawn once per world from
        # its odds (in seat order, from the search's generator), the same for every act
        worlds = [(w, frozenset(s for s in sorted(odds) if odds[s] >= 1.0 or (odds[s] > 0.0 and rng.random() < odds[s])))
                  for w, odds in worlds]
        candidates = self.candidates(state, seat, equity, expert=weighted)
        own = tier == "expert" and cfg.get("own_rules", False)  # the expert's rules, else the club's
        rule_action, why, params = _teacher(state, seat, club=True, expert=own)
        rule_reason = {"key": f"bot.ferbli.{why}", "params": params}
        if rule_action not in candidates:
            candidates.append(rule_action)
        plans = cfg.get("plans", ("rule",))
        by_plan = [[[] for _ in plans] for _ in candidates]
        used = 0
        for (world, clubs), weight in zip(worlds, weights):
            if deadline is not None and used >= cfg["min_worlds"] and time.monotonic() > deadline:
                break  # anytime: only when the caller asked for a wall-clock cut-off
            for k, action in enumerate(candidates):
                after = world.apply(action)
                if after.is_over or after.folded[seat] or len(plans) == 1:
                    chips = self.value(_play_out(after, seat, clubs=clubs, expert=own), seat)  # the seat by its own tier's rules
                    for series in by_plan[k]:
                        series.append(chips)
                    continue
                for p, plan in enumerate(plans):
                    by_plan[k][p].append(self.value(_play_out(after, seat, plan, clubs), seat))
            used += 1
        weights = weights[:used]
        # each act with the plan for the seat's own later acts that is best on average over
        # the worlds (not in each world: one plan must serve every world the seat cannot tell
        # apart), so an act is valued with its follow-up — raise now, then call or fold
        chosen = [max(range(len(plans)), key=lambda p: (_stats(series[p], weights)[0], -p)) if used else 0
                  for series in by_plan]
        scores = [series[p] for series, p in zip(by_plan, chosen)]
        values, spreads = zip(*(_stats(s, weights) for s in scores))
        best_share = best_shares(scores, weights)
        best = max(range(len(candidates)), key=lambda k: (values[k], -k))
        reason = {"key": "bot.ferbli.best_ev", "params": {"value": round(values[best], 1),
                                                          "equity": round(100 * equity)}}
        rule = candidates.index(rule_action)
        if best != rule and state.players <= cfg.get("rule_phases", {}).get(state.phase, 0):
            best = rule  # a phase where the rule stands at this table size (``rule_phases``)
            reason = {"key": "bot.rule_stands", "params": {"worlds": used, "value": round(values[best], 1),
                                                           "rule": rule_reason}}
        elif best != rule and used > 1:
            # the rule of thumb stands unless the worlds show another act better by more than
            # ``override_z`` standard errors of the paired difference (as in base.py): the
            # luck of the worlds otherwise picks big bets and odd folds among near-equal acts
            diffs = [a - b for a, b in zip(scores[best], scores[rule])]
            z = cfg.get("override_z_multiway", cfg["override_z"]) if state.players >= 4 else cfg["override_z"]
            z = min(z, cfg.get("override_z_phase", {}).get(state.phase, z))
            if rule_stands(diffs, weights[:len(diffs)], z):
                best = rule
                reason = {"key": "bot.rule_stands", "params": {"worlds": used, "value": round(values[best], 1),
                                                               "rule": rule_reason}}
        acts = [a["act"] for a in candidates]
        if "look" in acts:
            best = acts.index("look")  # free information first: a choice made on seen cards
            reason = {"key": "bot.ferbli.look_first", "params": {}}
        elif equity < 0.25 and candidates[best]["act"] not in AGGRESSIVE and rng.random() < cfg["bluff"]:
            # a bluff now and then, so that a bet does not always mean a strong hand — but only
            # one the playouts price within ``bluff_cost`` chips of the best act
            bluffs = [k for k, a in enumerate(candidates)
                      if a["act"] in AGGRESSIVE and values[k] >= values[best] - cfg["bluff_cost"]]
            if bluffs:
                best = min(bluffs, key=lambda k: candidates[k]["amount"])
                reason = {"key": "bot.ferbli.bluff", "params": {"equity": round(100 * equity)}}
        explanation = {
            "tier": tier, "seat": seat, "unit": self.unit, "worlds": used,
            "elapsed_ms": round((time.perf_counter() - t0) * 1000, 1), "reason": reason, "best": best,
            "equity": round(equity, 3), "equity_exact": exact is not None,
            **({"effective_worlds": round(sum(weights) ** 2 / sum(w * w for w in weights), 1)} if weighted else {}),
            "actions": [{"action": a, "value": round(v, 2), "spread": round(d, 2), "p_trick": None,
                         "best_share": None if b is None else round(b, 3), "loss_se": se,
                         **({"then": plans[p]} if len(plans) > 1 else {})}
                        for a, v, d, b, p, se in zip(candidates, values, spreads, best_share, chosen,
                                                     loss_errors(list(scores), weights, best))]}
        return dict(candidates[best]), explanation

    def candidates(self, state: FerbliState, seat: int, equity: float = 0.5, expert: bool = False) -> list[dict]:
        """Every legal action with concrete amounts: the least, one sized from the equity and
        the pot, the most (an open maximum: four times the least or the pot) — whole vizis."""
        out = []
        legal_actions = state.legal_actions()
        if state.phase == "reraise" and _raises(state, seat) >= MAX_RERAISES:
            # two equity players would double each other for ever (F-7.5 has no end): stop
            legal_actions = [a for a in legal_actions if a["act"] != "raise"] or legal_actions
        seen = set(_seen(state, seat))
        for legal in legal_actions:
            if legal["act"] == "show" and legal["card"] not in seen:
                continue  # a card the seat has not looked at: not for it to weigh (nor to list)
            if "min" not in legal:
                out.append(legal)
                continue
            lo, hi = legal["min"], legal["max"]
            amounts = _amounts(state, lo, hi, equity, expert, seat)
            out.extend({"seat": legal["seat"], "act": legal["act"], "amount": a} for a in amounts)
        return out


# ---- knowledge ---------------------------------------------------------------------------------------
def _known(state: FerbliState, seat: int) -> set:
    known = set(state.held[seat][:state.seen[seat]])
    for shown in state.shown:
        known.update(shown)
    if state.bottom:
        known.add(state.bottom)  # F-4.4: shown to everyone, never dealt (D-F14)
    return known


def _hidden(state: FerbliState, seat: int, s: int, i: int) -> bool:
    if s == seat:
        return i >= state.seen[s]
    return state.held[s][i] not in state.shown[s]


def _initial(world: FerbliState) -> FerbliState:
    """The world's first state of the deal, for replaying the acts so far in it."""
    first = [world.held[s][:2] for s in range(world.players)]
    later = tuple(tuple(world.held[s][2:]) + tuple(world.later[s][len(world.held[s]) - 2:])
                  for s in range(world.players))
    # F-V6 announced: the deal began with the dealer's announcement still to come
    announced = world.announcing or any(a["act"] in ("call_or_drop", "no_call_or_drop") for a in world.history)
    return FerbliState(world.players, world.dealer, world.options, first, later, None,
                       world.bottom, carried=world.carried_in, forced=world.forced,
                       call_or_drop=world.call_or_drop and not announced, announce=announced)


# ---- hand strength -----------------------------------------------------------------------------------
def hand_score(state: FerbliState, cards: list[str]) -> float:
    """How strong 2, 3 or 4 seen cards are, from 0 (hopeless) to 1 (unbeatable).

    >>> from hcards_core.ferbli import GAME
    >>> s = GAME.deal(GAME.new_session(2, GAME.parse_options({}), 1, {}),
    ...               {"hands": [list("Aa Al 7h 8b".split()), list("Kh Oh 7a 8l".split())]}, None, "d")
    >>> [round(hand_score(s, c.split()), 2) for c in ("Aa Al", "Kh Oh", "Aa 7h", "8l 7h", "Aa Ka Oa Ua")]
    [0.75, 0.6, 0.3, 0.07, 0.95]
    """
    key = (tuple(cards), state.options["wild"], state.options.get("grigare"))
    score = _SCORES.get(key)
    if score is None:
        if len(_SCORES) > 50000:
            _SCORES.clear()
        score = _SCORES[key] = _hand_score(state, cards)
    return score


_SCORES: dict[tuple, float] = {}  # hand_score by cards and the options it depends on


def _hand_score(state: FerbliState, cards: list[str]) -> float:
    if len(cards) == 4:
        category, value, _ = state.ranking.entry(cards)
        lo, hi = CATEGORY_SCORE[category]
        if category in CATEGORY_RANGE and isinstance(value, int):
            vlo, vhi = CATEGORY_RANGE[category]
            return lo + (hi - lo) * min(max((value - vlo) / (vhi - vlo), 0.0), 1.0)
        return lo
    wilds = wild_cards(state.options)
    w = sum(c in wilds for c in cards)
    naturals = [c for c in cards if c not in wilds]
    ranks = [c[0] for c in naturals]
    suits: dict[str, list[int]] = {}
    for c in naturals:
        suits.setdefault(c[1], []).append(VALUES[c[0]])
    best_suit = max((sorted(v, reverse=True) for v in suits.values()), key=lambda v: (len(v), sum(v)), default=[])
    suited = len(best_suit) + w
    aces = ranks.count("A") + w
    same = max((ranks.count(r) for r in ranks), default=0) + w
    if same >= 3:
        return 0.86
    if suited >= 3:
        total = sum(best_suit[:3]) + 11 * min(w, 3)
        return 0.62 + 0.2 * min(max((total - 24) / 7, 0.0), 1.0)
    if aces >= 2:
        return 0.75
    if suited >= 2:
        total = sum(best_suit[:2]) + 11 * min(w, 2)
        return 0.35 + 0.3 * min(max((total - 15) / 6, 0.0), 1.0)
    if aces:
        return 0.30
    high = max((VALUES[r] for r in ranks), default=7)
    return 0.05 + 0.07 * (high - 7) / 4 + (0.04 if len(cards) == 3 else 0.0)


def _seen(state: FerbliState, seat: int) -> list[str]:
    return state.held[seat][:state.seen[seat]]


# ---- the teacher's rules -----------------------------------------------------------------------------
def _teacher(state: FerbliState, seat: int, club: bool = False, expert: bool = False) -> tuple[dict, str, dict]:
    """(action, reason, params) by the rules of thumb; a pure function of the seat's view.
    ``club``: the searching tiers' own rules (``CLUB_PAY_CHARGE``); ``expert``: the expert's,
    a best response to the club's (``EXPERT_CHARGE_START``, ``EXPERT_CHARGE_START_FEW``, ``EXPERT_PAY_CHARGE``,
    ``EXPERT_BET_VIZIS``)."""
    legal = {a["act"]: a for a in state.legal_actions()}
    cards = _seen(state, seat)
    score = hand_score(state, cards)
    params = {"cards": list(cards)}
    phase = state.phase

    def do(act, why, amount=None, **extra):
        action = {"seat": seat, "act": act}
        if amount is not None:
            action["amount"] = amount
        return action, why, {**params, **extra}

    def least(act):
        return legal[act]["min"]

    def most(act, times=2):
        lo, hi = legal[act]["min"], legal[act]["max"]
        want = times * state.vizi
        return max(lo, want if hi is None else min(hi, want))

    if "look" in legal and len(state.held[seat]) > 2:
        return do("look", "look_first")
    if phase == "majzli":
        return do("majzli", "majzli_vizi", least("majzli"))
    if phase == "vizi":
        if "fold" not in legal:
            return do("vizi", "forced_vizi")
        if score >= 0.75:
            return do("vizi", "vizi_aces")
        if score >= 0.35:
            return do("vizi", "vizi_ferbli", total=_suited_total(cards))
        if score >= PAY_START:  # an ace (two cards of one suit score higher)
            return do("vizi", "vizi_ace")
        if score >= HIGH_START:
            return do("fold", "fold_one_high")
        return do("fold", "fold_poor")
    if phase == "mehet":
        if score >= BESSZER_START and "besszer" in legal:
            return do("besszer", "besszer_strong", most("besszer"))
        if score >= BESSZER_POSITION and "besszer" in legal:
            # the first player's privilege: only it may raise before cards 3 and 4, and every
            # other seat must pay again or give up its vizi; sized by the hand: one vizi
            return do("besszer", "besszer_position", least("besszer"))
        return do("go_on", "go_on")
    if phase == "answer":
        owed = state.owe[seat]
        if state.context == "besszer":
            return do("pay", "call_besszer") if score >= CALL_BESSZER else do("fold", "fold_besszer")
        if state.context in ("charge", "counter"):
            if expert:
                return do("pay", "pay_charge_suited") if score >= EXPERT_PAY_CHARGE else do("fold", "fold_charge_ace")
            if score >= STRONG_CHARGE:
                return do("pay", "pay_charge")
            if score >= (CLUB_PAY_CHARGE if club else PAY_CHARGE):
                return do("pay", "pay_charge_pot")
            return do("fold", "fold_charge")
        need = CALL_HAND if owed <= max(state.pot // 3, state.vizi) else CALL_BIG
        return do("pay", "call_bet") if score >= need else do("fold", "fold_bet")
    if phase in ("charge", "counter"):
        if expert and state.players <= 3:
            if score >= EXPERT_CHARGE_START_FEW and "charge" in legal:
                return do("charge", "charge_ferbli_few", least("charge"))
            return do("stop", "stop_charge_few")
        if expert:
            if score >= EXPERT_CHARGE_START and "charge" in legal:
                return do("charge", "charge_ferbli", least("charge"))
            return do("stop", "stop_charge_weak")
        if score >= CHARGE_START and "charge" in legal:
            return do("charge", "charge_strong", least("charge"))
        return do("stop", "stop_charge")
    if phase == "show":
        card = min((a["card"] for a in state.legal_actions() if a["act"] == "show"),
                   key=lambda c: (VALUES[c[0]], PACK.index(c)))
        return {"seat": seat, "act": "show", "card": card}, "show_low", {**params, "card": card}
    if phase == "open":
        if expert and EXPERT_BET_VIZIS and state.players >= 4 and score >= BET_HAND and "bet" in legal:
            return do("bet", "bet_three", most("bet", EXPERT_BET_VIZIS))
        if score >= STRONG_BET and "bet" in legal:
            return do("bet", "bet_strong", most("bet", BET_VIZIS[score >= 0.8]))
        if score >= BET_HAND and "bet" in legal:
            return do("bet", "bet_ferbli", most("bet", BET_VIZIS[0]))
        return do("check", "check_weak")
    if phase == "must_raise":
        return do("raise", "must_raise", least("raise"))
    # reraise (F-7.5): once, with a banda or better
    if score >= RERAISE_HAND and "raise" in legal and not _raises(state, seat):
        if score >= BANDA:
            return do("raise", "raise_banda", least("raise"))
        return do("raise", "raise_strong", least("raise"))
    return do("stop", "stop_reraise")


# ---- the searching club's answers to bets ------------------------------------------------------------
REPLIES_FILE = Path(__file__).with_name("ferbli_club_replies.json")
CLUB_REPLIES = True   # the expert models a club-like seat's answer to a bet by the measured table
REPLY_MIN_COUNT = 5   # answers a cell of the table needs to count


def bet_size_class(state: FerbliState, seat: int) -> int:
    """A bet's size as the seat that must answer it sees it: 0 up to the teacher's small-bet
    line (a third of the pot, at least a vizi), 1 up to two thirds of the pot, 2 beyond.

    >>> from hcards_core.ferbli import GAME
    >>> s = GAME.deal(GAME.new_session(3, GAME.parse_options({}), 2, {}),
    ...               {"hands": [list("Aa Al 7h 8b".split()), list("8h 7l 7a 8l".split()),
    ...                          list("Xb Ob Ka Ol".split())]}, None, "d")
    >>> bet_size_class(s, 1)  # no bet yet: nothing owed
    0
    """
    owed, pot = state.owe[seat], state.pot
    if owed <= max(pot // 3, state.vizi):
        return 0
    return 1 if 3 * owed <= 2 * pot else 2


def _reply_lines() -> dict[int, list[float]]:
    """From the measured counts (``scripts/ferbli_club_replies.py``): per table size, the least
    hand strength (in tenths of ``hand_score``) from which the club pays a bet of each size
    class at least as often as it folds, in every stronger tenth measured; a size class
    never measured keeps the rules' line."""
    data = json.loads(REPLIES_FILE.read_text(encoding="utf-8"))
    lines = {}
    for players, table in data.items():
        per_size = []
        for size, rules_line in enumerate((CALL_HAND, CALL_BIG, CALL_BIG)):
            line, measured = 1.0, False
            for tenth in range(9, -1, -1):  # down from the top: the line is where paying stops
                pays, folds = table["counts"].get(f"{tenth}|{size}", [0, 0])
                if pays + folds < REPLY_MIN_COUNT:
                    continue
                measured = True
                if pays < folds:
                    break
                line = tenth / 10
            per_size.append(line if measured else rules_line)
        lines[int(players)] = per_size
    return lines


_LINES: dict[int, list[float]] = {}


def club_call_line(state: FerbliState, seat: int) -> float:
    """The hand strength from which the searching club pays the bet ``seat`` faces (the
    measured table: three seats, or five for four seats or more)."""
    if not _LINES:
        _LINES.update(_reply_lines())
    table = _LINES.get(3 if state.players < 4 else 5)
    if table is None:
        return CALL_HAND if state.owe[seat] <= max(state.pot // 3, state.vizi) else CALL_BIG
    return table[bet_size_class(state, seat)]


def _club_answer(state: FerbliState, seat: int) -> dict:
    """A club-like seat's answer to a bet in the expert's playouts: pay from the measured line."""
    if state.seen[seat] < len(state.held[seat]):
        return _teacher(state, seat, club=True)[0]  # look first, as the rules do
    score = hand_score(state, _seen(state, seat))
    return {"seat": seat, "act": "pay" if score >= club_call_line(state, seat) else "fold"}


def _raises(state: FerbliState, seat: int) -> int:
    """The visszahívások ``seat`` has made in this deal."""
    return sum(a["act"] == "raise" and a["seat"] == seat for a in state.history)


def _suited_total(cards: list[str]) -> int:
    suits: dict[str, int] = {}
    for c in cards:
        suits[c[1]] = suits.get(c[1], 0) + VALUES[c[0]]
    return max(suits.values()) if suits else 0


def _passive(state: FerbliState) -> dict:
    """The act that ends a runaway world soonest (never more chips)."""
    legal = state.legal_actions()
    for act in ("stop", "check", "pay", "go_on", "vizi", "fold"):
        for a in legal:
            if a["act"] == act:
                return a
    a = dict(legal[0])
    if "min" in a:
        a["amount"] = a.pop("min")
        a.pop("max")
    return a


def _play_out(state: FerbliState, me: int | None = None, plan: str = "rule", clubs=frozenset(),
              expert: bool = False) -> FerbliState:
    """The deal played to its end by the teacher's rules for every other seat (the club's for
    the seats in ``clubs``), ``me`` by the club's (``_teacher(club=True)``; the expert's with
    ``expert``) or by ``plan`` (see ``_plan_act``). One copy, then the
    acts are carried out in place: the teacher names only legal acts, so the rules' check and
    the copy ``apply`` makes per act (two thirds of a playout's time) are skipped."""
    state = state.copy()
    steps = 0
    while state.to_act is not None:
        seat = state.to_act
        if steps >= ROLLOUT_STEPS:
            action = _passive(state)
        elif seat == me:
            action = _teacher(state, seat, club=True, expert=expert)[0] if plan == "rule" else _plan_act(state, seat, plan)
        elif seat in clubs and CLUB_REPLIES and state.phase == "answer" and state.context == "bet" \
                and state.owe[seat]:
            action = _club_answer(state, seat)  # the searching club's measured answer
        else:
            action = _teacher(state, seat, club=seat in clubs)[0]
        state.push_trusted(action)
        steps += 1
    return state


PLAN_ORDER = {"calldown": ("pay", "check", "stop", "go_on", "vizi"),    # never fold, never bet again
              "fold": ("check", "stop", "go_on", "fold", "pay", "vizi"),  # give up at the next bet
              "press": ("raise", "bet", "charge", "pay", "check", "stop", "go_on", "vizi")}  # bet on


def _plan_act(state: FerbliState, seat: int, plan: str) -> dict:
    """The seat's own later act under one of the expert's follow-up plans: look, show and the
    forced acts as the teacher does; otherwise the first legal act of the plan's order (a
    bet or raise of the least, and no more raises than ``MAX_RERAISES``)."""
    teacher = _teacher(state, seat, club=True)[0]
    if teacher["act"] in ("look", "show") or state.phase in ("must_raise", "majzli"):
        return teacher
    legal = {a["act"]: a for a in state.legal_actions()}
    for act in PLAN_ORDER[plan]:
        if act in legal:
            if act == "raise" and _raises(state, seat) >= MAX_RERAISES:
                continue
            a = legal[act]
            if "min" in a:
                return {"seat": seat, "act": act, "amount": a["min"]}
            return {"seat": seat, "act": act}
    return teacher


def _showdown_winner(world: FerbliState) -> int:
    """Who would win if every seat still in showed its four cards now (F-8.2, F-8.3)."""
    best = winner = None
    for s in world.active():
        hand = world.held[s][:2] + list(world.later[s]) if len(world.held[s]) < 4 else world.held[s]
        entry = world.ranking.entry(hand)
        if best is None or entry[2] > best[2] or (
                entry[2] == best[2] and tie_break(world.options, hand, entry, best_hand, best) > 0):
            best, winner, best_hand = entry, s, hand
    return winner


def exact_equity(state: FerbliState, seat: int, limit: int = EXACT_LIMIT) -> float | None:
    """The seat's chance to win the showdown against the one other hand still in, counted
    over every way to complete both hands from the unknown cards (None when more than
    ``limit`` ways, or more than one opponent: then the worlds estimate it).

    >>> from hcards_core.ferbli import GAME
    >>> s = GAME.deal(GAME.new_session(2, GAME.parse_options({"shown_cards": True}), 1, {}),
    ...               {"hands": [list("Aa Al 7h 8b".split()), list("Kh Oh 7a 8l".split())]}, None, "d")
    >>> s = s.apply({"seat": 1, "act": "vizi"}).apply({"seat": 0, "act": "besszer", "amount": 1})
    >>> s = s.apply({"seat": 1, "act": "pay"}).apply({"seat": 1, "act": "stop"})
    >>> for seat, card in ((0, "Aa"), (0, "Al"), (1, "Kh"), (1, "Oh")):  # F-V7: two cards each
    ...     s = s.apply({"seat": seat, "act": "show", "card": card})
    >>> s = s.apply({"seat": 0, "act": "look"})
    >>> round(exact_equity(s, 0), 3)  # two aces against K-O of hearts and two unknown cards
    0.628
    """
    active = state.active()
    if len(active) != 2 or seat not in active:
        return None
    other = active[1] if active[0] == seat else active[0]
    mine = list(_seen(state, seat))
    theirs = list(state.shown[other])
    pool = BOT.unknown_cards(state, seat)
    need_mine, need_theirs = 4 - len(mine), 4 - len(theirs)
    if math.comb(len(pool), need_mine) * math.comb(len(pool) - need_mine, need_theirs) > limit:
        return None
    entry = state.ranking.entry
    first = active[0]
    wins = total = 0
    for extra in combinations(pool, need_mine):
        hand = mine + list(extra)
        me = entry(hand)
        rest = [c for c in pool if c not in extra]
        for other_extra in combinations(rest, need_theirs):
            hand_b = theirs + list(other_extra)
            them = entry(hand_b)
            if me[2] != them[2]:
                wins += me[2] > them[2]
            else:
                broken = tie_break(state.options, hand, me, hand_b, them)
                wins += broken > 0 or (broken == 0 and first == seat)
            total += 1
    return wins / total


# ---- the expert's inference --------------------------------------------------------------------------
def act_likelihood(state: FerbliState, seat: int, action: dict, club: bool = False) -> float:
    """How likely ``seat`` makes ``action`` with the cards it has seen in ``state``: a mixture
    of a player who follows the teacher's rules exactly (``TEACHER_SHARE``: the act and its
    amount) and a soft version of its thresholds (fold below, aggression above), never 0 or 1.

    >>> from hcards_core.ferbli import GAME
    >>> s = GAME.deal(GAME.new_session(3, GAME.parse_options({}), 2, {}),
    ...               {"hands": [list("Aa Al 7h 8b".split()), list("8h 7l 7a 8l".split()),
    ...                          list("Xb Ob Ka Ol".split())]}, None, "d")
    >>> act_likelihood(s, 1, {"seat": 1, "act": "fold"}) > act_likelihood(s, 1, {"seat": 1, "act": "vizi"})
    True
    """
    act = action["act"]
    legal = {a["act"] for a in state.legal_actions()}
    score = hand_score(state, _seen(state, seat))
    phase = state.phase
    fold_at, aggr_at = {"vizi": (PAY_START, 2.0), "answer": (_call_need(state, seat, club), 2.0),
                        "mehet": (0.0, BESSZER_START), "charge": (0.0, CHARGE_START),
                        "counter": (0.0, CHARGE_START), "open": (0.0, BET_HAND),
                        "reraise": (0.0, RERAISE_HAND)}.get(phase, (0.0, 2.0))
    p_fold = _sigmoid(fold_at - score) if "fold" in legal else 0.0
    aggressive = legal & AGGRESSIVE
    p_aggr = (1 - p_fold) * _sigmoid(score - aggr_at) if aggressive and phase != "must_raise" else 0.0
    p_pass = 1.0 - p_fold - p_aggr
    if phase == "must_raise":
        p_pass, p_aggr = 0.0, 1.0
    p = p_fold if act == "fold" else p_aggr if act in AGGRESSIVE else p_pass
    soft = min(max(p, 0.03), 0.97)
    if act == "show":
        return soft
    if club and CLUB_REPLIES and phase == "answer" and state.context == "bet" and state.owe[seat]:
        teacher = _club_answer(state, seat)  # the searching club's measured answer
    else:
        teacher = _teacher(state, seat, club=club)[0]
    same = teacher["act"] == act and teacher.get("amount") == action.get("amount")
    return TEACHER_SHARE * same + (1 - TEACHER_SHARE) * soft


def _call_need(state: FerbliState, seat: int, club: bool = False) -> float:
    if state.context == "besszer":
        return CALL_BESSZER
    if state.context in ("charge", "counter"):
        return CLUB_PAY_CHARGE if club else PAY_CHARGE
    if club and CLUB_REPLIES and state.owe[seat]:
        return club_call_line(state, seat)
    return CALL_HAND if state.owe[seat] <= max(state.pot // 3, state.vizi) else CALL_BIG


def _sigmoid(x: float, sharpness: float = 12.0) -> float:
    return 1.0 / (1.0 + math.exp(-sharpness * x))


# ---- amounts and statistics ----------------------------------------------------------------------------
def _amounts(state: FerbliState, lo: int, hi: int | None, equity: float, expert: bool,
             seat: int | None = None) -> list[int]:
    v = state.vizi
    top = hi if hi is not None else max(4 * lo, state.pot)
    top = max(lo, top - (top - lo) % v)  # whole vizis above the least
    sized = lo + round(max(0.0, 2 * equity - 1) * state.pot / v) * v
    wanted = {lo, top, min(max(sized, lo), top)}
    if EDGE_SIZES and seat is not None:
        # the two sizes either side of the teacher's small-bet line (``_call_need``: a bet up
        # to a third of the pot it makes is called with any two-card ferbli, a bigger one only
        # with 20 or more): the largest bet the loose callers still call, and the least that
        # folds their weak ferblis
        edge = lo
        for b in range(lo, top + 1, v):
            if b <= max((state.pot + state.owe[seat] + b) // 3, v):
                edge = b
        wanted |= {edge, min(top, edge + v)}
    if expert:
        wanted |= {min(top, lo + v), min(top, max(lo, state.pot - state.pot % v))}
    return sorted(wanted)


def _resample(worlds: list, weights: list[float], count: int, rng: random.Random) -> list:
    """``count`` of ``worlds`` drawn in proportion to ``weights`` (systematic resampling: one
    draw of ``rng``, so a seed means the same worlds everywhere).

    >>> _resample(["a", "b", "c"], [0.0, 3.0, 1.0], 4, random.Random(1))
    ['b', 'b', 'b', 'c']
    """
    total = sum(weights)
    step = total / count
    at = rng.random() * step
    out, acc, k = [], weights[0], 0
    for _ in range(count):
        while acc < at and k < len(worlds) - 1:
            k += 1
            acc += weights[k]
        out.append(worlds[k])
        at += step
    return out


def _rng(rng) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


BOT = FerbliBot()
