"""The generic tiers every game's computer player shares (``GameBot``).

A game's bot says what a seat knows (``knowledge``, ``unknown_cards``), how to deal the
cards it cannot see into a complete world consistent with that (``sample_world``), a
teacher's rules of thumb (``beginner``) and what a finished deal is worth (``value``). From
those this class builds:

- ``random``: a uniformly random legal action (the yardstick);
- ``club``: determinized Monte Carlo. Sample worlds; in each, play every legal action out to
  the end with the beginner policy for every seat (the same playout seed for every action of a
  world, so the comparison is not drowned in luck), or, once few cards are left and nothing is
  left to chance, search the world exactly (alpha-beta over the game's ``value``). The action
  with the best mean wins — but only if it beats the beginner's move by more than
  ``override_z`` standard errors of the paired difference over the worlds (a game may set it
  per position and rule, ``override_z_for``); otherwise the rule of thumb stands
  (``bot.rule_stands``). With tens of worlds the luck of the talon easily
  outweighs a real difference, and picking the best mean alone then plays no better than the
  rules of thumb it improves on (Zsíros 2 players: 49 % against beginner without the test,
  72 % with it, 40 duplicate deals);
- ``expert``: the same with more worlds, each weighted by ``world_weight`` (how likely the
  other seats' earlier plays were in that world), a larger exact endgame; anytime: worlds
  come in rounds and a caller that allows it (``wall_clock=True``) gets the best so far when
  the budget's time runs out.

No peeking: a decision reads the real state only through ``knowledge``-level facts (the
seat's own cards, public play) and ``sample_world``, which deals the *canonical* list of
unknown cards (pack order, ``canonical_unknown``) with the seeded generator. Two states that
look the same to the seat therefore give the same worlds and the same choice.

Budgets are milliseconds turned into playouts with the game's ``playout_ms`` (a measured
CPython cost of one playout), never read off the clock unless the caller says so.
"""

from __future__ import annotations

import math
import random
import time

from ..cards import PACK

DEFAULT_BUDGET_MS = {"club": 100.0, "expert": 600.0}


def canonical_unknown(known, pack=PACK) -> list[str]:
    """The cards of ``pack`` not in ``known``, in pack order: the order worlds are dealt from.

    >>> canonical_unknown({"Aa", "7b"})[:3], len(canonical_unknown({"Aa", "7b"}))
    (['Ka', 'Oa', 'Ua'], 30)
    """
    known = set(known)
    return [c for c in pack if c not in known]


