"""The ruling checker page: the checker widget and the library of disputed situations.

``render_game("all", lang, links)`` (the ``checker`` placeholder of ``docs/<lang>/checker.md``)
draws, in the page's language:

- the checker's mount point and its data: the UI labels, the clause texts of the rules and
  variants pages of every game (so a ruling can quote the clause in the page's language), the
  ruling cases' records; ``assets/hcards-checker.js`` builds the widget from them;
- every ruling case of ``tutorials/rulings/<game>/<id>.json`` as a prerendered article:
  the question, the verdict (checked by the core now: a case whose verdict the core does not
  reach stops the build), the clauses it rests on with their text and link, the result and
  the position on the card table; readable without JavaScript and found by the site search.

A ruling case: ``{"record", "verdict", "clauses", "events"?, "focus"?}`` with ``verdict``
either ``{"legal": false, "deal", "action", "rule", "code"}`` (the record's first illegal
action) or ``{"legal": true, "deal"?, "result"?: {...}, "session"?: {...}}`` (every action
legal; the listed fields of the deal's result and of the session as stated). ``events`` lists
events that must happen (``{"action": k, "type": …, field: value}``). Texts:
``tutorials/text/<lang>/rulings.json`` — ``<id>.question``, ``<id>.answer`` and the widget
labels ``ui.*``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from html.parser import HTMLParser

import markdown

import hcards_markdown
import tutorial_data as data
from hcards_core.errors import clause_page
from hcards_core.records import replay, state_at
from hcards_core.table import render_table

ROOT = data.ROOT
DOCS = ROOT / "docs"
KIND = "rulings"
UI_KEYS = (
    "title_checker", "intro", "noscript", "tab_build", "tab_paste", "game", "players", "dealer", "options",
    "option_default", "cards", "cards_hint", "picker", "picker_hint", "pile_hand", "pile_talon", "random_fill",
    "clear_cards", "start", "paste_label", "paste_hint", "check", "share", "share_done", "share_copy",
    "ruling", "all_legal", "illegal_at", "step_legal", "step_illegal", "step_deal", "results", "deal_result",
    "session", "table", "prev", "next", "step", "start_pos", "ask_label", "ask_hint", "ask", "ask_legal",
    "ask_illegal", "added", "legal_now", "over", "rule", "clause_missing", "error_input", "error_where",
    "bad_link", "bad_link_json", "loading", "ready", "failed", "waiting", "cases", "cases_intro", "filter",
    "filter_none", "open_case", "verdict_legal", "verdict_illegal", "clauses", "position", "case_opened",
    "game_zsiros", "game_filicau", "game_ferbli", "amount", "yes", "no", "seat_field",
    "bad_case", "ask_about", "ask_unknown",
)
GAMES = ("zsiros", "filicau", "ferbli")


class CaseError(hcards_markdown._ErrorBase):
    """A ruling case whose stated verdict the core does not reach."""


def ui(lang: str) -> dict:
    return {key: data.text(lang, KIND, f"ui.{key}") for key in UI_KEYS}


def cases() -> list[dict]:
    return data.load_kind(KIND)


# ---- verdicts ---------------------------------------------------------------------------------

def _subset(expected, got) -> bool:
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(k in got and _subset(v, got[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(got, list) and len(expected) == len(got) and all(_subset(e, g) for e, g in zip(expected, got))
    return expected == got


def check_case(case: dict, lang: str = "en") -> list[str]:
    """Why the core does not reach the case's stated verdict (empty when it does)."""
    problems = []
    where = case.get("_file", case["id"])
    out = replay(case["record"], lang=lang, events=True)
    verdict = case["verdict"]
    if verdict["legal"]:
        if not out["ok"]:
            problems.append(f"{where}: stated legal, but the core finds {out['error']}")
        else:
            d = verdict.get("deal", len(case["record"]["deals"]) - 1)
            result = out["deals"][d]["result"]
            if "result" in verdict and not _subset(verdict["result"], result):
                problems.append(f"{where}: stated result {verdict['result']}, the core gives {result}")
            if "session" in verdict and not _subset(verdict["session"], out["session"]):
                problems.append(f"{where}: stated session {verdict['session']}, the core gives {out['session']}")
    else:
        err = out["error"] or {}
        got = {k: err.get(k) for k in ("deal", "action", "rule", "code")}
        want = {k: verdict.get(k) for k in got}
        if got != want:
            problems.append(f"{where}: stated illegal {want}, the core gives {got if err else 'all legal'}")
    for ev in case.get("events", []):
        d = ev.get("deal", 0)
        found = [e for e in (out["deals"][d]["events"] if d < len(out["deals"]) else [])
                 if all(e.get(k) == v for k, v in ev.items() if k != "deal")]
        if not found:
            problems.append(f"{where}: expected event {ev} does not happen")
    known = hcards_markdown.load_clause_pages()
    for cid in case.get("clauses", []):
        if cid not in known:
            problems.append(f"{where}: clause {cid} is not in tutorials/clauses.json")
    if not verdict["legal"] and verdict.get("rule") not in case.get("clauses", []):
        problems.append(f"{where}: the clause of the verdict ({verdict.get('rule')}) is not among its clauses")
    return problems


