"""Game terms keep one Persian and one Japanese form across the whole site.

Several writers transliterated the same Hungarian/Romanian terms differently (ツカッサ and
チュカッサ for cukassza). ``tutorials/terms.json`` holds each term's canonical form (the one on
the language's glossary page) and the wrong variants found so far; a variant reappearing as a
whole word in any page, tutorial text, message catalog or displayed card name fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TERMS = json.loads((ROOT / "tutorials" / "terms.json").read_text(encoding="utf-8"))["terms"]
LANGS = ("hu", "ro", "fa", "ja")
LATIN_LANGS = ("hu", "ro")  # their variants are Latin words: looked for in their own texts only

# Persian short vowels and the like: optional pronunciation hints, not part of the spelling.
HARAKAT = re.compile("[\u064b-\u065f\u0670]")
# Letters that continue a word: a variant touching one is part of a longer word.
WORD_LETTERS = {
    "arabic": "\u0620-\u064a\u066e-\u06d3\u06d5\u06ee-\u06ff",
    "katakana": "\u30a1-\u30fa\u30fc",
    "latin": "A-Za-z\u00c0-\u024f",
}


def _letters_of(ch: str) -> str | None:
    for letters in WORD_LETTERS.values():
        if re.fullmatch(f"[{letters}]", ch):
            return letters
    return None


def variant_pattern(variant: str) -> re.Pattern:
    """Whole-word match of ``variant``: not preceded/followed by a letter of its own script
    (Japanese has no spaces, so katakana is bounded by katakana only; kana and kanji variants
    match anywhere)."""
    variant = HARAKAT.sub("", variant)
    head, tail = _letters_of(variant[0]), _letters_of(variant[-1])
    before = f"(?<![{head}])" if head else ""
    after = f"(?![{tail}])" if tail else ""
    return re.compile(before + re.escape(variant) + after)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if not str(k).startswith("_"):  # "_doc": a note for translators, not for readers
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def site_texts() -> dict[str, str]:
    """Every text of the site a reader sees, by repository path (JSON: its string values)."""
    texts = {}
    for path in sorted((ROOT / "docs").rglob("*.md")):
        # HTML tags and link targets are no reader's words (data-hcards="drills", (drills.md)):
        # blanked, so that an inflected Latin variant is not found in them; lines keep their numbers.
        text = re.sub(r"<[^>\n]+>|\]\([^)\n]*\)", lambda m: " " * len(m.group(0)), path.read_text(encoding="utf-8"))
        texts[str(path.relative_to(ROOT))] = text
    jsons = [*sorted((ROOT / "tutorials" / "text").glob("*/*.json")),
             *sorted((ROOT / "hcards_core").rglob("catalog/**/*.json")),
             *sorted((ROOT / "docs" / "assets" / "i18n").glob("*.json"))]
    for path in jsons:
        rel = str(path.relative_to(ROOT))
        if path.name == "cards.json":
            continue
        texts[rel] = "\n".join(_strings(json.loads(path.read_text(encoding="utf-8"))))
    # Card names: only the displayed (first) names; the other names are parsing aliases and
    # may deliberately accept a variant.
    cards = json.loads((ROOT / "hcards_core" / "catalog" / "cards.json").read_text(encoding="utf-8"))
    for lang in ("fa", "ja"):
        shown = [names[0] for part in ("ranks", "suits") for names in cards[lang][part].values()]
        texts[f"hcards_core/catalog/cards.json [{lang}]"] = "\n".join(shown + cards[lang]["patterns"])
    return {k: HARAKAT.sub("", v) for k, v in texts.items()}


TEXTS = site_texts()


def _strings_by_key(value, key=""):
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings_by_key(v, f"{key}.{k}" if key else str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _strings_by_key(v, key)


def game_texts(game: str) -> dict[str, str]:
    """The texts of one game: its pages, its catalogs (the bots' too), and every other text
    whose key names it (``zsiros-…`` tutorial keys, ``opt.zsiros.…``, ``event.zsiros.…``)."""
    named = re.compile(rf"(?:^|[.\-]){game}(?:[.\-]|$)")
    texts = {k: v for k, v in TEXTS.items() if f"/{game}/" in k}
    for path in sorted((ROOT / "tutorials" / "text").glob("*/*.json")) + sorted((ROOT / "hcards_core").rglob("catalog/**/*.json")):
        rel = str(path.relative_to(ROOT))
        if rel in texts or path.name == "cards.json":
            continue
        pairs = _strings_by_key(json.loads(path.read_text(encoding="utf-8")))
        own = [v for k, v in pairs if named.search(k)]
        if own:
            texts[rel + f" [{game} keys]"] = HARAKAT.sub("", "\n".join(own))
    return texts


def _of_language(where: str, lang: str) -> bool:
    """A text written in ``lang``: its pages, tutorial texts, catalogs and UI strings."""
    return f"docs/{lang}/" in where or f"/text/{lang}/" in where or where.endswith(f"/{lang}.json")


def latin_variant_pattern(variant: str) -> re.Pattern:
    """A Hungarian or Romanian variant as a word of its language: capitalised at the start of a
    sentence or a label too ("Hívott rang", "Verés…"), and inflected by any ending (Hungarian
    "kártyapontot", "játékpontok"; Romanian "dealerului"), but never inside a longer word that
    begins before it ("elverés" is not "verés")."""
    letters = WORD_LETTERS["latin"]
    first = variant[0]
    head = f"[{re.escape(first.lower())}{re.escape(first.upper())}]" if first.isalpha() else re.escape(first)
    ending = f"[{letters}]*" if _letters_of(variant[-1]) else ""
    return re.compile(f"(?<![{letters}])" + head + re.escape(variant[1:]) + ending)


def wrong_forms(text: str, variant: str, canonical: str | None = None, lang: str | None = None) -> list[int]:
    """Line numbers where ``variant`` occurs as a whole word in ``text`` (in Hungarian and
    Romanian, ``lang``, also capitalised and inflected); the canonical form glossed with the
    variant in brackets ("**タロン**（山札）") is not a slip."""
    if canonical:
        gloss = re.escape(HARAKAT.sub("", canonical)) + r"\**\s*[（(]\s*" + re.escape(HARAKAT.sub("", variant)) + r"\s*[）)]"
        text = re.sub(gloss, lambda m: " " * len(m.group(0)), text)
    if lang in LATIN_LANGS:  # emphasis inside a phrase ("**ferbli** de trei") hides no variant
        text = re.sub(r"\*+", "", text)
    pat = latin_variant_pattern(variant) if lang in LATIN_LANGS else variant_pattern(variant)
    return [text.count("\n", 0, m.start()) + 1 for m in pat.finditer(text)]


@pytest.mark.parametrize("term", TERMS, ids=[t["term"] for t in TERMS])
def test_no_wrong_variant_on_the_site(term):
    found = []
    games = [term["game"]] if isinstance(term.get("game"), str) else term.get("game")
    texts = {k: v for g in games for k, v in game_texts(g).items()} if games else TEXTS
    for lang in LANGS:
        for variant in term["wrong"].get(lang, []):
            for where, text in texts.items():
                if lang in LATIN_LANGS and not _of_language(where, lang):
                    continue
                found += [f"{where}:{line}: {variant!r} — write {term.get(lang)!r}"
                          for line in wrong_forms(text, variant, term.get(lang), lang)]
    assert not found, f"{term['term']}: wrong forms (see tutorials/terms.json):\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_canonical_forms_are_the_sites_own(lang):
    """Each canonical form is used on the language's own pages (the glossary sets it)."""
    pages = "\n".join(v for k, v in TEXTS.items() if k.startswith(f"docs/{lang}/"))
    missing = [t[lang] for t in TERMS if t.get(lang) and HARAKAT.sub("", t[lang]) not in pages]
    assert not missing, f"not on any docs/{lang}/ page: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_variant_forbids_a_canonical_form(lang):
    """A variant that matched inside a canonical form would make the right spelling fail."""
    canon = "\n".join(t[lang] for t in TERMS if t.get(lang))
    clashes = [v for t in TERMS for v in t["wrong"].get(lang, []) if wrong_forms(HARAKAT.sub("", canon), v, lang=lang)]
    assert not clashes, clashes


def test_whole_word_matching():
    # a longer word, or the canonical form that extends the variant, is not a slip …
    assert wrong_forms("دو برابر بزرگ‌ترین شرط", "بزر") == []
    assert wrong_forms("小グリガーレー", "グリガーレ") == []
    assert wrong_forms("ネ・ジールト", "ジール") == []
    # … but the variant itself is, with Persian diacritics, suffixes or Japanese particles around it
    assert wrong_forms(HARAKAT.sub("", "A بِزر ۲ گذاشت"), "بزر") == [1]
    assert wrong_forms("حالا\nکوکاسا‌ها", "کوکاسا") == [2]
    assert wrong_forms("ネ・ウッシュ！", "ウッシュ") == [1]
    assert wrong_forms("グリガーレを作る", "グリガーレ") == [1]


def test_a_gloss_is_no_slip_and_a_game_term_stays_in_its_game():
    assert wrong_forms("**タロン**（山札）にします", "山札", "タロン") == []
    assert wrong_forms("山札から引きます", "山札", "タロン") == [1]
    zsiros = game_texts("zsiros")
    assert any("[zsiros keys]" in k for k in zsiros) and not any("/ferbli/" in k for k in zsiros)
    assert "docs/ja/zsiros/rules.md" in zsiros and "docs/ja/ferbli/rules.md" not in zsiros


def test_latin_variants_are_whole_words_of_their_own_language():
    assert wrong_forms("C este calul de urmă (T)", "calul de urmă") == [1]
    assert wrong_forms("besszerezte", "besszerez") == []  # a longer word is another entry
    assert _of_language("tutorials/text/hu/rulings.json", "hu") and _of_language("hcards_core/catalog/ro.json", "ro")
    assert not _of_language("docs/en/glossary.md", "hu")


def test_latin_variants_are_caught_capitalised_and_inflected():
    # the forms the 2nd language review found on the site, which plain whole-word matching missed
    assert wrong_forms("Hívott rang", "hívott rang", lang="hu") == [1]
    assert wrong_forms("Verés…", "verés", lang="hu") == [1]
    assert wrong_forms("mind a 80 kártyapontot\nA kártyapontok 40–40", "kártyapont", lang="hu") == [1, 2]
    assert wrong_forms("és 1 játékpontot kap", "játékpont", lang="hu") == [1]
    assert wrong_forms("**Ferbli de trei**: trei cărți", "ferbli de trei", lang="ro") == [1]
    assert wrong_forms("| 4 | **ferbli** de trei: trei |", "ferbli de trei", lang="ro") == [1]
    # … but not a longer word that begins before the variant, nor the right term beside it
    assert wrong_forms("elverés, a hívott érték, lappontot", "verés", lang="hu") == []
    assert wrong_forms("a hívott érték", "hívott rang", lang="hu") == []
    assert wrong_forms("besszerel", "besszerez", lang="hu") == []
    # Persian and Japanese variants keep plain whole-word matching
    assert wrong_forms("کوکاساها", "کوکاسا", lang="fa") == [] and wrong_forms("کوکاساها", "کوکاسا") == []
