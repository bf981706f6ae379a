"""The expert's search for the trick games: single-observer information-set MCTS.

The club (``GameBot.monte_carlo``) scores each of the seat's actions by playouts in which
every seat, the seat included, plays the beginner's rules afterwards: it can only find a
better *first* card. This search (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS") builds one
tree over the seat's information, so the seat's later choices and the others' replies are
searched too:

- every iteration deals the cards the seat cannot see with the game's ``sample_world`` (the
  expert: drawn from a pool of such worlds in proportion to ``world_weight``, the inference
  from the others' earlier plays);
- it descends the tree, at each node choosing among the actions legal *in that world* by UCB1
  with availability counts (an action's exploration term counts the iterations in which it
  was available, not the parent's visits); a node is what the root seat knows there: the
  actions since the root (every action is public in these games) and its own hand (a draw
  from the talon shows it its new card, not the others');
- it adds one node, plays on to the end with the game's ``playout_policy`` (the beginner's
  rules for everyone), and backs up, at each node, the finished deal's ``value`` for the side
  of the seat that acted there (teams share it).

At the root (``ismcts_root``, default "paired") every legal action is tried in turn with the
same world and the same rollout seed, as the club compares its actions, and the tree decides
only what follows; the action with the best mean is played unless the rule of thumb stands
(``rule_stands`` over the paired differences, ``ismcts_guard_z`` standard errors). Without the
pairing ("ucb": UCB1 at the root too, the most visited action played) the luck of the talon
drowns the root's comparison: 43.75 % against the club (Zsíros 2, 40 duplicate deals).

Anytime: the iteration budget comes from ``budget`` ms and the game's measured ``playout_ms``
(× ``ITERATION_COST``, measured; × the bot's ``ismcts_iterations_players`` at a table size
where the time goal leaves room), and a ``wall_clock`` caller also stops when the time is up;
the root action with the most visits so far is played. Deterministic: one ``random.Random``
derived from the caller's, actions taken in the legal order, dicts read only by key. No
peeking: the real state is read only through ``sample_world`` and public facts, as the club.

Where the base expert searches every world exactly (``exact_ready``, the last cards with
nothing left to chance) it is already a perfect-information minimax per world; there this
search hands over to it.
"""

from __future__ import annotations

import bisect
import math
import random
import time

from .base import DEFAULT_BUDGET_MS, _stats, best_shares, rule_stands, time_up

ITERATION_COST = 1.3  # one iteration (world, descent with copies, playout) in playouts' time: measured 0.75 ms against Zsíros' 0.6
MIN_ITERATIONS = 48
MAX_ITERATIONS = 6000
POOL_SHARE = 0.25  # weighted worlds: the pool holds this share of the iterations' worlds


def action_key(action: dict) -> tuple:
    """A hashable key for an action (its items in key order: no dict-order dependence).

    >>> action_key({"seat": 1, "act": "play", "card": "Aa"}) == action_key({"card": "Aa", "act": "play", "seat": 1})
    True
    """
    return tuple(sorted(action.items()))


class Edge:
    """An action from a node: its visits, availability and the acting side's value sums."""

    __slots__ = ("n", "avail", "total", "sq", "took", "took_n", "next")

    def __init__(self):
        self.n = 0
        self.avail = 0
        self.total = 0.0
        self.sq = 0.0
        self.took = 0
        self.took_n = 0
        self.next: dict = {}  # what the root seat then observes (its hand) -> Node

    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def spread(self) -> float:
        if not self.n:
            return 0.0
        m = self.total / self.n
        return math.sqrt(max(self.sq / self.n - m * m, 0.0))


class Node:
    __slots__ = ("edges",)

    def __init__(self):
        self.edges: dict = {}


def ucb_pick(node: Node, legal: list, keys: list, c: float) -> int:
    """The index of the legal action with the best UCB1 score, availability-counted; ties in
    the legal order."""
    best, best_score = 0, -math.inf
    for i, k in enumerate(keys):
        e = node.edges[k]
        score = e.total / e.n + c * math.sqrt(math.log(e.avail) / e.n)
        if score > best_score:
            best, best_score = i, score
    return best


