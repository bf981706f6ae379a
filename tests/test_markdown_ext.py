"""The cards/clauses Markdown extension (scripts/hooks/hcards_markdown.py) and its MkDocs hook."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import markdown
import pytest

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "scripts" / "hooks"


def _load():
    spec = importlib.util.spec_from_file_location("hcards_markdown", HOOKS / "hcards_markdown.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hm = _load()

CLAUSES = hm.load_clause_pages()


def render(text: str, lang: str = "en", page_url: str = "", **kw) -> str:
    ext = hm.HcardsExtension(lang=lang, page_url=page_url, src=kw.pop("src", "docs/test.md"),
                             clauses=CLAUSES, **kw)
    return markdown.markdown(textwrap.dedent(text),
                             extensions=[ext, "admonition", "tables", "toc", "attr_list", "md_in_html"])


def imgs(html: str) -> list[dict]:
    return [dict(re.findall(r'(\w+)="([^"]*)"', m)) for m in re.findall(r"<img ([^>]*)>", html)]


# ------------------------------------------------------------------------------ cards


@pytest.mark.parametrize("lang,alts", [
    ("en", ["Over of acorns", "Ten of hearts", "Seven of leaves"]),
    ("hu", ["makk felső", "piros tízes", "zöld hetes"]),
    ("ro", ["treiar de ghindă", "zece de roșu", "șapte de verde"]),
    ("fa", ["اوور بلوط", "ده دل", "هفت برگ"]),
    ("ja", ["ドングリのオーバー", "ハートの10", "葉の7"]),
])
def test_alt_texts_in_the_page_language(lang, alts):
    html = render("Play [[Oa Xh 7l]] now.", lang=lang)
    if lang == "fa":  # a row of cards runs in the reading direction, numbered (issue 20 item 6)
        assert '<span class="hc-cards hc-cards--ordered" dir="rtl">' in html
        assert re.findall(r'<span class="hc-card-n" aria-hidden="true">([^<]*)</span>', html) == ["۱", "۲", "۳"]
    else:
        assert '<span class="hc-cards" dir="ltr">' in html
    found = imgs(html)
    assert [i["alt"] for i in found] == alts
    assert all(i["class"] == "hc-card" and (i["width"], i["height"]) == ("40", "64") for i in found)


@pytest.mark.parametrize("lang,alt", [("en", "hidden card"), ("hu", "rejtett lap"),
                                      ("ro", "carte ascunsă"), ("fa", "کارت پنهان"), ("ja", "伏せ札")])
def test_hidden_card_is_the_back(lang, alt):
    [img] = imgs(render("[[??]]", lang=lang))
    assert img["src"].endswith("assets/cards/back.svg") and img["alt"] == alt


@pytest.mark.parametrize("page_url,prefix", [
    ("", ""),                          # English home (site root)
    ("zsiros/", "../"),                # English section index
    ("zsiros/rules/", "../../"),       # nested English page
    ("hu/", "../"),                    # Hungarian home
    ("hu/zsiros/rules/", "../../../"),  # nested Hungarian page
    ("fa/sources/", "../../"),
    ("zsiros/rules.html", "../"),      # use_directory_urls: false
    ("index.html", ""),
])
def test_relative_card_urls(page_url, prefix):
    [img] = imgs(render("[[Ka]]", page_url=page_url))
    assert img["src"] == f"{prefix}assets/cards/Ka.svg"


def test_cards_in_lists_tables_admonitions_and_commas():
    html = render("""
        - a [[Aa]] item

        | x | y |
        |---|---|
        | [[Kb, 7h]] | z |

        !!! note
            [[Ul]] inside
        """, lang="hu")
    assert [i["alt"] for i in imgs(html)] == ["makk ász", "tök király", "piros hetes", "zöld alsó"]
    assert "<li>a <span" in html and "<td><span" in html


def test_code_spans_stay_literal():
    html = render("Write `[[Oa]]` and `§Z-4.2` in Markdown.")
    assert "<code>[[Oa]]</code>" in html and "<code>§Z-4.2</code>" in html and "<img" not in html


@pytest.mark.parametrize("text,bad", [("[[Qx]]", "Qx"), ("[[Oa oa]]", "oa"), ("[[Oa Xh7l]]", "Xh7l"),
                                      ("[[makk felső]]", "makk")])
def test_unknown_card_fails_naming_page_and_text(text, bad):
    with pytest.raises(hm.HcardsMarkupError) as err:
        render(f"Some {text} here.", src="docs/hu/zsiros/rules.md")
    message = str(err.value)
    assert "docs/hu/zsiros/rules.md" in message and f"'{bad}'" in message and text in message


def test_empty_card_group_fails():
    with pytest.raises(hm.HcardsMarkupError, match="empty card group"):
        render("[[ ]]")


# ------------------------------------------------------------------------------ clause anchors


def test_clause_anchor_on_paragraph():
    html = render("[§Z-4.2] If the current winner holds [[Ah]]…", page_url="zsiros/rules/")
    assert html.startswith('<p class="hc-clause" id="Z-4.2">'
                           '<a class="hc-clause-id" dir="ltr" href="#Z-4.2">Z-4.2</a> If the current')


def test_clause_anchor_on_tight_and_loose_list_items():
    html = render("""
        - [§Z-4.3] one
        - [§Z-4.4] two

        text

        1. [§FC-3.1] loose

        2. [§F-7.7b] also
        """)
    for cid in ("Z-4.3", "Z-4.4", "FC-3.1", "F-7.7b"):
        assert f'<li class="hc-clause" id="{cid}">' in html
        assert f'<a class="hc-clause-id" dir="ltr" href="#{cid}">{cid}</a>' in html
    assert '<p class="hc-clause"' not in html


def test_clause_anchor_on_heading_keeps_the_id_for_the_toc():
    md_text = "## [§Z-4] Playing the cards\n\ntext"
    ext = hm.HcardsExtension(page_url="zsiros/rules/", clauses=CLAUSES)
    md = markdown.Markdown(extensions=[ext, "toc"])
    html = md.convert(md_text)
    assert '<h2 class="hc-clause" id="Z-4"><a class="hc-clause-id"' in html
    assert md.toc_tokens[0]["id"] == "Z-4"


@pytest.mark.parametrize("cid", ["EX-Z4", "Z-V1", "F-V1b", "D-Z3", "FK-1.4"])
def test_every_id_shape(cid):
    assert f'id="{cid}"' in render(f"[§{cid}] text")


def test_clause_anchor_in_admonition():
    html = render('!!! note\n    [§Z-5] inside')
    assert '<p class="hc-clause" id="Z-5">' in html


@pytest.mark.parametrize("text,match", [
    ("[§Z-99] text", r"unknown clause id '\[§Z-99\]'"),
    ("[§ Z-4] text", "malformed clause marker"),
    ("[§Z-4] a\n\n[§Z-4] b", "marked twice"),
])
def test_bad_clause_markers_fail(text, match):
    with pytest.raises(hm.HcardsMarkupError, match=match):
        render(text, src="docs/en/zsiros/rules.md")


# ------------------------------------------------------------------------------ clause links


def refs(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="hc-clause-ref" dir="ltr" href="([^"]*)">§([^<]*)</a>', html)


@pytest.mark.parametrize("page_url,expected", [
    ("", [("zsiros/rules/#Z-4.2", "Z-4.2"), ("zsiros/variants/#Z-V1", "Z-V1"),
          ("sources/#D-Z3", "D-Z3"), ("ferbli/rules/#F-7.7b", "F-7.7b")]),
    ("zsiros/rules/", [("#Z-4.2", "Z-4.2"), ("../variants/#Z-V1", "Z-V1"),
                       ("../../sources/#D-Z3", "D-Z3"), ("../../ferbli/rules/#F-7.7b", "F-7.7b")]),
    ("hu/", [("zsiros/rules/#Z-4.2", "Z-4.2"), ("zsiros/variants/#Z-V1", "Z-V1"),
             ("sources/#D-Z3", "D-Z3"), ("ferbli/rules/#F-7.7b", "F-7.7b")]),
    ("fa/zsiros/variants/", [("../rules/#Z-4.2", "Z-4.2"), ("#Z-V1", "Z-V1"),
                             ("../../sources/#D-Z3", "D-Z3"), ("../../ferbli/rules/#F-7.7b", "F-7.7b")]),
    ("ja/sources/", [("../zsiros/rules/#Z-4.2", "Z-4.2"), ("../zsiros/variants/#Z-V1", "Z-V1"),
                     ("#D-Z3", "D-Z3"), ("../ferbli/rules/#F-7.7b", "F-7.7b")]),
])
def test_clause_links_go_to_the_right_page_in_the_same_language(page_url, expected):
    html = render("See §Z-4.2, §Z-V1 and §D-Z3; also (§F-7.7b).", page_url=page_url)
    assert refs(html) == expected


def test_clause_links_without_directory_urls():
    html = render("§Z-4.2 and §FK-1.4", page_url="hu/zsiros/variants.html", use_directory_urls=False)
    assert refs(html) == [("rules.html#Z-4.2", "Z-4.2"), ("../filicau/rules.html#FK-1.4", "FK-1.4")]


def test_clause_links_in_lists_tables_and_after_words():
    html = render("""
        - item §Z-4.2-ben
        - 「§Z-4.2」について

        | a |
        |---|
        | §Z-1 |

        text [§Z-4.3] in the middle
        """, page_url="")
    assert [cid for _, cid in refs(html)] == ["Z-4.2", "Z-4.2", "Z-1", "Z-4.3"]
    assert "</a>-ben" in html and "</a>」について" in html and "[<a" in html


def test_sentence_full_stop_is_not_part_of_the_id():
    assert refs(render("As §Z-4.2. Then §Z-4.")) == [("zsiros/rules/#Z-4.2", "Z-4.2"),
                                                     ("zsiros/rules/#Z-4", "Z-4")]


def test_unknown_clause_link_fails_naming_page():
    with pytest.raises(hm.HcardsMarkupError, match=r"docs/ro/index.md: unknown clause id '§Z-77'"):
        render("See §Z-77.", src="docs/ro/index.md")


def test_every_listed_clause_has_a_page():
    assert len(CLAUSES) > 200
    for cid, page in CLAUSES.items():
        assert page == "sources" or re.fullmatch(r"(zsiros|filicau|ferbli)/(rules|variants)", page)
        assert re.fullmatch(hm.CLAUSE_ID, cid), cid
        if cid.startswith("D-"):
            assert page == "sources"


# ------------------------------------------------------------------------------ language helpers


@pytest.mark.parametrize("src,lang", [("en/index.md", "en"), ("hu/zsiros/rules.md", "hu"),
                                      ("ro/a.md", "ro"), ("fa/sources.md", "fa"),
                                      ("ja/ferbli/index.md", "ja"), ("index.md", "en"),
                                      ("assets/x.md", "en")])
def test_language_of_src(src, lang):
    assert hm.language_of_src(src) == lang


# ------------------------------------------------------------------------------ the MkDocs hook


def test_mkdocs_build_with_the_hook(tmp_path):
    """A small three-language site: the hook registers the extension once, per-page language
    and URLs are right, the theme override names the search dialog, an unknown code fails."""
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs" / "assets" / "cards", docs / "assets" / "cards")
    for lang in ("en", "hu", "fa"):
        (docs / lang / "zsiros").mkdir(parents=True)
        (docs / lang / "index.md").write_text("# Home\n\n[[Oa]] §Z-4.2\n", "utf-8")
        (docs / lang / "zsiros" / "rules.md").write_text(
            "# Rules\n\n## [§Z-4] Play\n\n[§Z-4.2] Text [[Xh ??]] §Z-V1\n", "utf-8")
        (docs / lang / "zsiros" / "variants.md").write_text("# V\n\n[§Z-V1] v\n", "utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(textwrap.dedent(f"""
        site_name: t
        docs_dir: {docs}
        use_directory_urls: true
        theme:
          name: material
          font: false
          custom_dir: {ROOT / "scripts" / "theme"}
        plugins:
          - search
          - i18n:
              docs_structure: folder
              languages:
                - {{locale: en, name: English, default: true, build: true}}
                - {{locale: hu, name: Magyar, build: true}}
                - {{locale: fa, name: فارسی, build: true}}
        hooks:
          - {HOOKS / "cards.py"}
        markdown_extensions:
          - toc:
              permalink: true
        """), "utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    site = tmp_path / "site"

    def build():
        return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                               "-d", str(site)], capture_output=True, text=True, env=env, cwd=tmp_path)

    run = build()
    assert run.returncode == 0, run.stderr
    en = (site / "zsiros" / "rules" / "index.html").read_text("utf-8")
    hu = (site / "hu" / "zsiros" / "rules" / "index.html").read_text("utf-8")
    fa = (site / "fa" / "index.html").read_text("utf-8")
    assert 'src="../../assets/cards/Xh.svg" alt="Ten of hearts"' in en
    assert 'src="../../../assets/cards/Xh.svg" alt="piros tízes"' in hu
    assert 'alt="rejtett lap"' in hu
    assert hu.count('class="hc-card"') == 2  # the extension was registered once
    assert '<p class="hc-clause" id="Z-4.2">' in hu and '<h2 class="hc-clause" id="Z-4">' in hu
    assert 'href="../variants/#Z-V1">§Z-V1</a>' in hu
    assert 'src="../assets/cards/Oa.svg" alt="اوور بلوط"' in fa
    assert 'href="zsiros/rules/#Z-4.2">§Z-4.2</a>' in fa
    assert (site / "assets" / "cards" / "Oa.svg").is_file()
    assert 'role="dialog" aria-label="Search"' in (site / "index.html").read_text("utf-8")
    assert 'role="dialog" aria-label="Keresés"' in hu
    assert 'role="dialog" aria-label="جستجو"' in fa

    (docs / "hu" / "zsiros" / "variants.md").write_text("# V\n\n[§Z-V1] v [[Zz]]\n", "utf-8")
    run = build()
    assert run.returncode != 0
    assert "docs/hu/zsiros/variants.md: unknown card code 'Zz' in '[[Zz]]'" in run.stdout + run.stderr


def test_japanese_lines_wrapped_in_the_source_show_no_stray_space():
    """A Japanese paragraph wrapped over source lines reads as one run ("3回間違えると", not
    "3回 間違えると"), a link or emphasis at a line's start included; headings, list items,
    code and other languages keep their lines."""
    text = """\
        ## 見出し
        本文の行は
        続きます。間違っていれば
        *なぜ*かを説明し、反している
        [ルール](rules.md)へ。Tabで
        JavaScriptは別。

        - 一つ目の項目
        - 二つ目

        ```
        コードの行
        次の行
        ```
        """
    html = render(text, lang="ja")
    assert "本文の行は続きます。間違っていれば<em>なぜ</em>かを説明し、反している<a href=\"rules.md\">ルール</a>へ。Tabで\nJavaScript" in html
    assert "<h2" in html and "見出し</h2>" in html and "見出し本文" not in html
    assert "<li>一つ目の項目</li>\n<li>二つ目</li>" in html
    assert "コードの行\n次の行" in html
    assert "本文の行は\n続きます" in render(text, lang="en")  # only Japanese pages
