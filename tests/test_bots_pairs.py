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
