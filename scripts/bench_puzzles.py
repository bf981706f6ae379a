"""Puzzles pages in the browser, for ``scripts/bench --only puzzles``: the time from a click on
*Next puzzle* to the next puzzle's table on screen (the index and chunk fetched when needed,
the position drawn by the core in the worker), median and p95 per game.

Each game's Puzzles page is opened on the built site with an empty localStorage; the
learner makes a try (the first button of the table) and asks for the next puzzle, again and
again; the clock runs from the click to the moment the table shows the new puzzle.
"""

from __future__ import annotations

import statistics

GAMES = ("zsiros", "filicau", "ferbli")

NEXT_JS = """
async ([rounds]) => {
  const root = document.querySelector('.hc-puzzles');
  const board = root.querySelector('.hc-pz-board');
  const until = (pred, ms = 120000) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const tick = () => pred() ? resolve() : performance.now() - t0 > ms ? reject(new Error('timeout')) : setTimeout(tick, 5);
    tick();
  });
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
}
"""


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_puzzles(browser, base: str, quick: bool, log=print) -> dict:
    """``browser``: a launched Playwright Chromium; ``base``: the built site's URL."""
    out: dict = {}
    rounds = 4 if quick else 12
    for game in GAMES:
        log(f"puzzles: {game}")
        ctx = browser.new_context()
        page = ctx.new_page()
        try:
            page.goto(base + f"{game}/puzzles/")
            page.wait_for_selector(".hc-puzzles.hc-live", timeout=60_000)
            got = page.evaluate(NEXT_JS, [rounds])
            times = got["times"]
            out[game] = {"count": len(times), "first_ms": times[0] if times else None,
                         "median_ms": statistics.median(times[1:]) if len(times) > 1 else None,
                         "p95_ms": percentile(times[1:], 0.95)}
        except Exception as err:  # noqa: BLE001  (a broken page is a result, not a crash)
            out[game] = {"error": str(err).splitlines()[0]}
        finally:
            ctx.close()
    return out


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
