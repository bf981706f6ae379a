"""Walkthroughs prerendered at build time: each step's narration, events and card table.

The page stays readable without JavaScript and the site search indexes every step; the page
script (``assets/hcards-walkthrough.js``) then shows one step at a time, and once Python is
ready it asks the core in the browser for other views and what-if moves. Steps are
``{"deal": i, "after": k, "text": key, "highlight": [cards]}``: the state of deal ``i``
after its first ``k`` actions, with the events of the actions since the previous step.
"""

from __future__ import annotations

import json
from html import escape

import tutorial_data as data
from hcards_core.records import replay, state_at
from hcards_core.table import render_table


def step_events(report: dict, deal: int, start: int, end: int, first_of_deal: bool) -> list[str]:
    """Narrated events of deal ``deal`` from action ``start`` up to (not including) ``end``."""
    if deal >= len(report["deals"]):
        return []
    out = []
    for event in report["deals"][deal]["events"]:
        k = event["action"]
        if (k is None and first_of_deal) or (k is not None and start <= k < end):
            out.append(event["text"])
    return out


def check(walkthrough: dict) -> list[str]:
    """Problems with a walkthrough: its record must replay legally and its steps must exist."""
    problems = []
    report = replay(walkthrough["record"], events=True)
    if not report["ok"]:
        problems.append(f"{walkthrough['_file']}: record has an illegal action: {report['error']}")
    for n, step in enumerate(walkthrough["steps"]):
        deal, after = step.get("deal", 0), step["after"]
        actions = walkthrough["record"]["deals"][deal].get("actions", [])
        if not 0 <= after <= len(actions):
            problems.append(f"{walkthrough['_file']}: step {n} is after action {after} of {len(actions)}")
    for lang in data.LANGUAGES:
        for key in keys(walkthrough):
            try:
                data.text(lang, "walkthroughs", key)
            except data.MissingText as exc:
                problems.append(str(exc))
    return problems


def keys(walkthrough: dict) -> list[str]:
    wid = walkthrough["id"]
    return [f"{wid}.title", f"{wid}.intro", *(f"{wid}.{s['text']}" for s in walkthrough["steps"])]


def render(walkthrough: dict, lang: str, links) -> str:
    assets = links.assets
    wid, record = walkthrough["id"], walkthrough["record"]
    t = lambda key: data.text(lang, "walkthroughs", f"{wid}.{key}")  # noqa: E731
    report = replay(record, lang=lang, events=True)
    steps = walkthrough["steps"]
    payload = {"id": wid, "game": walkthrough["game"], "record": record, "lang": lang,
               "players": record["players"], "ui": data.ui(lang), "assets": assets, "home": links.home,
               "steps": [{"deal": s.get("deal", 0), "after": s["after"], "highlight": s.get("highlight", [])}
                         for s in steps]}
    html = [f'<section class="hc-walkthrough" id="{escape(wid)}" data-hcards="walkthrough" '
            f'tabindex="-1">',
            f'<h2 class="hc-walkthrough-title">{escape(t("title"))}</h2>',
            f'<p class="hc-walkthrough-intro">{escape(t("intro"))}</p>',
            f'<script type="application/json" class="hc-data">{_json(payload)}</script>',
            '<ol class="hc-steps">']
    prev = (None, 0)
    for n, step in enumerate(steps, start=1):
        deal, after = step.get("deal", 0), step["after"]
        start = prev[1] if prev[0] == deal else 0
        events = step_events(report, deal, start, after, first_of_deal=prev[0] != deal)
        state, _ = state_at(record, deal, after, lang)
        html.append(f'<li class="hc-step" id="{escape(wid)}-{n}" data-step="{n}">')
        html.append(f'<p class="hc-narration">{escape(t(step["text"]))}</p>')
        if events:
            html.append('<ul class="hc-events">' + "".join(f"<li>{escape(e)}</li>" for e in events) + "</ul>")
        html.append(render_table(state, None, lang, assets, highlight=set(step.get("highlight", []))))
        html.append("</li>")
        prev = (deal, after)
    html.append("</ol></section>")
    return "".join(html)


def _json(value) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def render_game(game: str, lang: str, links) -> str:
    items = [w for w in data.load_kind("walkthroughs") if w["game"] == game]
    return "".join(render(w, lang, links) for w in items)
