"""Punctuation and orthography of each language, over every text a reader sees: the pages,
the tutorial texts, the message catalogs (bots' included) and the UI strings.

- Japanese: full-width ？！（）： next to Japanese text (a half-width mark touching kana or kanji),
  and no space beside Japanese (JTF style: „4人”, „viziは1チップ”, „席{seat}が”), only between
  Latin words;
- Hungarian: game names lowercase in running text (a ferbli, a zsírosban, filkóban);
- Hungarian: „…” quotes, never straight double quotes, in running text;
- Persian: the ZWNJ forms (می‌ / ‌ها / هم‌…), never a space or nothing in their place;
- Romanian: comma-below ș ț, never the cedilla forms ş ţ.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if not str(k).startswith("_"):
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def texts(lang: str, neutral: str = " ") -> dict[str, str]:
    """Every reader-facing text of ``lang`` by path; Markdown without code and link targets
    (each replaced by ``neutral``)."""
    out = {}
    for path in sorted((ROOT / "docs" / lang).rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"^(`{3,}).*?^\1", "", text, flags=re.S | re.M)
        text = re.sub(r"`[^`\n]*`|\[\[[^\]\n]*\]\]", neutral, text)
        text = re.sub(r"\]\([^)]*\)|\{[#.:][^}]*\}|<[^>]+>|^\s*(?:!!!|\?\?\?\+?) .*$|^\s*\|[\s:|-]+\|\s*$", neutral, text, flags=re.M)
        out[str(path.relative_to(ROOT))] = text
    jsons = [*(ROOT / "tutorials" / "text" / lang).glob("*.json"), ROOT / "docs" / "assets" / "i18n" / f"{lang}.json",
             *(ROOT / "hcards_core").rglob(f"catalog/**/{lang}.json")]
    for path in sorted(set(jsons)):
        if path.exists():
            out[str(path.relative_to(ROOT))] = "\n".join(_strings(json.loads(path.read_text(encoding="utf-8"))))
    return out


def faults(pattern: str, lang: str, drop: str | None = None, by: str = " ", neutral: str = " ") -> list[str]:
    found = []
    for where, text in texts(lang, neutral).items():
        text = re.sub(drop, by, text) if drop else text
        text = re.sub(r"\([a-z]\)", neutral, text) if lang == "ja" else text  # list markers (b), (c)
        for m in re.finditer(pattern, text, re.M):
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{where}:{line}: …{text[max(0, m.start() - 12):m.end() + 12]!r}…")
    return found


JA = r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]"
# A half-width mark touching Japanese; one that ends a Latin run ("Mehet?」", "(b)") belongs
# to the quoted original and stays.
HALF_WIDTH = rf"(?<={JA})[?!:()]|(?<![A-Za-z0-9\u00c0-\u024f])[?!:()](?={JA})"


def test_japanese_punctuation_is_full_width():
    bad = faults(HALF_WIDTH, "ja")
    assert not bad, f"{len(bad)} half-width marks next to Japanese (write ？！（）：):\n" + "\n".join(bad[:30])


LATIN = r"[A-Za-z0-9\u00c0-\u024f{}]"  # a placeholder ({n}, {seat}) is Latin once filled
SPACED = rf"{JA} +(?={LATIN}|{JA})|{LATIN} +(?={JA})"


def test_japanese_has_no_space_beside_japanese():
    # emphasis marks go; code, card images and link targets become a neutral mark
    bad = faults(SPACED, "ja", drop=r"\*+", by="", neutral="\u25a1")
    assert not bad, f"{len(bad)} spaces beside Japanese (write „4人”, „viziは1”):\n" + "\n".join(bad[:30])


def test_hungarian_quotes_are_low_high():
    bad = faults(r'(?<![\w=])"[^"\n{}]{2,60}"(?![\w:])', "hu", drop=r'\{"[^\n]*\}')
    assert not bad, "straight quotes in Hungarian text (write „…”):\n" + "\n".join(bad[:30])


GAME_NAMES = re.compile(r"(?<![\w-])(?:Ferbli|Zsíros|Zsírozás|Filkó|Filicău|Makkfilkó)")
FOREIGN_GLOSS = re.compile(r"\*(?:angol|román|perzsa|japán):\*[^·\n]*(?:\n(?!\n)[^·\n]*)*")
UNQUOTED = re.compile(r"„[^”\n]*”|<[^>\n]*>|\]\([^)\n]*\)|`[^`\n]*`|\{[#.:][^}\n]*\}")


def capitalised_game_names(text: str) -> list[int]:
    """Where a game name is capitalised though Hungarian writes it lowercase (a ferbli, a
    zsírosban, filkóban): anywhere but the first word of a sentence, heading, list item, table
    cell, box or string. Quoted titles („Ferbli”), italic titles (*Ferbli*), links' targets and
    the other-language words of the glossary (*angol:* Zsíros) keep their capital."""
    skip = [m.span() for r in (FOREIGN_GLOSS, UNQUOTED) for m in r.finditer(text)]
    found = []
    for m in GAME_NAMES.finditer(text):
        i = m.start()
        if any(a <= i < b for a, b in skip) or i and text[i - 1] in "*_" and text[i - 2:i] != "**":
            continue
        j = i - 1
        while j >= 0 and text[j] in "*_[„\"«(“' \t":
            j -= 1
        if j >= 0 and text[j] == "\n":
            line_start = text.rfind("\n", 0, i) + 1
            k = j - 1
            while k >= 0 and text[k] in " \t":
                k -= 1
            previous_line = text[text.rfind("\n", 0, max(k, 0)) + 1:k + 1]
            if k < 0 or text[k] == "\n" or re.match(r"\s*(?:!!!|\?\?\?)", previous_line) \
                    or re.match(r"\s*(?:[-+*] |\d+\. |#|\||\[§)", text[line_start:i]):
                continue
            j = k
        if j < 0 or text[j] in ".!?:|#–" or re.search(r"\[§[^\]]*\]$|\]\]$", text[:j + 1]) \
                or text[j] in "-+" and not text[text.rfind("\n", 0, j) + 1:j].strip():
            continue
        found.append(i)
    return found


def hungarian_units():
    """(where, text) of every Hungarian text: a page whole, each JSON string on its own."""
    for path in sorted((ROOT / "docs" / "hu").rglob("*.md")):
        text = re.sub(r"^(`{3,}).*?^\1", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
        yield str(path.relative_to(ROOT)), text
    jsons = [*(ROOT / "tutorials" / "text" / "hu").glob("*.json"), ROOT / "docs" / "assets" / "i18n" / "hu.json",
             *(ROOT / "hcards_core").rglob("catalog/**/hu.json")]
    for path in sorted(set(jsons)):
        if path.exists():
            for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
                yield str(path.relative_to(ROOT)), text


def test_hungarian_game_names_are_lowercase_in_running_text():
    bad = [f"{where}: …{text[max(0, i - 25):i + 15]!r}…" for where, text in hungarian_units()
           for i in capitalised_game_names(text)]
    assert not bad, f"{len(bad)} game names capitalised mid-sentence (Hungarian writes a ferbli, a zsírosban, filkó):\n" + "\n".join(bad[:30])


def test_persian_zwnj_forms():
    bad = faults(r"(?<![\u0600-\u06ff])می (?=[\u0600-\u06ff]{2,})|[\u0600-\u06ff] ها(?![\u0600-\u06ff])|همتیمی|همتیم", "fa")
    assert not bad, "Persian prefix/suffix written without ZWNJ (می‌ / ‌ها / هم‌تیمی):\n" + "\n".join(bad[:30])


def test_romanian_comma_below():
    bad = faults("[şţŞŢ]", "ro")
    assert not bad, "Romanian cedilla forms (write ș ț):\n" + "\n".join(bad[:30])


# The Romanian pages speak to the reader as „voi” (Învățați, Puteți); the rules may say „tu” in
# their examples, the introductions and the home page never do.
RO_TU = r"\b(?:[Pp]oți|îți|n-ai|joci|iei|vrei|știi|ești|răspunzi|completezi|tabăra ta|echipa ta|mâna ta|cărțile tale)\b"


def test_romanian_introductions_keep_one_form_of_address():
    pages = [ROOT / "docs" / "ro" / "index.md", *sorted((ROOT / "docs" / "ro").glob("*/index.md"))]
    bad = [f"{p.relative_to(ROOT)}: …{t[max(0, m.start() - 20):m.end() + 20]!r}…" for p in pages
           for t in [p.read_text(encoding="utf-8")] for m in re.finditer(RO_TU, t)]
    assert not bad, "„tu” on a Romanian page that says „voi” (write Puteți, vă completați):\n" + "\n".join(bad)


# A card named in Romanian running text takes the definite article: „a deschis cu asul de verde”.
RO_BARE_CARD = r"\b(?:cu|jucat|pus|joacă|deschide) (?:as|zece|nouă|opt|șapte|popă|treiar|doiar) de (?:ghindă|verde|roșu|dubă)\b"


def test_romanian_cards_in_running_text_are_definite():
    bad = faults(RO_BARE_CARD, "ro")
    assert not bad, "a card without its article (write „cu asul de verde”, „a jucat nouăle de verde”):\n" + "\n".join(bad)


def test_the_patterns_catch_the_reviewed_slips():
    assert re.search(HALF_WIDTH, "今トリックを取っているのは誰?") and re.search(HALF_WIDTH, "答え:")
    assert re.search(HALF_WIDTH, "場の10二枚(20点)")
    assert not re.search(HALF_WIDTH, "答え：「A」（10点）「Mehet?」")
    assert re.search(RO_BARE_CARD, "C a jucat nouă de verde") and not re.search(RO_BARE_CARD, "C a jucat nouăle de verde")
    assert re.search(RO_TU, "Poți pune orice carte") and not re.search(RO_TU, "Puteți pune orice carte")
    assert capitalised_game_names("Tanulj. A Ferbli régi játék, a Zsírosban és Filkóban is.") == [10, 31, 44]
    assert capitalised_game_names("Ferbli\n\nZsíros – **Filkó:** lásd „Ferbli”, *Zsíros*, [x](Filkó), *angol:* Zsíros") == []
    assert capitalised_game_names("- **Ferbli:** x\n| Zsíros | Filkó |\n[§F-1] Ferbli\n# Zsíros") == []
    assert re.search(SPACED, "vizi は 1 チップ") and re.search(SPACED, "4 人") and re.search(SPACED, "{n} 枚")
    assert re.search(SPACED, "反時計回り に") and not re.search(SPACED, "viziは1チップ、vén botos、Ne zsírt!」")


# Two seat letters with only spaces or punctuation between them are one left-to-right run in
# a Persian line: „C، D، A، B” shows as B، A، D، C to a right-to-left reader. Each letter is
# isolated (⁨C⁩، ⁨D⁩, as the core's texts and the rulings are; <bdi>C</bdi> on a page), or a
# Persian word stands between them (A و C). A clause id (D-F5) is no pair of seats.
FA_BARE_SEATS = re.compile(r"(?<![A-Za-z0-9\u00c0-\u024f\u2068§-])[A-G](?:[\s\u060c\u061b,;:/]+[A-G])+(?![A-Za-z0-9\u00c0-\u024f-])")
FA_ISOLATED = re.compile(r"\u2068[^\u2069]*\u2069|<bdi>.*?</bdi>|`[^`\n]*`|\[\[[^\]\n]*\]\]")


def persian_bare_seat_runs(text: str) -> list[str]:
    return [m.group(0) for m in FA_BARE_SEATS.finditer(FA_ISOLATED.sub("\u25a1", text))]


def persian_units():
    """(where, text) of every Persian text: a page whole, each JSON string on its own."""
    for path in sorted((ROOT / "docs" / "fa").rglob("*.md")):
        yield str(path.relative_to(ROOT)), re.sub(r"^(`{3,}).*?^\1", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    jsons = [*(ROOT / "tutorials" / "text" / "fa").glob("*.json"), ROOT / "docs" / "assets" / "i18n" / "fa.json",
             *(ROOT / "hcards_core").rglob("catalog/**/fa.json")]
    for path in sorted(set(jsons)):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(value, str) and not key.startswith("_"):
                yield f"{path.relative_to(ROOT)} {key}", value


def test_persian_seat_letters_in_a_row_are_isolated():
    bad = [f"{where}: {run!r}" for where, text in persian_units() for run in persian_bare_seat_runs(text)]
    assert not bad, "seat letters that run together left to right in Persian (write ⁨C⁩، ⁨D⁩):\n" + "\n".join(bad)


def test_the_persian_seat_check_catches_the_reviewed_slips():
    assert persian_bare_seat_runs("ترتیبِ رو کردن C، D، A، B است") == ["C، D، A، B"]
    assert persian_bare_seat_runs("C، D و A به نوبت") == ["C، D"]
    assert persian_bare_seat_runs("ترتیبِ رو کردن \u2068C\u2069، \u2068D\u2069، \u2068A\u2069 است") == []
    assert persian_bare_seat_runs("<bdi>B</bdi>، <bdi>C</bdi> و A، بازیکن اول (§D-F5، F-7.7d، §F-8.3)") == []
