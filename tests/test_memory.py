"""The spaced-repetition memory (hcards_core/learn/memory.py): FSRS scheduling from the answer
log, the "due today" deck, the mastery map, the JSON round trip, the progress file's checksum
(the same canonical text the page hashes with WebCrypto), and the scheduler inside Pyodide
from the very wheels the site ships.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess

import pytest

from hcards_core import bridge
from hcards_core.learn import memory as mem

T0 = 1_764_590_000_000  # 2025-12-01 12:33:20 UTC, in ms
MIN, DAY = 60_000, 86_400_000


def answer(id_, clauses, correct, at, kind="exercise", game="zsiros", themes=(), **extra):
    return {"kind": kind, "id": id_, "game": game, "clauses": list(clauses), "themes": list(themes),
            "correct": correct, "answer": {"act": "stop"}, "lang": "en", "at": at, **extra}


def call(fn, **args):
    reply = json.loads(bridge.handle(json.dumps({"fn": fn, "args": args})))
    assert reply["ok"], reply
    return reply["value"]


def test_a_wrong_answer_comes_due_sooner_than_a_right_one():
    m = mem.update([answer("a", ["Z-4.3"], False, T0), answer("b", ["Z-4.4"], True, T0)])
    wrong, right = m["cards"]["clause:Z-4.3"], m["cards"]["clause:Z-4.4"]
    assert wrong["due"] - T0 <= 10 * MIN  # back within minutes: one learning step
    assert right["due"] - T0 >= DAY  # graduated: back after days
    assert wrong["rating"] == mem.AGAIN and right["rating"] == mem.GOOD
    assert wrong["missed"] == [{"kind": "exercise", "id": "a", "game": "zsiros", "at": T0}]
    assert right["missed"] == [] and wrong["wrong"] == 1 and right["wrong"] == 0


def test_right_answers_space_out_and_a_lapse_brings_the_clause_back():
    log = [answer("a", ["Z-4.3"], True, T0)]
    intervals = []
    for _ in range(3):
        card = mem.update(log)["cards"]["clause:Z-4.3"]
        intervals.append(card["due"] - card["last_review"])
        log.append(answer("a", ["Z-4.3"], True, card["due"]))
    assert intervals == sorted(intervals) and intervals[0] < intervals[-1]
    card = mem.update(log)["cards"]["clause:Z-4.3"]
    log.append(answer("a", ["Z-4.3"], False, card["due"]))
    lapsed = mem.update(log)["cards"]["clause:Z-4.3"]
    assert lapsed["due"] - lapsed["last_review"] <= 10 * MIN and lapsed["state"] == 3  # relearning


def test_hard_after_a_miss_or_a_hint_is_between():
    m = mem.update([answer("a", ["Z-1.1"], False, T0, right=True), answer("b", ["Z-1.2"], True, T0, hints=2),
                    answer("c", ["Z-1.3"], True, T0)])
    hard1, hard2, good = (m["cards"][f"clause:Z-1.{k}"] for k in (1, 2, 3))
    assert hard1["rating"] == hard2["rating"] == mem.HARD
    assert hard1["due"] < good["due"]


def test_themes_get_cards_and_drills_and_puzzles_count():
    m = mem.update([answer("p1", ["Z-4.3"], False, T0, kind="puzzle", themes=["keep-a-seven"]),
                    answer("zsiros:who-wins:7", ["Z-4.3"], True, T0 + MIN, kind="drill", themes=["who-wins"])])
    assert set(m["cards"]) == {"clause:Z-4.3", "theme:keep-a-seven", "theme:who-wins"}
    assert m["cards"]["clause:Z-4.3"]["reviews"] == 2


def test_due_list_and_mastery_map_from_a_log():
    log = [answer("a", ["Z-4.3"], False, T0), answer("b", ["Z-4.4"], True, T0),
           answer("c", ["Z-2.1"], False, T0 + 5 * MIN)]
    m = mem.update(log)
    end_of_day = T0 + 6 * 3600_000
    deck = mem.due(m, end_of_day)
    assert [c["key"] for c in deck] == ["clause:Z-4.3", "clause:Z-2.1"]  # soonest first
    assert mem.due(m, T0) == []  # nothing is due at the very moment of answering
    assert mem.mastery(m, ["Z-4.3", "Z-4.4", "Z-2.1", "Z-5.1", "Z-7.1"], end_of_day, seen=["Z-5.1"]) == {
        "Z-4.3": "due", "Z-4.4": "known", "Z-2.1": "due", "Z-5.1": "seen", "Z-7.1": "new"}
    # the right answer is due again in a few days: then it is on the deck too
    later = m["cards"]["clause:Z-4.4"]["due"]
    assert "clause:Z-4.4" in [c["key"] for c in mem.due(m, later)]


def test_update_extends_or_rebuilds_and_skips_bad_entries():
    log = [answer("a", ["Z-4.3"], False, T0), answer("b", ["Z-4.4"], True, T0 + MIN)]
    first = mem.update(log[:1])
    assert mem.update(log, first) == mem.update(log)
    # an older answer merged in (an import): rebuilt, same as from scratch
    older = answer("c", ["Z-4.3"], True, T0 - DAY)
    assert mem.update([*log, older], mem.update(log)) == mem.update([older, *log])
    # duplicates (same kind, id and time) count once; malformed entries are skipped, not fatal
    bad = [{"kind": "exercise"}, "x", answer("d", [], True, "noon"), {**answer("e", ["Z-1"], True, T0), "at": True}]
    m = mem.update([*log, log[0], *bad])
    assert m["applied"] == 2 and m["skipped"] == 5
    assert m["cards"] == mem.update(log)["cards"]


def test_json_round_trip_through_the_bridge():
    log = [answer("a", ["Z-4.3"], False, T0), answer("b", ["F-6.1"], True, T0, game="ferbli")]
    m = call("memory_update", log=log)
    assert json.loads(json.dumps(m)) == m == mem.update(log)
    again = call("memory_update", log=[*log, answer("a", ["Z-4.3"], True, T0 + 2 * MIN)], memory=m)
    assert again["cards"]["clause:Z-4.3"]["reviews"] == 2
    deck = call("memory_due", log=log, until=T0 + DAY)
    assert [c["key"] for c in deck["due"]] == ["clause:Z-4.3"]
    refused = json.loads(bridge.handle(json.dumps({"fn": "memory_update", "args": {"log": "nope"}})))
    assert refused["ok"] is False and refused["error"]["code"] == "bad_field"


def test_the_core_imports_without_fsrs():
    """The scheduler is imported inside the functions: the core stays stdlib-only at import."""
    code = ("import sys, builtins; real = builtins.__import__\n"
            "def guard(name, *a, **k):\n"
            "    if name.split('.')[0] in ('fsrs', 'typing_extensions'): raise ImportError(name)\n"
            "    return real(name, *a, **k)\n"
            "builtins.__import__ = guard\n"
            "import hcards_core.bridge as b; assert 'memory_update' in b.FUNCTIONS; print('ok')")
    import sys

    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.stdout.strip() == "ok", run.stderr


# The file the progress page exports (docs/assets/hcards-progress-file.js: canonical(), checksum()).
PAGE_FILE = {
    "format": "hcards-progress", "version": 1, "name": "Kovács Éva – کاوه 太郎 \"\\ \u2028",
    "exported": "2026-12-01T12:00:00.000Z", "lang": "en",
    "log": [answer("a", ["Z-4.3"], False, T0)],
    "memory": mem.update([answer("a", ["Z-4.3"], False, T0)]),
    "progress": {"exercises": {"zsiros-continue-seven": {"solved": False, "tries": 1}}, "walkthroughs": {}},
}


def test_checksum_matches_the_pages_canonical_form(repo):
    """The page's canonical() (run in Node on the same object) writes the same text Python
    does, so a file exported by the page passes Python's check and vice versa."""
    node = shutil.which("node")
    assert node, "node is not on PATH"
    script = (f"import {{ canonical }} from {json.dumps(str(repo / 'docs/assets/hcards-progress-file.js'))};\n"
              "const data = JSON.parse(process.argv[1]);\n"
              "const text = canonical(data);\n"
              "const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));\n"
              "console.log(JSON.stringify({text, hex: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}));")
    data = {**PAGE_FILE, "checksum": "sha256:whatever"}
    run = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(data)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["text"] == mem.canonical(data)
    assert "sha256:" + out["hex"] == mem.checksum(data)
    assert mem.checksum(data) == "sha256:" + hashlib.sha256(mem.canonical(PAGE_FILE).encode()).hexdigest()


