"""The Filicău/Filkó computer player: what a seat knows, uniform worlds that respect it (voids,
the öreg's Over, the secret partner), the beginner's rules of thumb, ``value``, determinism and
no peeking for every table size and tier, and a short duplicate match beginner vs random.

Consistency of a world is checked independently of the bot's own bookkeeping: a world is
consistent when the real deal's actions replay legally from the world's hands (FC-4.2–4.3
decide what a refusal to follow proves) and the seat's view is the same.
"""

import itertools
import math
import re
import random
import statistics
from collections import Counter

import pytest

from hcards_core.bots import bot_for, choose
from hcards_core.bots import filicau as filicau_bots
from hcards_core.bots.filicau import BOT, FilicauBot, deal_unseen, sides, voids
from hcards_core.filicau import ALIASES, GAME, FilicauState, deal_state
from hcards_core.filicau.rules import pack_for
from hcards_core.messages import catalog

FORMS = [("filicau", 4, {}), ("filko", 4, {}), ("filko", 5, {}), ("filko", 6, {}),
         ("filko", 5, {"five_player": "rich_and_poor"}),
         ("filko", 5, {"five_player": "rich_and_poor", "rich_and_poor_form": "named"}),
         ("filko", 5, {"five_player": "rich_and_poor", "rich_and_poor_form": "fixed"}),
         ("filko", 6, {"top_trumps": "szeged"})]
REASONS = ["only_card", "pull_trumps", "lead_top_trump", "draw_trumps", "cash_winner", "lead_low", "escape_low", "escape_dump", "escape_forced",
           "smear", "partner_wins", "win_safe", "win_cheaply", "trump_low", "trump_point", "save_over", "duck", "discard_low",
           "forced_points", "give_over", "call_ace", "name_trumps", "choose_slave"]


def new_deal(game, players, options, seed):
    g = ALIASES["filko"] if game == "filko" else GAME
    rng = random.Random(seed)
    session = g.new_session(players, g.parse_options(options), seed % players, {})
    return g.deal(session, g.random_cards(players, rng), None, "deal")


