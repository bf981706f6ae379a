"""scripts/bench: the core, the browser runtime and the build, each beside its reference.

Run through ``scripts/bench [--quick] [--only core,browser,build,fuzz,bots,play,drills,refute,puzzles,offline] [--deals N] [--tree DIR] [--site DIR]``
(see the README's maintainer section). Prints a table and writes every number to
``bench-results/bench.json``. The machine is shared and noisy, so every figure is measured in
the same run as its reference and compared as a ratio; repeated figures are reported as the
best (core) or the median (browser) of the repetitions.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_common import percentile  # noqa: E402
from static_server import make_server  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
GAMES = ("zsiros", "filicau", "ferbli")

TARGETS = {
    "ready_ratio": 0.9,           # exercise (widget) ready ≤ 0.9 × the bare Pyodide boot (issue 19)
    "download_gzip": 4.5e6,       # Python's download (the worker's files) ≤ 4.5 MB gzip (issue 19)
    "second_page_ms": 200.0,      # after the first boot, a widget page answers ≤ 200 ms from the click
    "move_p95_ms": 10.0,          # move feedback ≤ 10 ms at p95
    "plain_page_kb": 300.0,       # a page without Python widgets transfers ≤ 300 KB …
    "longtask_ms": 50.0,          # no main-thread task over 50 ms on any page
    "ferbli_hands_per_s": 300_000,
    "step_us": 50.0,              # legal actions + apply ≤ 50 µs on CPython, every game
    "pyodide_ratio": 2.5,         # Pyodide within 2.5 × CPython
    "build_s": 60.0,              # the full five-language build
    # computer players (issue 15): win rate of the first tier on duplicate deals, ms per decision
    "bots_win_rate": {"beginner-random": 0.75, "club-beginner": 0.60, "expert-club": 0.55},
    "bots_club_pyodide_median_ms": 250.0,
    "bots_club_pyodide_p95_ms": 1000.0,
    "bots_expert_pyodide_p95_ms": 3000.0,
}

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def log(msg: str) -> None:
    print(f"bench: {msg}", file=sys.stderr, flush=True)


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ================================================================ core


def fresh_core(tree: Path) -> Path:
    """The wheel the site would ship from ``tree``, and ``tree``'s core (and scripts) first on
    the import path, any core imported before forgotten: what the core and bots sections
    measure."""
    runtime_hook = load_module("hcards_bench_runtime_hook", tree / "scripts/hooks/runtime.py")
    wheel = runtime_hook.build_wheel()
    sys.path.insert(0, str(tree))
    sys.path.insert(0, str(tree / "scripts"))
    for mod in [m for m in sys.modules if m == "hcards_core" or m.startswith("hcards_core.")]:
        del sys.modules[mod]
    return wheel


def bench_core(tree: Path, quick: bool, rounds: int) -> dict:
    """CPython (this process) and Pyodide (a Node process kept alive) in alternating rounds."""
    wheel = fresh_core(tree)
    bench_core_mod = load_module("bench_core", tree / "scripts/bench_core.py")
    node = subprocess.Popen(
        ["node", str(tree / "scripts/bench-pyodide.mjs"), "--wheel", str(wheel), "--serve"],
        cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        boot = json.loads(node.stdout.readline())
        cp_runs, py_runs = [], []
        request = json.dumps({"quick": quick}) + "\n"
        for r in range(rounds):
            log(f"core round {r + 1}/{rounds}: CPython")
            cp_runs.append(bench_core_mod.run(quick=quick))
            log(f"core round {r + 1}/{rounds}: Pyodide")
            node.stdin.write(request)
            node.stdin.flush()
            line = node.stdout.readline()
            if not line:
                raise RuntimeError("the Pyodide benchmark process ended early")
            py_runs.append(json.loads(line))
    finally:
        if node.stdin:
            node.stdin.close()
        try:
            node.wait(timeout=30)
        except subprocess.TimeoutExpired:
            node.kill()

    def best(runs):
        return {
            "python": runs[0]["python"], "platform": runs[0]["platform"],
            "ferbli_hands_per_s": max(r["ferbli_rank"]["hands_per_s"] for r in runs),
            "ferbli_table_build_s": min(r["ferbli_rank"]["table_build_s"] for r in runs),
            "step_us": {g: min(r["step_us"][g] for r in runs) for g in GAMES},
            "deals_per_s": {g: max(r["deals_per_s"][g] for r in runs) for g in GAMES},
        }

    cp, py = best(cp_runs), best(py_runs)
    ratio = {
        "ferbli_rank": cp["ferbli_hands_per_s"] / py["ferbli_hands_per_s"],
        **{f"step_{g}": py["step_us"][g] / cp["step_us"][g] for g in GAMES},
        **{f"deals_{g}": cp["deals_per_s"][g] / py["deals_per_s"][g] for g in GAMES},
    }
    return {"rounds": rounds, "cpython": cp, "pyodide": py, "pyodide_over_cpython": ratio,
            "pyodide_boot": boot, "runs": {"cpython": cp_runs, "pyodide": py_runs}}


# ================================================================ fuzz


FUZZ_INPUTS = 100_000


def bench_fuzz(tree: Path, quick: bool) -> dict:
    """Hostile input through the CLI and the bridge (scripts/fuzz_core.py), in this process:
    the counts per outcome. Not a speed figure: the target is no failure at all."""
    sys.path.insert(0, str(tree))
    for mod in [m for m in sys.modules if m == "hcards_core" or m.startswith("hcards_core.")]:
        del sys.modules[mod]
    fuzz = load_module("fuzz_core", tree / "scripts/fuzz_core.py")
    count = FUZZ_INPUTS // 10 if quick else FUZZ_INPUTS
    log(f"fuzz: {count:,} hostile inputs through replay, rank, compare and the bridge")
    t0 = time.perf_counter()
    out = fuzz.run(count, seed=0, repo=tree)
    out["seconds"] = time.perf_counter() - t0
    return out


def fuzz_summary(counts: dict) -> dict:
    """Outcomes grouped as the contract states them: CLI exits, bridge answers by code.

    >>> fuzz_summary({"replay exit 2": 3, "rank exit 2": 1, "table_at ok": 2, "shape error bad_request": 4,
    ...               "table_at error bad_seat": 1})
    {'cli': {'exit 2': 4}, 'bridge': {'bad_request': 4, 'bad_seat': 1, 'ok': 2}}
    """
    cli, bridge = {}, {}
    for outcome, n in counts.items():
        door, _, what = outcome.partition(" ")
        if what.startswith("exit "):
            cli[what] = cli.get(what, 0) + n
        elif door != "FAILURE":
            code = what.removeprefix("error ")
            bridge[code] = bridge.get(code, 0) + n
    return {"cli": dict(sorted(cli.items())), "bridge": dict(sorted(bridge.items()))}
# ================================================================ bots


def bench_bots(tree: Path, quick: bool, deals: int | None, positions: int | None = None) -> dict:
    """Strength on CPython (duplicate matches: each tier against the one below, beginner against
    random, every game and table size whose bot exists) and time per decision on CPython and
    inside Pyodide under Node with the wheel the site ships."""
    wheel = fresh_core(tree)
    bench_bots_mod = load_module("bench_bots", tree / "scripts/bench_bots.py")
    sizes = {"deals": deals or (20 if quick else bench_bots_mod.FULL["deals"]),
             "positions": positions or (10 if quick else bench_bots_mod.FULL["positions"])}
    log(f"bots: CPython, duplicate matches of {sizes['deals']} deals and decision times")
    cp = bench_bots_mod.run(sizes)
    log("bots: Pyodide, decision times")
    node = subprocess.run(
        ["node", str(tree / "scripts/bench-pyodide.mjs"), "--wheel", str(wheel), "--module", "bench_bots",
         "--sizes", json.dumps({**sizes, "matches": False})],
        cwd=tree, capture_output=True, text=True,
    )
    if node.returncode:
        log("bots: the Pyodide run failed:\n" + node.stderr[-2000:])
        py = None
    else:
        py = json.loads(node.stdout.strip().splitlines()[-1])
    return {"cpython": cp, "pyodide": py, "long": long_matches(tree)}


def long_matches(tree: Path) -> list[dict] | dict:
    """The long mode's matches on file (``benchmarks/bots-long``, ``scripts/bots_long.py``): the
    issue's 2,000-deal samples, which accumulate over many sittings; a broken file is named."""
    folder = tree / "benchmarks/bots-long"
    if not folder.is_dir():
        return []
    mod = load_module("bots_long", tree / "scripts/bots_long.py")
    try:
        return mod.report(folder)
    except mod.BadFile as e:
        log(f"bots: the long mode's results: {e}")
        return {"error": str(e)}


