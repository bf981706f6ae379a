"""Rule drills, for ``scripts/bench --only drills``: the time to the next drill (generate a
seeded deal, find the position, word the question and draw the table) and to judge an answer,
per game and type, median and p95 — on CPython, inside Pyodide under Node (the same ``run``,
through ``bench-pyodide.mjs --module bench_drills``), and in Chromium on a built Drills page
from the click on "Next drill" to the new question on screen (``browser``).

Each drill is generated from its id afresh (the module's cache cleared), after one warm-up
drill per game so that one-off imports and Ferbli's ranking table are not counted.
"""

from __future__ import annotations

import platform
import statistics
import time

from bench_common import each_page, page_js, percentile, summary


def run(sizes: dict | None = None, quick: bool = False) -> dict:
    from hcards_core.learn import drills

    seeds = (sizes or {}).get("seeds") or (5 if quick else 40)
    out: dict = {"python": platform.python_version(), "seeds": seeds, "types": []}
    every_next, every_answer = [], []
    for game, kinds in drills.TYPES.items():
        drills.question(game, kinds[0], 0)  # warm-up: imports, the ranking table
        for kind in kinds:
            nexts, answers = [], []
            for seed in range(1000, 1000 + seeds):
                drills.make.cache_clear()
                t0 = time.perf_counter()
                q = drills.question(game, kind, seed, "en")
                t1 = time.perf_counter()
                drills.judge(q["id"], q["accepted"][0], "en")
                t2 = time.perf_counter()
                nexts.append((t1 - t0) * 1000)
                answers.append((t2 - t1) * 1000)
            every_next += nexts
            every_answer += answers
            out["types"].append({"game": game, "type": kind, "next_median_ms": statistics.median(nexts),
                                 "next_p95_ms": percentile(nexts, 0.95), "answer_median_ms": statistics.median(answers)})
    out["next_median_ms"] = statistics.median(every_next)
    out["next_p95_ms"] = percentile(every_next, 0.95)
    out["answer_median_ms"] = statistics.median(every_answer)
    return out


NEXT_JS = page_js("[count]", """
  const root = document.querySelector('.hc-drills');
  const times = [];
  for (let k = 0; k < count; k++) {
    const before = root.dataset.drill;
    const t0 = performance.now();
    root.querySelector('.hc-drills-next').click();
    await until(() => root.dataset.drill !== before && root.querySelector('.hc-drills-options input'), 120000, 2);
    times.push(performance.now() - t0);
  }
  return times;
""")


def browser(chromium, base: str, quick: bool, log=print) -> dict:
    """``chromium``: a launched Playwright browser; ``base``: the built site's URL. Mixed drills
    on each game's page."""
    count = 8 if quick else 40

    def next_drills(page, game):
        page.goto(base + f"{game}/drills/")
        page.wait_for_selector(".hc-drills[data-drill] .hc-drills-options input", timeout=180_000)
        return summary(page.evaluate(NEXT_JS, [count]))

    return each_page(chromium, [(g, g) for g in ("zsiros", "filicau", "ferbli")], next_drills, "drills: browser", log)


def rows(results: dict, fmt, mark) -> list[tuple[str, str, str, str, str]]:
    """Table rows for ``scripts/bench``: time to the next drill and to a verdict."""
    out = [("Rule drills: time to the next drill", "", "", "", "")]
    for where in ("cpython", "pyodide"):
        r = results.get(where)
        if not r:
            out.append((f"drills {where}", "not measured", "", "", ""))
            continue
        out.append((f"drills {where} {r['python']}: next drill median / p95 ({r['seeds']} seeds × type)",
                    f"{fmt(r['next_median_ms'], ' ms')} / {fmt(r['next_p95_ms'], ' ms')}", "", "", ""))
        out.append((f"drills {where}: verdict median", fmt(r["answer_median_ms"], " ms", 2), "", "", ""))
        slow = max(r["types"], key=lambda t: t["next_p95_ms"])
        out.append((f"drills {where}: slowest type p95 ({slow['game']} {slow['type']})",
                    fmt(slow["next_p95_ms"], " ms"), "", "", ""))
    for game, r in (results.get("browser") or {}).items():
        if "error" in r:
            out.append((f"drills browser {game}: next drill", r["error"], "", "", mark(False)))
            continue
        out.append((f"drills browser {game}: click → next drill on screen (median / p95, {r['count']})",
                    f"{fmt(r['median_ms'], ' ms', 0)} / {fmt(r['p95_ms'], ' ms', 0)}", "", "≤ 100 ms median",
                    mark(r["median_ms"] <= 100)))
    return out


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))
