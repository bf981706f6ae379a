"""Exercises prerendered at build time: the question, the position on the card table (or the
cards to judge), the options or the table to play on, the hints and the answer.

The page reads without JavaScript (hints and the answer sit in closed ``<details>``); the page
script (``assets/hcards-exercises.js``) then sends each answer to the core in the browser's
worker (``check_exercise``) and shows the feedback with the clause linked, hints on request,
the answer after three wrong tries, and progress kept in localStorage. The answer shown here
is computed by the core at build time (``hcards_core.exercises.answer_of``), never copied from
the data. A wrong answer that is a legal move is refuted by play: the listed ones were
refuted by ``scripts/refute_exercises.py`` into ``tutorials/refutations/<game>.json`` (plans:
a world seed and two lines, language-neutral), which go into the exercise's payload and are
drawn in the page's language by the worker (``bridge refute``); any other is refuted live.
"""

from __future__ import annotations

import json
from html import escape

import tutorial_data as data
from hcards_core.errors import clause_page
from hcards_core.exercises import KINDS, CHECKERS, answer_of, option_label, position, table_html
from hcards_core.games import get_game

KIND = "exercises"
REFUTATIONS = data.TUTORIALS / "refutations"
UI_KEYS = (*data.EXERCISE_UI_KEYS, "rule", "loading", "failed")
# the refutation's labels (tutorials/text/<lang>/refute.json, docs/assets/hcards-refute.js)
REFUTE_UI = ("title", "wrong_line", "right_line", "prev", "next", "step", "first", "last", "key_step",
             "outcome", "loading", "failed", "world_note", "right_hidden")


def refute_texts(lang: str) -> dict:
    """The words of a refutation by play (hcards-refute.js), for every page that shows one."""
    return {k: data.text(lang, "refute", k) for k in REFUTE_UI}
# UI labels the core needs inside a payload (e.g. a generic "not this one"), by payload key.
CORE_UI = {"_wrong_move": "ex_wrong_move", "_wrong_choice": "ex_wrong_choice", "_act_charge": "ex_act_charge",
           "_act_raise": "ex_act_raise", "_act_bet": "ex_act_bet", "_act_stop": "ex_act_stop",
           "_act_pay": "ex_act_pay", "_act_check": "ex_act_check", "_act_fold": "ex_act_fold"}


def keys(ex: dict) -> list[str]:
    """Every text key of an exercise (``<id>.<key>`` in ``tutorials/text/<lang>/exercises.json``)."""
    own = ["title", "question", "explain", *ex.get("hints", []),
           *(w["feedback"] for w in ex.get("wrong", []) if w.get("feedback")),
           *(o["text"] for o in ex.get("options", []) if "text" in o),
           *ex.get("illegal_feedback", {}).values()]
    seen = []
    for key in own:
        if key not in seen:
            seen.append(key)
    return [f"{ex['id']}.{k}" for k in seen]


def texts(ex: dict, lang: str) -> dict:
    out = {key: data.text(lang, KIND, key) for key in keys(ex)}
    out.update({k: data.text(lang, "ui", v) for k, v in CORE_UI.items()})
    return out


def payload(ex: dict, lang: str) -> dict:
    """What the page gives the core to check an answer: the exercise and its texts in ``lang``."""
    clean = {k: v for k, v in ex.items() if not k.startswith("_")}
    return {**clean, "texts": texts(ex, lang)}


def _book(game: str) -> dict:
    """``tutorials/refutations/<game>.json`` (none yet: no refutations, seed 0 for live ones)."""
    path = REFUTATIONS / f"{game}.json"
    if not path.exists():
        return {"seed": 0, "refutations": []}
    return json.loads(path.read_text(encoding="utf-8"))


def refutations(ex: dict) -> list[dict]:
    """The stored refutations of an exercise's listed wrong answers: ``[{"answer", "plan"}]``,
    each checked against the position (a stale file fails the build, naming the script)."""
    from hcards_core.errors import HcardsError
    from hcards_core.learn.refute import check_plan

    path = REFUTATIONS / f"{ex['game']}.json"
    book = _book(ex["game"])
    out = [{"answer": r["answer"], "plan": r["plan"]} for r in book["refutations"] if r["exercise"] == ex["id"]]
    if out:
        state = position(ex)
        for r in out:
            try:
                check_plan(state, ex["seat"], r["plan"])
            except HcardsError as exc:
                raise ValueError(f"{path.name}: the refutation of {ex['id']} {r['answer']} no longer fits ({exc}); "
                                 f"run scripts/refute_exercises.py --seed {book['seed']}") from None
    return out


