"""Ferbli's HW-F tie-break (D-F3, option ``tie_break: suit``): equal-total bandas and
three-card ferblis are separated by suit (piros > tök > zöld > makk), then by the top card;
every other tie, and every tie under the default, goes by position (F-2.5, F-8.3).

The expectations come from a plain re-statement of the rule (``naive``), not from the engine.
"""

import io
import json
import random
from contextlib import redirect_stdout
from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from hcards_core.cards import PACK
from hcards_core.cli import main
from hcards_core.errors import IllegalAction
from hcards_core.ferbli import GAME, compare_hands, rank_hand
from hcards_core.ferbli.ranking import CATEGORIES
from hcards_core.messages import catalog
from hcards_core.records import replay

from test_ferbli_properties import illegal_moves, snapshot

SUIT = {"h": 4, "b": 3, "l": 2, "a": 1}  # piros > tök > zöld > makk
RANK = {r: 8 - i for i, r in enumerate("AKOUX987")}
SUITED = {"banda": 4, "three_card_ferbli": 3}
BY_SUIT = {"tie_break": "suit"}


def naive(cards):
    """(category, value, suit, ranks): the HW-F order of a hand without wild cards."""
    r = rank_hand(cards)
    strength = -CATEGORIES.index(r["category"])
    value = r["value"] if isinstance(r["value"], int) else RANK.get(r["value"], 0)
    size = SUITED.get(r["category"])
    if size is None:
        return strength, value, 0, ()
    suit = next(s for s in SUIT if sum(c[1] == s for c in cards) >= size)
    ranks = sorted((RANK[c[0]] for c in cards if c[1] == suit), reverse=True)
    return strength, value, SUIT[suit], tuple(ranks)


@lru_cache(maxsize=None)
def suited_groups():
    """Every banda and three-card ferbli hand, grouped by (category, total)."""
    groups = {}
    for hand in combinations(PACK, 4):
        r = rank_hand(list(hand))
        if r["category"] in SUITED:
            groups.setdefault((r["category"], r["value"]), []).append(hand)
    return groups


def cli_compare(a, b, options):
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["compare", "ferbli", a, b, "--options", json.dumps(options)])
    return status, json.loads(out.getvalue())["result"]


# ---- compare ---------------------------------------------------------------------------------

def test_equal_bandas_go_by_suit_piros_tok_zold_makk():
    bandas = {s: f"A{s} K{s} 9{s} 7{s}" for s in "hbla"}  # all 37
    for hi, lo in combinations("hbla", 2):
        assert compare_hands(bandas[hi], bandas[lo]) == 0  # default: position decides
        assert compare_hands(bandas[hi], bandas[lo], BY_SUIT) == 1
        assert compare_hands(bandas[lo], bandas[hi], BY_SUIT) == -1
    assert cli_compare(bandas["l"], bandas["b"], BY_SUIT) == (0, -1)
    assert cli_compare(bandas["l"], bandas["b"], {}) == (0, 0)


def test_same_suit_same_total_goes_by_the_top_card_in_rank_order():
    assert compare_hands("Ah Xh 8h Ka", "Kh Oh 9h Aa", BY_SUIT) == 1  # 29 each: Ace over King
    assert compare_hands("Kh Xh 7h 8a", "Oh 9h 8h 7a", BY_SUIT) == 1  # 27 each: King over Over (both 10)
    assert compare_hands("Kh Xh 7h 8a", "Oh 9h 8h 7a") == 0


def test_a_better_total_still_beats_a_better_suit():
    assert compare_hands("Aa Ka Oa 7b", "Ah Kh 9h 7b", BY_SUIT) == 1  # makk 31 beats piros 30
    assert compare_hands("Aa Ka Oa Ua", "Ah Kh 9h 7h", BY_SUIT) == 1  # banda 41 beats banda 37


@pytest.mark.parametrize("a,b", [
    ("Aa Al 8h 7b", "Ah Ab Kl Kb"),  # two aces (EX-F3)
    ("Kh Ob Ul Xa", "Xh Kb 9l 8a"),  # four suits, 10
    ("Ah 9h Kb Xl", "Al 9l Ka Xb"),  # two-card ferbli 20
])
def test_other_ties_still_go_by_position(a, b):
    assert compare_hands(a, b, BY_SUIT) == 0


def test_wild_card_counts_as_the_ace_of_its_suit():
    santa = {"wild": "santa", **BY_SUIT}
    assert rank_hand("Oa Kh 9h 8a", santa) == {"category": "three_card_ferbli", "value": 30}
    assert compare_hands("Oa Kh 9h 8a", "Ab Kb 9b 7l", santa) == 1  # piros 30 over tök 30
    assert compare_hands("Ab Kb 9b 7l", "Oa Kh 9h 8a", santa) == -1


