"""scripts/beginner_alternatives.py, the beginner's rule-by-rule diagnostic (a script: not in
tests/core, whose folder alone also runs inside Pyodide)."""

from __future__ import annotations

from hcards_core.bots.filicau import FilicauBot


def test_the_rules_own_card_gains_nothing_and_a_bad_rule_shows(script, monkeypatch):
    """Every reason's alternatives are valued against the rule's card: the alternative that is
    the rule's own card gains exactly 0; made to discard its highest card instead of its lowest,
    the beginner's ``discard_low`` shows the lowest card as a clear gain."""
    alt = script("beginner_alternatives")
    got = alt.analyse("filko", 6, deals=60, rollouts=2, seed="t")
    assert got["discard_low"]["alternatives"]["low"]["mean_gain"] == 0.0
    assert all(row["alternatives"]["ORACLE"]["mean_gain"] >= 0 for row in got.values())

    rule = FilicauBot.beginner

    def careless(self, state, seat, rng=None):
        action, why = rule(self, state, seat, rng)
        if why["key"].endswith(".discard_low"):
            legal = [a["card"] for a in state.legal_actions()]
            action = {**action, "card": max(legal, key=lambda c: (c in state.ctx.top, state.power[c]))}
        return action, why

    monkeypatch.setattr(FilicauBot, "beginner", careless)
    bad = alt.analyse("filko", 6, deals=60, rollouts=2, seed="t")["discard_low"]["alternatives"]["low"]
    assert bad["mean_gain"] > 0.5 and bad["z"] > 2
