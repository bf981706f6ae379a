"""The site's own stylesheets parse as their authors meant: every style rule is closed before
the next begins. A rule left open does not fail the build or any page: the browser reads what
follows as rules nested inside it (CSS nesting), which then never match — this is how the Play
pages' whole stylesheet, and everything after it, went unapplied for a week. We write no nested
rules, so a ``{`` inside a style rule is that mistake, reported with its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHEETS = sorted(p for d in ("docs", "scripts/theme") for p in (ROOT / d).rglob("*.css"))
assert SHEETS, "no stylesheet found"  # an empty list would run no test at all


def nesting_errors(text: str) -> list[str]:
    """Where ``text`` opens a block inside a style rule, closes one never opened, or ends with
    one open (comments and strings skipped).

    >>> nesting_errors("a { color: red; }\\n@media (x) { b { c: d } }")
    []
    >>> nesting_errors("a { color: red;\\nb { c: d }")
    ['line 2: a block inside the style rule opened on line 1 (a brace left open?)', 'the rule opened on line 1 is never closed']
    """
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', lambda m: " " * len(m.group()), text)
    errors, stack, prelude, line = [], [], "", 1
    for ch in text:
        if ch == "\n":
            line += 1
        if ch == "{":
            if stack and not stack[-1][0]:
                errors.append(f"line {line}: a block inside the style rule opened on line {stack[-1][1]} (a brace left open?)")
            stack.append((prelude.strip().startswith("@"), line))
            prelude = ""
        elif ch == "}":
            if not stack:
                errors.append(f"line {line}: a closing brace with no block open")
            else:
                stack.pop()
            prelude = ""
        elif ch == ";":
            prelude = ""
        else:
            prelude += ch
    errors += [f"the rule opened on line {line} is never closed" for _, line in stack]
    return errors


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_style_rule_is_closed(sheet):
    errors = nesting_errors(sheet.read_text("utf-8"))
    assert not errors, f"{sheet.relative_to(ROOT)}: " + "; ".join(errors)