def advance(state, steps, seed=0, tier="random"):
    """``state`` after ``steps`` actions of ``tier`` play (random or beginner)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if tier == "random":
            action = rng.choice(state.legal_actions())
        else:
            action = BOT.beginner(state, state.to_act, rng)[0]
        state = state.apply(action)
    return state


def replays(world, real):
    """Do the real deal's actions replay legally from the world's cards (and end in its hands)?"""
    played = {p: [a["card"] for a in real.history if a["act"] == "play" and a["seat"] == p]
              for p in range(real.players)}
    hands = [played[p] + list(world.held[p]) for p in range(real.players)]
    s = FilicauState(real.ctx, hands, real.trump, real.shown)
    try:
        for action in real.history:
            s = s.apply(action)
    except Exception:
        return False
    # The cards shown for trumps went to known seats by the dealing procedure (FC-3, FK-1.2).
    shown = all(c in world.held[s_] for s_, h in enumerate(real.dealt) for c in h
                if c in real.shown and any(c in hh for hh in real.held))
    return shown and s.held == world.held and s.team == world.team and s.points == world.points


def positions(seed=0, every=5, forms=FORMS):
    """(form, state) pairs along random deals of every form, the start included."""
    for k, (game, n, opts) in enumerate(forms):
        state = new_deal(game, n, opts, seed + k)
        rng = random.Random(seed + k)
        step = 0
        while not state.is_over:
            if step % every == 0:
                yield (game, n, opts), state
            state = state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_bot_serves_both_names():
    assert bot_for("filicau") is BOT and bot_for("filko") is BOT and isinstance(BOT, FilicauBot)
    assert BOT.unit == "card points"


def test_worlds_reproduce_the_view_and_respect_what_play_revealed():
    checked = 0
    for _, state in positions(seed=11, every=3):
        for seat in range(state.players):
            world = BOT.sample_world(state, seat, random.Random(checked))
            assert world.view(seat) == state.view(seat)
            assert BOT.knowledge(world, seat) == BOT.knowledge(state, seat)
            assert replays(world, state), (state.history, seat)
            checked += 1
    assert checked > 200


def test_refusals_prove_voids():
    # Hearts trumps (the dealer, seat 0, turns the King of hearts); seat 1 leads leaves.
    hands = [["Kh", "Ob", "8a", "9a", "7a", "Ua", "Uh", "Xa"],
             ["Al", "Xl", "Kl", "Ul", "9l", "8l", "7l", "Aa"],
             ["Ab", "Xb", "Kb", "Ub", "9b", "8b", "7b", "Ka"],
             ["Oa", "Ol", "Oh", "Ah", "Xh", "9h", "8h", "7h"]]
    st = deal_state(hands)
    assert st.trump == "h" and st.to_act == 1
    st = _state(hands, ["Al", "Ka", "7h"])
    v = voids(st)
    assert v[2] == {"l", "h"}  # no leaf, and no trump either: it would have had to trump (FC-4.3)
    assert v[3] == {"l"}  # trumped: no leaves (the Over of leaves counts as a trump, EX-C4)
    st = st.apply({"seat": 0, "act": "play", "card": "Ob"})
    assert voids(st)[0] == {"l"}
    for seat in (0, 1, 3):
        for i in range(30):
            world = BOT.sample_world(st, seat, random.Random(i))
            for p in range(4):
                if p != seat:
                    assert not any(st.eff[c] in voids(st)[p] for c in world.held[p])
            assert replays(world, st)


def test_the_bottom_cards_shown_for_trumps_stay_with_their_holder():
    for seed in range(40):
        st = new_deal("filicau", 4, {}, seed)
        if len(st.shown) > 1:
            break
    dealer = st.ctx.dealer
    for seat in range(4):
        for i in range(10):
            world = BOT.sample_world(st, seat, random.Random(i))
            assert set(st.shown) <= set(world.held[dealer])


def test_five_player_call_keeps_the_old_mans_over_and_hides_the_partner():
    for seed in range(50):
        st = new_deal("filko", 5, {}, seed)
        call, _ = BOT.beginner(st, st.to_act)
        st = st.apply(call)
        if st.partner not in (st.old_man,):
            break
    om, partner, called = st.old_man, st.partner, st.called
    assert not st.revealed and called not in st.held[om]
    outsider = next(s for s in range(5) if s not in (om, partner))
    assert sides(st, partner) == (frozenset({om}), frozenset(set(range(5)) - {om, partner}))
    assert sides(st, outsider)[0] == frozenset() and sides(st, outsider)[1] == frozenset({om})
    seen = Counter()
    for i in range(200):
        world = BOT.sample_world(st, outsider, random.Random(i))
        assert "Oa" in world.held[om]
        assert world.partner != om and called in world.held[world.partner]
        assert world.team == tuple(0 if s in (om, world.partner) else 1 for s in range(5))
        assert world.view(outsider) == st.view(outsider)
        seen[world.partner] += 1
    assert set(seen) == set(range(5)) - {om, outsider}  # the partner is really unknown
    for i in range(20):  # the partner knows
        assert BOT.sample_world(st, partner, random.Random(i)).partner == partner


def test_every_consistent_placement_is_sampled_with_its_frequency():
    """Chi-square over a small position: two tricks left, some voids shown."""
    for seed in range(300):
        st = advance(new_deal("filicau", 4, {}, seed), 24, seed)
        if st.table == () and any(voids(st)[p] for p in range(4) if p != st.to_act):
            break
    seat = st.to_act
    others = [p for p in range(4) if p != seat]
    unknown = BOT.unknown_cards(st, seat)
    sizes = [len(st.held[p]) for p in others]
    consistent = []
    for perm in set(itertools.permutations(sum(([i] * k for i, k in enumerate(sizes)), []))):
        held = list(st.held)
        for i, p in enumerate(others):
            held[p] = tuple(c for c, j in zip(unknown, perm) if j == i)
        world = st.copy()
        world.held = tuple(held)
        if replays(world, st):
            consistent.append(perm)
    total = len(list(set(itertools.permutations(sum(([i] * k for i, k in enumerate(sizes)), [])))))
    assert 1 < len(consistent) < total  # the voids matter here
    draws = 60 * len(consistent)
    counts = Counter()
    for i in range(draws):
        world = BOT.sample_world(st, seat, random.Random(i))
        counts[tuple(next(k for k, p in enumerate(others) if c in world.held[p]) for c in unknown)] += 1
    assert set(counts) == set(consistent)
    expected = draws / len(consistent)
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in consistent)
    df = len(consistent) - 1
    critical = df * (1 - 2 / (9 * df) + 3.09 * (2 / (9 * df)) ** 0.5) ** 3  # p = 0.001
    assert chi2 < critical, (chi2, critical, df)


def test_deal_unseen_counts_exactly():
    # Two seats: seat 0 may not hold hearts. Placements: Kh, Xh to seat 1 forced, so seat 1
    # takes one of Aa, Xa, Ka besides: 3 placements, each equally often.
    counts = Counter()
    for i in range(3000):
        hands = deal_unseen([((0, 1), ["Aa", "Xa", "Ka"]), ((1,), ["Kh", "Xh"])], [2, 3], random.Random(i))
        assert sorted(hands[1])[:0] == [] and {"Kh", "Xh"} <= set(hands[1])
        counts[tuple(sorted(hands[0]))] += 1
    assert len(counts) == 3 and min(counts.values()) > 900
    with pytest.raises(ValueError):
        deal_unseen([((1,), ["Kh", "Xh"])], [2, 0], random.Random(0))


def test_value_follows_the_status_table():
    hands = [["Kh", "Ob", "8a", "9a", "7a", "Ua", "Ka", "Xa"],
             ["Al", "Xl", "Kl", "Ul", "9l", "8l", "7l", "Aa"],
             ["Ah", "Xh", "Uh", "9h", "8h", "7h", "Ab", "Xb"],
             ["Oa", "Ol", "Oh", "Kb", "Ub", "9b", "8b", "7b"]]
    st = deal_state(hands)
    from hcards_core.bots.filicau import final_worth
    romanian = [final_worth(st, 0, x) for x in range(9)]
    assert romanian == [-8, -14, -12, -2, 0, 2, 12, 14, 8]  # 0 and 8: both level (FC-5.1)
    filko = deal_state(hands, options={"rules": "filko"})
    assert [final_worth(filko, 0, x) for x in range(9)][6:] == [12, 14, 16]  # no escape (FK-1.3)
    done = advance(st, 32, 0)
    assert done.is_over and BOT.value(done, 0) == -BOT.value(done, 1)


def _state(hands, plays, **kw):
    st = deal_state(hands, **kw)
    for card in plays:
        st = st.apply({"seat": st.to_act, "act": "play", "card": card})
    return st


H = [["Kh", "Ob", "8a", "9a", "7a", "Ua", "Ka", "Xa"],
     ["Al", "Xl", "Kl", "Ul", "Ab", "8l", "7l", "Aa"],
     ["Ah", "Xh", "Uh", "9h", "8h", "7h", "9l", "Xb"],
     ["Oa", "Ol", "Oh", "Kb", "Ub", "9b", "8b", "7b"]]


def reason(st):
    action, why = BOT.beginner(st, st.to_act)
    assert action in st.legal_actions()
    return action["card"], why["key"].removeprefix("bot.filicau.")


def test_beginner_rules_of_thumb():
    # Hearts trumps, seat 1 leads: it cashes an Ace that is the highest card left of its suit,
    # from its shortest suit (the others most likely still follow it).
    assert reason(deal_state(H)) == ("Aa", "cash_winner")
    # Seat 2 has no acorns: trump with the lowest trump (no trump of it is safe: Overs are out).
    assert reason(_state(H, ["Aa"])) == ("7h", "trump_low")
    # Seat 3 must trump too: its lowest trump that nothing still out can beat, an Over.
    assert reason(_state(H, ["Aa", "7h"])) == ("Oh", "trump_low")
    # Seat 0 cannot beat the Over and gives its cheapest card, not the Ten.
    assert reason(_state(H, ["Aa", "7h", "Oh"])) == ("7a", "discard_low")
    # Seat 3 leads holding two Overs against seven trumps out: no pulling; lead low from bells
    # (with four players the top trump is led only to pull them all).
    assert reason(_state(H, ["Aa", "7h", "Oh", "7a"])) == ("7b", "lead_low")


def test_beginner_leads_the_top_trump_at_five_and_six():
    """With 5 or 6 players a seat leads the highest trump left even when it holds fewer trumps
    than are out (it takes the trick for sure); never when a trump still out beats it."""
    for players in (5, 6):
        found = 0
        for seed in range(40):
            st = new_deal("filko", players, {}, seed)
            while not st.is_over:
                action, why = BOT.beginner(st, st.to_act)
                if why["key"] == "bot.filicau.lead_top_trump":
                    found += 1
                    seat, card = st.to_act, action["card"]
                    gone = {c for _, cards in st.tricks for c in cards}
                    out = [c for c in pack_for(players) if st.eff[c] == st.trump
                           and c not in gone and c not in st.held[seat]]
                    assert not st.table and st.eff[card] == st.trump
                    assert out and all(st.power[c] < st.power[card] for c in out)
                    assert sum(st.eff[c] == st.trump for c in st.held[seat]) < len(out)
                st = st.apply(action)
        assert found >= 5, players
    st = new_deal("filicau", 4, {}, 3)
    while not st.is_over:
        action, why = BOT.beginner(st, st.to_act)
        assert why["key"] != "bot.filicau.lead_top_trump"
        st = st.apply(action)


# Filkó 6, hearts trumps (the dealer's first card), seat 1 to lead: the Ace of acorns is the
# highest card left of its suit, and trumps are out.
H6 = [["Kh", "Ub", "9a", "7a", "Ul"], ["Aa", "Ob", "8h", "9l", "8b"], ["Ah", "Xh", "9h", "Ab", "Kb"],
      ["Oa", "Ol", "Oh", "Xb", "9b"], ["Xa", "Ka", "Ua", "8a", "Al"], ["Xl", "Kl", "8l", "Uh", "7h"]]


def test_beginner_draws_trumps_before_cashing_at_six():
    """With 6 players a seat with a winner to cash leads its lowest trump first while
    trumps are out (even a lower Over); with 4 it cashes as before."""
    st = deal_state(H6, options={"rules": "filko"})
    action, why = BOT.beginner(st, 1)
    assert (action["card"], why["key"], why["params"]["winner"]) == ("8h", "bot.filicau.draw_trumps", "Aa")
    only_over = [list(h) for h in H6]
    only_over[1][2], only_over[2][4] = "Kb", "8h"  # seat 1's only trump is the Over of bells
    assert reason(deal_state(only_over, options={"rules": "filko"})) == ("Ob", "draw_trumps")
    # Four players, the same shape: seat 1 holds a trump and the Ace of acorns; it cashes.
    four = [list(h) for h in H]
    four[1][6], four[2][5] = "7h", "7l"
    assert reason(deal_state(four)) == ("Aa", "cash_winner")
    assert reason(deal_state(four, options={"rules": "filko"})) == ("Aa", "cash_winner")


def test_beginner_trumps_with_the_trump_ten_at_six():
    """With 6 players a seat that trumps uses the Ten or Ace of trumps when it takes the
    trick (the Ten first); with 4 the lowest trump that wins (``trump_low`` above)."""
    st = deal_state(H6, options={"rules": "filko"}).apply({"seat": 1, "act": "play", "card": "Aa"})
    assert reason(st) == ("Xh", "trump_point")
    assert reason(_state(H, ["Aa"])) == ("7h", "trump_low")  # seat 2 holds Ah and Xh too


def test_beginner_gives_up_a_beaten_over_rather_than_a_point_at_six(monkeypatch):
    """With 6 players a seat that cannot beat the trick and holds only points besides a
    lower Over gives up that Over; where the six-player rules do not hold, a point."""
    hands = [list(h) for h in H6]
    hands[1][1], hands[2][2:], hands[3][1:4] = "Ol", ["Oh", "Ab", "Xb"], ["Ob", "9h", "Kb"]
    st = deal_state(hands, options={"rules": "filko"}).apply({"seat": 1, "act": "play", "card": "Ol"})
    assert reason(st) == ("Oh", "give_over")  # Oh, Ah, Xh are the legal trumps; Ol beats them all
    monkeypatch.setattr(filicau_bots, "SIX_RULES", frozenset())
    assert reason(st) == ("Xh", "forced_points")


def test_beginner_does_not_overtake_a_partner_and_trumps_low():
    # Seat 1 leads the Ace of bells; seat 3 (its partner) follows low: seat 0 after it has no
    # bells left that anyone could know of, so the Ace is not safe, but nothing of seat 3 beats it.
    st = _state(H, ["Ab", "Xb"])
    assert reason(st) == ("7b", "partner_wins")
    # Seat 0, last, has no bells: the lowest trump that wins is the King of hearts.
    assert reason(st.apply({"seat": 3, "act": "play", "card": "7b"})) == ("Kh", "trump_low")


def test_beginner_smears_on_a_partner_who_wins_safely():
    hands = [["Kh", "Ob", "8a", "9a", "7a", "Ua", "Ka", "Ol"],
             ["Al", "Kl", "Kb", "Ab", "8l", "7l", "Aa", "Xa"],
             ["Ah", "Xh", "Uh", "9h", "8h", "7h", "9l", "Xb"],
             ["Oa", "Xl", "Oh", "Ul", "Ub", "9b", "8b", "7b"]]
    st = _state(hands, ["Al", "9l"])
    action, why = BOT.beginner(st, 3)
    assert (action["card"], why["key"], why["params"]["partner"]) == ("Xl", "bot.filicau.smear", 1)


def test_beginner_counts_to_the_last_trick_romanian_escape():
    # Seat 0/2 have 0 points, 2 points to come: 1 or 2 would make them slaves; 0 keeps them
    # level (FC-5.1), so they try to lose the rest.
    for seed in range(400):
        st = advance(new_deal("filicau", 4, {}, seed), 24, seed, tier="beginner")
        pts = st.points
        team = st.team[st.to_act]
        left = 8 - sum(pts)
        if pts[team] == 0 and 0 < left <= 2 and not st.is_over:
            break
    else:
        pytest.skip("no such position in the seeds")
    card, why = reason(st)
    assert why.startswith("escape") or why == "only_card"


def test_call_names_the_strongest_suit():
    st = new_deal("filko", 5, {}, 3)
    action, why = BOT.beginner(st, st.to_act)
    assert action["act"] == "call_card" and why["key"] == "bot.filicau.call_ace"
    assert action["card"] not in st.held[st.old_man] and action["card"][1] == why["params"]["trump"]
    rich = new_deal("filko", 5, {"five_player": "rich_and_poor"}, 3)
    assert BOT.beginner(rich, rich.to_act)[1]["key"] == "bot.filicau.name_trumps"


def test_choose_slave_names_an_opponent():
    for seed in range(60):
        st = advance(new_deal("filko", 4, {}, seed), 32, seed, tier="beginner")
        if not st.is_over and st.phase == "choose":
            break
    action, why = BOT.beginner(st, st.to_act)
    assert action in st.legal_actions() and why["key"] == "bot.filicau.choose_slave"


def test_reasons_exist_in_every_language():
    en = catalog("en")
    for lang in ("hu", "ro", "fa", "ja"):
        other = catalog(lang)
        for why in REASONS:
            key = f"bot.filicau.{why}"
            assert key in en and other.get(key) and other[key] != en[key], (lang, key)
    for why in REASONS:  # Persian: every parameter (cards, seat letters, scores) isolated
        bare = re.sub("\u2068[^\u2069]*\u2069", "", catalog("fa")[f"bot.filicau.{why}"])
        assert not re.search("[{A-Za-z0-9]", bare), (why, bare)


def _twin(state, seat, seed):
    """A position the seat cannot tell from ``state``: the others' cards dealt afresh."""
    for i in range(20):
        twin = BOT.sample_world(state, seat, random.Random(1000 * seed + i))
        if twin.held != state.held:
            return twin
    return None