def bench_refute(tree: Path, quick: bool) -> dict:
    """The time to a refutation by play (scripts/bench_refute.py): every listed legal wrong
    answer of the move exercises, live and from its stored plan, on CPython and in Pyodide."""
    mod = load_module("bench_refute", tree / "scripts/bench_refute.py")
    script = load_module("refute_exercises", tree / "scripts/refute_exercises.py")
    cases = []
    for book in sorted((tree / "tutorials/refutations").glob("*.json")):
        for r in json.loads(book.read_text("utf-8"))["refutations"]:
            ex = next(e for e in script.data.load_kind("exercises") if e["id"] == r["exercise"])
            cases.append({"record": ex["record"], "seat": ex["seat"], "answer": r["answer"],
                          "correct": ex["correct"], "plan": r["plan"]})
    sizes = {"cases": cases, "seeds": 2 if quick else 6}
    log(f"refute: CPython, {len(cases)} wrong answers")
    cp = mod.run(sizes)
    log("refute: Pyodide")
    wheel = fresh_core(tree)
    node = subprocess.run(["node", str(tree / "scripts/bench-pyodide.mjs"), "--wheel", str(wheel), "--module",
                           "bench_refute", "--sizes", json.dumps(sizes)], cwd=tree, capture_output=True, text=True)
    py = None
    if node.returncode:
        log("refute: the Pyodide run failed:\n" + node.stderr[-2000:])
    else:
        py = json.loads(node.stdout.strip().splitlines()[-1])
    return {"cpython": cp, "pyodide": py}


def match_row(m: dict, deals: str) -> tuple[str, str, str, str, str]:
    """One duplicate match (``match``'s output) as a row, against its tier pair's goal."""
    goal = TARGETS["bots_win_rate"].get("-".join(m["tiers"]))
    return (f"{m['game']} {m['players']}p {m['tiers'][0]} vs {m['tiers'][1]}, {deals}",
            f"{m['win_rate']:.1%}", f"95 % [{m['ci95'][0]:.1%}, {m['ci95'][1]:.1%}]",
            "" if goal is None else f"≥ {goal:.0%}", "" if goal is None else mark(m["win_rate"] >= goal))


