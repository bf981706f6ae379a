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
