"""The Zsíros computer player (2 players, or 4 in partnerships).

What a seat knows (``knowledge``): its own cards, every card played and by whom (the
history and the current trick's rounds), each side's won cards, the talon's size and every
hand's size, and the calls made. What play reveals: almost nothing for certain. Any card is
always legal (Z-3.1) and the leader is offered a turn at the end of a round even without a
hitting card (the state's design), so no card is ever excluded from a hand. A seat that
assumes nothing about how the others choose must therefore see every placement of the
unknown cards (pack minus own hand minus every played card) into the other hands and the
talon as equally likely: ``sample_world`` deals them uniformly, in pack order, from the seed.
The evidence play does give is soft: a player who lets zsír go by without hitting probably
had no card of the led rank and no VII; ``world_weight`` turns every such pass since the deal
(``passes``, replayed from the public history) into the expert's weights. One call is read as
a fact about a hand now (``call_says``): with four players, a partner still to play to a zsír
trick the other side is winning calls "Ne üss!" only holding a hit, "Üss!" only without one
(as ``call_for`` calls); the worlds of every tier fit it (``consistent_hands``), so the club
and the expert heed it as the beginner does — and still overrule it when their playouts say so
by more than ``override_z`` standard errors (a call is a suggestion, Z-6.2).

The beginner's rules of thumb (``reason`` keys ``bot.zsiros.<why>``, in five languages):
take the zsír (Aces and Tens) when you can; hit with the cheapest card that wins (the led
rank before a VII, a worthless card before a zsír); keep a VII to hit with; lead low, and
lead a rank you hold twice so you can hit back; let a trick go when it holds no zsír rather
than spend a VII on it; throw away a worthless card, never a zsír, when you cannot take the
trick; grease your partner's trick when no opponent can still hit it. With four players the
partner of the seat to act makes a call when a rule says so (Üss!/Ne üss!/Zsírt!/Ne zsírt!)
and the player heeds it when it can — a suggestion, never binding (Z-6.2).

``value``: the game points of a finished hand, + for the seat's side and − for the other,
plus the card-point margin / 200 as a tie-break (it never outweighs a game point).
"""

from __future__ import annotations

import math
import random

from ..zsiros.rules import SEVEN, ZSIR
from .base import GameBot, canonical_unknown, deal_unknown, pick

LEAD, PLAY, DECIDE = "lead", "play", "decide"
CALL_RATE = 0.1  # how often the random tier's partner calls (as hcards_core.zsiros's random play)
NOT_HIT_LIKELIHOOD = 0.25  # expert: chance a player who held a hit let a zsír trick pass anyway
CALL_TRIES = 64  # deals of the unknown cards sample_world tries to fit a call just heard


def _points(cards) -> int:
    return 10 * sum(1 for c in cards if c[0] in ZSIR)


def _hitters(hand, led):
    return [c for c in hand if c[0] == led or c[0] == SEVEN]


def _cost(card: str) -> tuple:
    """How much a card is worth keeping: worthless < zsír < VII (a VII hits anything)."""
    return (card[0] == SEVEN, card[0] in ZSIR)


