"""MkDocs hook: the site search in every language, Persian included, with or without accents.

Material's search runs lunr in a web worker over one index for all five languages
(``plugins.search.lang: [en, hu, ro, ja]``). Two gaps, fixed after the build:

- lunr has no Persian: its multi-language trimmer keeps only the word characters of the
  configured languages, so every Persian token was trimmed away and no Persian query found
  anything. We add ``fa`` to the index's language list and ship ``lunr.fa.min.js`` (which
  the worker loads by that name): Arabic-script word characters and the zero-width non-joiner,
  no stemmer, no stop words.
- One index for five languages weighs 1.4 MB, and Material fetches and parses it on every
  page load. We also write ``search_index.<lang>.json`` with one language's pages; the theme
  override ``scripts/theme/main.html`` fetches that file, and only once the reader turns to
  the search box.
- lunr does not fold accents: "felso" did not find "felső". The same file folds the indexed
  tokens (one more pipeline function) and the query text (before Material's worker reads the
  query): combining accents dropped (Hungarian ő ű á…, Romanian ș ț ă…), the Arabic ي ك
  written as the Persian ی ک. Either spelling then finds both.

mkdocs.yml::

    hooks:
      - scripts/hooks/search.py
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.search")

LUNR_FA = r"""/* hcards: Persian for lunr (written by scripts/hooks/search.py), and accent folding. */
(function (lunr) {
  if (!lunr || lunr.fa) return;
  lunr.fa = function () {};
  // Arabic script (Persian letters included), presentation forms, ZWNJ and ZWJ
  lunr.fa.wordCharacters = "\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF\u200C\u200D";

  var foldText = function (s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC")
      .replace(/\u064A/g, "\u06CC").replace(/\u0643/g, "\u06A9");
  };
  var fold = function (token) { return token.update(foldText); };
  lunr.Pipeline.registerFunction(fold, "hcards-fold");

  // Queries: Material adds a wildcard to each term, and lunr skips the pipeline for those, so
  // the query text itself is folded: a query message with accents is stopped and sent again
  // folded (should Material's listener have seen the first one, the folded answer comes last).
  self.addEventListener("message", function (event) {
    var message = event.data;
    if (!message || typeof message.data !== "string") return;
    var folded = foldText(message.data);
    if (folded === message.data) return;
    event.stopImmediatePropagation();
    var copy = {};
    for (var key in message) copy[key] = message[key];
    copy.data = folded;
    self.dispatchEvent(new MessageEvent("message", { data: copy }));
  }, true);

  // lunr.multi.min.js is loaded after this file: wrap lunr.multiLanguage when it arrives so
  // that the index and the queries both run through fold().
  var multi;
  Object.defineProperty(lunr, "multiLanguage", {
    configurable: true,
    get: function () { return multi; },
    set: function (original) {
      multi = function () {
        var plugin = original.apply(this, arguments);
        return function () {
          plugin.apply(this, arguments);
          this.pipeline.add(fold);
          if (this.searchPipeline) this.searchPipeline.add(fold);
        };
      };
    },
  });
})(typeof lunr !== "undefined" ? lunr : self.lunr);
"""


@event_priority(-200)  # after mkdocs-static-i18n has built the other languages (-100)
def on_post_build(config, **kwargs):
    site = Path(config["site_dir"])
    index = site / "search" / "search_index.json"
    lunr_dir = site / "assets" / "javascripts" / "lunr" / "min"
    if not index.is_file() or not lunr_dir.is_dir():
        return  # a language build inside the i18n plugin: the root build handles it
    data = json.loads(index.read_text("utf-8"))
    langs = data.setdefault("config", {}).setdefault("lang", ["en"])
    if "fa" not in langs:
        langs.append("fa")
        index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
    (lunr_dir / "lunr.fa.min.js").write_text(LUNR_FA, "utf-8")
    split_by_language(index, data, config)
    log.debug("search: Persian and accent folding added to %s", index)


def split_by_language(index: Path, data: dict, config) -> None:
    """``search_index.<lang>.json``: the pages of one language (the others live under
    ``<lang>/``; English at the root)."""
    i18n = config["plugins"].get("i18n")
    langs = [lang.locale for lang in i18n.config.languages] if i18n else ["en"]
    default = next((lang.locale for lang in i18n.config.languages if lang.default), "en") if i18n else "en"
    others = [lang for lang in langs if lang != default]

    def lang_of(location: str) -> str:
        first = location.split("/", 1)[0]
        return first if first in others else default

    for lang in langs:
        part = {"config": data["config"], "docs": [d for d in data["docs"] if lang_of(d["location"]) == lang]}
        target = index.with_name(f"search_index.{lang}.json")
        target.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), "utf-8")