class Worlds:
    """The determinizations: fresh ``sample_world`` deals, or (weighted) a pool of them drawn
    in proportion to ``world_weight`` (importance resampling; all weights 0: uniform)."""

    def __init__(self, bot, state, seat: int, rng: random.Random, iterations: int, weighted: bool):
        self.bot, self.state, self.seat, self.rng = bot, state, seat, rng
        self.master = rng.getrandbits(48)
        self.pool: list = []
        self.cum: list[float] = []
        self.weights: list[float] = []
        if weighted:
            size = max(16, min(iterations, int(iterations * POOL_SHARE)))
            total = 0.0
            for i in range(size):
                w = bot.sample_world(state, seat, random.Random(self.master * 7919 + i))
                weight = bot.world_weight(w, state, seat)
                self.pool.append(w)
                self.weights.append(weight)
                total += weight
                self.cum.append(total)
            if total <= 0:
                self.weights = [1.0] * size
                self.cum = [float(i + 1) for i in range(size)]
        self.used = 0

    def next(self, i: int):
        self.used += 1
        if not self.pool:
            return self.bot.sample_world(self.state, self.seat, random.Random(self.master * 7919 + i))
        j = bisect.bisect_right(self.cum, self.rng.random() * self.cum[-1])
        return self.pool[min(j, len(self.pool) - 1)]

    def count(self) -> int:
        return len(self.pool) if self.pool else self.used

    def effective(self) -> float | None:
        if not self.pool:
            return None
        total = sum(self.weights)
        return round(total ** 2 / sum(w * w for w in self.weights), 1) if total else 0.0


def iterations_for(bot, budget: float | None, tier: str = "expert", players: int | None = None) -> int:
    """How many iterations a budget buys: budget / (playout cost × ``ITERATION_COST``), times
    the bot's ``ismcts_iterations_players`` at this table size (where the time goal leaves room).

    >>> class Bot: playout_ms, ismcts_iterations_players = 1.0, {6: 1.5}
    >>> iterations_for(Bot(), 130.0), iterations_for(Bot(), 130.0, players=6), iterations_for(Bot(), 130.0, players=4)
    (100, 150, 100)
    """
    budget = DEFAULT_BUDGET_MS[tier] if budget is None else float(budget)
    scale = bot.ismcts_iterations_players.get(players, 1.0)
    n = int(budget * scale / (bot.playout_ms * ITERATION_COST))
    return max(MIN_ITERATIONS, min(MAX_ITERATIONS, n))