def bots_rows(bots: dict) -> list[tuple[str, str, str, str, str]]:
    rows = [("Computer players (duplicate deals; CPython %s)" % bots["cpython"]["python"], "", "", "", "")]
    rows += [match_row(m, f"{m['deals']} deals") for m in bots["cpython"]["matches"]]
    long = bots.get("long") or []
    if isinstance(long, dict):  # a broken results file, named
        rows.append(("Long mode (benchmarks/bots-long)", "unreadable", long["error"], "", ""))
        long = []
    rows += [match_row(m, f"long mode, {m['deals']} of {m['target']} deals") for m in long if m["current"]]
    py_times = {(t["game"], t["players"], t["tier"]): t for t in (bots.get("pyodide") or {}).get("times", [])}

    def med_p95(t):  # CPU time when measured (bench_bots.cpu_clock: a loaded machine cannot spoil it)
        return (t["cpu_median_ms"], t["cpu_p95_ms"], "CPU") if t.get("cpu_median_ms") is not None else \
            (t["median_ms"], t["p95_ms"], "wall")

    for t in bots["cpython"]["times"]:
        p = py_times.get((t["game"], t["players"], t["tier"]))
        c_med, c_p95, c_kind = med_p95(t)
        name = f"{t['game']} {t['players']}p {t['tier']} ms/decision median | p95"
        rows.append((f"{name}, CPython ({c_kind})", f"{fmt(c_med)} | {fmt(c_p95)}", f"{t['decisions']} decisions", "", ""))
        if p:
            p_med, p_p95, p_kind = med_p95(p)
            target, ok = "", None
            if t["tier"] == "club":
                target = "≤ 250 | ≤ 1000"
                ok = p_med <= TARGETS["bots_club_pyodide_median_ms"] and p_p95 <= TARGETS["bots_club_pyodide_p95_ms"]
            elif t["tier"] == "expert":
                target, ok = "p95 ≤ 3000", p_p95 <= TARGETS["bots_expert_pyodide_p95_ms"]
            ratio = p_med / c_med if c_med else None
            rows.append((f"{name}, Pyodide ({p_kind})", f"{fmt(p_med)} | {fmt(p_p95)}",
                         f"×{ratio:.2f} CPython" if ratio else "", target, mark(ok)))
    return rows


# ================================================================ build


def bench_build(tree: Path, out: Path) -> dict:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if out.exists():
        shutil.rmtree(out)
    t0 = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "properdocs", "build", "--strict", "-f", "mkdocs.yml", "--site-dir", str(out)],
                         cwd=tree, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    result = {"seconds": seconds, "ok": run.returncode == 0}
    if run.returncode:
        result["error"] = (run.stdout + run.stderr)[-2000:]
    return result


def bench_serve_rebuild(tree: Path, page: str = "docs/en/teachers.md", url_path: str = "teachers/",
                        timeout: float = 300.0) -> dict:
    """``mkdocs serve`` on a free loopback port; append a marker comment to one page, poll until
    the served page shows it, then take the marker out again (only the marker: other edits made
    to the page meanwhile are kept)."""
    port = free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "properdocs", "serve", "-f", "mkdocs.yml", "--no-strict", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/{url_path}"
    token = f"hcards-bench-{os.getpid()}-{int(time.time())}"
    marker = f"\n<!-- {token} -->\n"
    path = tree / page

    def fetch() -> str | None:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                return r.read().decode("utf-8", "replace")
        except Exception:
            return None

    def wait(pred) -> float | None:
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < timeout:
            if proc.poll() is not None:
                return None
            if pred(fetch()):
                return time.perf_counter() - t0
            time.sleep(0.1)
        return None

    result: dict = {"page": page}
    edited = False
    try:
        first = wait(lambda html: html is not None)
        result["first_build_s"] = first
        if first is None:
            result["error"] = "mkdocs serve did not come up"
            return result
        time.sleep(1.0)  # let the watcher settle
        with path.open("a", encoding="utf-8") as f:
            f.write(marker)
        edited = True
        result["rebuild_s"] = wait(lambda html: html is not None and token in html)
    finally:
        if edited:
            text = path.read_text("utf-8")
            path.write_text(text.replace(marker, "", 1), "utf-8")
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    return result


# ================================================================ browser


INIT_SCRIPT = """
window.__bench = { longtasks: [] };
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.__bench.noLongtask = String(e); }
// Long animation frames name the scripts that ran in them: which long task is whose
window.__bench.scripts = [];
try {
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      for (const s of f.scripts) window.__bench.scripts.push({ url: s.sourceURL, invoker: s.invoker, ms: s.duration });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) { window.__bench.noFrames = String(e); }
"""


def script_owner(url: str) -> str:
    """Whose code a script of the page is: the theme's bundle (Material), or the site's own
    (hcards-*.js, the page's inline scripts).

    >>> script_owner("http://127.0.0.1:8000/assets/javascripts/bundle.a5f9d56c.min.js"), script_owner("http://127.0.0.1:8000/assets/hcards-runtime.js")
    ('theme', 'hcards')
    """
    return "theme" if "/assets/javascripts/" in url else "hcards"

RESOURCES_JS = """() => [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
  .map((e) => ({ url: e.name, transfer: e.transferSize, body: e.encodedBodySize }))"""

PYTHON_FILES = ("/assets/pyodide/", "/assets/hcards-worker.js", "/assets/bench/boot-worker.js")

# Pages by type (URL paths under the site root).
PAGES = {
    "home": "",
    "overview": "zsiros/",
    "rules": "zsiros/rules/",
    "cards": "cards/",
    "walkthrough": "zsiros/walkthroughs/",
    "exercises": "zsiros/exercises/",
    "checker": "checker/",
    "boot": "assets/bench/boot.html",
}
PLAIN_PAGES = ("overview", "rules", "cards")  # no Python widget: must never download Pyodide


def is_python(url: str) -> bool:
    return any(p in url for p in PYTHON_FILES)


MARK_JS = "performance.getEntriesByName('hcards:ready', 'mark').length > 0"
READY_JS = (f"({MARK_JS}) || ['ready', 'failed'].includes(document.documentElement.dataset.hcardsStatus)"
            " || document.documentElement.dataset.hcardsBoot === 'failed'")


