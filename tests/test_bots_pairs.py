"""scripts/bots_pairs.py, the duplicate pairs' diagnostic (a script: not in tests/core, whose
folder alone also runs inside Pyodide)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from hcards_core.bots.match import run_match

# the beginner's reasons, as its English catalog names them ("bot.filicau.<reason>")
CATALOG = Path(__file__).resolve().parents[1] / "hcards_core" / "bots" / "catalog" / "filicau" / "en.json"
REASONS = {k.removeprefix("bot.filicau.") for k in json.loads(CATALOG.read_text("utf-8")) if k.startswith("bot.filicau.")}


def test_pairs_diagnostic_reads_a_matchs_records(script):
    """scripts/bots_pairs.py re-scores a match from its records: the same win rate as the
    match, and the club's departures from the rule of thumb each with its gain on the real cards."""
    pairs = script("bots_pairs")
    buf = io.StringIO()
    out = run_match("filko", ("club", "beginner"), deals=2, players=6, seed=3, records=buf, budgets={"club": 1})
    got = pairs.analyse([json.loads(line) for line in buf.getvalue().splitlines()])
    assert got["pairs"] == 2 and got["win_rate"] == out["win_rate"]
    assert 0.5 <= got["rate_if_ties_stay"] <= 1
    rows = got["departures_by_reason"]
    assert rows and all(k in REASONS and v["n"] >= v["better"] + v["worse"] for k, v in rows.items())


def test_revalue_counts_each_departure_once_with_its_reason(script):
    """``--revalue``: the departures of the reasons asked for, each valued again over many
    worlds; every row a reason of the beginner, its counts within the departures re-valued."""
    pairs = script("bots_pairs")
    buf = io.StringIO()
    run_match("filko", ("club", "beginner"), deals=2, players=5, seed=3, records=buf, budgets={"club": 1})
    lines = [json.loads(line) for line in buf.getvalue().splitlines()]
    got = pairs.revalue(lines, REASONS, worlds=6, limit=3)
    rows = got["by_reason"]
    assert got["worlds"] == 6 and 0 < sum(v["n"] for v in rows.values()) <= 3
    assert all(k in REASONS and 0 <= v["ahead_by_2se"] <= v["still_ahead"] <= v["n"] for k, v in rows.items())
    assert pairs.revalue(lines, set(), worlds=6)["by_reason"] == {}


def test_five_player_pairs_by_who_held_the_oreg_and_the_partner(script):
    """With five players every pair is counted under the tiers that held the öreg's and the
    partner's seats in its first play, and every departure under its seat's role in the deal."""
    pairs = script("bots_pairs")
    buf = io.StringIO()
    run_match("filko", ("club", "beginner"), deals=3, players=5, seed=3, records=buf, budgets={"club": 1})
    lines = [json.loads(line) for line in buf.getvalue().splitlines()]
    got = pairs.analyse(lines)
    rows = got["by_seating"]
    assert sum(v.get(k, 0) for v in rows.values() for k in ("won", "lost", "tied")) == got["pairs"] == 3
    assert all(k.startswith("öreg ") and 0 <= v["win_rate"] <= 1 for k, v in rows.items())
    assert set(got["departures_by_role"]) <= {"öreg", "partner", "defender"}
    assert sum(v["n"] for v in got["departures_by_role"].values()) == sum(v["n"] for v in got["departures_by_reason"].values())
    _, bot, state = pairs._start(lines[0])
    for action in lines[0]["deals"][0]["actions"]:
        state = state.apply(action)
    om, partner = state.old_man, state.partner
    assert pairs.role(state, om) == "öreg"
    assert pairs.role(state, partner) == ("öreg" if partner == om else "partner")
    assert [pairs.role(state, s) for s in range(5)].count("defender") == (4 if partner == om else 3)
    a, b = pairs.seating(state, 0), pairs.seating(state, 1)  # the second play swaps the tiers
    assert a.replace("A", "x").replace("B", "A").replace("x", "B") == b
    assert a.startswith("öreg " + "AB"[om % 2])
    # six players: no call, no seating
    buf = io.StringIO()
    run_match("filko", ("club", "beginner"), deals=1, players=6, seed=3, records=buf, budgets={"club": 1})
    six = pairs.analyse([json.loads(line) for line in buf.getvalue().splitlines()])
    assert set(six["by_seating"]) == {"-"} and set(six["departures_by_role"]) <= {"-"}
