"""Ferbli hand ranking (F-2): a hand is worth its best combination only — no kickers.

Every four-card hand is evaluated once per ranking variant, when first ranked, into a table
keyed by the hand's 32-bit card mask, so ranking it again is one dict lookup (the benchmark
target is 300,000 hands/s). ``key`` orders hands: higher is better, equal keys are equal hands and
position decides (F-2.5, F-8.3).

>>> rank_hand("Aa Al 8h 7b")
{'category': 'two_aces', 'value': None}
>>> rank_hand(["Ah", "Kh", "Oh", "Aa"])  # the ferbli of 31 beats the two aces
{'category': 'three_card_ferbli', 'value': 31}
>>> compare_hands("Aa Al 8h 7b", "Ah Ab Kl Kb")  # EX-F3: equal, position decides
0
>>> rank_hand("Oa Ah Kh Xh", {"wild": "santa"})  # EX-F6: the Sánta counts 11 in a suit
{'category': 'banda', 'value': 42}
>>> compare_hands("Kh Xh 9h Aa", "Al Xl 8l Ka", {"tie_break": "suit"})  # D-F3: piros beats zöld
1

With the HW-F tie-break (option ``tie_break: suit``, D-F3) equal bandas and three-card
ferblis are separated afterwards by ``suit_key``, only when two keys are equal, so the
tables stay the same for both rules.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import PACK, parse_cards
from ..errors import MalformedRecord

VALUES = {"A": 11, "K": 10, "O": 10, "U": 10, "X": 10, "9": 9, "8": 8, "7": 7}
RANK_ORDER = "AKOUX987"  # F-2.2: rank order for four and three of a kind, highest first
RUN_ORDER = "789XUOKA"   # F-V1a: the order in which grigáré ranks are consecutive
SUIT_ORDER = "albh"       # HW-F (D-F3), lowest first: makk < zöld < tök < piros
SUITED = {"banda": 4, "three_card_ferbli": 3}  # the categories HW-F's tie-break covers
WILD_VALUE = 11          # F-V2/F-V3, D-F18

# Highest first. The grigáré categories exist only under their option.
CATEGORIES = ("kis_grigare", "nagy_grigare", "four_of_a_kind", "banda", "grigare",
              "three_of_a_kind", "three_card_ferbli", "two_aces", "two_card_ferbli", "four_suits")
STRENGTH = {c: len(CATEGORIES) - i for i, c in enumerate(CATEGORIES)}
KIS_GRIGARE = frozenset({"7a", "8l", "9b", "Xh"})   # EX-F7
NAGY_GRIGARE = frozenset({"Ua", "Ol", "Kb", "Ah"})
BIT = {card: 1 << i for i, card in enumerate(PACK)}


def _rank_number(r: str) -> int:
    return len(RANK_ORDER) - RANK_ORDER.index(r)  # A 8 … VII 1


def evaluate(cards, wilds=frozenset(), grigare: str = "none") -> tuple[str, object, int]:
    """(category, value, key) of four distinct cards: the best combination they hold.

    A wild card may stand for any card, even one already held, and counts 11 (D-F18), so
    the best use of wilds is found by counting rather than by trying substitutions.
    """
    naturals = [c for c in cards if c not in wilds]
    w = len(cards) - len(naturals)
    if grigare == "kis_nagy":
        held = set(naturals)
        if held <= KIS_GRIGARE:
            return _entry("kis_grigare", None, 0)
        if held <= NAGY_GRIGARE:
            return _entry("nagy_grigare", None, 0)
    ranks: dict[str, int] = {}
    suits: dict[str, list[int]] = {}
    for c in naturals:
        ranks[c[0]] = ranks.get(c[0], 0) + 1
        suits.setdefault(c[1], []).append(VALUES[c[0]])
    for vals in suits.values():
        vals.sort(reverse=True)
    if len(ranks) <= 1:
        r = next(iter(ranks), "A")
        return _entry("four_of_a_kind", r, _rank_number(r))
    if len(suits) <= 1:
        total = sum(next(iter(suits.values()))) + WILD_VALUE * w
        return _entry("banda", total, total)
    if grigare == "general":
        top = _grigare_top(naturals, ranks, suits)
        if top is not None:
            return _entry("grigare", RUN_ORDER[top], top + 1)
    best = next((r for r in RANK_ORDER if ranks.get(r, 0) + w >= 3), None)
    if best is not None:
        return _entry("three_of_a_kind", best, _rank_number(best))
    total = _best_suited(suits, w, 3)
    if total is not None:
        return _entry("three_card_ferbli", total, total)
    if ranks.get("A", 0) + w >= 2:
        return _entry("two_aces", None, 0)
    total = _best_suited(suits, w, 2)
    if total is not None:
        return _entry("two_card_ferbli", total, total)
    high = max([VALUES[c[0]] for c in naturals] + [WILD_VALUE] * bool(w))
    return _entry("four_suits", high, high)


def _entry(category: str, value, number: int) -> tuple[str, object, int]:
    return category, value, STRENGTH[category] * 100 + number


def _best_suited(suits: dict[str, list[int]], w: int, size: int) -> int | None:
    """The best total of ``size`` cards of one suit, wilds (11 each) first."""
    k = min(w, size)
    totals = [WILD_VALUE * k + sum(vals[:size - k]) for vals in suits.values() if len(vals) + w >= size]
    if w >= size:
        totals.append(WILD_VALUE * size)
    return max(totals) if totals else None


def _grigare_top(naturals, ranks, suits) -> int | None:
    """Index in RUN_ORDER of the top card of a grigáré (F-V1a), or None."""
    if len(ranks) != len(naturals) or len(suits) != len(naturals):
        return None
    idx = sorted(RUN_ORDER.index(r) for r in ranks)
    if idx[-1] - idx[0] > 3:
        return None
    return min(idx[0] + 3, len(RUN_ORDER) - 1)


def suit_key(cards, category: str, wilds=frozenset()) -> tuple:
    """The HW-F tie-break of an equal banda or three-card ferbli (D-F3): the suit of the
    combination (piros > tök > zöld > makk), then its cards in rank order, highest first; a
    wild counts as the Ace. () for every other category, where position decides.

    Where wilds allow the same total in several suits, the best of them counts.

    >>> suit_key(["Ah", "Xh", "8h", "Ka"], "three_card_ferbli") > suit_key(["Kh", "Oh", "9h", "Aa"], "three_card_ferbli")
    True
    """
    size = SUITED.get(category)
    if size is None:
        return ()
    naturals = [c for c in cards if c not in wilds]
    k = min(len(cards) - len(naturals), size)
    best = None
    for suit in set(c[1] for c in naturals):
        group = sorted((c for c in naturals if c[1] == suit), key=lambda c: (VALUES[c[0]], _rank_number(c[0])),
                       reverse=True)[:size - k]
        if len(group) + k < size:
            continue
        total = WILD_VALUE * k + sum(VALUES[c[0]] for c in group)
        ranks = sorted([_rank_number("A")] * k + [_rank_number(c[0]) for c in group], reverse=True)
        candidate = (total, SUIT_ORDER.index(suit), tuple(ranks))
        if best is None or candidate > best:
            best = candidate
    return best[1:] if best else ()


def tie_break(options: dict | None, a, entry_a, b, entry_b) -> int:
    """1 / -1 when the option ``tie_break: suit`` separates two hands of equal key, else 0."""
    if not options or options.get("tie_break") != "suit" or entry_a[2] != entry_b[2]:
        return 0
    wilds = _wilds(options)
    ka, kb = suit_key(a, entry_a[0], wilds), suit_key(b, entry_b[0], wilds)
    return (ka > kb) - (ka < kb)


class Ranking:
    """The table of the 35,960 hands for one ranking variant, each evaluated once when first
    asked for: building all of it up front cost ~0.3 s of Python's start in the browser, while
    a deal ranks only a few hands (``fill()`` builds it whole, e.g. for a benchmark)."""

    def __init__(self, wilds=frozenset(), grigare: str = "none"):
        self.wilds, self.grigare = frozenset(wilds), grigare
        self.table: dict[int, tuple[str, object, int]] = {}

    def entry(self, cards) -> tuple[str, object, int]:
        """(category, value, key) of four card codes; KeyError if they are not four distinct cards."""
        mask = BIT[cards[0]] | BIT[cards[1]] | BIT[cards[2]] | BIT[cards[3]]
        found = self.table.get(mask)
        if found is None:
            if mask.bit_count() != 4:
                raise KeyError(mask)
            found = self.table[mask] = evaluate(cards, self.wilds, self.grigare)
        return found

    def fill(self) -> Ranking:
        for hand in combinations(PACK, 4):
            self.entry(hand)
        return self

    def key(self, cards) -> int:
        return self.entry(cards)[2]


_RANKINGS: dict[tuple, Ranking] = {}


def ranking_for(options: dict | None) -> Ranking:
    """The (cached) table for parsed options; None means the default rules."""
    wilds = frozenset() if not options else _wilds(options)
    grigare = "none" if not options else options.get("grigare", "none")
    spec = (wilds, grigare)
    if spec not in _RANKINGS:
        _RANKINGS[spec] = Ranking(wilds, grigare)
    return _RANKINGS[spec]


def _wilds(options: dict) -> frozenset:
    from .options import WILD_SETS
    return WILD_SETS[options.get("wild", "none")]


def _parse_options(options: dict | None) -> dict | None:
    if not options:
        return None
    from . import GAME
    return GAME.parse_options(options, where="options")


def _four(cards, ranking: Ranking, where: str) -> tuple[str, object, int]:
    codes = cards.split() if type(cards) is str else cards
    if type(codes) is list and len(codes) == 4:  # fast path: four distinct codes
        try:
            return ranking.entry(codes)
        except KeyError:
            pass
    parsed = parse_cards(cards if isinstance(cards, (str, list)) else repr(cards), where=where)
    if len(parsed) != 4:
        raise MalformedRecord("ferbli_hand_size", where=where, count=len(parsed))
    return ranking.entry(parsed)


def rank_hand(cards, options: dict | None = None) -> dict:
    """``{"category", "value"}`` of a hand given as text or a list of four cards (F-2)."""
    category, value, _ = _four(cards, ranking_for(_parse_options(options)), "cards")
    return {"category": category, "value": value}


def compare_hands(a, b, options: dict | None = None) -> int:
    """1 if hand ``a`` is better, -1 if ``b`` is, 0 if equal (then position decides, F-8.3);
    with ``tie_break: suit`` equal bandas and three-card ferblis are separated by suit (D-F3)."""
    options = _parse_options(options)
    ranking = ranking_for(options)
    ea, eb = _four(a, ranking, "first"), _four(b, ranking, "second")
    ka, kb = ea[2], eb[2]
    if ka == kb:  # D-F3: the HW-F suit order when chosen, else position decides (F-8.3)
        return tie_break(options, _codes(a), ea, _codes(b), eb)
    return (ka > kb) - (ka < kb)


def _codes(cards) -> list[str]:
    """The codes of a hand that ``_four`` has already accepted (names allowed)."""
    return parse_cards(cards if isinstance(cards, (str, list)) else repr(cards), where="cards")