def load_page(page, url: str, want_ready: bool, settle_ms: int, timeout_ms: int = 120_000) -> dict:
    """Navigate; wait for the "hcards:ready" mark (or settle); collect transfer, requests, long tasks."""
    requests: list[str] = []
    on_request = lambda req: requests.append(req.url)  # noqa: E731 — page and its workers
    page.on("request", on_request)
    t0 = time.perf_counter()
    page.goto(url, wait_until="load", timeout=timeout_ms)
    out: dict = {"url": url}
    if want_ready:
        # a widget's first answer (the "hcards:ready" mark), or Python ready/failed on a page
        # whose widgets do not report (then a little more time for a late mark)
        try:
            page.wait_for_function(READY_JS, timeout=timeout_ms, polling=20)
            if not page.evaluate(MARK_JS):
                page.wait_for_function(MARK_JS, timeout=3000, polling=20)
        except Exception as err:  # noqa: BLE001 — reported, not fatal
            out["ready_error"] = str(err).splitlines()[0]
        out["ready_ms"] = page.evaluate(f"({MARK_JS}) ? performance.getEntriesByName('hcards:ready', 'mark')[0].startTime : null")
        out["worker_boot_ms"] = page.evaluate("window.hcards && window.hcards.status().readyMs")
        # where a widget page's time goes: when the worker started, and its boot phases (ms
        # from the worker's start: module loaded, Pyodide with the wheel, hcards_core imported)
        out["start_ms"] = page.evaluate("(performance.getEntriesByName('hcards:start', 'mark')[0] || {}).startTime ?? null")
        out["worker_phases"] = page.evaluate("window.hcards && window.hcards.status().phases")
        out["python_status"] = page.evaluate("document.documentElement.dataset.hcardsStatus || document.documentElement.dataset.hcardsBoot || null")
    page.wait_for_timeout(settle_ms)
    out["wall_s"] = time.perf_counter() - t0
    entries = page.evaluate(RESOURCES_JS)
    for worker in page.workers:
        try:
            entries += worker.evaluate(RESOURCES_JS)
        except Exception:  # noqa: BLE001 — a worker may be gone
            pass
    page.remove_listener("request", on_request)
    seen = {}
    for e in entries:  # the worker script can show in both timelines
        seen.setdefault(e["url"], e)
    entries = list(seen.values())
    out["requests"] = len(requests)
    out["outside_requests"] = [u for u in requests if not u.startswith(("http://127.0.0.1", "data:", "blob:"))]
    out["transfer_bytes"] = sum(e["transfer"] for e in entries)
    out["transfer_bytes_without_python"] = sum(e["transfer"] for e in entries if not is_python(e["url"]))
    out["requests_without_python"] = sum(1 for u in requests if not is_python(u))
    out["python_downloaded"] = any(is_python(u) for u in requests)
    lt = page.evaluate("window.__bench")
    out["longtasks_ms"] = lt.get("longtasks", [])
    out["longest_task_ms"] = max(out["longtasks_ms"], default=0.0)
    # the longest stretch of one script inside a long frame, by whose it is
    for owner in ("theme", "hcards"):
        out[f"longest_{owner}_script_ms"] = max((s["ms"] for s in lt.get("scripts", [])
                                                 if script_owner(s["url"]) == owner), default=0.0)
    return out


MOVES_JS = """
async ([count]) => {
  const root = document.querySelector(".hc-walkthrough");
  const whatif = root.querySelector(".hc-whatif");
  const steps = [...root.querySelectorAll(".hc-step")];
  const next = () => new Promise((resolve) => setTimeout(resolve, 0));
  const until = (target, test, opts) => new Promise((resolve, reject) => {
    if (test()) return resolve();
    const timer = setTimeout(() => { mo.disconnect(); reject(new Error("no feedback within 15 s")); }, 15000);
    const mo = new MutationObserver(() => { if (test()) { mo.disconnect(); clearTimeout(timer); resolve(); } });
    mo.observe(target, opts);
  });
  const current = () => steps.findIndex((li) => li.classList.contains("hc-current"));
  const buttons = () => [...steps[current()].querySelectorAll(".hc-table [data-action]")];
  const times = [];
  let guard = 0;
  while (times.length < count && guard++ < count * 4) {
    // move to a step whose table offers moves (the table is refreshed by the core)
    let list = buttons();
    if (!list.length) {
      const nextBtn = root.querySelector(".hc-controls .md-button--primary");
      if (nextBtn.disabled) root.querySelector(".hc-controls .md-button").click(); else nextBtn.click();
      for (let i = 0; i < 50 && !buttons().length; i++) await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    const button = list[times.length % list.length];
    const t0 = performance.now();
    button.click();
    await until(whatif, () => !whatif.hidden, { attributes: true, attributeFilter: ["hidden"] });
    times.push(performance.now() - t0);
    // back to the step, and wait for the core's fresh table before the next move
    const slot = steps[current()];
    const old = slot.querySelector(".hc-table");
    whatif.querySelector("button").click();
    await until(slot, () => slot.querySelector(".hc-table") !== old, { childList: true, subtree: true });
    await next();
    if (times.length % 4 === 0) root.querySelector(".hc-controls .md-button--primary").click();
    await next();
  }
  return times;
}
"""


# Python once per visit: from a click on a link to another widget page (instant navigation,
# the worker kept) to that page's first widget answer (its own "hcards:ready" mark).
SECOND_PAGE_JS = """
async (end) => {
  const old = document.querySelector("[data-md-component=container]");
  const link = [...document.querySelectorAll("a[href]")].find((a) => a.href.endsWith(end));
  const t0 = performance.now();
  link.click();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer within 30 s")), 30000);
    const poll = () => {
      const mark = performance.getEntriesByName("hcards:ready", "mark")[0];
      if (document.querySelector("[data-md-component=container]") !== old && mark && mark.startTime > t0) {
        clearTimeout(timer);
        resolve();
      } else setTimeout(poll, 2);
    };
    poll();
  });
  const swapped = performance.getEntriesByName("hcards:page", "mark").pop();
  return { ms: performance.getEntriesByName("hcards:ready", "mark")[0].startTime - t0,
           swap_ms: swapped ? swapped.startTime - t0 : null,
           same_worker: performance.getEntriesByName("hcards:start", "mark").length === 1 };
}
"""
SECOND_PAGES = [("zsiros/exercises/", "filicau/walkthroughs/"), ("filicau/walkthroughs/", "ferbli/exercises/"),
                ("ferbli/exercises/", "zsiros/walkthroughs/")]