def search(bot, state, seat: int, rng: random.Random, budget: float | None, tier: str = "expert",
           weighted: bool = True, wall_clock: bool = False, c: float | None = None,
           guard_z: float | str | None = "default", iterations: int | None = None, sign: float = 1.0,
           root_mode: str | None = None) -> tuple[dict, dict]:
    """ISMCTS from ``seat``'s information: (action, explanation in the club's shape).

    ``c``: the exploration constant in ``value`` units (default the bot's ``ismcts_c``, or
    ``ismcts_c_players`` at this table size);
    ``guard_z``: keep the beginner's move unless the chosen one's mean beats it by more than
    this many standard errors (None: no guard; default the bot's ``ismcts_guard_for`` the rule);
    ``iterations`` overrides the budget's count;
    ``root_mode`` "paired" (default the bot's ``ismcts_root``): every root action in turn
    with the same world and rollout seed, the others' and the seat's later choices by the tree
    (a paired comparison at the root, as the club's; the guard then is ``rule_stands``);
    "ucb": UCB1 at the root too, the most visited action wins. ``sign`` -1 backs up the opposite of every value (a broken search, for the tests)."""
    actions = state.legal_actions()
    if len(actions) == 1:
        out = bot._plain(state, seat, tier, actions[0], {"key": "bot.only_action", "params": {}})
        return actions[0], out
    if bot.exact_ready(state, tier):  # every world searched exactly: the base expert's minimax
        return bot.monte_carlo(state, seat, rng, budget, tier, weighted=weighted, wall_clock=wall_clock)
    c = bot.ismcts_c_players.get(state.players, bot.ismcts_c) if c is None else c
    root_mode = root_mode or getattr(bot, "ismcts_root", "paired")
    n_iter = iterations_for(bot, budget, tier, state.players) if iterations is None else iterations
    rng = random.Random(rng.getrandbits(48))
    worlds = Worlds(bot, state, seat, rng, n_iter, weighted)
    root = Node()
    root_keys = [action_key(a) for a in actions]
    hand_of = lambda s: tuple(sorted(s.hands()[seat]))  # noqa: E731  what the seat sees of itself
    start = time.perf_counter()

    def iterate(world, first, prng) -> float:
        """One descent from the root (through root action ``first`` if given), one new node,
        the rollout, the backup: the root seat's value of the finished deal."""
        t0 = bot.tricks_won(world)
        node, s, path, took, expanded = root, world, [], None, False
        while not s.is_over:
            legal = s.legal_actions()
            keys = root_keys if node is root else [action_key(a) for a in legal]
            if node is root and first is not None:
                j = first
                if keys[j] not in node.edges:
                    node.edges[keys[j]] = Edge()
            else:
                fresh = [j for j, k in enumerate(keys) if k not in node.edges]
                if fresh:
                    if expanded:
                        break
                    j = fresh[0]
                    if len(fresh) > 1:  # the rule of thumb's move first, then the others at random
                        k = action_key(bot.playout_policy(s, s.to_act, prng))
                        j = keys.index(k) if k in keys and keys.index(k) in fresh else fresh[int(prng.random() * len(fresh))]
                    node.edges[keys[j]] = Edge()
                    expanded = len(legal) > 1  # a forced move is no expansion
                else:
                    j = ucb_pick(node, legal, keys, c) if len(legal) > 1 else 0
            for k in keys:  # availability: the actions legal in this world that have an edge
                e = node.edges.get(k)
                if e is not None:
                    e.avail += 1
            edge = node.edges[keys[j]]
            path.append((edge, s.to_act))
            s = bot.step(s, legal[j])
            if took is None:
                took = bot._took(t0, s, seat)
            obs = hand_of(s)
            nxt = edge.next.get(obs)
            if nxt is None:
                nxt = edge.next[obs] = Node()
            node = nxt
        if not s.is_over:  # rollout: the beginner's rules for every seat
            s = bot.playout_start(s)
            while not s.is_over:
                s = bot.advance(s, bot.playout_policy(s, s.to_act, prng))
                if took is None:
                    took = bot._took(t0, s, seat)
        values: dict = {}
        for edge, actor in path:
            side = bot.side(s, actor)
            r = values.get(side)
            if r is None:
                r = values[side] = sign * bot.value(s, actor)
            edge.n += 1
            edge.total += r
            edge.sq += r * r
        path[0][0].took_n += took is not None
        path[0][0].took += bool(took)
        return values[bot.side(s, seat)]

    done = 0
    paired: list | None = None
    if root_mode == "paired":
        paired = [[] for _ in actions]
        rounds = max(2, n_iter // len(actions))
        for r in range(rounds):
            world = worlds.next(r)
            seed = rng.getrandbits(48)
            for j in range(len(actions)):
                paired[j].append(iterate(world, j, random.Random(seed)))  # the same rollout seed
            done += len(actions)
            if time_up(start, budget, wall_clock):
                break
    else:
        for i in range(n_iter):
            iterate(worlds.next(i), None, rng)
            done = i + 1
            if time_up(start, budget, wall_clock):
                break
    if paired is not None:
        return _explain_paired(bot, state, seat, tier, actions, root, root_keys, worlds, done, rng, guard_z, paired)
    return _explain(bot, state, seat, tier, actions, root, root_keys, worlds, done, rng, guard_z)


def _explain(bot, state, seat, tier, actions, root, keys, worlds, done, rng, guard_z):
    """The club's explanation shape: per action its mean value, spread, chance to take the
    current trick, and (``best_share``) its share of the root's visits; the most visited wins."""
    edges = [root.edges.get(k) or Edge() for k in keys]
    visits = sum(e.n for e in edges)
    rows = []
    for a, e in zip(actions, edges):
        rows.append({"action": a, "value": round(e.mean(), 3), "spread": round(e.spread(), 3),
                     "p_trick": round(e.took / e.took_n, 3) if e.took_n else None,
                     "best_share": round(e.n / visits, 3) if visits else 0.0, "visits": e.n})
    best = max(range(len(actions)), key=lambda j: (edges[j].n, edges[j].mean(), -j))
    reason = {"key": "bot.monte_carlo", "params": {"worlds": done, "value": rows[best]["value"]}}
    if guard_z is not None:
        rule_action, rule_reason = bot.beginner(state, seat, random.Random(rng.getrandbits(48)))
        rule = actions.index(rule_action) if rule_action in actions else best
        z = bot.ismcts_guard_for(state, rule_reason) if guard_z == "default" else guard_z
        b, r = edges[best], edges[rule]
        if rule != best and r.n > 1 and b.n > 1:
            se = math.sqrt(b.spread() ** 2 / b.n + r.spread() ** 2 / r.n)
            if z is not None and b.mean() - r.mean() <= z * se:
                best = rule
                reason = {"key": "bot.rule_stands", "params": {"worlds": done, "value": rows[best]["value"],
                                                               "rule": rule_reason}}
    return actions[best], _explanation(bot, seat, tier, worlds, done, reason, best, rows)


def _explanation(bot, seat, tier, worlds, done, reason, best, rows) -> dict:
    """The explanation in the club's shape, with the search's own counts."""
    out = {"tier": tier, "seat": seat, "unit": bot.unit, "worlds": worlds.count(), "iterations": done,
           "search": "ismcts", "reason": reason, "best": best, "actions": rows}
    eff = worlds.effective()
    if eff is not None:
        out["effective_worlds"] = eff
    return out


def _explain_paired(bot, state, seat, tier, actions, root, keys, worlds, done, rng, guard_z, paired):
    """The paired root's explanation: each action's mean and spread over the rounds (a round:
    one world, every root action), ``best_share`` the share of rounds it did best in; the best
    mean wins unless the rule of thumb stands (``rule_stands`` over the paired differences)."""
    edges = [root.edges.get(k) or Edge() for k in keys]
    n = len(paired[0])
    ones = [1.0] * n
    rows, shares = [], best_shares(paired, ones)
    means = []
    for j, (a, e) in enumerate(zip(actions, edges)):
        mean, spread = _stats(paired[j], ones)
        means.append(mean)
        rows.append({"action": a, "value": round(mean, 3), "spread": round(spread, 3),
                     "p_trick": round(e.took / e.took_n, 3) if e.took_n else None,
                     "best_share": round(shares[j], 3) if shares[j] is not None else 0.0, "visits": e.n})
    best = max(range(len(actions)), key=lambda j: (means[j], -j))
    reason = {"key": "bot.monte_carlo", "params": {"worlds": n, "value": rows[best]["value"]}}
    if guard_z is not None:
        rule_action, rule_reason = bot.beginner(state, seat, random.Random(rng.getrandbits(48)))
        rule = actions.index(rule_action) if rule_action in actions else best
        z = bot.ismcts_guard_for(state, rule_reason) if guard_z == "default" else guard_z
        diffs = [paired[best][i] - paired[rule][i] for i in range(n)]
        if z is not None and rule != best and rule_stands(diffs, ones, z):
            best = rule
            reason = {"key": "bot.rule_stands", "params": {"worlds": n, "value": rows[best]["value"],
                                                           "rule": rule_reason}}
    return actions[best], _explanation(bot, seat, tier, worlds, done, reason, best, rows)