def shuffle(items: list, rng: random.Random) -> None:
    """Fisher-Yates from ``rng.random()`` alone, in place: ``random.shuffle`` draws differently
    on CPython 3.11 and Pyodide's 3.14, and a seed must mean the same worlds in both."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def time_up(start: float, budget: float | None, wall_clock: bool) -> bool:
    """Whether an anytime search started at ``start`` (``time.perf_counter()``) has used its
    ``budget`` of milliseconds. Only a caller that allows the clock (``wall_clock``) is ever
    stopped by it: without it a budget means a count of worlds, the same on every machine.

    >>> time_up(time.perf_counter(), 0, True), time_up(time.perf_counter(), 0, False)
    (True, False)
    """
    return wall_clock and budget is not None and (time.perf_counter() - start) * 1000 >= budget


def pick(items: list, rng: random.Random):
    """One item, uniformly, from ``rng.random()`` alone (the same on every Python)."""
    return items[int(rng.random() * len(items))]


def deal_unknown(unknown: list[str], sizes: list[int], rng: random.Random) -> list[list[str]]:
    """Shuffle ``unknown`` (a canonical list) with ``rng`` and cut it into piles of ``sizes``.

    >>> deal_unknown(["Aa", "Ka", "Oa"], [1, 2], random.Random(0))
    [['Aa'], ['Ka', 'Oa']]
    """
    cards = list(unknown)
    shuffle(cards, rng)
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} unknown cards cannot fill piles of {sizes}")
    piles, k = [], 0
    for n in sizes:
        piles.append(cards[k:k + n])
        k += n
    return piles


def _stats(values: list[float], weights: list[float]) -> tuple[float, float]:
    """Weighted mean and standard deviation."""
    total = sum(weights)
    if not values or total <= 0:
        return 0.0, 0.0
    mean = sum(v * w for v, w in zip(values, weights)) / total
    var = sum(w * (v - mean) ** 2 for v, w in zip(values, weights)) / total
    return mean, math.sqrt(max(var, 0.0))


def paired_gain(diffs: list[float], weights: list[float]) -> tuple[float, float] | None:
    """The weighted mean of paired differences over the worlds and its standard error (the
    spread over the square root of the effective number of worlds), or None with at most one
    effective world: what ``rule_stands`` tests and what the coach grades a loss by.

    >>> paired_gain([1.0, 1.2, 0.8], [1, 1, 1])[0], paired_gain([1.0], [1])
    (1.0, None)
    """
    total = sum(weights)
    n_eff = total ** 2 / sum(w * w for w in weights) if total else 0
    if n_eff <= 1:
        return None
    gain, sd = _stats(diffs, weights)
    return gain, sd / math.sqrt(n_eff)


def rule_stands(diffs: list[float], weights: list[float], z: float) -> bool:
    """Does the rule of thumb stand against an action that differs from it by ``diffs`` over
    the worlds (paired, weighted)? It does unless that action looks better by more than ``z``
    standard errors: with few worlds the luck of the cards would otherwise pick among
    near-equal actions at random. ``z = math.inf``: it always stands.

    >>> rule_stands([1.0, 1.2, 0.8], [1, 1, 1], 1.0), rule_stands([3.0, -2.0, 0.5], [1, 1, 1], 1.0)
    (False, True)
    >>> rule_stands([1.0, 1.0, 1.0], [1, 1, 1], math.inf)
    True
    """
    paired = paired_gain(diffs, weights)
    if paired is None or z == math.inf:
        return True
    gain, se = paired
    return gain <= z * se


def loss_errors(values: list[list[float]], weights: list[float], best: int) -> list[float | None]:
    """Per action, the standard error of its loss against action ``best`` over the same worlds
    (``values[j][i]``: action ``j`` in world ``i``; 0 for ``best`` itself, None with one world):
    the coach calls a move an inaccuracy only when its loss stands clear of the sampling noise.

    >>> loss_errors([[1.0, 2.0, 3.0], [0.0, 2.0, 2.0]], [1, 1, 1], 0)
    [0.0, 0.272]
    """
    out = []
    for j, v in enumerate(values):
        diffs = [b - x for b, x in zip(values[best], v)]  # an action valued over fewer worlds: those
        paired = paired_gain(diffs, weights[:len(diffs)]) if j != best else (0.0, 0.0)
        out.append(None if paired is None else round(paired[1], 3))
    return out


def best_shares(values: list[list[float]], weights: list[float]) -> list[float | None]:
    """Each action's share of the (weighted) worlds in which it did best, from ``values[j][i]``
    (action ``j``, world ``i``); a tie splits the world's weight, so the shares add up to one.
    ``None`` for every action when no world has weight. The coach shows it beside the mean: an
    action can have the best mean through one lucky world, or be best in most worlds by little.

    >>> best_shares([[1.0, 0.0, 2.0], [0.0, 0.0, 1.0]], [1, 1, 2])
    [0.875, 0.125]
    """
    total = sum(weights)
    if total <= 0:
        return [None] * len(values)
    shares = [0.0] * len(values)
    for i, w in enumerate(weights):
        top = max(v[i] for v in values)
        best = [j for j, v in enumerate(values) if v[i] >= top - 1e-9]
        for j in best:
            shares[j] += w / len(best)
    return [x / total for x in shares]


class GameBot:
    """One instance per game, stateless. Subclasses fill in the game-specific part."""

    game: str = ""
    unit: str = ""
    playout_ms: float = 1.0  # measured CPython cost of one beginner playout (budget -> playouts)
    min_worlds = {"club": 8, "expert": 24}
    max_worlds = {"club": 200, "expert": 1000}
    endgame_cards = {"club": 0, "expert": 0}  # exact search once at most this many cards are in hands
    expert_rounds = 4  # the anytime expert samples its worlds in this many rounds
    expert_search = "flat"  # the expert's search: "flat" (monte_carlo) or "ismcts" (ismcts.py)
    expert_search_players: dict = {}  # per table size, where it differs from expert_search
    ismcts_c = 1.0  # ISMCTS exploration constant, in ``value`` units
    ismcts_c_players: dict = {}  # per table size, where it differs from ismcts_c
    ismcts_iterations_players: dict = {}  # per table size: × the iterations (ismcts.iterations_for)
    ismcts_root = "paired"  # ISMCTS at the root: "paired" (every action, one world) or "ucb"
    ismcts_guard_z = 1.0  # ISMCTS: the rule of thumb stands unless beaten by this many SE (None: off)
    ismcts_guard_z_players: dict = {}  # per table size, where it differs from ismcts_guard_z
    override_z = 1.0  # how many standard errors better an action must look to beat the rule of thumb

    # ---- what a game provides ------------------------------------------------------------
    def unknown_cards(self, state, seat: int) -> list[str]:
        """The cards ``seat`` cannot see, in pack order."""
        raise NotImplementedError

    def knowledge(self, state, seat: int) -> dict:
        """Everything ``seat`` knows, as JSON (default: its view and the public actions)."""
        return {"view": state.view(seat), "history": [dict(a) for a in state.history]}

    def sample_world(self, state, seat: int, rng: random.Random):
        """A complete state consistent with ``knowledge(state, seat)``."""
        raise NotImplementedError

    def beginner(self, state, seat: int, rng: random.Random) -> tuple[dict, dict]:
        """(action, reason) by the rules of thumb; reason = {"key": "bot.<game>.<why>", "params": {}}."""
        raise NotImplementedError

    def value(self, state, seat: int) -> float:
        """A finished deal's worth to ``seat``'s side, in ``unit`` terms (what the tiers maximise)."""
        raise NotImplementedError

    def consistent_hands(self, state, seat: int, hands: list[list[str]]) -> bool:
        """May the seats hold ``hands`` given what play revealed (e.g. a void shown by not
        following suit)? The tests enumerate placements with it; default: any placement."""
        return True

    def override_z_for(self, state, rule_reason: dict) -> float:
        """``override_z`` for this position and rule of thumb (``rule_reason``): a game may
        trust a strong rule more, or a weak one less, at some table sizes (default: the same
        everywhere)."""
        return self.override_z

    def ismcts_guard_for(self, state, rule_reason: dict) -> float | None:
        """The ISMCTS root's guard for this rule of thumb (``rule_reason``): how many standard
        errors a departure needs (default ``ismcts_guard_z`` for every rule, or
        ``ismcts_guard_z_players`` at this table size; None: no guard)."""
        return self.ismcts_guard_z_players.get(state.players, self.ismcts_guard_z)

    def world_weight(self, world, state, seat: int) -> float:
        """The likelihood of the other seats' earlier plays in ``world`` (expert's inference)."""
        return 1.0

    # ---- hooks with defaults ---------------------------------------------------------------
    def score(self, state, seat: int) -> float:
        """What a finished deal adds to the match score of ``seat``'s side (default: value)."""
        return self.value(state, seat)

    def tally(self, state, seat: int) -> float:
        """A finished deal as the table counts it for ``seat``'s side, in ``unit`` (the Play
        page's "the club in your seat scored …"): the deal's own numbers, without the
        tie-breaks and status weights ``value`` adds for the search (default: ``value``)."""
        return self.value(state, seat)

    def match_score(self, state, seats: list[int]) -> float:
        """A finished deal's worth to a group of seats in a match: ``score`` once per side."""
        sides = {}
        for s in seats:
            sides.setdefault(self.side(state, s), s)
        return sum(self.score(state, s) for s in sides.values())

    def side(self, state, seat: int):
        """A key equal for seats playing together (default: the fixed team, else the seat)."""
        team = state.seat_team(seat)
        return ("team", team) if team is not None else ("seat", seat)

    def playout_policy(self, state, seat: int, rng: random.Random) -> dict:
        """The action every seat plays in a playout (default: the beginner's, without its reason)."""
        return self.beginner(state, seat, rng)[0]

    def step(self, state, action: dict):
        """Apply a legal ``action`` without checking it again (playouts and search only)."""
        return state.apply(action)

    def tricks_won(self, state):
        """Tricks taken so far per side (a tuple) in a trick game, else None."""
        return None

    def trick_taker(self, before, after, seat: int) -> bool | None:
        """Did ``seat``'s side take the trick that ended between the two states (None: none ended)."""
        return self._took(self.tricks_won(before), after, seat)

    def cards_in_hands(self, state) -> int:
        return sum(len(h) for h in state.hands())

    def world_key(self, world):
        """A hashable key equal for worlds with the same hidden cards (exact results are
        reused), or None."""
        return None

    def exact_ready(self, world, tier: str) -> bool:
        """Is ``world`` small enough, with nothing left to chance, for the exact search?"""
        limit = self.endgame_cards.get(tier, 0)
        return bool(limit) and self.cards_in_hands(world) <= limit

    def optional_seats(self, state) -> list[int]:
        """Seats that may act out of turn now (a Zsíros partner's call); default none."""
        return []

    def choose_optional(self, state, seat: int, tier: str, rng: random.Random) -> dict | None:
        """The out-of-turn action ``seat`` makes now, or None (default: never)."""
        return None

    # ---- the API -----------------------------------------------------------------------------
    def choose(self, state, seat: int, tier: str, rng: random.Random, budget: float | None = None,
               explain: bool = True, wall_clock: bool = False) -> tuple[dict, dict]:
        start = time.perf_counter()
        if state.is_over or state.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        if tier == "random":
            action = pick(state.legal_actions(), rng)
            out = self._plain(state, seat, tier, action, {"key": "bot.random", "params": {}})
        elif tier == "beginner":
            action, reason = self.beginner(state, seat, rng)
            out = self._plain(state, seat, tier, action, reason)
        elif tier == "club":
            action, out = self.club(state, seat, rng, budget)
        else:
            action, out = self.expert(state, seat, rng, budget, wall_clock=wall_clock)
        out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 1)
        if not explain:
            out["actions"] = [out["actions"][out["best"]]]
            out["best"] = 0
        return action, out

    def _plain(self, state, seat, tier, action, reason) -> dict:
        actions = state.legal_actions()
        return {"tier": tier, "seat": seat, "unit": self.unit, "worlds": 0, "reason": reason,
                "best": actions.index(action) if action in actions else 0,
                "actions": [{"action": a, "value": None, "spread": None, "p_trick": None, "best_share": None}
                            for a in actions]}

    def club(self, state, seat: int, rng: random.Random, budget: float | None) -> tuple[dict, dict]:
        return self.monte_carlo(state, seat, rng, budget, "club")

    def expert(self, state, seat: int, rng: random.Random, budget: float | None,
               wall_clock: bool = False) -> tuple[dict, dict]:
        if self.expert_search_for(state) == "ismcts":  # the information-set tree search (ismcts.py)
            from . import ismcts
            return ismcts.search(self, state, seat, rng, budget, "expert", weighted=True, wall_clock=wall_clock)
        return self.monte_carlo(state, seat, rng, budget, "expert", weighted=True, wall_clock=wall_clock)

    def expert_search_for(self, state) -> str:
        """The expert's search at this table: ``expert_search`` ("flat": the weighted Monte
        Carlo above; "ismcts") or, per table size, ``expert_search_players[players]``."""
        return self.expert_search_players.get(state.players, self.expert_search)

    # ---- determinized Monte Carlo ------------------------------------------------------------
    def worlds_for(self, tier: str, budget: float | None, n_actions: int) -> int:
        """How many worlds a budget buys: budget / (playout cost × actions), within the tier's bounds."""
        budget = DEFAULT_BUDGET_MS[tier] if budget is None else float(budget)
        n = int(budget / (self.playout_ms * max(1, n_actions)))
        return max(self.min_worlds[tier], min(self.max_worlds[tier], n))

    def monte_carlo(self, state, seat: int, rng: random.Random, budget: float | None, tier: str,
                    weighted: bool = False, wall_clock: bool = False) -> tuple[dict, dict]:
        actions = state.legal_actions()
        if len(actions) == 1:
            out = self._plain(state, seat, tier, actions[0], {"key": "bot.only_action", "params": {}})
            return actions[0], out
        n_worlds = self.worlds_for(tier, budget, len(actions))
        master = rng.getrandbits(48)
        values = [[] for _ in actions]
        tricks = [[] for _ in actions]
        weights: list[float] = []
        exact_worlds = 0
        solved: dict = {}  # exact results of worlds already searched (the same hidden cards)
        start = time.perf_counter()
        rounds = self.expert_rounds if weighted else 1
        per_round = -(-n_worlds // rounds)
        done = 0
        for r in range(rounds):
            for i in range(done, min(n_worlds, done + per_round)):
                world = self.sample_world(state, seat, random.Random(master * 7919 + i))
                w = self.world_weight(world, state, seat) if weighted else 1.0
                weights.append(w)
                exact = self.exact_ready(world, tier)
                exact_worlds += exact
                key = self.world_key(world) if exact else None
                if key is not None and key in solved:
                    results = solved[key]
                elif exact:
                    table: dict = {}
                    results = [self.exact_value(world, action, seat, table) for action in actions]
                else:
                    results = [self.playout(world, action, seat, random.Random(master * 104729 + i))
                               for action in actions]  # the same playout seed for every action
                if key is not None:
                    solved[key] = results
                for j, (v, t) in enumerate(results):
                    values[j].append(v)
                    tricks[j].append(t)
            done = min(n_worlds, done + per_round)
            if time_up(start, budget, wall_clock):
                break
        if sum(weights) <= 0:  # every world judged impossible: fall back to equal weights
            weights = [1.0] * len(weights)
        rows = []
        for j, action in enumerate(actions):
            mean, spread = _stats(values[j], weights)
            known = [(t, w) for t, w in zip(tricks[j], weights) if t is not None]
            wsum = sum(w for _, w in known)
            p_trick = (sum(w for t, w in known if t) / wsum) if known and wsum > 0 else None
            rows.append({"action": action, "value": round(mean, 3), "spread": round(spread, 3),
                         "p_trick": None if p_trick is None else round(p_trick, 3), "_mean": mean})
        for row, share in zip(rows, best_shares(values, weights)):
            row["best_share"] = None if share is None else round(share, 3)
        best = max(range(len(actions)), key=lambda j: (rows[j]["_mean"], -j))
        for row in rows:
            del row["_mean"]
        key = "bot.exact" if exact_worlds == len(weights) else "bot.monte_carlo"
        reason = {"key": key, "params": {"worlds": len(weights), "value": rows[best]["value"]}}
        # The rule of thumb stands unless the sampled worlds show another action better by more
        # than ``self.override_z`` standard errors of the paired difference: with few worlds the
        # luck of the talon would otherwise pick among near-equal actions at random.
        rule_action, rule_reason = self.beginner(state, seat, random.Random(master))
        rule = actions.index(rule_action) if rule_action in actions else best
        if best != rule and exact_worlds < len(weights):
            diffs = [values[best][i] - values[rule][i] for i in range(len(weights))]
            if rule_stands(diffs, weights, self.override_z_for(state, rule_reason)):
                best = rule
                reason = {"key": "bot.rule_stands", "params": {"worlds": len(weights), "value": rows[best]["value"],
                                                               "rule": rule_reason}}
        for row, se in zip(rows, loss_errors(values, weights, best)):
            row["loss_se"] = se
        out = {"tier": tier, "seat": seat, "unit": self.unit, "worlds": len(weights), "reason": reason,
               "best": best, "actions": rows}
        if weighted:
            total = sum(weights)
            out["effective_worlds"] = round(total ** 2 / sum(w * w for w in weights), 1) if total else 0
        return actions[best], out

    def playout(self, world, action: dict, seat: int, rng: random.Random) -> tuple[float, bool | None]:
        """Play ``action`` then the beginner policy for everyone to the end: (value, took the trick?)."""
        state = self.playout_start(world)
        t0 = self.tricks_won(state)
        state = self.advance(state, action)
        took = self._took(t0, state, seat)
        while not state.is_over:
            if took is None:
                t0 = self.tricks_won(state)
            state = self.advance(state, self.playout_policy(state, state.to_act, rng))
            if took is None:
                took = self._took(t0, state, seat)
        return self.value(state, seat), took

    def playout_start(self, world):
        """The state a playout starts from (a game may return a private copy to change in place)."""
        return world

    def advance(self, state, action: dict):
        """One playout step: the next state (``step``), or ``state`` itself changed in place when
        ``playout_start`` gave a private copy."""
        return self.step(state, action)

    def _took(self, t0, after, seat: int) -> bool | None:
        t1 = self.tricks_won(after)
        if t0 is None or t0 == t1:
            return None
        team = after.seat_team(seat)
        k = seat if team is None else team
        return t1[k] > t0[k]

    # ---- exact endgame ------------------------------------------------------------------------
    def exact_value(self, world, action: dict, seat: int, table: dict | None = None) -> tuple[float, bool | None]:
        """The minimax value of ``action`` in a fully known ``world``, and whether the best line
        takes the current trick. ``table``: a transposition table shared by one world's actions."""
        mine = self.side(world, seat)
        table = {} if table is None else table
        after = self.step(world, action)
        value = self.search(after, seat, mine, -math.inf, math.inf, table)
        return value, self._line_trick(world, after, seat, mine, table)

    def search_key(self, state):
        """A hashable key equal for positions with the same future (the transposition table),
        or None (no table)."""
        return None

    def search(self, state, seat: int, mine, alpha: float, beta: float, table: dict | None = None) -> float:
        """Alpha-beta: ``seat``'s side maximises ``value``, the other side minimises it."""
        if state.is_over:
            return self.value(state, seat)
        key = self.search_key(state) if table is not None else None
        if key is not None:
            hit = table.get(key)
            if hit is not None:
                v, flag = hit
                if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                    return v
        a0, b0 = alpha, beta
        maximise = self.side(state, state.to_act) == mine
        best = -math.inf if maximise else math.inf
        for action in state.legal_actions():
            v = self.search(self.step(state, action), seat, mine, alpha, beta, table)
            if maximise:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:  # exact (0), a lower bound (1) or an upper bound (-1)
            table[key] = (best, 0 if a0 < best < b0 else 1 if best >= b0 else -1)
        return best

    def _line_trick(self, before, state, seat: int, mine, table: dict | None = None) -> bool | None:
        """Follow the best line from ``state`` until the current trick ends: who took it."""
        took = self.trick_taker(before, state, seat)
        while took is None and not state.is_over:
            maximise = self.side(state, state.to_act) == mine
            children = [self.step(state, a) for a in state.legal_actions()]
            scored = [(self.search(c, seat, mine, -math.inf, math.inf, table), k) for k, c in enumerate(children)]
            pick = (max if maximise else min)(scored, key=lambda vk: (vk[0], -vk[1]))[1]
            took = self.trick_taker(state, children[pick], seat)
            state = children[pick]
        return took