# The club and expert tiers at their smallest (a few worlds each): the same code paths as the
# default budgets, at a cost the test can afford on every table size.
SMALL = FilicauBot()
SMALL.min_worlds = {"club": 3, "expert": 4}


@pytest.mark.parametrize("tier", ["random", "beginner", "club", "expert"])
def test_determinism_and_no_peeking_every_table_size(tier):
    twins = 0
    # tests/core/test_bots.py covers the default forms at every tier; here every form plays
    # at the fast tiers, and the options' forms (rich and poor, the named partner, Szeged) at all.
    cheap = tier in ("random", "beginner")
    for form, state in positions(seed=5, every=9 if cheap else 11, forms=FORMS if cheap else FORMS[4:]):
        seat = state.to_act
        twin = _twin(state, seat, len(state.history))
        a1, e1 = SMALL.choose(state, seat, tier, random.Random(7), budget=1)
        a2, _ = SMALL.choose(state, seat, tier, random.Random(7), budget=1)
        assert a1 == a2, form
        assert a1 in state.legal_actions() and e1["tier"] == tier
        assert len(e1["actions"]) == len(state.legal_actions())
        if twin is not None:
            twins += 1
            assert BOT.knowledge(twin, seat) == BOT.knowledge(state, seat)
            assert SMALL.choose(twin, seat, tier, random.Random(7), budget=1)[0] == a1, (form, tier)
    assert twins >= (20 if cheap else 8)


