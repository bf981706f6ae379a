"""Smoke test of the core benchmark module (scripts/bench_core.py) with tiny sizes, in-process.

Checks the shape of what scripts/bench reads; no timing assertions (the machine is shared).
"""

from __future__ import annotations

import importlib.util
import json

GAMES = ("zsiros", "filicau", "ferbli")
TINY = {"rank_rounds": 1, "step_deals": 2, "deals": {"zsiros": 1, "filicau": 1, "ferbli": 2}}


def load_bench_core(repo):
    spec = importlib.util.spec_from_file_location("bench_core", repo / "scripts" / "bench_core.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_core_benchmark_output_shape(repo):
    out = load_bench_core(repo).run(TINY)
    json.dumps(out)  # JSON-able: the Pyodide run sends it back as text
    assert out["sizes"]["step_deals"] == 2 and out["sizes"]["deals"]["ferbli"] == 2
    rank = out["ferbli_rank"]
    assert rank["hands"] == 35_960 and rank["evaluations"] == 35_960
    assert rank["hands_per_s"] > 0 and rank["table_build_s"] >= 0
    for game in GAMES:
        assert out["steps"][game]["steps"] > 0
        assert out["step_us"][game] > 0
        assert out["deals"][game]["deals"] == TINY["deals"][game]
        assert out["deals_per_s"][game] > 0


def test_bench_driver_table_from_recorded_numbers(repo):
    """The table is built from the JSON alone (a core result of the shape above suffices)."""
    spec = importlib.util.spec_from_file_location("bench_driver", repo / "scripts" / "bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    core = load_bench_core(repo).run(TINY)
    summary = {"python": core["python"], "platform": core["platform"],
               "ferbli_hands_per_s": core["ferbli_rank"]["hands_per_s"],
               "ferbli_table_build_s": core["ferbli_rank"]["table_build_s"],
               "step_us": core["step_us"], "deals_per_s": core["deals_per_s"]}
    ratio = {"ferbli_rank": 1.0, **{f"step_{g}": 1.0 for g in GAMES}, **{f"deals_{g}": 1.0 for g in GAMES}}
    rows = bench.rows_for({"core": {"rounds": 1, "cpython": summary, "pyodide": summary,
                                    "pyodide_over_cpython": ratio, "pyodide_boot": {"load_pyodide_ms": 1.0}},
                           "build": {"full": {"seconds": 1.0, "ok": True}, "serve": {"rebuild_s": 1.0}}})
    assert all(len(r) == 5 for r in rows)
    assert any(r[0].startswith("Ferbli rank_hand, CPython") for r in rows)
    assert any("full five-language build" in r[0] and r[4] == "✓" for r in rows)


def test_fuzz_section_runs_and_is_tabled(repo):
    """``scripts/bench --only fuzz`` in miniature: the counts per outcome, and the table rows."""
    spec = importlib.util.spec_from_file_location("bench_driver", repo / "scripts" / "bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    spec = importlib.util.spec_from_file_location("fuzz_core", repo / "scripts" / "fuzz_core.py")
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    out = {**fuzz.run(60, seed=3, repo=repo), "seconds": 1.0}
    json.dumps(out)
    assert out["inputs"] == 60 and sum(out["counts"].values()) == 60 and out["seed_records"] > 40
    summary = bench.fuzz_summary(out["counts"])
    assert set(summary["cli"]) <= {"exit 0", "exit 1", "exit 2"} and "internal_error" not in summary["bridge"]
    rows = bench.rows_for({"fuzz": out})
    assert all(len(r) == 5 for r in rows)
    assert any(r[0].startswith("tracebacks") and r[3] == "0" for r in rows)
