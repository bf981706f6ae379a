"""Smoke test of the core benchmark module (scripts/bench_core.py) with tiny sizes, in-process.

Checks the shape of what scripts/bench reads; no timing assertions (the machine is shared).
"""

from __future__ import annotations

import json

GAMES = ("zsiros", "filicau", "ferbli")
TINY = {"rank_rounds": 1, "step_deals": 2, "deals": {"zsiros": 1, "filicau": 1, "ferbli": 2}}


def test_core_benchmark_output_shape(script):
    out = script("bench_core").run(TINY)
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


def test_bench_driver_table_from_recorded_numbers(script):
    """The table is built from the JSON alone (a core result of the shape above suffices)."""
    bench = script("bench")
    core = script("bench_core").run(TINY)
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


def test_fuzz_section_runs_and_is_tabled(script, repo):
    """``scripts/bench --only fuzz`` in miniature: the counts per outcome, and the table rows."""
    bench = script("bench")
    fuzz = script("fuzz_core")
    out = {**fuzz.run(60, seed=3, repo=repo), "seconds": 1.0}
    json.dumps(out)
    assert out["inputs"] == 60 and sum(out["counts"].values()) == 60 and out["seed_records"] > 40
    summary = bench.fuzz_summary(out["counts"])
    assert set(summary["cli"]) <= {"exit 0", "exit 1", "exit 2"} and "internal_error" not in summary["bridge"]
    rows = bench.rows_for({"fuzz": out})
    assert all(len(r) == 5 for r in rows)
    assert any(r[0].startswith("tracebacks") and r[3] == "0" for r in rows)


def test_offline_section_is_tabled(script, tmp_path):
    """``scripts/bench --only offline``: Python's download from the built site's files (the
    .gz copies when there are any) and the second-page row, from recorded numbers."""
    bench = script("bench")
    pyodide = tmp_path / "assets" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "pyodide.asm.wasm").write_bytes(b"\0" * 4000)
    (pyodide / "python_stdlib.zip").write_bytes(b"z" * 1000)
    (pyodide / "hcards_core-0.1.0-py3-none-any.whl").write_bytes(b"w" * 500)
    (pyodide / "hcards_core-0.1.0-py3-none-any.whl.gz").write_bytes(b"g" * 100)
    (pyodide / "pyodide.asm.wasm.br").write_bytes(b"b" * 30)  # the build's brotli copy
    (pyodide / "package.json").write_text("{}")
    dl = bench.python_download(tmp_path)
    assert set(dl["files"]) == {"pyodide.asm.wasm", "python_stdlib.zip", "hcards_core-0.1.0-py3-none-any.whl"}
    assert dl["bytes"] == 5500 and dl["files"]["hcards_core-0.1.0-py3-none-any.whl"]["gzip"] == 100
    # brotli where the build wrote a copy, else the gzip one, else the file as it is
    assert [dl["files"][k]["br"] for k in sorted(dl["files"])] == [100, 30, 1000]
    assert dl["files"]["python_stdlib.zip"]["gzip"] == 1000  # no copy: sent as it is
    rows = bench.offline_rows({"download": dl, "second_page": {"median_ms": 120.0, "max_ms": 180.0,
                                                                "swap_median_ms": 60.0, "same_worker": True}})
    assert [r[0] for r in rows] == ["second widget page ready (click → first answer)", "Python's download (worker's files)",
                                    "  the same as brotli (HTTPS, localhost)"]
    assert rows[0][4] == "✓" and rows[1][4] == "✓"