def test_compare_agrees_with_the_plain_rule_on_every_equal_pair_sampled():
    rng = random.Random(3)
    checked = 0
    for hands in suited_groups().values():
        for _ in range(20):
            a, b = " ".join(rng.choice(hands)), " ".join(rng.choice(hands))
            if set(a.split()) & set(b.split()):
                continue
            want = (naive(a.split()) > naive(b.split())) - (naive(a.split()) < naive(b.split()))
            assert compare_hands(a, b, BY_SUIT) == want != 0
            checked += 1
    assert checked > 200


# ---- the showdown ----------------------------------------------------------------------------

def to_showdown(hands, options, dealer):
    """A record where everyone stays to the showdown: round 1 paid, 'Mehet', every player looks,
    the first bets the vizi, the others pay, then the last caller stops."""
    n = len(hands)
    rec = {"game": "ferbli", "players": n, "dealer": dealer, "options": options,
           "deals": [{"cards": {"hands": hands}, "actions": []}]}
    for _ in range(40):
        deal = replay(rec)["deals"][0]
        if deal["result"] is not None:
            return rec, replay(rec, lang="hu", events=True)
        acts = {a["act"]: a for a in deal["legal"]}
        act = next(a for a in ("vizi", "go_on", "look", "bet", "pay", "stop") if a in acts)
        action = {"seat": deal["to_act"], "act": act}
        if act == "bet":
            action["amount"] = acts["bet"]["min"]
        rec["deals"][0]["actions"].append(action)
    raise AssertionError("no showdown")


def test_showdown_default_gives_the_tie_to_position_and_the_option_to_piros():
    hands = [["Al", "Kl", "9l", "7l"], ["Ah", "Kh", "9h", "7h"]]  # seat 0 is nearest the dealer's right
    _, plain = to_showdown(hands, {}, dealer=1)
    assert plain["deals"][0]["result"]["winner"] == 0
    assert not any(e["type"] == "tie_by_suit" for e in plain["deals"][0]["events"])
    _, suit = to_showdown(hands, BY_SUIT, dealer=1)
    deal = suit["deals"][0]
    assert deal["result"]["winner"] == 1 and deal["result"]["won"] == plain["deals"][0]["result"]["won"]
    tie = [e for e in deal["events"] if e["type"] == "tie_by_suit"]
    assert tie and tie[0]["seat"] == 1 and tie[0]["tied"] == 0 and "piros" in tie[0]["text"]
    assert suit["session"]["balances"] == plain["session"]["balances"][::-1]


@pytest.mark.parametrize("lang", ["en", "hu", "ro", "fa", "ja"])
def test_the_event_has_text_in_every_language(lang):
    assert "event.ferbli.tie_by_suit" in catalog(lang)


def test_option_is_documented_with_its_default_and_clauses():
    opt = GAME.options["tie_break"]
    assert opt.default == "position" and opt.choices == ("position", "suit") and "D-F3" in opt.rule


# ---- random showdowns with tied hands --------------------------------------------------------

def tied_hands(rng, players):
    """Hands for ``players`` seats where at least two share a category and total (a banda or
    three-card ferbli), the rest random."""
    groups = suited_groups()
    keys = sorted(groups)
    while True:
        pool = groups[rng.choice(keys)]
        a, b = rng.choice(pool), rng.choice(pool)
        if not set(a) & set(b):
            break
    rest = [c for c in PACK if c not in a + b]
    rng.shuffle(rest)
    hands = [list(a), list(b)] + [rest[4 * k:4 * k + 4] for k in range(players - 2)]
    rng.shuffle(hands)
    return hands


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5))
def test_random_tied_showdowns_keep_every_invariant(seed, players):
    rng = random.Random(seed)
    hands = tied_hands(rng, players)
    dealer = rng.randrange(players)
    rec, out = to_showdown(hands, BY_SUIT, dealer)
    res = out["deals"][0]["result"]
    order = [s["seat"] for s in res["showdown"]]
    best = max(naive(hands[s]) for s in order)
    assert res["winner"] == next(s for s in order if naive(hands[s]) == best)  # first of the best
    assert sum(out["session"]["balances"]) + out["session"]["pot"] == 0  # chips conserved
    # an illegal action leaves every state of the deal unchanged
    options = GAME.parse_options(BY_SUIT)
    state = GAME.deal(GAME.new_session(players, options, dealer, {}), {"hands": hands}, None, "d")
    for action in rec["deals"][0]["actions"]:
        before = snapshot(state)
        for move in illegal_moves(state):
            with pytest.raises(IllegalAction):
                state.apply(move)
            assert snapshot(state) == before
        state = state.apply(action)
    assert state.result()["winner"] == res["winner"]
