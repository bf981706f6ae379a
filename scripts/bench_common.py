"""What every bench module shares: the percentile they report, and, for the benches that drive
a built page in Chromium (Play, Drills, Puzzles), the in-page ``until`` helper and the loop
that opens one fresh context per case and turns a broken page into a result.

Standard library only: ``scripts/bench-pyodide.mjs`` copies this file beside the bench module
it runs inside Pyodide.

>>> percentile([4.0, 1.0, 3.0, 2.0, 5.0], 0.5), percentile([1.0, 2.0], 0.95), percentile([], 0.5)
(3.0, 2.0, None)
"""

from __future__ import annotations

import statistics


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q`` quantile (``None`` for no values): a value that was measured."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summary(times: list[float]) -> dict:
    """``count``, ``median_ms`` and ``p95_ms`` of a list of milliseconds."""
    return {"count": len(times), "median_ms": statistics.median(times) if times else None,
            "p95_ms": percentile(times, 0.95)}


# In-page JavaScript: ``await until(pred)`` polls ``pred`` every few ms, rejects after ``ms``.
# Prefixed to each bench's page script (``page_js``) so that all of them wait the same way.
UNTIL_JS = """
const until = (pred, ms = 120000, step = 5) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const tick = () => pred() ? resolve() : performance.now() - t0 > ms ? reject(new Error('timeout')) : setTimeout(tick, step);
  tick();
});
"""


def page_js(args: str, body: str) -> str:
    """An async arrow function for ``page.evaluate(js, [..])``: ``args`` its destructured
    parameters (``"[count]"``), ``body`` its statements, with ``until`` in scope."""
    return f"async ({args}) => {{\n{UNTIL_JS}\n{body}\n}}"


def each_page(browser, cases, run_case, label: str, log=print, init_script: str | None = None) -> dict:
    """``{name: run_case(page, case)}`` for ``(name, case)`` in ``cases``, each in a fresh
    browser context (empty storage, a worker of its own). A case that fails is recorded as
    ``{"error": first line}``: a broken page is a result of the bench, not a crash of it."""
    out: dict = {}
    for name, case in cases:
        log(f"{label}: {name}")
        ctx = browser.new_context()
        if init_script:
            ctx.add_init_script(init_script)
        page = ctx.new_page()
        try:
            out[name] = run_case(page, case)
        except Exception as err:  # noqa: BLE001  (see the docstring)
            out[name] = {"error": str(err).splitlines()[0]}
        finally:
            ctx.close()
    return out
