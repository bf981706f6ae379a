"""Ferbli's variant switches (rules digest F-3, F-5 and table F-10).

Every option names its default and the clause or variant id it comes from, so the variants
page and the engine cannot drift apart. Where the sources leave a variant incomplete the
option implements the digest's proposal and says so ("partly"/"mostly" in F-10).

>>> from hcards_core.ferbli import GAME
>>> opts = GAME.parse_options({"limit": "triple"})
>>> limit_for(opts, 4), limit_for(GAME.parse_options({"limit": "unlimited"}), 4)
(12, None)
>>> sorted(wild_cards(GAME.parse_options({"wild": "tens_santa"})))
['Oa', 'Xa', 'Xb', 'Xh', 'Xl']
"""

from __future__ import annotations

from ..game import Option

# Wild-card sets (F-V2, F-V3). The source ties the sets of VIIs to the number of players
# (VII piros with 5, + zöld with 6, + makk with 7); the option names the set itself so that
# `rank` works without a table, and the docs say which table size each belongs to.
WILD_SETS = {
    "none": frozenset(),
    "santa": frozenset({"Oa"}),
    "tens": frozenset({"Xa", "Xl", "Xh", "Xb"}),
    "tens_santa": frozenset({"Xa", "Xl", "Xh", "Xb", "Oa"}),
    "seven_h": frozenset({"7h"}),
    "seven_hl": frozenset({"7h", "7l"}),
    "seven_hla": frozenset({"7h", "7l", "7a"}),
}

OPTIONS = {o.name: o for o in (
    Option("vizi", 1, rule="F-0.2",
           doc="The vizi V in chips (a positive integer); every amount is a multiple of it."),
    Option("limit", "limited", ("limited", "triple", "unlimited"), rule="F-3.3",
           doc="limited: each bet V…2× the largest bet so far (F-3.3, default); "
               "triple: V…3× (F-V4, played with Sánta); unlimited: V and up (F-V5, F-3.4)."),
    Option("besszer_cap", "limit", ("limit", "double_vizi"), rule="F-6.1",
           doc="The largest besszer: 'limit' (default: a besszer is a bet like any other, so the "
               "limit in force caps it — 2V in limited Ferbli, as F-6.1 states, 3V with the "
               "three-times limit, none in unlimited Ferbli, whose source sets no upper limit on "
               "any bet, F-3.4) or 'double_vizi' (F-6.1's V to 2V whatever the limit)."),
    Option("table_cap", 0, rule="F-3.1",
           doc="Optional agreed maximum of one player's stake in a deal (D-F11); 0 = none. "
               "A bet or raise that would take the bettor past it is illegal; a compulsory "
               "blind raise it blocks is waived (D-F21)."),
    Option("grigare", "none", ("none", "kis_nagy", "general"), rule="F-V1b",
           doc="kis_nagy (F-V1b, fully specified): kis grigáré 7a 8l 9b Xh is the top hand, nagy "
               "grigáré Ua Ol Kb Ah second. general (F-V1a, partly specified): four consecutive "
               "ranks (7 8 9 X U O K A) in four suits, between banda and three of a kind, ranked "
               "by the top card (our proposal)."),
    Option("wild", "none", tuple(WILD_SETS), rule="F-V2",
           doc="Wild cards (F-V2/F-V3, mostly specified; D-F18: a wild may copy any card, even "
               "one held, and counts 11). santa = the Over of acorns; tens; tens_santa (5+ "
               "players); seven_h (5 players), seven_hl (6), seven_hla (7). With santa the "
               "Sánta (santa, tens_santa) the quorum is 2 at any table size."),
    Option("majzli", False, rule="F-V8",
           doc="Majzli: P1 opens the deal with the act `majzli {amount}` (the vizi hidden in the "
               "fist, at least V); the others stay (`vizi`) or fold without knowing it; then it is "
               "revealed and P1 and every stayer pay it. It is the deal's first bet."),
    Option("majzli_minimum", "fist", ("fist", "table"), rule="F-V8",
           doc="With Majzli, the smallest bet after the fist opens: 'fist' (default: the source "
               "has P1 choose *the vizi* for the deal, so the fist's amount is this deal's vizi — "
               "the minimum of every later bet, the besszer's V to 2V and a cukassza's payment) "
               "or 'table' (the table's agreed vizi stays the minimum; the fist only sets the "
               "largest bet so far)."),
    Option("two_failed_deals", False, rule="F-V9",
           doc="After two cukasszas in a row (failed quorum), nobody may fold in round 1 of the "
               "third deal: everyone pays the vizi."),
    Option("call_or_drop", False, rule="F-V6",
           doc="In a cukassza deal (a pot carried in) round 1 runs clockwise from the dealer "
               "(as FA-F states; unverified, D-F17) and one caller besides P1 is enough."),
    Option("call_or_drop_announced", False, rule="F-V6",
           doc="With call_or_drop: the source says the dealer *may* announce it, so the dealer of "
               "each cukassza deal decides, after P1's blind (or Majzli fist) and before round 1, "
               "with the act `call_or_drop` (announced: the order and quorum above) or "
               "`no_call_or_drop` (the deal runs as usual). Default off: call_or_drop applies "
               "to every cukassza deal without an announcement."),
    Option("shown_cards", False, rule="F-V7",
           doc="After a besszer, each active player shows two of their four cards at the start "
               "of round 3 (two `show {card}` acts, in turn order; our proposal for timing and "
               "order). The besszerer and the chargers show the first two or the last two."),
    Option("tie_break", "position", ("position", "suit"), rule="F-8.3 / D-F3",
           doc="Equal hands at the showdown. position (default, F-2.5/F-8.3): the tied player "
               "nearest the dealer's right wins. suit (HW-F, D-F3): equal-total bandas and "
               "three-card ferblis go by the suit of the combination, piros > tök > zöld > makk, "
               "then by its top card in rank order A K O U X IX VIII VII (a wild counts as the "
               "Ace); other equal hands still go by position. Also used by `compare`."),
    Option("ruleset", "pagat", ("pagat", "titok"), rule="F-V12",
           doc="titok: the simplified titok.info preset (F-V12): quorum 3, besszer exactly 2V, "
               "re-raises at most 3V and the visszahívás privilege held by the last active "
               "player in turn order (our reading)."),
)}

CHECK_WORDS = ("fórpassz", "cupassz", "dru", "undpassz")
LATER_CHECK_WORD = "und"


def check_word(index: int) -> str:
    """The traditional word of the ``index``-th check of round 3 (F-7.2, cosmetic).

    >>> [check_word(i) for i in range(6)]
    ['fórpassz', 'cupassz', 'dru', 'undpassz', 'und', 'und']
    """
    return CHECK_WORDS[index] if index < len(CHECK_WORDS) else LATER_CHECK_WORD


def wild_cards(options: dict) -> frozenset:
    return WILD_SETS[options["wild"]]


def limit_for(options: dict, largest: int) -> int | None:
    """The most a single bet may be, given the largest bet so far (F-3.3); None = no maximum."""
    if options["limit"] == "unlimited":
        return None
    return (3 if options["limit"] == "triple" else 2) * largest


def quorum(options: dict, players: int, call_or_drop: bool) -> int:
    """Active players needed after round 1 (F-5.3; F-V2 Sánta, F-V6, F-V12)."""
    if options["ruleset"] == "titok":
        return min(3, players)
    if call_or_drop or "Oa" in wild_cards(options):
        return 2
    return 3 if players >= 5 else 2
