"""Smoke test of the computer players' benchmark (scripts/bench_bots.py) with tiny sizes.

Checks the shape scripts/bench reads and that the time per decision is counted on a CPU
clock the output names (never a timing assertion: the machine is shared).
"""

from __future__ import annotations

import json
import time


def test_cpu_clock_counts_cpu_not_sleep(script):
    name, clock = script("bench_bots").cpu_clock()
    assert name.startswith("time.process_time") and "CPU" in name
    c0 = clock()
    time.sleep(0.05)
    assert clock() - c0 < 0.04  # a sleeping process uses next to no CPU


def test_times_and_a_match_output_shape(script):
    out = script("bench_bots").run({"deals": 1, "positions": 2, "tables": [["zsiros", 2]],
                                     "pairs": [["beginner", "random"]], "time_tiers": ["beginner"]})
    json.dumps(out)  # the Pyodide run sends it back as text
    assert out["cpu_clock"].startswith("time.process_time")
    (match,) = out["matches"]
    assert match["deals"] == 1 and match["cpu_ms_per_decision"] >= 0
    (t,) = out["times"]
    assert t["decisions"] == 2 and t["cpu_clock"] == out["cpu_clock"]
    assert 0 <= t["cpu_median_ms"] <= t["cpu_p95_ms"] <= t["cpu_max_ms"]
    assert {"median_ms", "p95_ms", "max_ms"} <= set(t)
    assert {r["game"] for r in out["recorded"]} >= {"zsiros", "filicau", "filko", "ferbli"}
