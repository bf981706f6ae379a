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


def test_long_mode_matches_are_tabled(script, repo, tmp_path):
    """The long mode's results on file (``benchmarks/bots-long``) become rows with their
    progress towards 2,000 deals and the goal; a broken file is one named row, no traceback."""
    bench, long = script("bench"), script("bots_long")
    tree = tmp_path / "tree"
    (tree / "benchmarks/bots-long").mkdir(parents=True)
    for part in ("scripts", "hcards_core"):
        (tree / part).symlink_to(repo / part)
    assert bench.long_matches(tmp_path) == []  # no folder: nothing to table
    folder = tree / "benchmarks/bots-long"
    long.run(folder, [["zsiros", 2]], [["beginner", "random"]], deals=3, chunk=3)
    got = bench.long_matches(tree)
    assert [(m["game"], m["deals"], m["current"]) for m in got] == [("zsiros", 3, True)]
    rows = bench.bots_rows({"cpython": {"python": "3", "matches": [], "times": []}, "long": got})
    (row,) = [r for r in rows if "long mode" in r[0]]
    assert row[0] == "zsiros 2p beginner vs random, long mode, 3 of 2000 deals"
    assert row[3] == "≥ 75%" and row[4] == ("✓" if got[0]["win_rate"] >= 0.75 else "✗")
    (path,) = folder.glob("*.jsonl")
    path.write_text(path.read_text() + "{broken\n")
    rows = bench.bots_rows({"cpython": {"python": "3", "matches": [], "times": []}, "long": bench.long_matches(tree)})
    assert any(r[1] == "unreadable" and "line 4" in r[2] for r in rows)