def focus(case: dict) -> tuple[int, int]:
    """The position a case is about: before its illegal action, or after its last action."""
    if "focus" in case:
        return case["focus"]["deal"], case["focus"]["after"]
    v = case["verdict"]
    if not v["legal"]:
        return v["deal"], v["action"]
    deals = case["record"]["deals"]
    return len(deals) - 1, len(deals[-1].get("actions", []))


# ---- clause texts from the rules pages ------------------------------------------------------------

ITEM = "\u2029"  # marks the start of a list item (or a table row) inside a clause's collected text
PARA = "\u2028"  # marks a further paragraph of a clause


class _ClauseText(HTMLParser):
    """Collects the whole text of every clause: the element carrying its id (class
    ``hc-clause``) and what follows it up to the next clause or heading — the list after a
    lead-in ("the leader chooses between two things:") and any further paragraph. A list item
    starts with ``ITEM``."""

    # what may follow a clause's element and still be the clause, by that element's tag (an
    # unmarked item after a clause item: its sub-list flattened by the Markdown)
    CONTINUES = {"p": ("p", "ul", "ol", "table"), "li": ("li",)}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None, bool]] = []  # (tag, clause id, skip)
        self.texts: dict[str, list[str]] = {}
        self.last: tuple[str, int, str] | None = None  # the clause just closed, its depth and tag
        self.own: dict[str, str] = {}  # clause id -> the tag of the element carrying it

    def _open(self) -> list[str]:
        return [cid for _, cid, _ in self.stack if cid]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            for cid in self._open():
                self.texts[cid].append(" " + (attrs.get("alt") or "") + " ")
            return
        if tag in ("br", "hr", "input", "meta", "link"):
            return
        classes = (attrs.get("class") or "").split()
        cid = attrs.get("id") if "hc-clause" in classes else None
        if cid:
            self.texts.setdefault(cid, [])
            self.own[cid] = tag
        elif self.last and len(self.stack) == self.last[1]:
            # a sibling after a clause: part of it when it is a paragraph or a list
            cid = self.last[0] if tag in self.CONTINUES.get(self.last[2], ()) else None
            if cid is None:
                self.last = None
        mark = {"li": ITEM, "tr": ITEM, "td": " · ", "th": " · "}.get(tag)
        own = "hc-clause" in classes  # the clause's own element starts its text, unmarked
        if tag == "p" and cid and not own:
            mark = PARA
        if mark:
            for open_cid in self._open() + ([cid] if cid and not own else []):
                self.texts[open_cid].append(mark)
        skip = "hc-clause-id" in classes or "headerlink" in classes
        self.stack.append((tag, cid, skip))

    def handle_endtag(self, tag):
        while self.stack:
            top = self.stack.pop()
            if top[1]:  # a clause's element, or what continues it, has closed
                self.last = (top[1], len(self.stack), self.own[top[1]])
            if top[0] == tag:
                break

    def handle_data(self, text):
        if any(skip for _, _, skip in self.stack):
            return
        for cid in self._open():
            self.texts[cid].append(text)


_CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"


