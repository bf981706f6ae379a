"""Spaced repetition and proof of progress in the browser, in English and Japanese: an exercise
answered wrong is in the answer log, scheduled by FSRS in the worker and on the review deck as
due (and due on the game's mastery map); the progress file exported with a name, checked again
by Python, imported into a fresh browser (merged, never duplicated); a tampered or malformed
file refused with the message naming its problem; the Class page reading two learners' files
into its tables; axe clean on the review and Class pages with their content shown."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import tutorial_data as data  # noqa: E402
from hcards_core.learn import memory as mem  # noqa: E402
from test_site_quality import AXE_JS, describe, run_axe  # noqa: E402

LANGS = [("en", ""), ("ja", "ja/")]
READY = "html[data-hcards-status=ready]"
EID, RULE, WRONG = "zsiros-last-hit", "Z-3.4", "A"  # a choice exercise and a wrong option of it


BUSY = 120_000  # ms: Python's boot in a fresh browser, on a machine shared with other builds


@pytest.fixture
def page(page):
    page.set_default_timeout(BUSY)
    return page


def t(lang: str, key: str, **params) -> str:
    return data.text(lang, "memory", key).format(**params)


SCHEDULED = f"""(() => {{ const m = JSON.parse(localStorage.getItem('hcards:memory') || 'null');
    return m && m.cards['clause:{RULE}'] && m.applied === 1; }})()"""


def answer_wrong(page, server, path: str):
    page.goto(f"{server}{path}zsiros/exercises/#{EID}")
    section = page.locator(f"section#{EID}")
    section.wait_for()
    page.wait_for_selector(READY, state="attached")
    section.locator(f"input[type=radio][value='{WRONG}']").check()
    section.locator(".hc-ex-check").click()
    page.wait_for_function(f"document.querySelector('#{EID} .hc-ex-feedback').dataset.correct === '0'")
    page.wait_for_function(SCHEDULED)  # the worker has scheduled it (fsrs loaded on this first memory call)


def storage(page, key: str):
    return json.loads(page.evaluate(f"localStorage.getItem('{key}')") or "null")


def export_file(page, server, path: str, name: str, tmp_path) -> Path:
    page.goto(f"{server}{path}progress/")
    form = page.locator(".hc-export")
    form.locator("input").fill(name)
    form.locator("input").press("End")  # fill() with non-ASCII sends no key event
    with page.expect_download() as info:
        form.locator("button").click()
    out = tmp_path / info.value.suggested_filename
    info.value.save_as(out)
    return out


def import_file(page, file) -> str:
    page.locator(".hc-import").set_input_files(file)
    status = page.locator(".hc-transfer-status")
    page.wait_for_function("document.querySelector('.hc-transfer-status').textContent !== ''")
    return status.inner_text()


@pytest.mark.parametrize("lang, path", LANGS)
def test_a_wrong_answer_comes_back_as_due(page, server, lang, path):
    answer_wrong(page, server, path)
    log = storage(page, "hcards:answers")
    assert len(log) == 1
    a = log[0]
    assert {k: a[k] for k in ("kind", "id", "game", "clauses", "themes", "correct", "right", "answer", "lang")} == {
        "kind": "exercise", "id": EID, "game": "zsiros", "clauses": [RULE], "themes": [], "correct": False,
        "right": False, "answer": WRONG, "lang": lang}
    card = storage(page, "hcards:memory")["cards"][f"clause:{RULE}"]
    assert card["due"] - a["at"] <= 10 * 60_000 and card["missed"][0]["id"] == EID
    # the review page: the deck says one due and links the exercise missed and the clause
    page.goto(f"{server}{path}review/")
    item = page.locator(f".hc-review-card[data-key='clause:{RULE}']")
    item.wait_for()
    assert page.locator(".hc-review-summary").inner_text() == t(lang, "review_due", n=1)
    links = item.locator("a")
    hrefs = [links.nth(k).get_attribute("href") for k in range(links.count())]
    assert any(h.endswith(f"zsiros/rules/#{RULE}") for h in hrefs), hrefs
    assert any(h.endswith(f"zsiros/exercises/#{EID}") for h in hrefs), hrefs
    assert t(lang, "review_missed") in item.inner_text()
    # nothing comes back later: the list says so in words, with no "1." in front
    none = page.locator(".hc-review-later > li")
    assert none.count() == 1 and none.inner_text() == t(lang, "review_later_none")
    assert none.evaluate("li => getComputedStyle(li).listStyleType") == "none"
    # the mastery map on the game's overview: the clause is due, the rest new
    page.goto(f"{server}{path}zsiros/")
    li = page.locator(f".hc-mastery li[data-clause='{RULE}']")
    page.wait_for_function(f"document.querySelector(\".hc-mastery li[data-clause='{RULE}']\").dataset.state === 'due'")
    assert li.locator(".hc-m-state").inner_text() == t(lang, "state_due")
    total = page.locator(".hc-mastery li[data-clause]").count()
    assert page.locator(".hc-mastery-summary").inner_text() == t(lang, "mastery_summary", known=0, due=1, seen=0, new=total - 1)
    # a walkthrough stepped through to its end: the clauses it cites are seen (not answered)
    page.evaluate("localStorage.setItem('hcards:walkthroughs', JSON.stringify({'zsiros-two-players': {done: true}}))")
    page.reload()
    page.wait_for_selector(".hc-mastery li[data-clause='Z-5.1'][data-state='seen']")
    assert page.locator(f".hc-mastery li[data-clause='{RULE}']").get_attribute("data-state") == "due"


@pytest.mark.parametrize("lang, path", LANGS)
def test_export_import_round_trip_and_refusals(page, server, guarded, lang, path, tmp_path):
    answer_wrong(page, server, path)
    # a puzzle rating and a drill score, as those pages keep them: the file carries them too
    puzzles = {"learners": {"zsiros-2": {"rating": 1327.5, "rd": 180.25, "vol": 0.06}}, "puzzles": {},
               "tried": {"zsiros-2:p1": True}}
    drills = {"zsiros": {"right": 7, "total": 9, "streak": 2, "best": 5}}
    page.evaluate("([p, d]) => { localStorage.setItem('hcards:puzzles', JSON.stringify(p));"
                  " localStorage.setItem('hcards:drills', JSON.stringify(d)); }", [puzzles, drills])
    name = "Kovács Éva" if lang == "en" else "山田 花子"
    file = export_file(page, server, path, name, tmp_path)
    data_ = json.loads(file.read_text("utf-8"))
    assert data_["format"] == "hcards-progress" and data_["version"] == 1 and data_["name"] == name
    assert data_["lang"] == lang and len(data_["log"]) == 1 and data_["memory"]["cards"]
    assert data_["progress"]["exercises"][EID]["tries"] == 1
    assert data_["progress"]["puzzles"] == puzzles and data_["progress"]["drills"] == drills
    assert mem.checksum(data_) == data_["checksum"]  # the page's checksum, checked by Python
    assert page.evaluate("localStorage.getItem('hcards:learner')") == name

    # a fresh browser: import, then the answer is on its review deck
    ctx = guarded()
    try:
        fresh = ctx.new_page()
        fresh.set_default_timeout(BUSY)
        fresh.goto(f"{server}{path}progress/")
        assert import_file(fresh, file) == t(lang, "file_imported", name=name, added=1, known=0)
        assert storage(fresh, "hcards:answers") == data_["log"]
        fresh.wait_for_function(f"(JSON.parse(localStorage.getItem('hcards:memory') || 'null') || {{cards: {{}}}}).cards['clause:{RULE}']")
        assert storage(fresh, "hcards:exercises")[EID]["tries"] == 1
        assert storage(fresh, "hcards:puzzles")["learners"] == puzzles["learners"]
        assert storage(fresh, "hcards:puzzles")["tried"] == puzzles["tried"]
        assert storage(fresh, "hcards:drills") == drills
        # importing the same file again adds nothing
        fresh.locator(".hc-transfer-status").evaluate("e => { e.textContent = ''; }")
        assert import_file(fresh, file) == t(lang, "file_imported", name=name, added=0, known=1)
        assert len(storage(fresh, "hcards:answers")) == 1
        # an edited file: refused, named, nothing changed
        tampered = json.loads(file.read_text("utf-8"))
        tampered["log"][0]["correct"] = True
        bad = tmp_path / "edited.json"
        bad.write_text(json.dumps(tampered), "utf-8")
        fresh.locator(".hc-transfer-status").evaluate("e => { e.textContent = ''; }")
        assert import_file(fresh, bad) == t(lang, "file_bad_checksum", file="edited.json")
        # malformed: not JSON; a field missing
        (tmp_path / "cut.json").write_text(file.read_text("utf-8")[:40], "utf-8")
        fresh.locator(".hc-transfer-status").evaluate("e => { e.textContent = ''; }")
        assert import_file(fresh, tmp_path / "cut.json") == t(lang, "file_bad_json", file="cut.json")
        nameless = {k: v for k, v in data_.items() if k != "name"}
        (tmp_path / "nameless.json").write_text(json.dumps(nameless), "utf-8")
        fresh.locator(".hc-transfer-status").evaluate("e => { e.textContent = ''; }")
        assert import_file(fresh, tmp_path / "nameless.json") == t(lang, "file_bad_field", file="nameless.json", field="name")
        assert storage(fresh, "hcards:answers") == data_["log"]
        fresh.goto(f"{server}{path}review/")
        fresh.locator(f".hc-review-card[data-key='clause:{RULE}']").wait_for()
    finally:
        ctx.close()


def python_file(name: str, log: list) -> dict:
    """A learner's file made by Python (the other direction of the checksum's agreement)."""
    body = {"format": "hcards-progress", "version": 1, "name": name, "exported": "2026-12-01T10:00:00.000Z",
            "lang": "en", "log": log, "memory": mem.update(log), "progress": {"exercises": {}, "walkthroughs": {}}}
    return {**body, "checksum": mem.checksum(body)}


@pytest.mark.parametrize("lang, path", LANGS)
def test_class_page_reads_two_files(page, server, lang, path, tmp_path):
    at = 1_764_580_000_000
    ex = lambda id_, rule, ans, ok, k: {"kind": "exercise", "id": id_, "game": "zsiros", "clauses": [rule],  # noqa: E731
                                       "themes": [], "correct": ok, "right": ok, "answer": ans, "lang": "en", "at": at + k}
    one = python_file("Anna", [ex(EID, RULE, "A", False, 0), ex(EID, RULE, "D", False, 1000) | {"right": True}])
    two = python_file("Béla", [ex(EID, RULE, "D", True, 5)])
    edited = json.loads(json.dumps(one)) | {"name": "Someone else"}
    files = []
    for label, d in (("anna", one), ("bela", two), ("edited", edited)):
        files.append(tmp_path / f"{label}.json")
        files[-1].write_text(json.dumps(d, ensure_ascii=False), "utf-8")
    page.goto(f"{server}{path}class/")
    page.locator(".hc-class-files").wait_for()
    assert page.locator(".hc-class-print").is_hidden()  # nothing to print before a file is read
    page.locator(".hc-class-files").set_input_files(files)
    page.wait_for_selector(".hc-class[data-learners='2']")
    messages = page.locator(".hc-class-messages").inner_text()
    assert t(lang, "class_read", n=2) in messages
    assert t(lang, "class_bad_checksum", file="edited.json") in messages
    rows = page.locator(".hc-class-exercises tbody tr")
    assert rows.count() == 2
    assert rows.nth(0).locator("th").inner_text().startswith("Anna")
    assert t(lang, "class_right_after", n=2) in rows.nth(0).inner_text()
    assert t(lang, "class_right_first") in rows.nth(1).inner_text()
    clause_rows = page.locator(".hc-class-clauses tbody tr")
    assert clause_rows.count() == 2 and RULE in page.locator(".hc-class-clauses thead").inner_text()
    spread = page.locator(".hc-class-spread-table").first
    assert "1 / 2" in spread.inner_text() and "A" in spread.inner_text() and "D" in spread.inner_text()
    assert page.locator(".hc-class-print").is_visible()
    # printable: the drop zone and the button are not on paper
    page.emulate_media(media="print")
    assert page.locator(".hc-class-drop").is_hidden() and page.locator(".hc-class-exercises").is_visible()


def test_an_update_that_failed_is_tried_again(page, server):
    """The scheduler's wheel refused, on the page's first memory update and on the answer's
    own: once it can be fetched, the answer is scheduled on that same page, not lost until
    the learner opens another one."""
    refused = []
    allow = []

    def wheel(route):
        if allow:
            route.fallback()  # to the context's guard, which lets a local request through
        else:
            refused.append(route.request.url)
            route.abort()

    page.context.route("**/fsrs-*.whl", wheel)

    def until(condition, ms=60_000):
        for _ in range(ms // 100):
            if condition():
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"timed out; refused so far: {refused}")

    page.goto(f"{server}zsiros/exercises/#{EID}")
    page.wait_for_selector(READY, state="attached")
    until(lambda: len(refused) >= 1)  # the update at "ready" (an empty log) failed
    section = page.locator(f"section#{EID}")
    section.locator(f"input[type=radio][value='{WRONG}']").check()
    section.locator(".hc-ex-check").click()
    page.wait_for_function(f"document.querySelector('#{EID} .hc-ex-feedback').dataset.correct === '0'")
    until(lambda: len(refused) >= 2)  # and the answer's own update
    assert storage(page, "hcards:answers")[0]["clauses"] == [RULE]  # the answer is in the log
    assert not page.evaluate(SCHEDULED)
    allow.append(True)
    page.wait_for_function(SCHEDULED, timeout=30_000)


def test_an_answer_on_a_page_whose_memory_was_up_to_date_is_scheduled(page, server):
    """A memory already up to date with the log when the page's Python is ready (an earlier
    page scheduled everything): the page's first update has nothing to do and ends at once; the
    answer given next must still be scheduled on this page. (The run that had nothing to await
    cleared its own 'running' before it was set, and every later update of the page waited on
    it: 1 run in 4 of the review-then-exercise test timed out.)"""
    page.goto(f"{server}progress/")
    page.evaluate("""() => { localStorage.setItem('hcards:answers', '[]');
        localStorage.setItem('hcards:memory', JSON.stringify({version: 1, cards: {}, applied: 0, last: null, skipped: 0})); }""")
    page.goto(f"{server}zsiros/exercises/#{EID}")
    page.wait_for_selector(READY, state="attached")
    section = page.locator(f"section#{EID}")
    section.locator(f"input[type=radio][value='{WRONG}']").check()
    section.locator(".hc-ex-check").click()
    page.wait_for_function(f"document.querySelector('#{EID} .hc-ex-feedback').dataset.correct === '0'")
    page.wait_for_function(SCHEDULED, timeout=30_000)
    assert storage(page, "hcards:memory")["cards"][f"clause:{RULE}"]["wrong"] == 1


@pytest.mark.parametrize("lang, path", LANGS)
def test_review_and_class_pages_are_axe_clean(page, server, lang, path, tmp_path):
    source = AXE_JS.read_text("utf-8")
    page.goto(f"{server}{path}review/")
    page.locator(".hc-review-summary").wait_for()
    page.wait_for_function(f"document.querySelector('.hc-review-summary').textContent === {json.dumps(t(lang, 'review_none'))}")
    violations = run_axe(page, source)
    assert not violations, f"review (empty): axe found\n{describe(violations)}"
    answer_wrong(page, server, path)
    page.goto(f"{server}{path}review/")
    page.locator(".hc-review-card").first.wait_for()
    violations = run_axe(page, source)
    assert not violations, f"review: axe found\n{describe(violations)}"
    page.goto(f"{server}{path}zsiros/")
    page.wait_for_selector(".hc-mastery li[data-state='due']")
    violations = run_axe(page, source)
    assert not violations, f"overview with its mastery map: axe found\n{describe(violations)}"
    f = tmp_path / "one.json"
    f.write_text(json.dumps(python_file("Anna", storage(page, "hcards:answers"))), "utf-8")
    page.goto(f"{server}{path}class/")
    violations = run_axe(page, source)
    assert not violations, f"class (empty): axe found\n{describe(violations)}"
    page.locator(".hc-class-files").set_input_files([f])
    page.wait_for_selector(".hc-class[data-learners='1']")
    violations = run_axe(page, source)
    assert not violations, f"class: axe found\n{describe(violations)}"