def test_choose_through_the_api_for_both_names():
    for game, n in (("filicau", 4), ("filko", 5)):
        st = new_deal(game, n, {}, 1)
        action, why = choose(st, st.to_act, "club", rng=3, budget=20)
        assert action in st.legal_actions() and why["unit"] == "card points" and why["worlds"] >= 3
        assert why["actions"][why["best"]]["action"] == action


def test_expert_weights_worlds_by_the_earlier_plays():
    st = advance(new_deal("filicau", 4, {}, 2), 13, 2, tier="beginner")
    seat = st.to_act
    truth = BOT.world_weight(st, st, seat)  # everyone played by the beginner's rules
    weights = [BOT.world_weight(BOT.sample_world(st, seat, random.Random(i)), st, seat) for i in range(40)]
    # A world where an earlier play was forced (one legal card) may weigh more than the truth,
    # so the truth is no upper bound; but a typical world explains the plays worse than it.
    assert all(0 < w <= 1 for w in weights)
    assert min(weights) < truth and sorted(weights)[len(weights) // 2] < truth
    assert sum(weights) / len(weights) < truth
    start = new_deal("filicau", 4, {}, 2)
    assert BOT.world_weight(start, start, start.to_act) == 1.0


def _duplicate(policy_a, policy_b, game, players, deals, seed):
    """Share of duplicate pairs A wins (each deal twice, the seats swapped; a tie counts half)."""
    won = 0.0
    for d in range(deals):
        start = new_deal(game, players, {}, seed + d)
        margin = 0.0
        for swap in (0, 1):
            pol = [policy_a if s % 2 == swap else policy_b for s in range(players)]
            st, rng = start, random.Random(d)
            while not st.is_over:
                st = st.apply(pol[st.to_act](st, st.to_act, rng))
            a = [BOT.value(st, s) for s in range(players) if pol[s] is policy_a]
            b = [BOT.value(st, s) for s in range(players) if pol[s] is policy_b]
            margin += statistics.mean(a) - statistics.mean(b)
        won += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return won / deals


def _random(st, seat, rng):
    return rng.choice(st.legal_actions())


def _beginner(st, seat, rng):
    return BOT.beginner(st, seat, rng)[0]


@pytest.mark.parametrize("game,players", [("filicau", 4), ("filko", 4)])
def test_duplicate_match_beginner_beats_random(game, players):
    assert _duplicate(_beginner, _random, game, players, 30, 500) >= 0.65
    # The yardstick can fail: random against itself does not pass it.
    assert _duplicate(_random, _random, game, players, 30, 500) < 0.65


@pytest.mark.parametrize("players,floor", [(5, 0.55), (6, 0.62)])
def test_duplicate_match_beginner_beats_random_at_five_and_six(players, floor):
    """Five and six players: shorter hands and (five) a called partner who mixes both tiers
    into each team leave less room (2,000 deals: 65 % and 74.5 %), so 80 deals and a lower
    floor; with the seats' tiers swapped the ordering must turn round."""
    assert _duplicate(_beginner, _random, "filko", players, 80, 500) >= floor
    assert _duplicate(_random, _beginner, "filko", players, 80, 500) <= 1 - floor



def test_expert_takes_fewer_worlds_once_every_world_is_exact():
    """Six players' last two tricks are searched exactly in every world, so the expert buys
    worlds at the exact search's price (``EXACT_MS``), not a playout's; before that point the
    same budget buys the playouts' many worlds."""
    from hcards_core.bots.filicau import EXACT_MS

    st = new_deal("filko", 6, {}, 4)
    while BOT.cards_in_hands(st) > 12 or len(st.legal_actions()) < 2:
        if BOT.cards_in_hands(st) <= 12 and st.is_over:
            pytest.fail("no position with a choice in the last two tricks")
        st = st.apply(BOT.beginner(st, st.to_act)[0])
    n = len(st.legal_actions())
    action, why = BOT.choose(st, st.to_act, "expert", random.Random(1), budget=600)
    assert why["reason"]["key"] == "bot.exact" and action in st.legal_actions()
    assert why["worlds"] == BOT.worlds_for("expert", 600 * BOT.playout_ms / EXACT_MS, n) < BOT.worlds_for("expert", 600, n)
    assert BOT.choose(st, st.to_act, "expert", random.Random(1), budget=600)[0] == action


class _Inverted(FilicauBot):
    """A broken club: it searches for the opponents' best outcome (the sign of ``value`` lost)."""

    min_worlds = {"club": 6, "expert": 6}

    def value(self, state, seat):
        return -super().value(state, seat)


@pytest.mark.parametrize("game,players,deals", [("filicau", 4, 6), ("filko", 6, 16)])
def test_club_search_beats_the_rule_of_thumb_and_a_broken_search_loses(game, players, deals):
    """Short seeded duplicate deals at six worlds a decision: the club's search gains card
    points on the beginner it plays out with, and the same search aimed the wrong way loses
    them — the ordering a broken ``value``, playout or endgame search would not keep. (The
    strength itself, 100+ deals at the default budget: scripts/bench_bots.py's RECORDED.)"""
    club, broken = FilicauBot(), _Inverted()
    club.min_worlds = {"club": 6, "expert": 6}

    def margin(bot):
        total = 0.0
        for d in range(deals):
            start = new_deal(game, players, {}, 900 + d)
            for swap in (0, 1):
                st, rng = start, random.Random(d)
                while not st.is_over:
                    seat = st.to_act
                    if seat % 2 == swap:
                        action = bot.choose(st, seat, "club", rng, budget=1, explain=False)[0]
                    else:
                        action = BOT.beginner(st, seat)[0]
                    st = st.apply(action)
                a = [BOT.value(st, s) for s in range(players) if s % 2 == swap]
                b = [BOT.value(st, s) for s in range(players) if s % 2 != swap]
                total += statistics.mean(a) - statistics.mean(b)
        return total

    # seeds 900-905: Filicău 4 +44 against -208 card points. Filkó 6: +36 against -60 there
    # with the s9 beginner; the s10 beginner (draw trumps, trump with the trump Ten or Ace,
    # no ducking) leaves the six-world club less to gain on six deals (-20 against -20; at
    # the default budget it still wins 63 % of 200 pairs, bench_bots.RECORDED), so sixteen
    # deals, seeds 900-915: +16 against -276 (the first twelve: -12 against -140)
    assert margin(club) > 0 > margin(broken)


def test_club_keeps_the_call_unless_the_worlds_show_a_clear_margin():
    """The öreg's call has ~20 legal cards: at one standard error the best of 20 sampled means
    beat the beginner's call in 16 of 40 deals by the luck of the worlds alone (and changed the
    partner, so the teams, between the two plays of a duplicate pair). So the club weighs one
    call per suit, the rule of thumb's card of it, and ``RULE_Z`` asks 2 standard errors (seeds
    700-709: 10 calls of 10 kept; 20 deals: 19); the other calls are valued for the
    explanation only, over fewer worlds.
    cash_winner at four players always stands."""
    keep = 0
    for d in range(10):
        st = new_deal("filko", 5, {}, 700 + d)
        action, why = BOT.choose(st, st.to_act, "club", random.Random(d))
        keep += action == BOT.beginner(st, st.to_act)[0]
        if why["reason"]["key"] == "bot.filicau.call_suits":
            weighed = why["reason"]["params"]["weighed"]
            assert len({c[1] for c in weighed}) == len(weighed) <= 4 and action["card"] in weighed
            assert why["worlds"] > why["reason"]["params"]["listed"]  # more worlds for fewer calls
        assert [r["action"] for r in why["actions"]] == st.legal_actions()
        assert why["actions"][why["best"]]["action"] == action
    assert keep >= 8
    four = new_deal("filko", 4, {}, 1)
    assert BOT.override_z_for(four, {"key": "bot.filicau.cash_winner"}) == math.inf
    assert BOT.override_z_for(four, {"key": "bot.filicau.lead_low"}) == BOT.override_z


def test_expert_weighs_the_call_by_suit_with_its_own_budget():
    """The expert's call is the club's one call per suit, over the worlds the expert's budget
    buys for those few calls (the old expert spread them over all ~20 calls), explained as the
    expert's."""
    for d in range(3):
        st = new_deal("filko", 5, {}, 710 + d)
        legal = st.legal_actions()
        action, why = BOT.choose(st, st.to_act, "expert", random.Random(d), budget=120)
        assert why["tier"] == "expert" and why["reason"]["key"] in ("bot.filicau.call_suits", "bot.rule_stands")
        assert why["worlds"] > BOT.worlds_for("expert", 120, len(legal))
        if why["reason"]["key"] == "bot.filicau.call_suits":
            weighed = why["reason"]["params"]["weighed"]
            assert len({c[1] for c in weighed}) == len(weighed) <= 4 and action["card"] in weighed
            assert why["worlds"] == BOT.worlds_for("expert", 120, len(weighed))
        assert [r["action"] for r in why["actions"]] == legal
        assert why["actions"][why["best"]]["action"] == action
    # anytime: a wall-clock budget too short for one world still answers, over one world
    action, why = BOT.choose(st, st.to_act, "expert", random.Random(0), budget=0.001, wall_clock=True)
    assert why["worlds"] == 1 and action in legal


def test_five_player_first_lead_takes_more_worlds():
    """The öreg's first lead (one decision a deal, the one most often leaving the rule of thumb)
    gets ``FIRST_LEAD_BUDGET`` times the club's budget."""
    from hcards_core.bots.filicau import FIRST_LEAD_BUDGET
    st = new_deal("filko", 5, {}, 800)
    st = st.apply(BOT.beginner(st, st.to_act)[0])
    n = len(st.legal_actions())
    first = BOT.choose(st, st.to_act, "club", random.Random(0), budget=30)[1]
    assert first["worlds"] == BOT.worlds_for("club", 30 * FIRST_LEAD_BUDGET, n) > BOT.worlds_for("club", 30, n)


def test_five_player_worlds_place_the_called_card_where_the_seat_allows_it():
    """Through whole deals, for the seat to act while the partner is secret: the called card is
    never with the öreg nor with a seat that showed a void in its suit (FC-4.2–4.3), and the
    world's teams and team points are the ones its holder makes (checked on 30 deals, 9,300
    worlds, while measuring issue 15's Filkó 5 club: none wrong)."""
    checked = 0
    for seed in range(6):
        st = new_deal("filko", 5, {}, 300 + seed)
        while not st.is_over:
            seat = st.to_act
            if st.phase == "play" and not st.revealed:
                shown_void = voids(st)
                for k in range(4):
                    w = BOT.sample_world(st, seat, random.Random(k))
                    holder = next(p for p in range(5) if st.called in w.held[p])
                    assert holder != st.old_man and st.eff[st.called] not in shown_void[holder]
                    assert w.partner == holder
                    assert w.team == tuple(0 if p in (st.old_man, holder) else 1 for p in range(5))
                    assert w.points == tuple(sum(st.seat_points[p] for p in range(5) if w.team[p] == t) for t in (0, 1))
                    checked += 1
            st = st.apply(BOT.beginner(st, seat)[0])
    assert checked > 50


def test_five_player_smear_and_win_safe_stand():
    """At five players the club's departures from ``smear`` and ``win_safe`` lost on the real
    cards (scripts/bots_pairs.py): those rules of thumb stand; the other rules' card play
    departs at half a standard error, the call (one card per suit) at 2."""
    five = new_deal("filko", 5, {}, 1)
    assert BOT.override_z_for(five, {"key": "bot.filicau.smear"}) == math.inf
    assert BOT.override_z_for(five, {"key": "bot.filicau.win_safe"}) == math.inf
    assert BOT.override_z_for(five, {"key": "bot.filicau.lead_low"}) == 0.5
    assert BOT.override_z_for(five, {"key": "bot.filicau.call_ace"}) == 2.0


def test_five_player_playouts_play_every_seat_on_what_it_knows():
    """While the partner is secret, a seat's rule of thumb is the same in every world it cannot
    tell from the real deal, whoever holds the called card there: the club's playouts (every
    seat by the beginner's rules, in sampled worlds that know the teams) make each seat play
    on its own knowledge, as the real beginner does (``sides``), not on the world's teams.
    A beginner that read the world's teams would smear on a partner it cannot know."""
    checked, partners = 0, Counter()
    for seed in range(80):  # a secret partner is short-lived: ~4 decisions a deal, few of them partner-sensitive
        st = new_deal("filko", 5, {}, 400 + seed)
        while not st.is_over:
            seat = st.to_act
            if st.phase == "play" and not st.revealed:
                rule = BOT.beginner(st, seat)
                for k in range(6):
                    world = BOT.sample_world(st, seat, random.Random(k))
                    assert BOT.beginner(world, seat) == rule
                    partners[(seed, seat, world.partner)] += 1
                    checked += 1
            st = st.apply(BOT.beginner(st, seat)[0])
    assert checked > 1000 and len(partners) > len({k[:2] for k in partners})  # the worlds' partners differ