def _clean(text: str) -> str:
    """One line: spaces collapsed, none before punctuation, and none between two Japanese
    characters (a line break of the Markdown source is not a space in Japanese)."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(rf"(?<=[{_CJK}]) (?=[{_CJK}])", "", text)
    return re.sub(r"\s+([,.;:!?،。、])", r"\1", text)


def clause_text(parts: list[str]) -> str:
    """A clause's collected text as one string: the lead-in, then each list item on a line of
    its own starting with "• " (the page shows them as a list).

    >>> clause_text(["The leader may ", "either:", ITEM, " let it go ;", ITEM, "continue.", PARA, "Only the leader."])
    'The leader may either:\\n• let it go;\\n• continue.\\nOnly the leader.'
    """
    lines = []
    for k, chunk in enumerate("".join(parts).split(ITEM)):
        first, *paras = chunk.split(PARA)
        first = _clean(first).strip("· ")
        if first:
            lines.append(first if k == 0 else "• " + first)
        lines += [_clean(p) for p in paras if _clean(p)]
    return "\n".join(lines)


@lru_cache(maxsize=None)
def clause_texts(lang: str) -> dict[str, str]:
    """Clause id → its text as the rules/variants/sources pages of ``lang`` state it (English
    where a page of that language does not exist yet)."""
    out: dict[str, str] = {}
    pages = sorted({p for p in hcards_markdown.load_clause_pages().values()})
    for page in pages:
        for src_lang in (lang, "en"):
            src = DOCS / src_lang / f"{page}.md"
            if src.exists():
                break
        else:
            continue
        prefix = "" if src_lang == "en" else f"{src_lang}/"
        ext = hcards_markdown.HcardsExtension(lang=src_lang, page_url=f"{prefix}{page}/", src=str(src))
        html = markdown.markdown(src.read_text("utf-8"),
                                 extensions=["attr_list", "admonition", "md_in_html", "tables", "toc", ext])
        parser = _ClauseText()
        parser.feed(html)
        for cid, parts in parser.texts.items():
            out.setdefault(cid, clause_text(parts))
    return out


def clause_html(text: str) -> str:
    """A clause's text (``clause_text``) as HTML: its lead-in, its list, its further paragraphs.

    >>> clause_html("Either:\\n• go;\\n• stay.\\nOnly A.")
    '<span class="hc-clause-lead">Either:</span><ul class="hc-clause-items"><li>go;</li><li>stay.</li></ul><span class="hc-clause-more">Only A.</span>'
    """
    out, items = [], []
    for k, line in enumerate(text.split("\n")):
        if line.startswith("• "):
            items.append(f"<li>{escape(line[2:])}</li>")
            continue
        if items:
            out.append('<ul class="hc-clause-items">' + "".join(items) + "</ul>")
            items = []
        out.append(f'<span class="{"hc-clause-lead" if k == 0 else "hc-clause-more"}">{escape(line)}</span>')
    if items:
        out.append('<ul class="hc-clause-items">' + "".join(items) + "</ul>")
    return "".join(out)


# ---- the page ---------------------------------------------------------------------------------------



def _rows_html(rows: list[dict]) -> str:
    if not rows:
        return ""
    return ('<dl class="hc-result">' + "".join(
        f"<div><dt>{escape(r['label'])}</dt><dd>{escape(r['value'])}</dd></div>" for r in rows) + "</dl>")


def render_case(case: dict, lang: str, links, t: dict, clauses: dict[str, str]) -> str:
    from hcards_core.checker import rule_record

    cid, game = case["id"], case["game"]
    text = lambda key: data.text(lang, KIND, f"{cid}.{key}")  # noqa: E731
    problems = check_case(case)
    if problems:
        raise CaseError("; ".join(problems))
    ruling = rule_record(case["record"], lang)
    verdict = case["verdict"]
    head = t["verdict_legal"] if verdict["legal"] else t["verdict_illegal"]
    html = [f'<article class="hc-ruling" id="case-{escape(cid)}" data-case="{escape(cid)}" data-game="{game}">',
            f'<h3 class="hc-ruling-question">{escape(text("question"))}</h3>',
            f'<p class="hc-ruling-game">{escape(t["game_" + game])}</p>',
            f'<p class="hc-ruling-verdict hc-verdict--{"legal" if verdict["legal"] else "illegal"}">'
            f'<strong>{escape(head)}</strong> {escape(text("answer"))}</p>']
    if ruling["error"]:
        e = ruling["error"]
        html.append(f'<p class="hc-ruling-core"><span class="hc-step-label">{escape(e["label"])}</span> — '
                    f'{escape(e["message"])}</p>')
    html.append(f'<p class="hc-ruling-clauses-title">{escape(t["clauses"])}</p><ul class="hc-ruling-clauses">')
    for rule in case["clauses"]:
        href = f"{links.home}{clause_page(rule)}#{rule}"
        body = clauses.get(rule, t["clause_missing"])
        html.append(f'<li><a class="hc-clause-ref" dir="ltr" href="{escape(href)}">§{escape(rule)}</a> '
                    f'{clause_html(body)}</li>')
    html.append("</ul>")
    for d in ruling["deals"]:
        html.append(_rows_html(d["rows"]))
    deal, after = focus(case)
    state, _ = state_at(case["record"], deal, after, lang)
    html.append(f'<details class="hc-ruling-position"><summary>{escape(t["position"])}</summary>'
                f'{render_table(state, None, lang, links.assets)}</details>')
    html.append(f'<p><a class="md-button hc-open-case" href="#case={escape(cid)}">{escape(t["open_case"])}</a></p>')
    html.append("</article>")
    return "".join(html)


def option_labels(info: dict, lang: str, labels: str | None = None) -> dict:
    """``info`` (``game_info``) with every option named in ``lang``: ``label``, the label of
    each choice (``choice_labels``) and of the default (``default_label``), so the page never
    shows an identifier or ``false`` (texts: ``opt.<game>.<name>`` and ``opt.<game>.<name>=<value>``
    in ``rulings.json``; a yes/no option reads ``ui.yes``/``ui.no``). ``labels``: the game whose
    texts name the options, when another game shares them (Filkó plays Filicău's options)."""
    game = labels or info["game"]

    def value_label(opt, value):
        if opt["kind"] == "bool":
            return data.text(lang, KIND, "ui.yes" if value else "ui.no")
        if opt["choices"] and not isinstance(value, int):
            return data.text(lang, KIND, f"opt.{game}.{opt['name']}={value}")
        return str(value)

    options = []
    for opt in info["options"]:
        options.append({**opt, "label": data.text(lang, KIND, f"opt.{game}.{opt['name']}"),
                        "choice_labels": {str(c): value_label(opt, c) for c in opt["choices"] or []},
                        "default_label": value_label(opt, opt["default"])})
    return {**info, "options": options}


def needed_clauses(lang: str) -> dict[str, str]:
    return clause_texts(lang)


def render_game(game: str, lang: str, links) -> str:
    """The whole checker section (``game`` is ``all``; a game name limits the case list)."""
    t = ui(lang)
    clauses = clause_texts(lang)
    items = [c for c in cases() if game in ("all", c["game"])]
    from hcards_core.checker import game_info

    payload = {"lang": lang, "ui": t, "assets": links.assets, "home": links.home,
               "games": {g: option_labels(game_info(g, lang), lang) for g in GAMES},
               "pages": {cid: clause_page(cid) for cid in clauses},
               "clauses": clauses,
               "cases": {c["id"]: {"game": c["game"], "record": c["record"], "focus": list(focus(c)),
                                   "question": data.text(lang, KIND, f"{c['id']}.question")} for c in items}}
    html = ['<section class="hc-checker" id="checker" data-hcards="checker">',
            data.data_script(payload, "hc-checker-data"),
            f'<noscript><p class="hc-noscript">{escape(t["noscript"])}</p></noscript>',
            '<div class="hc-checker-app"></div>',
            f'<script type="module" src="{escape(links.assets)}hcards-checker.js"></script>',
            "</section>",
            '<section class="hc-rulings" id="rulings">',
            f'<h2 id="disputed-situations">{escape(t["cases"])}</h2>',
            f'<p>{escape(t["cases_intro"])}</p>',
            '<p class="hc-rulings-filter" hidden><label>'
            f'<span>{escape(t["filter"])}</span> <input type="search" class="hc-filter" autocomplete="off" dir="auto">'
            f'</label> <span class="hc-filter-count" role="status" aria-live="polite"></span></p>']
    for g in GAMES:
        group = [c for c in items if c["game"] == g]
        if not group:
            continue
        html.append(f'<div class="hc-rulings-game" data-game="{g}"><h3 class="hc-rulings-game-title">'
                    f'{escape(t["game_" + g])}</h3>')
        html.extend(render_case(c, lang, links, t, clauses) for c in group)
        html.append("</div>")
    html.append(f'<p class="hc-filter-none" hidden>{escape(t["filter_none"])}</p></section>')
    return "".join(html)
