"""Play pages in the browser, for ``scripts/bench --only play``: the time from a learner's
action to the computer's reply on screen (pace set to zero), median and p95 per game, and
the longest main-thread task while the computer thinks (the thinking is in the worker: the
page must stay responsive).

Each game's Play page is opened on the built site; the learner plays the first legal card or
action at each turn; the clock runs from the click to the moment the log shows the computer's
next action (or the learner's turn again, or the end of the deal).
"""

from __future__ import annotations

from bench_common import each_page, page_js, summary

# (page, game option, players) measured; club players everywhere (the play page's default)
CASES = (("zsiros", "zsiros", 4), ("filicau", "filicau", 4), ("filicau", "filko", 5), ("ferbli", "ferbli", 3))

LONGTASKS_JS = """
window.__hcLong = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__hcLong.push(e.duration); })
  .observe({ type: "longtask", buffered: true });
"""

MOVE_JS = page_js("[moves]", """
  const root = document.querySelector('.hc-play');
  const log = () => root.querySelector('.hc-play-log').children.length;
  const times = [];
  window.__hcLong = [];
  for (let k = 0; k < moves; k++) {
    await until(() => ['mine', 'over'].includes(root.dataset.turn));
    if (root.dataset.turn === 'over') {
      const next = root.querySelector('[data-role=next-deal]');
      if (!next) break;
      next.click();
      await until(() => root.dataset.turn !== 'over');
      continue;
    }
    const target = root.querySelector('.hc-play-table .hc-card-btn:not([disabled]), .hc-play-actions button');
    const before = log();
    const t0 = performance.now();
    target.click();
    await until(() => log() >= before + 2 || (log() > before && root.dataset.turn !== 'computer'));
    times.push(performance.now() - t0);
  }
  return { times, longest: Math.max(0, ...window.__hcLong) };
""")


def bench_play(browser, base: str, quick: bool, log=print) -> dict:
    """``browser``: a launched Playwright Chromium; ``base``: the built site's URL."""
    moves = 6 if quick else 24

    def play(page, case):
        page_game, game, players = case
        page.goto(base + f"{page_game}/play/")
        page.wait_for_selector("html[data-hcards-status=ready]", timeout=120_000)
        setup = page.locator(".hc-play-setup")
        if setup.locator("select[id$=-game]").count():
            setup.locator("select[id$=-game]").select_option(game)
        setup.locator("select[id$=-players]").select_option(str(players))
        setup.locator("select[id$=-pace]").select_option("0")
        setup.locator("button[type=submit]").click()
        got = page.evaluate(MOVE_JS, [moves])
        return {**summary(got["times"]), "longest_task_ms": got["longest"]}

    cases = [(f"{game} {players}", (page_game, game, players)) for page_game, game, players in CASES]
    return each_page(browser, cases, play, "play", log, init_script=LONGTASKS_JS)


def rows(results: dict, fmt, mark) -> list[tuple[str, str, str, str, str]]:
    """Table rows for ``scripts/bench``: reply time per game, the longest task while thinking."""
    out = []
    for name, r in results.items():
        if "error" in r:
            out.append((f"Play {name}: action → computer's reply", r["error"], "", "", mark(False)))
            continue
        out.append((f"Play {name}: action → computer's reply (median / p95, {r['count']} moves)",
                    f"{fmt(r['median_ms'], ' ms', 0)} / {fmt(r['p95_ms'], ' ms', 0)}", "", "", ""))
        ok = r["longest_task_ms"] <= 50
        out.append((f"Play {name}: longest main-thread task while the computer thinks",
                    fmt(r["longest_task_ms"], " ms", 0), "", "≤ 50 ms", mark(ok)))
    return out
