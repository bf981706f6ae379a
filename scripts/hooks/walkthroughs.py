"""Walkthroughs prerendered at build time: each step's narration, events and card table.

The page stays readable without JavaScript and the site search indexes every step; the page
script (``assets/hcards-walkthrough.js``) then shows one step at a time, and once Python is
ready it asks the core in the browser for other views and what-if moves. Steps are
``{"deal": i, "after": k, "text": key, "highlight": [cards]}``: the state of deal ``i``
after its first ``k`` actions, with the events of the actions since the previous step.
"""

from __future__ import annotations

import re
from html import escape

import tutorial_data as data
from hcards_core.records import replay, state_at, states_at
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
        deals = walkthrough["record"]["deals"]
        if not 0 <= deal < len(deals):
            problems.append(f"{walkthrough['_file']}: step {n + 1} is in deal {deal} of {len(deals)}")
            continue
        actions = deals[deal].get("actions", [])
        if not 0 <= after <= len(actions):
            problems.append(f"{walkthrough['_file']}: step {n + 1} is after action {after} of {len(actions)}")
        else:
            problems += [f"{walkthrough['_file']}: step {n + 1}: {p}" for p in expectations(walkthrough, step)]
    for lang in data.LANGUAGES:
        for key in keys(walkthrough):
            try:
                words = data.text(lang, "walkthroughs", key)
            except data.MissingText as exc:
                problems.append(str(exc))
                continue
            if lang != "en" and words.strip() == data.text("en", "walkthroughs", key).strip():
                problems.append(f"tutorials/text/{lang}/walkthroughs.json: '{key}' is still the English text")
    return problems


def expectations(walkthrough: dict, step: dict) -> list[str]:
    """Where a step's ``expect`` disagrees with the core.

    ``expect`` ties the narration to the replay: ``legal`` lists the legal actions of the seat
    to act (a card for a card play, else the act's name), ``result`` a part of the deal's result
    (so the deal must be over), and any other key a field of the public state.
    """
    expect = step.get("expect")
    if not expect:
        return []
    state, report = state_at(walkthrough["record"], step.get("deal", 0), step["after"])
    if not report["ok"]:
        return [f"illegal action on the way: {report['error']}"]
    out = []
    pub = state.public_state()
    for key, want in expect.items():
        if key == "legal":
            got = [a.get("card", a["act"]) if a["act"] in ("play", "call_card") else a["act"]
                   for a in state.legal_actions()]
        elif key == "result":
            res = state.result() or {}
            got = {k: res.get(k) for k in want} if state.is_over else None
        elif key in pub:
            got = pub[key]
        else:
            out.append(f"'{key}' is neither 'legal', 'result' nor a field of the public state")
            continue
        if got != want:
            out.append(f"expected {key} = {want!r}, the core says {got!r}")
    return out


def keys(walkthrough: dict) -> list[str]:
    wid = walkthrough["id"]
    return [f"{wid}.title", f"{wid}.intro", *(f"{wid}.{s['text']}" for s in walkthrough["steps"])]


CLAUSE_ID = re.compile(r"§?\b[A-Z]{1,3}-[A-Z]?\d+(?:\.\d+)*\b")


def with_clause_ids(text: str) -> str:
    """Escaped ``text`` with each clause id in a ``span.hc-id``, which never breaks at its hyphen
    (a Persian line broke "EX-C2" into "EX-" / "C2").

    >>> with_clause_ids("Lead again (Z-4.3, EX-C2).")
    'Lead again (<span class="hc-id">Z-4.3</span>, <span class="hc-id">EX-C2</span>).'
    """
    return CLAUSE_ID.sub(lambda m: f'<span class="hc-id">{m[0]}</span>', escape(text))


def next_step(lang: str, label: str, href: str) -> str:
    """The "where next" box at the end of a walkthrough (texts: tutorials/text/<lang>/guide.json)."""
    g = lambda key: data.text(lang, "guide", key)  # noqa: E731
    return (f'<div class="hc-next-step"><p>{escape(g("wt_done"))}</p><p><strong>{escape(g("next_step"))}</strong> '
            f'<a class="md-button md-button--primary hc-next-link" href="{escape(href)}">{escape(label)}</a></p></div>')


def render(walkthrough: dict, lang: str, links, following: tuple[str, str] | None = None) -> str:
    """One walkthrough; ``following`` is the (label, href) its last step points to."""
    assets = links.assets
    wid, record = walkthrough["id"], walkthrough["record"]
    t = lambda key: data.text(lang, "walkthroughs", f"{wid}.{key}")  # noqa: E731
    steps = walkthrough["steps"]
    # One replay gives every step's state and the events between steps.
    states, report = states_at(record, [(s.get("deal", 0), s["after"]) for s in steps], lang, events=True)
    payload = {"id": wid, "game": walkthrough["game"], "record": record, "lang": lang,
               "players": record["players"], "ui": data.ui(lang), "assets": assets, "home": links.home,
               "steps": [{"deal": s.get("deal", 0), "after": s["after"], "highlight": s.get("highlight", [])}
                         for s in steps]}
    html = [f'<section class="hc-walkthrough" id="{escape(wid)}" data-hcards="walkthrough" '
            f'tabindex="-1">',
            f'<h2 class="hc-walkthrough-title">{escape(t("title"))}</h2>',
            f'<p class="hc-walkthrough-intro">{with_clause_ids(t("intro"))}</p>',
            data.data_script(payload),
            '<ol class="hc-steps">']
    prev = (None, 0)
    for n, step in enumerate(steps, start=1):
        deal, after = step.get("deal", 0), step["after"]
        start = prev[1] if prev[0] == deal else 0
        events = step_events(report, deal, start, after, first_of_deal=prev[0] != deal)
        state = states[(deal, after)]
        html.append(f'<li class="hc-step" id="{escape(wid)}-{n}" data-step="{n}">')
        html.append(f'<p class="hc-narration">{with_clause_ids(t(step["text"]))}</p>')
        if events:
            html.append('<ul class="hc-events">' + "".join(f"<li>{escape(e)}</li>" for e in events) + "</ul>")
        html.append(render_table(state, None, lang, assets, highlight=set(step.get("highlight", []))))
        if n == len(steps) and following:
            html.append(next_step(lang, *following))
        html.append("</li>")
        prev = (deal, after)
    html.append("</ol></section>")
    return "".join(html)




def render_game(game: str, lang: str, links) -> str:
    items = [w for w in data.load_kind("walkthroughs") if w["game"] == game]
    # the learning order: each walkthrough leads to the next, the last one to the exercises
    following = [(data.text(lang, "guide", "next_walkthrough").format(
                      title=data.text(lang, "walkthroughs", f"{w['id']}.title")), f"#{w['id']}-1")
                 for w in items[1:]]
    following.append((data.text(lang, "guide", "next_exercises"), f"{links.home}{game}/exercises/"))
    return "".join(render(w, lang, links, nxt) for w, nxt in zip(items, following))