def test_checksum_changes_with_any_edit():
    base = mem.checksum(PAGE_FILE)
    edited = json.loads(json.dumps(PAGE_FILE))
    edited["log"][0]["correct"] = True
    assert mem.checksum(edited) != base
    assert mem.checksum({**PAGE_FILE, "checksum": "sha256:0"}) == base  # the field itself is left out


def test_the_scheduler_runs_inside_pyodide(repo):
    """The shipped wheels (fsrs, typing_extensions: .cache/site-wheels, which the build copies
    into the site) load in Pyodide under Node after the core is imported, and schedule the same
    memory CPython does."""
    node = shutil.which("node")
    assert node, "node is not on PATH"
    site_wheels = sorted((repo / ".cache" / "site-wheels").glob("*.whl"))
    assert {w.name.split("-")[0] for w in site_wheels} == {"fsrs", "typing_extensions"}, "run scripts/setup"
    from test_pyodide_node import load_runtime_hook

    core = load_runtime_hook(repo).build_wheel()
    log = [answer("a", ["Z-4.3"], False, T0), answer("b", ["Z-4.4"], True, T0),
           answer("a", ["Z-4.3"], True, T0 + 2 * MIN, themes=["keep-a-seven"])]
    helpers = json.dumps(str(repo / "scripts" / "pyodide-node.mjs"))
    script = f"""
import {{ blockNetwork, loadPyodideOffline, installWheels }} from {helpers};
const blocked = await blockNetwork("memory test");
const {{ pyodide }} = await loadPyodideOffline();
installWheels(pyodide, [{json.dumps(str(core))}]);
pyodide.runPython("import hcards_core.bridge, sys; assert 'fsrs' not in sys.modules");
installWheels(pyodide, {json.dumps([str(w) for w in site_wheels])});
pyodide.globals.set("request", process.argv[1]);
const out = pyodide.runPython("import sys; from hcards_core.bridge import handle; sys.version.split()[0] + ' ' + handle(request)");
console.log(out);
if (blocked.length) {{ console.error("network:", blocked); process.exit(3); }}
"""
    request = json.dumps({"fn": "memory_update", "args": {"log": log}})
    run = subprocess.run([node, "--input-type=module", "-e", script, request],
                         cwd=repo, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-3000:]
    version, reply = run.stdout.strip().splitlines()[-1].split(" ", 1)
    assert version.startswith("3.14")
    reply = json.loads(reply)
    assert reply["ok"], reply
    assert reply["value"] == mem.update(log)


