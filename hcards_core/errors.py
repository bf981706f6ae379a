"""The two kinds of "no": an illegal action, and input that is not a valid record.

``IllegalAction`` is a move the rules forbid. It names the clause of the rules digest
(``rule``, e.g. ``"Z-4.4"``), a stable machine ``code`` and the parameters of its message, so
the browser can link the clause and show the message in the page's language.

``MalformedRecord`` is input that cannot even be read as a game: bad JSON, an unknown card
code, a duplicate card, a wrong hand size, an unknown option or act. The CLI exits with
status 2 and a one-line message.
"""

from __future__ import annotations

from .games import game_of_clause
from .messages import render


def clause_page(rule: str) -> str:
    """The site page (relative to a language's root) that carries the anchor of ``rule``.

    >>> clause_page("Z-4.4"), clause_page("FK-V2"), clause_page("D-F3"), clause_page("EX-C1")
    ('zsiros/rules/', 'filicau/variants/', 'sources/', 'filicau/rules/')
    """
    if rule.startswith("D-"):
        return "sources/"
    page = "variants/" if "-V" in rule else "rules/"
    return f"{game_of_clause(rule)}/{page}"


class HcardsError(Exception):
    """Base class of every error the core raises on purpose."""


class IllegalAction(HcardsError):
    """An action the rules forbid; the state that refused it is unchanged.

    >>> e = IllegalAction("Z-4.4", "no_hitting_card", rank="9")
    >>> e.rule, e.code
    ('Z-4.4', 'no_hitting_card')
    """

    def __init__(self, rule: str, code: str, **params):
        self.rule = rule
        self.code = code
        self.params = params
        super().__init__(f"[{rule}] {self.message('en')}")

    def message(self, lang: str = "en") -> str:
        return render(f"error.{self.code}", lang, **self.params)

    def to_json(self, lang: str = "en") -> dict:
        return {"rule": self.rule, "code": self.code, "params": self.params, "message": self.message(lang)}


# The JSON parser's own words (English, from the ``json`` module) by what they start with.
_JSON_REASONS = (("Expecting value", "expecting_value"), ("Expecting property name", "expecting_name"),
                 ("Expecting ':'", "expecting_colon"), ("Expecting ','", "expecting_comma"),
                 ("Unterminated string", "unterminated_string"), ("Invalid control character", "control_character"),
                 ("Invalid \\", "bad_escape"), ("Extra data", "extra_data"), ("Illegal trailing comma", "trailing_comma"))


def json_reason(reason: str, lang: str = "en") -> str:
    """What the JSON parser found, in ``lang`` (its own English words when unknown).

    >>> json_reason("Expecting property name enclosed in double quotes", "hu")
    'itt idézőjelek közti név kell'
    """
    for start, slug in _JSON_REASONS:
        if str(reason).startswith(start):
            return render(f"json.{slug}", lang)
    return str(reason)


class MalformedRecord(HcardsError):
    """Input that is not a valid record; ``where`` locates it (e.g. ``deals[0].cards.hands[2]``).

    >>> str(MalformedRecord("unknown_card", where="deals[0].actions[3].card", text="Zz"))
    "deals[0].actions[3].card: 'Zz' is not a card: use a code such as Oa, Xh or 7l, or a name such as 'Over of acorns'."
    """

    def __init__(self, code: str, where: str = "", **params):
        self.code = code
        self.where = where
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        params = dict(self.params)
        if self.code == "bad_json" and "reason" in params:
            params["reason"] = json_reason(params["reason"], lang)
        text = render(f"error.{self.code}", lang, **params)
        return f"{self.where}: {text}" if self.where else text

    def to_json(self, lang: str = "en") -> dict:
        return {"code": self.code, "where": self.where, "params": self.params, "message": self.message(lang)}