def second_page(browser, base: str, reps: int) -> dict:
    """After the first boot, a click to another widget page until that page's first answer
    (instant navigation keeps the worker): ``reps`` visits of the SECOND_PAGES tour."""
    second: list[dict] = []
    for r in range(reps):
        log(f"browser: second widget page {r + 1}/{reps}")
        ctx = browser.new_context()
        page = ctx.new_page()
        try:
            page.goto(base + SECOND_PAGES[0][0], wait_until="load")
            page.wait_for_function(MARK_JS, timeout=120_000, polling=20)
            for _, target in SECOND_PAGES:
                page.wait_for_timeout(2000)  # the reader reads a little before moving on
                second.append({"to": target, **page.evaluate(SECOND_PAGE_JS, target)})
        except Exception as err:  # noqa: BLE001
            second.append({"error": str(err).splitlines()[0]})
        finally:
            ctx.close()
    times = [x["ms"] for x in second if "ms" in x]
    return {"samples": second, "median_ms": statistics.median(times) if times else None,
            "max_ms": max(times, default=None),
            "swap_median_ms": statistics.median([x["swap_ms"] for x in second if x.get("swap_ms") is not None] or [0]),
            "same_worker": all(x.get("same_worker") for x in second if "ms" in x)}


def python_download(site: Path) -> dict:
    """What the worker downloads to start Python (Pyodide's files, the standard library, the
    wheel), raw and as sent compressed: gzip and brotli (the build's .gz and .br copies,
    scripts/static_server.py; a file without one is sent as it is).
    Where the build ships the trimmed standard library, Pyodide's full one is only the bare
    boot page's (scripts/hooks/runtime.py) and is not counted; the wheels the worker fetches
    only on a memory page's first call (every lock entry but the core's) are listed apart."""
    root = site / "assets" / "pyodide"
    trimmed = (root / "python_stdlib-trimmed.zip").is_file()
    lock = root / "pyodide-lock.json"
    lazy_names = set()
    if lock.is_file():
        packages = json.loads(lock.read_text("utf-8")).get("packages", {})
        lazy_names = {e["file_name"] for name, e in packages.items() if name != "hcards-core"}
    files, lazy = {}, {}
    for f in sorted(root.iterdir()):
        if f.suffix in (".gz", ".br") or not (f.name.startswith(("pyodide", "python_stdlib")) or f.suffix == ".whl"):
            continue
        if trimmed and f.name == "python_stdlib.zip":
            continue
        if f.name.endswith((".d.ts", ".map")) or f.name == "package.json":
            continue
        # what scripts/static_server.py sends: a copy the build wrote, else the file itself
        # (the wheels and the zip are deflated already: no copy)
        gz, br, raw = f.with_name(f.name + ".gz"), f.with_name(f.name + ".br"), f.stat().st_size
        sent = gz.stat().st_size if gz.exists() else raw
        (lazy if f.name in lazy_names else files)[f.name] = {
            "bytes": raw, "gzip": min(sent, raw), "br": min(br.stat().st_size if br.exists() else raw, sent, raw)}
    # gzip: what a browser gets over plain HTTP (a classroom's network); br: what it gets over
    # HTTPS or from localhost, where browsers accept brotli (scripts/static_server.py)
    return {"files": files, "bytes": sum(x["bytes"] for x in files.values()),
            "gzip": sum(x["gzip"] for x in files.values()), "br": sum(x["br"] for x in files.values()),
            "lazy": lazy}