def test_a_broken_memory_is_rebuilt_from_the_log():
    """The browser's memory is a cache of the log: a copy that cannot be read is made again."""
    log = [answer("a", ["Z-4.3"], False, T0)]
    good = mem.update(log)
    for broken in ({**good, "cards": {"clause:Z-4.3": {"state": "x"}}}, {**good, "applied": "x"},
                   {**good, "cards": {"clause:Z-4.3": {**good["cards"]["clause:Z-4.3"], "due": "soon"}}}):
        assert call("memory_update", log=log, memory=broken) == good
    assert mem.update([answer("a", ["Z-4.3"], False, 10**18)])["skipped"] == 1  # no year 31,000


def test_every_theme_and_drill_type_has_a_label_in_every_language():
    """The review deck and mastery map name puzzle themes and drill types as their pages do."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "hooks"))
    import json
    import memory as memory_hook
    from hcards_core.learn import drills

    themes = json.loads((Path(__file__).resolve().parents[1] / "tutorials/puzzles/themes.json").read_text())
    ids = list(themes["themes"])
    types = sorted({t for ts in drills.TYPES.values() for t in ts})
    assert ids and types
    for lang in ("en", "hu", "ro", "fa", "ja"):
        for theme in ids + types:
            assert memory_hook.theme_label(lang, theme) != theme, (lang, theme)


def test_the_file_merges_puzzle_ratings_and_drill_scores(repo):
    """An import carries the puzzle ratings and the drill scores too (hcards-progress-file.js,
    run in Node): per puzzle file the more certain rating, every try (solved if either), each
    game's score with more answers and the better best streak; a broken entry is skipped."""
    node = shutil.which("node")
    assert node, "node is not on PATH"
    mine_p = {"learners": {"zsiros-2": {"rating": 1400, "rd": 90, "vol": 0.06},
                           "ferbli-3": {"rating": 1500, "rd": 350, "vol": 0.06}},
              "puzzles": {"p1": {"rating": 1450, "rd": 150, "vol": 0.06}},
              "tried": {"zsiros-2:p1": False, "zsiros-2:p2": True}}
    theirs_p = {"learners": {"zsiros-2": {"rating": 1700, "rd": 200, "vol": 0.06},
                             "ferbli-3": {"rating": 1320, "rd": 120, "vol": 0.06}, "bad": {"rating": "x"}},
                "puzzles": {"p1": {"rating": 1600, "rd": 100, "vol": 0.06}, "p9": {"rating": 1555, "rd": 99, "vol": 0.06}},
                "tried": {"zsiros-2:p1": True, "zsiros-2:p2": False, "ferbli-3:q": False}}
    mine_d = {"zsiros": {"right": 3, "total": 4, "streak": 1, "best": 9}}
    theirs_d = {"zsiros": {"right": 10, "total": 12, "streak": 5, "best": 5},
                "ferbli": {"right": 1, "total": 1, "streak": 1, "best": 1}, "filicau": {"right": -1}}
    script = (f"import {{ mergePuzzles, mergeDrills }} from {json.dumps(str(repo / 'docs/assets/hcards-progress-file.js'))};\n"
              "const [a, b, c, d] = JSON.parse(process.argv[1]);\n"
              "console.log(JSON.stringify({p: mergePuzzles(a, b), d: mergeDrills(c, d), empty: mergePuzzles(undefined, b)}));")
    run = subprocess.run([node, "--input-type=module", "-e", script, json.dumps([mine_p, theirs_p, mine_d, theirs_d])],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["p"]["learners"] == {"zsiros-2": mine_p["learners"]["zsiros-2"], "ferbli-3": theirs_p["learners"]["ferbli-3"]}
    assert out["p"]["puzzles"] == {"p1": mine_p["puzzles"]["p1"], "p9": theirs_p["puzzles"]["p9"]}
    assert out["p"]["tried"] == {"zsiros-2:p1": True, "zsiros-2:p2": True, "ferbli-3:q": False}
    assert out["d"] == {"zsiros": {"right": 10, "total": 12, "streak": 5, "best": 9}, "ferbli": theirs_d["ferbli"]}
    assert out["empty"]["learners"] == {k: v for k, v in theirs_p["learners"].items() if k != "bad"}