def check(ex: dict) -> list[str]:
    """Problems with an exercise's structure (the answers are checked by the tests)."""
    where = ex.get("_file", ex.get("id"))
    problems = []
    if ex.get("kind") not in KINDS:
        problems.append(f"{where}: kind must be one of {KINDS}")
    if ex.get("kind") == "choice" and ex.get("check", {}).get("name") not in CHECKERS:
        problems.append(f"{where}: unknown checker {ex.get('check')}")
    if not ex.get("rule"):
        problems.append(f"{where}: no rule")
    for lang in data.LANGUAGES:
        for key in keys(ex):
            try:
                data.text(lang, KIND, key)
            except data.MissingText as exc:
                problems.append(str(exc))
    return problems


def render(ex: dict, number: int, lang: str, links) -> str:
    ui = data.ui(lang, UI_KEYS)
    eid = ex["id"]
    t = lambda key: data.text(lang, KIND, f"{eid}.{key}")  # noqa: E731
    full = payload(ex, lang)
    state = position(ex, lang)
    info = {"id": eid, "game": ex["game"], "kind": ex["kind"], "lang": lang, "assets": links.assets,
            "home": links.home, "ui": ui, "hints": len(ex.get("hints", [])), "exercise": full}
    if ex["kind"] == "move":
        info["refutations"] = refutations(ex)
        info["refute_seed"] = _book(ex["game"])["seed"]
        info["refute_ui"] = refute_texts(lang)
    html = [f'<section class="hc-exercise" id="{escape(eid)}" data-hcards="exercise" tabindex="-1">',
            f'<h2 class="hc-exercise-title">{escape(data.fill(lang, ui["ex_exercise"], n=number))}: {escape(t("title"))}</h2>',
            f'<p class="hc-ex-question">{escape(t("question"))}</p>',
            data.data_script(info),
            f'<div class="hc-ex-board">{table_html(full, state, lang, links.assets, True)}</div>']
    if ex["kind"] == "choice":
        html.append(f'<fieldset class="hc-ex-options"><legend>{escape(ui["ex_choose_hint"])}</legend>')
        for opt in ex["options"]:
            oid = f"{eid}-opt-{opt['id']}"
            html.append(f'<label for="{escape(oid)}"><input type="radio" id="{escape(oid)}" name="{escape(eid)}-answer" '
                        f'value="{escape(opt["id"])}"> <span>{escape(option_label(full, opt, lang, full["texts"]))}</span></label>')
        html.append(f'</fieldset><button type="button" class="md-button md-button--primary hc-ex-check">'
                    f'{escape(ui["ex_check"])}</button>')
    else:
        # a betting game has no card to play: the hint names only the actions
        hint = ui["ex_play_hint"] if get_game(ex["game"]).view.card_play else ui["ex_play_hint_bet"]
        html.append(f'<p class="hc-hint">{escape(hint)}</p>')
    html.append('<div class="hc-ex-feedback" aria-live="polite"></div>')
    hints = ex.get("hints", [])
    if hints:
        html.append(f'<details class="hc-ex-hints"><summary>{escape(ui["ex_hints"])}</summary><ol>'
                    + "".join(f"<li>{escape(t(h))}</li>" for h in hints) + "</ol></details>")
    html.append(_answer(full, lang, links, ui))
    html.append(f'<p class="hc-ex-foot"><a class="hc-permalink" href="#{escape(eid)}">{escape(ui["ex_link"])}</a></p>')
    html.append("</section>")
    return "".join(html)


def _answer(ex: dict, lang: str, links, ui: dict) -> str:
    """The right answer, as the core computes it at build time, with the clause linked."""
    ans = answer_of(ex, lang, links.assets)
    if ex["kind"] == "choice":
        labels = [option_label(ex, o, lang, ex["texts"]) for o in ex["options"] if o["id"] in ans["options"]]
    else:
        labels = ans["moves"]
    rule = ex["rule"]
    link = f'<a href="{escape(links.home + clause_page(rule))}#{escape(rule)}">{escape(ui_rule(lang, rule))}</a>'
    return (f'<details class="hc-ex-answer"><summary>{escape(ui["ex_show_answer"])}</summary>'
            f'<p><strong>{escape(ui["ex_answer"])}</strong> <span class="hc-ex-answer-text">{escape(" / ".join(labels))}</span></p>'
            f'<p>{escape(ans["explain"])} ({link})</p></details>')


def ui_rule(lang: str, rule: str) -> str:
    return data.text(lang, "ui", "rule").format(rule=rule)




def render_game(game: str, lang: str, links) -> str:
    items = [e for e in data.load_kind(KIND) if e["game"] == game]
    if not items:
        return ""
    ui = data.ui(lang, UI_KEYS)
    head = (f'<div class="hc-ex-progress" data-game="{escape(game)}" data-total="{len(items)}">'
            f'<p class="hc-ex-progress-text" aria-live="polite"></p>'
            f'<button type="button" class="md-button hc-ex-reset" hidden>{escape(ui["ex_reset"])}</button></div>')
    body = "".join(render(e, n, lang, links) for n, e in enumerate(items, start=1))
    script = f'<script type="module" src="{escape(links.assets)}hcards-exercises.js"></script>'
    return head + body + script
