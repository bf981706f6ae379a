"""Puzzles pages in the browser, for ``scripts/bench --only puzzles``: the time from a click on
*Next puzzle* to the next puzzle's table on screen (the index and chunk fetched when needed,
the position drawn by the core in the worker), median and p95 per game.

Each game's Puzzles page is opened on the built site with an empty localStorage; the
learner makes a try (the first button of the table) and asks for the next puzzle, again and
again; the clock runs from the click to the moment the table shows the new puzzle.
"""

from __future__ import annotations

import statistics

from bench_common import each_page, page_js, percentile

GAMES = ("zsiros", "filicau", "ferbli")

NEXT_JS = page_js("[rounds]", """
  const root = document.querySelector('.hc-puzzles');
  const board = root.querySelector('.hc-pz-board');
  const times = [];
  for (let k = 0; k < rounds; k++) {
    const before = board.dataset.puzzle || '';
    const button = k === 0 ? root.querySelector('.hc-pz-start') : root.querySelector('.hc-pz-next');
    const t0 = performance.now();
    button.click();
    await until(() => (board.dataset.puzzle || '') !== before && board.querySelector('button[data-action]'));
    times.push(performance.now() - t0);
    board.querySelector('button[data-action]').click();
    await until(() => !root.querySelector('.hc-pz-next').hidden || root.querySelector('.hc-pz-feedback .hc-ex-wrong'));
    if (root.querySelector('.hc-pz-next').hidden) {  // an illegal try: make a legal one
      const buttons = [...board.querySelectorAll('button[data-action]')];
      for (const b of buttons) {
        if (!root.querySelector('.hc-pz-next').hidden) break;
        b.click();
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }
  return { times };
""")


def bench_puzzles(browser, base: str, quick: bool, log=print) -> dict:
    """``browser``: a launched Playwright Chromium; ``base``: the built site's URL."""
    rounds = 4 if quick else 12

    def next_puzzles(page, game):
        page.goto(base + f"{game}/puzzles/")
        page.wait_for_selector(".hc-puzzles.hc-live", timeout=60_000)
        times = page.evaluate(NEXT_JS, [rounds])["times"]
        return {"count": len(times), "first_ms": times[0] if times else None,
                "median_ms": statistics.median(times[1:]) if len(times) > 1 else None,
                "p95_ms": percentile(times[1:], 0.95)}

    return each_page(browser, [(g, g) for g in GAMES], next_puzzles, "puzzles", log)


def rows(results: dict, fmt, mark) -> list[tuple[str, str, str, str, str]]:
    """Table rows for ``scripts/bench``: the first puzzle (Python starting included), then the next ones."""
    out = []
    for game, r in results.items():
        if "error" in r:
            out.append((f"Puzzles {game}: next puzzle", r["error"], "", "", mark(False)))
            continue
        out.append((f"Puzzles {game}: first puzzle (Python starting)", fmt(r["first_ms"], " ms", 0), "", "", ""))
        ok = r["p95_ms"] is not None and r["p95_ms"] <= 500
        out.append((f"Puzzles {game}: next puzzle (median / p95, {r['count'] - 1} puzzles)",
                    f"{fmt(r['median_ms'], ' ms', 0)} / {fmt(r['p95_ms'], ' ms', 0)}", "", "p95 ≤ 500 ms", mark(ok)))
    return out