class ZsirosBot(GameBot):
    game = "zsiros"
    unit = "game points"
    playout_ms = 0.6
    endgame_cards = {"club": 8, "expert": 8}
    margin_weight = 1 / 200  # card points' share of the value: a tie-break under the game points
    # The expert searches (ismcts.py): at 2 players 66.25 % against the club (40 deals, seed
    # 2026) where the flat expert had 55 %; at 4 players, exploring less (c 0.5; 1.0: 60 %, 2.0:
    # 55 % on the first 20 deals), 65 % [53.9, 76.1], +22 game points (65-43) on the 40 deals
    # where the flat expert had 58.75 %, +22 (72-50).
    expert_search_players = {2: "ismcts", 4: "ismcts"}
    ismcts_c_players = {4: 0.5}
    # At 2 players the search's departures from the rule of thumb need 1.5 standard errors,
    # not 1: the marginal ones lost on balance. Paired with the long file (expert against
    # club, seed 2026, the same deals): 1.5 SE +3.6 % of the pairs (SE 1.2; pairs 0-999 went
    # 58.65 % against 55.05 %, +366 game points against +221), 2.0 SE +1.75 % (SE 2.2, pairs
    # 0-399), 0.5 SE -8.6 % (SE 3.0, 181 pairs). Zsíros 4 met its goal at 1 SE and keeps it.
    ismcts_guard_z_players = {2: 1.5}

    # ---- what the seat knows -----------------------------------------------------------------
    def _seen(self, state, seat: int) -> set:
        seen = set(state.hands_[seat])
        seen.update(state.won[0])
        seen.update(state.won[1])
        for r in state.rounds:
            seen.update(r)
        return seen

    def unknown_cards(self, state, seat: int) -> list[str]:
        return canonical_unknown(self._seen(state, seat))

    def knowledge(self, state, seat: int) -> dict:
        pub = state.public_state()
        return {"seat": seat, "hand": list(state.hands_[seat]), "public": pub,
                "plays": [dict(a) for a in state.history],  # every card played and every call, by whom
                "unknown": self.unknown_cards(state, seat),
                "options": {"ping_pong": state.ping_pong, "last_seven_loses": state.last_seven_loses}}

    def sample_world(self, state, seat: int, rng: random.Random):
        """Uniform over the placements ``consistent_hands`` allows: the unknown cards dealt
        from the seed, dealt again (up to ``CALL_TRIES`` times) while they contradict a call
        just heard; if none fits (a human's call need not follow the bots' rule), the last."""
        unknown = self.unknown_cards(state, seat)
        others = [s for s in range(state.players) if s != seat]
        sizes = [len(state.hands_[s]) for s in others] + [len(state.talon)]
        said = self.call_says(state)
        piles = deal_unknown(unknown, sizes, rng)
        if said is not None and said[0] != seat:
            caller, led, holds = said
            pile = piles[others.index(caller)]
            for _ in range(CALL_TRIES):
                if bool(_hitters(pile, led)) == holds:
                    break
                piles = deal_unknown(unknown, sizes, rng)
                pile = piles[others.index(caller)]
        world = state.copy()
        for s, pile in zip(others, piles):
            world.hands_[s] = pile
        world.talon = piles[-1]
        return world

    def call_says(self, state) -> tuple[int, str, bool] | None:
        """What the call just heard says about the caller's hand, read as the bots call
        (``call_for``): on a zsír trick the other side is winning, a caller still to play says
        "Ne üss!" when it holds a hit of the led rank and "Üss!" when it holds none. As
        (caller, led rank, holds a hit) or None. The caller has not played or drawn since, so
        it is a fact about its hand now — a heard call is heeded by the searching tiers too."""
        history = state.history
        if not history or history[-1].get("act") != "call" or state.phase != PLAY or state.players != 4:
            return None
        call, caller = history[-1].get("call"), history[-1].get("seat")
        if call not in ("hit", "no_hit") or state.winner % 2 == caller % 2:
            return None
        if caller not in [(state.leader + k) % 4 for k in range(len(state.rounds[-1]) + 1, 4)]:
            return None
        if not _points(c for r in state.rounds for c in r):
            return None
        return caller, state.led, call == "no_hit"

    def consistent_hands(self, state, seat: int, hands: list[list[str]]) -> bool:
        said = self.call_says(state)
        if said is None or said[0] == seat:
            return True
        caller, led, holds = said
        return bool(_hitters(hands[caller], led)) == holds

    # ---- playouts and search -----------------------------------------------------------------
    def step(self, state, action: dict):
        return state.copy().push_trusted(action, record=False)

    def playout_start(self, world):
        return world.copy()

    def advance(self, state, action: dict):
        return state.push_trusted(action, record=False)

    def tricks_won(self, state):
        return tuple(state.tricks)

    def side(self, state, seat: int):
        return seat % 2

    def world_key(self, world):
        return tuple(tuple(sorted(h)) for h in world.hands_)

    def search_key(self, state):
        """What the rest of the hand depends on: the hands, whose turn in which phase, the
        trick so far (led rank, winner, cards in the round, zsír on the table) and the score."""
        rounds = state.rounds
        return (tuple(tuple(sorted(h)) for h in state.hands_), state.phase, state.turn, state.leader,
                state.led, state.winner, len(rounds[-1]) if rounds else 0,
                _points(c for r in rounds for c in r), _points(state.won[0]), _points(state.won[1]),
                state.tricks[0] > 0, state.tricks[1] > 0, state.last_trick,
                state.last_card[1][0] == SEVEN if state.last_seven_loses and state.last_card else None)

    def exact_ready(self, world, tier: str) -> bool:
        return not world.talon and sum(len(h) for h in world.hands_) <= self.endgame_cards[tier]

    def value(self, state, seat: int) -> float:
        res = state.result()
        mine = seat % 2
        pts = res["card_points"]
        sign = 1 if res["winner"] == mine else -1
        return sign * res["game_points"] + (pts[mine] - pts[1 - mine]) * self.margin_weight

    def tally(self, state, seat: int) -> float:
        """The game points the deal gave, + for the seat's side and − for the other."""
        res = state.result()
        return res["game_points"] if res["winner"] == seat % 2 else -res["game_points"]

    def score(self, state, seat: int) -> float:
        res = state.result()
        return res["game_points"] if res["winner"] == seat % 2 else 0

    def playout_policy(self, state, seat: int, rng: random.Random) -> dict:
        return self._decide(state, seat)[0]

    def beginner(self, state, seat: int, rng: random.Random) -> tuple[dict, dict]:
        action, why, params = self._decide(state, seat)
        return action, {"key": f"bot.zsiros.{why}", "params": params}

    # ---- the rules of thumb ------------------------------------------------------------------
    def _call_heard(self, state, seat: int):
        """The partner's call made during this turn, if any (Z-6: a suggestion)."""
        if state.players == 4 and state.called:
            for event in reversed(state.events):
                if event.get("type") == "call":
                    return event["call"]
        return None

    def _decide(self, state, seat: int) -> tuple[dict, str, dict]:
        hand = state.hands_[seat]
        play = lambda c: {"seat": seat, "act": "play", "card": c}  # noqa: E731
        if state.phase == LEAD:
            return self._lead(state, seat, hand, play)
        led = state.led
        on_table = _points(c for r in state.rounds for c in r)
        hitters = sorted(_hitters(hand, led), key=_cost)
        if state.phase == DECIDE:
            if state.ping_pong:
                return self._ping_pong(state, seat, hand, hitters, on_table, play)
            if not hitters:
                return {"seat": seat, "act": "stop"}, "cannot_hit", {}
            cheap = hitters[0]
            if on_table:
                return play(cheap), "continue_for_zsir", {"card": cheap, "points": on_table}
            if cheap[0] == led and cheap[0] not in ZSIR:
                return play(cheap), "continue_cheap", {"card": cheap}
            return {"seat": seat, "act": "stop"}, "let_go", {}
        # A card inside a round.
        n = state.players
        mine = seat % 2
        winning = state.winner % 2 == mine
        last_in_round = len(state.rounds[-1]) == n - 1
        call = self._call_heard(state, seat)
        zsirs = sorted((c for c in hand if c[0] in ZSIR), key=_cost)
        low = self._throwaways(state, seat, hand)
        if call == "grease" and zsirs and winning:
            return play(zsirs[0]), "heed_grease", {"card": zsirs[0]}
        if call == "no_grease" and low and winning:
            return play(low[0]), "heed_no_grease", {"card": low[0]}
        if winning:  # the partner is winning (4 players)
            if last_in_round and zsirs:
                return play(zsirs[0]), "grease_partner", {"card": zsirs[0]}
            if low:
                return play(low[0]), "keep_zsir", {"card": low[0]}
            return play(sorted(hand, key=_cost)[0]), "nothing_better", {}
        if call == "hit" and hitters:
            return play(hitters[0]), "heed_hit", {"card": hitters[0]}
        if call == "no_hit" and low:
            return play(low[0]), "heed_no_hit", {"card": low[0]}
        if hitters and on_table:
            return play(hitters[0]), "take_zsir", {"card": hitters[0], "points": on_table}
        free = [c for c in hitters if c[0] == led and c[0] not in ZSIR]
        if free:
            return play(free[0]), "hit_cheap", {"card": free[0]}
        if hitters and not low and not [c for c in hand if c not in hitters]:
            return play(hitters[0]), "only_hitters", {"card": hitters[0]}
        if low:
            key = "not_worth_seven" if hitters else "throw_low"
            return play(low[0]), key, {"card": low[0]}
        # Only zsír (and perhaps VIIs that would not be worth it): give the cheapest away.
        rest = sorted(hand, key=lambda c: (c[0] == SEVEN, c[0] in ZSIR))
        return play(rest[0]), "forced_zsir", {"card": rest[0]}

    def _throwaways(self, state, seat, hand) -> list[str]:
        """Worthless cards (no zsír, no VII), the rank that can no longer hit much first."""
        led = state.led
        cards = [c for c in hand if c[0] not in ZSIR and c[0] != SEVEN and c[0] != led]
        cards += [c for c in hand if c[0] == led and c[0] not in ZSIR and c[0] != SEVEN]
        if len(cards) < 2:
            return cards
        seen = self._played_ranks(state)
        return sorted(cards, key=lambda c: (c[0] == led, -seen.count(c[0])))

    def _played_ranks(self, state) -> str:
        """The ranks of every card played so far, one character each (``.count(rank)``: how
        many of that rank are gone). A string, counted in C: playouts ask this at every card."""
        return "".join((*state.won[0], *state.won[1], *(c for r in state.rounds for c in r)))[::2]

    def _lead(self, state, seat, hand, play):
        counts: dict = {}
        for c in hand:
            counts[c[0]] = counts.get(c[0], 0) + 1
        plain = [c for c in hand if c[0] not in ZSIR and c[0] != SEVEN]
        played = self._played_ranks(state)
        if plain:
            pairs = [c for c in plain if counts[c[0]] >= 2]
            if pairs:
                card = max(pairs, key=lambda c: (counts[c[0]], played.count(c[0])))
                return play(card), "lead_pair", {"card": card}
            card = max(plain, key=lambda c: played.count(c[0]))  # fewest copies left to hit it
            return play(card), "lead_low", {"card": card}
        zsirs = [c for c in hand if c[0] in ZSIR]
        if zsirs:
            pairs = [c for c in zsirs if counts[c[0]] >= 2]
            card = max(pairs or zsirs, key=lambda c: (counts[c[0]], played.count(c[0])))
            return play(card), ("lead_zsir_pair" if pairs else "lead_zsir"), {"card": card}
        return play(hand[0]), "lead_seven", {"card": hand[0]}

    def _ping_pong(self, state, seat, hand, hitters, on_table, play):
        """Z-V2: the leader always plays; a card that does not hit lets the trick go."""
        others = sorted((c for c in hand if c not in hitters), key=_cost)
        if hitters and (on_table or not others):
            return play(hitters[0]), "continue_for_zsir", {"card": hitters[0], "points": on_table}
        if others:
            return play(others[0]), "let_go", {}
        return play(hitters[0]), "only_hitters", {"card": hitters[0]}

    # ---- calls (4 players) -------------------------------------------------------------------
    def optional_seats(self, state) -> list[int]:
        return [c["seat"] for c in state.legal_calls()[:1]]

    def choose_optional(self, state, seat: int, tier: str, rng: random.Random) -> dict | None:
        calls = [c for c in state.legal_calls() if c["seat"] == seat]
        if not calls:
            return None
        if tier == "random":
            return pick(calls, rng) if rng.random() < CALL_RATE else None
        call = self.call_for(state, seat)
        return {"seat": seat, "act": "call", "call": call} if call else None

    def call_for(self, state, seat: int) -> str | None:
        """The call a teacher would make to the partner about to play, from the caller's cards
        and the table alone (or None): grease a trick the side keeps, ask for a hit on zsír."""
        if state.phase != PLAY:
            return None
        mine = seat % 2
        winning = state.winner % 2 == mine
        last = len(state.rounds[-1]) == state.players - 1  # the partner closes the round
        on_table = _points(c for r in state.rounds for c in r)
        mine_to_come = seat in [(state.leader + k) % 4 for k in range(len(state.rounds[-1]) + 1, 4)]
        if winning:
            return "grease" if last else "no_grease"
        if on_table:
            if mine_to_come and _hitters(state.hands_[seat], state.led):
                return "no_hit"  # "I'll take it": keep your VII
            return "hit"
        return None

    # ---- the expert's inference --------------------------------------------------------------
    def passes(self, state) -> list[tuple[int, int, str, int, bool]] | None:
        """What public play says about a seat's hitting cards. A pass on zsír — a card that did
        not hit, played to a trick holding zsír that the other side was winning, or a leader's
        ``stop`` on such a trick — suggests the seat held no hit. A call by a seat still to
        play to such a trick says it as the bots call (``call_for``): "Ne üss!" = I hold a hit,
        "Üss!" = I have none. Each as (action index, seat, led rank, cards that seat drew
        after it, whether it held a hit). Replays the trick flow from ``history``; None when the
        history does not go back to the deal (or with ping-pong, whose flow this does not
        follow)."""
        n = state.players
        plays = [a for a in state.history if a.get("act") in ("play", "stop")]
        played = sum(1 for a in plays if a["act"] == "play")
        if state.ping_pong or played != 32 - len(state.talon) - sum(len(h) for h in state.hands_):
            return None
        talon, sizes = 32 - 4 * n, [4] * n
        out: list = []
        draws: list[tuple[int, list[int]]] = []
        phase, led, winner, leader, table, in_round = LEAD, None, None, None, [], 0

        def end(t):
            nonlocal phase, leader
            need = [4 - sizes[s] for s in range(n)]
            nonlocal talon
            if talon:
                got = need if sum(need) <= talon else [talon // n] * n
                for s in range(n):
                    sizes[s] += got[s]
                talon -= sum(got)
                draws.append((t, got))
            phase, leader = LEAD, winner

        for t, a in enumerate(state.history):
            act, s = a.get("act"), a.get("seat")
            if act == "call":
                to_come = phase == PLAY and (s - leader) % n > in_round
                if to_come and winner % 2 != s % 2 and _points(table) and a.get("call") in ("hit", "no_hit"):
                    out.append((t, s, led, a["call"] == "no_hit"))
                continue
            if act == "stop":
                if _points(table):
                    out.append((t, s, led, False))
                end(t)
                continue
            if act != "play":
                continue
            card = a["card"]
            sizes[s] -= 1
            hit = card[0] == led or card[0] == SEVEN
            if phase == LEAD:
                led, winner, leader, table, in_round, phase = card[0], s, s, [card], 1, PLAY
            elif phase == DECIDE:
                winner, in_round, phase = s, 1, PLAY
                table.append(card)
            else:
                if not hit and winner % 2 != s % 2 and _points(table):
                    out.append((t, s, led, False))
                if hit:
                    winner = s
                table.append(card)
                in_round += 1
            if in_round == n:
                if not sizes[leader] or winner % 2 == leader % 2:
                    end(t)
                else:
                    phase, in_round = DECIDE, 0
        return [(t, s, led, sum(got[s] for dt, got in draws if dt >= t), held) for t, s, led, held in out]

    def world_weight(self, world, state, seat: int) -> float:
        """The likelihood, in ``world``, of what play said about the other seats' hits
        (``passes``): 1 if the seat then held what it showed (no hit after a pass), else
        ``NOT_HIT_LIKELIHOOD``.
        Its hand then is not known exactly even in a world (which of its cards it drew later
        is hidden): the cards it played since or holds now, less as many as it drew since,
        taken as a uniformly random subset — a hypergeometric chance of holding no hit."""
        passes = self.passes(state)
        if not passes:
            return 1.0
        weight = 1.0
        history = state.history
        for t, s, led, drawn, said_held in passes:
            if s == seat:
                continue
            pool = list(world.hands_[s]) + [a["card"] for a in history[t + 1:]
                                           if a.get("seat") == s and a.get("act") == "play"]
            held = len(pool) - drawn
            if held <= 0:
                continue
            hits = len(_hitters(pool, led))
            p_none = math.comb(len(pool) - hits, held) / math.comb(len(pool), held)
            p_true = (1 - p_none) if said_held else p_none
            weight *= p_true + (1 - p_true) * NOT_HIT_LIKELIHOOD
        return weight


BOT = ZsirosBot()
