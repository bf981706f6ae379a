"""Every message of every catalog, rendered with representative numbers and seats, obeys its
language's grammar: no "(s)" or slash plurals, no "A(z)" and no seat letter read as a
Hungarian ordinal, Romanian "de" from 20 on, Persian Latin runs isolated and digits Persian.

The catalogs are the core's (``hcards_core/catalog``), each game's and every bots catalog
(``hcards_core/bots/catalog/**/<lang>.json``, coach texts included) present in the tree.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hcards_core import LANGUAGES
from hcards_core.messages import FSI, PARAM_KINDS, PDI, _hu_article, fill, placeholders as used_params

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "hcards_core"
NUMBERS = (0, 1, 2, 5, 20, 21, 101)
# Parameters that are words or codes, never counted; every other unlisted one is a number.
WORDS = {"text", "option", "value", "allowed", "expected", "game", "known", "act", "field", "fn",
         "pile", "reason", "keys", "word", "hand", "cards", "score", "where", "code", "name",
         "move", "detail", "kind", "clause", "bot", "level", "style", "hint", "label", "result"}
SAMPLE = {"seat": (0, 1, 4), "card": ("Aa", "Xl", "7h"), "suit": ("a", "h"), "rank": ("A", "X", "7"),
          "status": ("master", "slave", "level"), "team": (0, 1)}


def catalogs():
    """(label, lang, {key: template}) of every catalog file."""
    files = [CORE / "catalog"] + [p.parent for p in CORE.glob("*/catalog/en.json")]
    files += sorted({p.parent for p in (CORE / "bots").glob("**/catalog/**/*.json")}) if (CORE / "bots").exists() else []
    files += sorted({p.parent for p in (CORE / "learn").glob("catalog/**/*.json")})  # the learning tools'
    for folder in dict.fromkeys(files):
        for lang in LANGUAGES:
            path = folder / f"{lang}.json"
            if path.exists():
                data = json.loads(path.read_text(encoding="utf-8"))
                yield str(path.relative_to(ROOT)), lang, {k: v for k, v in data.items()
                                                           if isinstance(v, str) and not k.startswith("_")}


def samples(name: str):
    kind = PARAM_KINDS.get(name)
    if name == "cards":
        return ("3–4", ["Aa", "Xl"])
    if name == "seats":
        return ([0], [0, 2], [1, 2, 3])
    if kind:
        return SAMPLE[kind]
    if name in WORDS:
        return ("Zz",)
    return NUMBERS


def renderings(template: str, lang: str):
    """The template filled with each sample of each parameter (others at their first sample)."""
    names = sorted(used_params(template))
    base = {n: samples(n)[0] for n in names}
    yield fill(template, lang, **base)
    for n in names:
        for v in samples(n)[1:]:
            yield fill(template, lang, **{**base, n: v})


CASES = [(label, lang, key, template) for label, lang, texts in catalogs() for key, template in texts.items()]
RO_NOUNS = r"(?:cărți|carte|puncte|punct|jucători|jucător|tururi|tur|levate|levată|jetoane|zsetoane|locuri|puncte de joc)"
EN_NOUNS = r"(card|point|round|player|trick|game point|chip)"
HU_VOWEL_START = re.compile(r"\b([Aa]z?) (\w+)")


def grammar_faults(text: str, lang: str) -> list[str]:
    faults = []
    if re.search(r"\w\((?:s|es|e|uri|i|ok|ek)\)", text):
        faults.append("a bracketed plural ending")
    if re.search(r"(?<![\w'])[^\W\d_]{2,}/[^\W\d_]{2,}(?![\w'])", text):
        faults.append("a slash plural")
    if "a(z)" in text.lower():
        faults.append("“a(z)” left for the reader")
    if re.search(r"(?<![\w.])[A-G]\.(?= [a-zőöüóúéáűí])", text):
        faults.append("a seat letter followed by an ordinal dot")
    if "{" in text or "}" in text:
        faults.append("a placeholder or choice left unfilled")
    if lang == "en":
        if re.search(rf"\b1 {EN_NOUNS}s\b", text):
            faults.append("“1 …s”")
        if re.search(rf"\b(?:0|[2-9]|\d\d+) {EN_NOUNS}\b(?![-\w]| points?\b)", text):  # "card points" is a compound
            faults.append("a plural number with a singular noun")
    if lang == "ro":
        for m in re.finditer(rf"\b(\d+) {RO_NOUNS}\b", text):
            n = int(m.group(1))
            if n >= 20 and not 1 <= n % 100 <= 19:
                faults.append(f"no “de” after {n}")
            if n == 1:
                faults.append("“1” with a noun (o/un)")
    if lang == "hu":
        for m in HU_VOWEL_START.finditer(text):
            article, word = m.group(1).lower(), m.group(2)
            if article != _hu_article(word):
                faults.append(f"“{m.group(0)}”")
    if lang == "fa":
        outside = re.sub(f"{FSI}[^{PDI}]*{PDI}", "", text)
        if re.search(r"[A-Za-z]", outside):
            faults.append("a Latin run not isolated")
        if re.search(r"[0-9]", outside):
            faults.append("Latin digits in Persian text")
    return faults


@pytest.mark.parametrize("label,lang,key,template", CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_message_grammar(label, lang, key, template):
    bad = {}
    for text in renderings(template, lang):
        for fault in grammar_faults(text, lang):
            bad.setdefault(fault, text)
    assert not bad, f"{label} {key}: " + "; ".join(f"{f}: {t!r}" for f, t in bad.items())


TEMPLATE_HACKS = re.compile(r"\w\((?:s|es|e|uri|i|ok|ek)\)|\b[Aa]\(z\)|(?<![\w'])(?:carte/cărți|tur/tururi|punct/puncte)(?![\w'])")


def tutorial_texts():
    """(file, key, text) of every tutorial and widget text, every file of each language folder
    (the widgets fill their {placeholders} themselves, so nothing may be left to the reader)."""
    for path in sorted((ROOT / "tutorials" / "text").glob("*/*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(value, str) and not key.startswith("_"):
                yield str(path.relative_to(ROOT)), key, value


def test_tutorial_texts_have_no_template_hacks():
    bad = [f"{f} {k}: {t!r}" for f, k, t in tutorial_texts() if TEMPLATE_HACKS.search(t)]
    assert not bad, "“(s)”, “A(z)” or slash plurals in texts the widgets fill as they are:\n" + "\n".join(bad)


def test_the_checks_catch_the_reviewed_defects():
    """The faults the language review found are faults here (so the test above can fail)."""
    assert grammar_faults("Seat A receives 1 cards.", "en")
    assert grammar_faults("Only 5 player is in.", "en")
    assert grammar_faults("Locul A trage 2 carte/cărți din talon.", "ro")
    assert grammar_faults("40 puncte", "ro") and not grammar_faults("40 de puncte, 101 cărți", "ro")
    assert grammar_faults("Nem a(z) B. hely következik", "hu")
    assert TEMPLATE_HACKS.search("A(z) {n}. lépés") and TEMPLATE_HACKS.search("draws {n} card(s)")
    assert not TEMPLATE_HACKS.search("{n}. lépés: nem megengedett (b)")
    assert grammar_faults("Nem a B. hely következik", "hu")
    assert grammar_faults("a A játékos", "hu") and not grammar_faults("az A játékos, a B játékos", "hu")
    assert grammar_faults("جایگاه A vizi را می‌پردازد", "fa")
    assert grammar_faults(f"جایگاه {FSI}A{PDI} ۴ کارت و 16 کارت", "fa")
    assert not grammar_faults(f"جایگاه {FSI}A{PDI} ۴ کارت", "fa")


# ---- one voice for the coach -----------------------------------------------------------------

EN = {k: v for label, lang, texts in catalogs() if lang == "en" for k, v in texts.items()}
# A Japanese sentence (or a clause before "：") ends politely: です, ます, ました, ません,
# ましょう, でした, でしょう, ください. One that ends in another kana is the plain form (出す,
# 取れる, ない, なかった); a noun phrase ("いちばん安いカード", "besszer：") is neither.
JA_POLITE_END = re.compile(r"(?:です|ます|ました|ません|ましょう|でした|でしょう|ください|ませんでした)$")
JA_BRACKETS = re.compile(r"[（(][^（）()]*[）)]$")


def japanese_plain_endings(text: str) -> list[str]:
    """The sentences and colon clauses of ``text`` that end in the plain form."""
    found = []
    for part in re.split(r"[。：！？]", text):
        end = part.strip()
        while JA_BRACKETS.search(end):  # "賭けましょう（hívás）": the bracket is an aside
            end = JA_BRACKETS.sub("", end).rstrip()
        end = end.rstrip("」』…")
        if end and re.match(r"[\u3041-\u3096]", end[-1]) and not JA_POLITE_END.search(end):
            found.append(part)
    return found


JA_REASONS = [(label, key, t) for label, lang, texts in catalogs() if lang == "ja" for key, t in texts.items()
              if key.startswith("bot.") and EN.get(key, "").rstrip().endswith((".", ")"))]


@pytest.mark.parametrize("label,key,template", JA_REASONS, ids=[f"{c[0]}:{c[1]}" for c in JA_REASONS])
def test_japanese_coach_reasons_are_polite(label, key, template):
    """The coach's box shows every game's reasons (bot.*) one after the other: all in the
    polite style of the Ferbli reasons (〜ましょう、〜です), never the plain form (〜出す)."""
    plain = japanese_plain_endings(template)
    assert not plain, f"{label} {key}: plain form in {plain} — write です／ます"


# ---- a sentence starts with a capital, whatever is filled in first ---------------------------

CAPITAL_CASES = [(label, lang, key, t) for label, lang, key, t in CASES
                 if lang in ("hu", "ro") and key.startswith(("bot.", "error.")) and re.match(r"[A-Z{]", EN.get(key, ""))]


@pytest.mark.parametrize("label,lang,key,template", CAPITAL_CASES, ids=[f"{c[0]}:{c[2]}" for c in CAPITAL_CASES])
def test_rendered_reasons_and_errors_start_with_a_capital(label, lang, key, template):
    """A card's name is lowercase in Hungarian and Romanian („makk ász”, „asul de ghindă”): a
    reason or an error that starts with {card} reads „asul de ghindă este…”. Start with a word
    („Singura carte…”) or, in Hungarian, with „A(z) {card}”."""
    bad = set()
    for text in renderings(template, lang):
        first = re.search(r"[^\W\d_]", text)
        if first and first.group(0).islower() and not re.match(r"[\W\d_]*(?:vizi|zsír|besszer|kóstáltatás|cukassza)\b", text):
            bad.add(text)
    assert not bad, f"{label} {key}: starts lowercase: {sorted(bad)[0]!r}"


def test_the_style_checks_catch_the_reviewed_defects():
    assert japanese_plain_endings("{card}から出す：同じランクを2枚持っているので、ヒットし返せる。")
    assert japanese_plain_endings("経験則どおり：ほかに明らかに良い手はなかった（この手：{value}）。")
    assert not japanese_plain_endings("3 vizi賭けましょう（hívás）。ポットは見合う大きさです。")
    assert not japanese_plain_endings("besszer：エースがあれば、相手に払わせましょう。期待値が最も高い手です：{value}チップ。")
    assert not japanese_plain_endings("ランダムな合法手（ほかのレベルを測る物差し）。")