def bench_offline(site: Path, quick: bool) -> dict:
    """``--only offline``: the second widget page of a visit and Python's download, alone."""
    from playwright.sync_api import sync_playwright

    httpd = make_server(str(site))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    chromium = os.environ.get("HCARDS_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                out = {"second_page": second_page(browser, base, 1 if quick else 3)}
            finally:
                browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    out["download"] = python_download(site)
    return out


def bench_browser(site: Path, quick: bool) -> dict:
    from playwright.sync_api import sync_playwright

    httpd = make_server(str(site))  # what scripts/serve runs: precompressed files
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    chromium = os.environ.get("HCARDS_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise RuntimeError("Chromium not found (Debian's chromium, or set HCARDS_CHROMIUM)")
    reps = 1 if quick else 3
    moves_per_game = 6 if quick else 17
    out: dict = {"base": base, "repetitions": reps, "pages": {}, "ready": {}, "moves": {}}
    # the widget page measured against the bare boot: exercises once they report ready
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)

            def visit(name: str, path: str, want_ready: bool, settle_ms: int) -> dict:
                """Cold (fresh context: empty cache) then warm (the same context again)."""
                # A persistent context on a fresh profile folder: its disk cache keeps the 9.6 MB
                # wasm (an incognito context's in-memory cache drops entries that large).
                with tempfile.TemporaryDirectory(prefix="hcards-bench-profile-") as profile:
                    ctx = pw.chromium.launch_persistent_context(profile, executable_path=chromium,
                                                                args=CHROMIUM_ARGS)
                    ctx.add_init_script(INIT_SCRIPT)
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    try:
                        cold = load_page(page, base + path, want_ready, settle_ms)
                        warm = load_page(page, base + path, want_ready, settle_ms)
                    finally:
                        ctx.close()
                return {"cold": cold, "warm": warm}

            # 1. page weights, requests, long tasks (one cold + warm visit each)
            for name, path in PAGES.items():
                log(f"browser: {name} page")
                want = name not in PLAIN_PAGES
                out["pages"][name] = visit(name, path, want, 4000 if not want else 500)

            # 2. ready vs the bare boot, interleaved repetitions
            widget = "exercises" if out["pages"]["exercises"]["cold"].get("ready_ms") else "walkthrough"
            out["ready"]["widget_page"] = widget
            samples: dict = {"boot": {"cold": [], "warm": []}, widget: {"cold": [], "warm": []}}
            breakdown: dict = {"cold": [], "warm": []}  # the widget page's start, per visit
            for r in range(reps):
                for name in ("boot", widget):
                    log(f"browser: ready {name} {r + 1}/{reps}")
                    v = out["pages"][name] if r == 0 else visit(name, PAGES[name], True, 200)
                    for cache in ("cold", "warm"):
                        samples[name][cache].append(v[cache].get("ready_ms"))
                        if name == widget:
                            breakdown[cache].append({"start": v[cache].get("start_ms"),
                                                     **(v[cache].get("worker_phases") or {})})
            out["ready"]["widget_breakdown"] = breakdown
            out["ready"]["samples"] = samples
            for cache in ("cold", "warm"):
                b = [x for x in samples["boot"][cache] if x is not None]
                w = [x for x in samples[widget][cache] if x is not None]
                med_b = statistics.median(b) if b else None
                med_w = statistics.median(w) if len(w) == reps else None
                out["ready"][cache] = {"boot_ms": med_b, "widget_ms": med_w,
                                       "ratio": (med_w / med_b) if med_b and med_w else None,
                                       "widget_phases_ms": {k: statistics.median(x[k] for x in breakdown[cache])
                                                            for k in ("start", "module", "pyodide", "import")
                                                            if all(x.get(k) is not None for x in breakdown[cache])}}

            # 3. the second widget page of a visit: Python is not started again
            out["second_page"] = second_page(browser, base, reps)

            # 4. a move's round trip, click to feedback, on each game's walkthrough
            all_times: list[float] = []
            for game in GAMES:
                log(f"browser: moves on the {game} walkthrough")
                ctx = browser.new_context()
                page = ctx.new_page()
                try:
                    page.goto(base + f"{game}/walkthroughs/", wait_until="load")
                    page.wait_for_function(MARK_JS, timeout=120_000, polling=20)
                    times = page.evaluate(MOVES_JS, [moves_per_game])
                    out["moves"][game] = times
                    all_times += times
                except Exception as err:  # noqa: BLE001
                    out["moves"][game] = {"error": str(err).splitlines()[0]}
                finally:
                    ctx.close()
            out["moves"]["count"] = len(all_times)
            out["moves"]["median_ms"] = statistics.median(all_times) if all_times else None
            out["moves"]["p95_ms"] = percentile(all_times, 0.95)
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return out


# ================================================================ table


def fmt(v, unit: str = "", digits: int = 1) -> str:
    if v is None:
        return "—"
    if isinstance(v, float):
        if abs(v) >= 1000:
            return f"{v:,.0f}{unit}"
        return f"{v:.{digits}f}{unit}"
    if isinstance(v, int):
        return f"{v:,}{unit}"
    return f"{v}{unit}"


def mark(ok) -> str:
    return "" if ok is None else ("✓" if ok else "✗")


def second_page_rows(sp: dict) -> list[tuple[str, str, str, str, str]]:
    rows: list[tuple[str, str, str, str, str]] = []
    if sp:
        rows.append(("second widget page ready (click → first answer)", f"median {fmt(sp.get('median_ms'), ' ms')}",
                     f"max {fmt(sp.get('max_ms'), ' ms')}; page swapped at {fmt(sp.get('swap_median_ms'), ' ms')};"
                     f" same worker: {'yes' if sp.get('same_worker') else 'NO'}", "≤ 200 ms",
                     mark(None if sp.get("median_ms") is None else sp["median_ms"] <= TARGETS["second_page_ms"]) or "✗"))
    return rows


def offline_rows(off: dict) -> list[tuple[str, str, str, str, str]]:
    rows = second_page_rows(off.get("second_page") or {})
    dl = off.get("download") or {}
    if dl:
        rows.append(("Python's download (worker's files)", f"{dl['gzip'] / 1e6:.2f} MB gzip",
                     f"{dl['bytes'] / 1e6:.2f} MB raw; " + ", ".join(f"{k} {v['gzip'] / 1e6:.2f}" for k, v in dl["files"].items())
                     + ("; later, on a memory page's first call: " + ", ".join(f"{k} {v['gzip'] / 1e6:.2f}" for k, v in dl["lazy"].items())
                        if dl.get("lazy") else ""),
                     "≤ 4.5 MB gzip", mark(dl["gzip"] <= TARGETS["download_gzip"])))
        if "br" in dl:  # not the goal's measure: what HTTPS and localhost visitors are sent
            rows.append(("  the same as brotli (HTTPS, localhost)", f"{dl['br'] / 1e6:.2f} MB br",
                         ", ".join(f"{k} {v['br'] / 1e6:.2f}" for k, v in dl["files"].items()), "", ""))
    return rows


def rows_for(results: dict) -> list[tuple[str, str, str, str, str]]:
    """(metric, value, reference, target, ✓/✗)."""
    rows = []
    core = results.get("core")
    if core:
        cp, py, ratio = core["cpython"], core["pyodide"], core["pyodide_over_cpython"]
        rows.append(("Core (best of %d rounds, CPython %s | Pyodide %s)" % (core["rounds"], cp["python"], py["python"]),
                     "", "", "", ""))
        v = cp["ferbli_hands_per_s"]
        rows.append(("Ferbli rank_hand, CPython", fmt(v, " hands/s"), "", "≥ 300,000",
                     mark(v >= TARGETS["ferbli_hands_per_s"])))
        rows.append(("Ferbli rank_hand, Pyodide", fmt(py["ferbli_hands_per_s"], " hands/s"),
                     f"×{ratio['ferbli_rank']:.2f} CPython", "≤ ×2.5", mark(ratio["ferbli_rank"] <= TARGETS["pyodide_ratio"])))
        for g in GAMES:
            rows.append((f"{g} legal_actions+apply, CPython", fmt(cp["step_us"][g], " µs"), "", "≤ 50 µs",
                         mark(cp["step_us"][g] <= TARGETS["step_us"])))
            r = ratio[f"step_{g}"]
            rows.append((f"{g} legal_actions+apply, Pyodide", fmt(py["step_us"][g], " µs"), f"×{r:.2f} CPython",
                         "≤ ×2.5", mark(r <= TARGETS["pyodide_ratio"])))
        for g in GAMES:
            r = ratio[f"deals_{g}"]
            rows.append((f"{g} random deals/s, CPython | Pyodide",
                         f"{fmt(cp['deals_per_s'][g])} | {fmt(py['deals_per_s'][g])}", f"×{r:.2f}",
                         "≤ ×2.5", mark(r <= TARGETS["pyodide_ratio"])))
        rows.append(("Ferbli ranking table build, CPython | Pyodide",
                     f"{fmt(cp['ferbli_table_build_s'] * 1000, ' ms')} | {fmt(py['ferbli_table_build_s'] * 1000, ' ms')}",
                     "", "", ""))
        rows.append(("loadPyodide() under Node", fmt(core["pyodide_boot"]["load_pyodide_ms"], " ms"), "", "", ""))
    br = results.get("browser")
    if br:
        rows.append(("Browser (Chromium, loopback; medians of %d)" % br["repetitions"], "", "", "", ""))
        widget = br["ready"].get("widget_page", "walkthrough")
        for cache in ("cold", "warm"):
            r = br["ready"].get(cache, {})
            ratio = r.get("ratio")
            rows.append((f"{widget} ready, {cache} cache", fmt(r.get("widget_ms"), " ms"),
                         f"boot {fmt(r.get('boot_ms'), ' ms')} → ×{fmt(ratio, digits=2)}", f"≤ ×{TARGETS['ready_ratio']}",
                         mark(None if ratio is None else ratio <= TARGETS["ready_ratio"]) or "✗"))
            ph = r.get("widget_phases_ms") or {}
            if ph:
                rows.append((f"  where it goes, {cache}", f"worker started at {fmt(ph.get('start'), ' ms')}",
                             f"then Pyodide + wheel {fmt(ph.get('pyodide'), ' ms')}, imported at {fmt(ph.get('import'), ' ms')}",
                             "", ""))
        rows += second_page_rows(br.get("second_page") or {})
        mv = br["moves"]
        rows.append((f"move click→feedback ({mv.get('count', 0)} moves)",
                     f"median {fmt(mv.get('median_ms'), ' ms')}", f"p95 {fmt(mv.get('p95_ms'), ' ms')}", "p95 ≤ 10 ms",
                     mark(None if mv.get("p95_ms") is None else mv["p95_ms"] <= TARGETS["move_p95_ms"]) or "✗"))
        longest = 0.0
        for name, v in br["pages"].items():
            cold, warm = v["cold"], v["warm"]
            longest = max(longest, cold["longest_task_ms"], warm["longest_task_ms"])
            plain = name in PLAIN_PAGES
            kb = cold["transfer_bytes"] / 1024
            value = (f"{kb:,.0f} KB/{cold['requests']} req cold"
                     f" ({cold['transfer_bytes_without_python'] / 1024:,.0f} KB/{cold['requests_without_python']} req"
                     f" without Python); warm {warm['transfer_bytes'] / 1024:,.0f} KB/{warm['requests']} req")
            ok = (kb <= TARGETS["plain_page_kb"] and not cold["python_downloaded"] and not warm["python_downloaded"]) \
                if plain else None
            rows.append((f"page {name} ({PAGES[name] or '/'})", value,
                         "Pyodide: " + ("yes" if cold["python_downloaded"] else "no"),
                         "≤ 300 KB, no Pyodide" if plain else "", mark(ok)))
        rows.append(("longest main-thread task, any page", fmt(longest, " ms"), "", "≤ 50 ms",
                     mark(longest <= TARGETS["longtask_ms"])))
        # whose code ran longest without a break (long animation frames' script timings); the
        # rest of a long task is the browser's parsing, style, layout and paint
        own = {o: max(v[c].get(f"longest_{o}_script_ms", 0.0) for v in br["pages"].values() for c in ("cold", "warm"))
               for o in ("hcards", "theme")}
        rows.append(("  the site's own scripts, longest run", fmt(own["hcards"], " ms"),
                     f"the theme's bundle: {fmt(own['theme'], ' ms')}", "≤ 50 ms", mark(own["hcards"] <= TARGETS["longtask_ms"])))
        outside = sum(len(v[c]["outside_requests"]) for v in br["pages"].values() for c in ("cold", "warm"))
        rows.append(("requests to other hosts", str(outside), "", "0", mark(outside == 0)))
    fz = results.get("fuzz")
    if fz:
        failed = fz["counts"].get("FAILURE", 0)
        rows.append((f"Fuzz ({fz['inputs']:,} mutated records from {fz['seed_records']} real ones, seed {fz['seed']})",
                     "", "", "", ""))
        rows.append(("inputs answered against the contract", fmt(fz["inputs"] - failed), f"{fmt(fz['seconds'], ' s')}",
                     "", ""))
        rows.append(("tracebacks, internal_error or a wrong code", fmt(failed), "", "0", mark(failed == 0)))
        summary = fuzz_summary(fz["counts"])
        rows.append(("CLI (replay, rank, compare) exit status",
                     ", ".join(f"{k}: {fmt(v)}" for k, v in summary["cli"].items()), "", "0, 1 or 2", ""))
        for code, n in summary["bridge"].items():
            rows.append((f"bridge {'answer' if code == 'ok' else 'error'} {code}", fmt(n), "", "", ""))
        for failure in fz["failures"][:5]:
            rows.append(("  failure", failure.splitlines()[0][:120], "", "", ""))
    if results.get("bots"):
        rows += bots_rows(results["bots"])
    b = results.get("build")
    if b:
        rows.append(("Build", "", "", "", ""))
        full = b.get("full", {})
        rows.append(("full five-language build (mkdocs build --strict)", fmt(full.get("seconds"), " s"),
                     "ok" if full.get("ok") else "FAILED", "≤ 60 s",
                     mark(full.get("ok") and full["seconds"] <= TARGETS["build_s"])))
        serve = b.get("serve", {})
        rows.append(("mkdocs serve: rebuild after editing one page", fmt(serve.get("rebuild_s"), " s"),
                     f"first build {fmt(serve.get('first_build_s'), ' s')}", "", ""))
    return rows


def print_table(rows) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        if not any(r[1:]):
            print(f"\n{r[0]}")
            continue
        print("  " + "  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip())


# ================================================================ main


def in_chromium(site: Path, run) -> object:
    """``run(browser, base_url)`` against the built site served as scripts/serve serves it,
    in a fresh headless Chromium: the Play, Drills and Puzzles benches share it."""
    from playwright.sync_api import sync_playwright

    httpd = make_server(str(site))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    chromium = os.environ.get("HCARDS_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                return run(browser, f"http://127.0.0.1:{httpd.server_address[1]}/")
            finally:
                browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


def bench_play_pages(tree: Path, site: Path, quick: bool) -> dict:
    """The Play pages (scripts/bench_play.py) on the built site in Chromium."""
    play = load_module("bench_play", tree / "scripts/bench_play.py")
    return in_chromium(site, lambda browser, base: play.bench_play(browser, base, quick, log))


def bench_drills(tree: Path, site: Path | None, quick: bool) -> dict:
    """Time to the next rule drill (scripts/bench_drills.py): CPython, Pyodide under Node with
    the wheel the site ships, and Chromium on the built Drills pages."""
    wheel = fresh_core(tree)
    mod = load_module("bench_drills", tree / "scripts/bench_drills.py")
    log("drills: CPython")
    out = {"cpython": mod.run(None, quick)}
    log("drills: Pyodide")
    node = subprocess.run(["node", str(tree / "scripts/bench-pyodide.mjs"), "--wheel", str(wheel), "--module",
                           "bench_drills"] + (["--quick"] if quick else []), cwd=tree, capture_output=True, text=True)
    out["pyodide"] = json.loads(node.stdout.strip().splitlines()[-1]) if node.returncode == 0 else None
    if node.returncode:
        log("drills: the Pyodide run failed:\n" + node.stderr[-2000:])
    if site is not None:
        out["browser"] = in_chromium(site, lambda browser, base: mod.browser(browser, base, quick, log))
    return out


def bench_puzzles_pages(tree: Path, site: Path, quick: bool) -> dict:
    """The Puzzles pages (scripts/bench_puzzles.py): the time to the next puzzle."""
    puzzles = load_module("bench_puzzles", tree / "scripts/bench_puzzles.py")
    return in_chromium(site, lambda browser, base: puzzles.bench_puzzles(browser, base, quick, log))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="scripts/bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="short run: fewer rounds, smaller sizes")
    ap.add_argument("--only", default="core,browser,build,fuzz",
                    help="comma-separated: core,browser,build,fuzz,bots,play,drills,refute,puzzles,offline (bots, play, drills, refute, puzzles and offline are not in the default run)")
    ap.add_argument("--deals", type=int, default=None, help="bots: duplicate deals per match (default 2,000; --quick 20)")
    ap.add_argument("--positions", type=int, default=None, help="bots: positions timed per game, table size and tier")
    ap.add_argument("--tree", type=Path, default=REPO, help="the source tree to build and measure (default: this one)")
    ap.add_argument("--site", type=Path, help="measure this already built site in the browser instead of the fresh build")
    ap.add_argument("--out", type=Path, default=REPO / "bench-results" / "bench.json")
    args = ap.parse_args(argv)
    parts = {p.strip() for p in args.only.split(",") if p.strip()}
    tree = args.tree.resolve()
    results: dict = {"quick": args.quick, "tree": str(tree), "targets": TARGETS,
                     "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "cpus": os.cpu_count(),
                     "load_average": os.getloadavg()}
    tmp = Path(tempfile.mkdtemp(prefix="hcards-bench-"))
    try:
        site = args.site.resolve() if args.site else None
        if "build" in parts or ("browser" in parts and site is None):
            log("build: mkdocs build --strict (five languages)")
            full = bench_build(tree, tmp / "site")
            results["build"] = {"full": full}
            if full["ok"] and site is None:
                site = tmp / "site"
            elif not full["ok"]:
                log("build FAILED:\n" + full["error"])
        if "build" in parts:
            log("build: mkdocs serve, rebuild after one edit")
            results["build"]["serve"] = bench_serve_rebuild(tree)
        if "core" in parts:
            results["core"] = bench_core(tree, args.quick, 1 if args.quick else 3)
        if "fuzz" in parts:
            results["fuzz"] = bench_fuzz(tree, args.quick)
        if "bots" in parts:
            results["bots"] = bench_bots(tree, args.quick, args.deals, args.positions)
        if "refute" in parts:
            results["refute"] = bench_refute(tree, args.quick)
        if "browser" in parts:
            if site is None:
                log("browser: skipped (no built site)")
            else:
                results["browser"] = bench_browser(site, args.quick)

        def built_site(part: str) -> Path | None:
            """The site the page benches run on: the one given or built above, else built now."""
            nonlocal site
            if site is None:
                log(f"{part}: building the site")
                full = bench_build(tree, tmp / "site")
                site = tmp / "site" if full["ok"] else None
            return site

        page_benches = (("puzzles", bench_puzzles_pages), ("offline", lambda _tree, s, q: bench_offline(s, q)),
                        ("play", bench_play_pages))
        for part, bench in page_benches:
            if part in parts and built_site(part) is not None:
                results[part] = bench(tree, site, args.quick)
        if "drills" in parts:
            results["drills"] = bench_drills(tree, built_site("drills"), args.quick)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    results["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    rows = rows_for(results)
    if "offline" in results:
        rows += offline_rows(results["offline"])
    for part in ("play", "drills", "refute", "puzzles"):  # each bench module words its own rows
        if part in results:
            rows += load_module(f"bench_{part}", tree / f"scripts/bench_{part}.py").rows(results[part], fmt, mark)
    results["table"] = [list(r) for r in rows]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print_table([("metric", "value", "reference", "target", "")] + rows)
    print(f"\nnumbers: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
