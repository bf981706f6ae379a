"""The time to a refutation by play (``scripts/bench --only refute``), on CPython and, run by
``scripts/bench-pyodide.mjs --module bench_refute``, inside Pyodide under Node.

``run(sizes)`` times the bridge's ``refute`` for each case (a move exercise's position, a
wrong legal answer, its right moves): *live* (the search over the sampled worlds, then the
drawing: what a wrong move nobody listed costs) under several seeds, and *prebuilt* (a stored
plan only drawn: what a listed wrong answer costs). Only the core is needed, so the cases come
in ``sizes`` (``scripts/bench.py`` reads them from ``tutorials/``).
"""

from __future__ import annotations

import platform
import statistics
import time

from bench_common import percentile


def run(sizes: dict | None = None, quick: bool = False) -> dict:
    from hcards_core.learn.refute import WORLDS, refute_record

    sizes = sizes or {}
    cases = sizes.get("cases", [])
    seeds = sizes.get("seeds", 2 if quick else 6)
    live, drawn = [], []
    for case in cases:
        args = {k: case[k] for k in ("record", "seat", "answer", "correct")}
        for seed in range(seeds):
            t0 = time.perf_counter()
            refute_record(**args, lang="en", seed=seed)
            live.append((time.perf_counter() - t0) * 1000)
        if case.get("plan"):
            for _ in range(seeds):
                t0 = time.perf_counter()
                refute_record(**args, lang="en", plan=case["plan"])
                drawn.append((time.perf_counter() - t0) * 1000)

    def stats(xs):
        return {"n": len(xs), "median_ms": round(statistics.median(xs), 1) if xs else None,
                "p95_ms": round(percentile(xs, 0.95), 1) if xs else None}

    return {"python": platform.python_version(), "worlds": WORLDS, "cases": len(cases),
            "live": stats(live), "prebuilt": stats(drawn)}


def rows(results: dict, fmt, mark) -> list[tuple[str, str, str, str, str]]:
    """The bench table's rows: live and prebuilt, median | p95, CPython and Pyodide."""
    out = [("Refutation by play (bridge refute; %s cases)" % results["cpython"]["cases"], "", "", "", "")]
    for kind, label in (("live", "live refutation (search + drawing)"), ("prebuilt", "prebuilt plan drawn")):
        for runtime in ("cpython", "pyodide"):
            r = (results.get(runtime) or {}).get(kind)
            if not r or r["median_ms"] is None:
                continue
            target, ok = ("p95 ≤ 2000 ms", r["p95_ms"] <= 2000) if runtime == "pyodide" and kind == "live" else ("", None)
            out.append((f"{label}, {'CPython' if runtime == 'cpython' else 'Pyodide'} ms median | p95",
                        f"{fmt(r['median_ms'])} | {fmt(r['p95_ms'])}", f"{r['n']} runs, {results['cpython']['worlds']} worlds",
                        target, mark(ok)))
    return out
