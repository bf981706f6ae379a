"""Hostile input for the core's two doors: the CLI (``replay``, ``rank``, ``compare``) and the
browser bridge (``bridge.handle``). Real records (the test fixtures and every tutorial) are
mutated — wrong types, missing and extra fields, huge and negative numbers, integers past
Python's 4,300-digit conversion limit, floats, NaN and infinities, booleans where numbers go,
nested lists where a card goes, truncated JSON, broken YAML, deep nesting — and each result
is judged against the contract (ARCHITECTURE §3):

- the CLI exits 0, 1 or 2, never with a traceback; exit 2 prints exactly one line on stderr;
  0 and 1 print one JSON object;
- the bridge always answers JSON, and an error always carries a specific code:
  ``bad_request`` for a request that is not ``{"fn": name, "args": {...}}``, never
  ``internal_error``.

The mutations draw from a ``Chooser`` (``choice``, ``integer``), so the same code serves a
seeded ``random.Random`` (``scripts/bench --only fuzz``: 100,000 inputs) and Hypothesis
(``tests/test_fuzz.py``, which shrinks a failure to its smallest mutation). Standard library
only, apart from what the tests bring.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HUGE = "9" * 4400  # more digits than int("…") converts by default (sys.int_info.str_digits_check_threshold)
LANGS = ("en", "hu", "ro", "fa", "ja", "xx", "", None, 3, ["en"])


class RandomChooser:
    """The ``Chooser`` of the benchmark: a seeded ``random.Random``."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choice(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)


# ---- the seeds: real records -----------------------------------------------------------------

def seed_records(repo: Path = REPO) -> list[dict]:
    """Every record of the tutorials (walkthroughs, rulings, exercises) and the test fixtures."""
    out = []
    for path in sorted((repo / "tutorials").glob("*/*/*.json")) + sorted((repo / "tests/core/records").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        record = data.get("record") if isinstance(data, dict) else None
        if isinstance(record, dict) and "game" in record:
            out.append(record)
    return out


def seed_exercises(repo: Path = REPO) -> list[dict]:
    """The exercise payloads as the page hands them to the bridge (texts aside)."""
    out = []
    for path in sorted((repo / "tutorials/exercises").glob("*/*.json")):
        out.append(json.loads(path.read_text(encoding="utf-8")))
    return out


# ---- mutations ---------------------------------------------------------------------------------

class Raw(str):
    """Text to send as it is (not JSON-encoded again): truncated JSON, YAML, huge numbers."""


def _paths(value, prefix=()):
    """Every path (tuple of keys/indices) into ``value``, the root included."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _get(value, path):
    for k in path:
        value = value[k]
    return value


def _set(root, path, new):
    if not path:
        return new
    _get(root, path[:-1])[path[-1]] = new
    return root


def _strange(ch, old):
    """A value of the wrong kind for where ``old`` stood."""
    options = [None, True, False, 0, -1, -10 ** 30, 10 ** 30, 4.0, 2.5, -0.0, float("nan"), float("inf"),
               float("-inf"), "", "zz", "Aa", "??", "1", [], {}, [[["Aa"]]], ["Aa", ["Kh"]], {"a": 1}, {"seat": 0}]
    if isinstance(old, bool):
        options += [1, 0, "true"]
    elif isinstance(old, int):
        options += [old + 1, old - 1, -old, float(old), bool(old), str(old), old * 10 ** 6, 2 ** 63, [old]]
    elif isinstance(old, str):
        options += [[old], [[old]], old.upper(), old.lower(), old * 3, old[:1], old + " ", {"code": old}]
    elif isinstance(old, list):
        options += [old[:-1], old + old[-1:] if old else [None], list(reversed(old)), [old], tuple(old) and old[::2]]
    return ch.choice(options)


def mutate(record: dict, ch) -> object:
    """One to three mutations of a copy of ``record``; a ``Raw`` when the result is text."""
    value = copy.deepcopy(record)
    for _ in range(ch.integer(1, 3)):
        value = _mutate_once(value, ch)
        if isinstance(value, Raw):
            return value
    return value


def _mutate_once(value, ch):
    kind = ch.choice(("replace", "replace", "replace", "delete", "extra", "number", "card",
                      "text", "yaml", "deep", "huge", "nonobject"))
    paths = list(_paths(value))
    path = ch.choice(paths)
    if kind == "replace":
        return _set(value, path, _strange(ch, _get(value, path)))
    if kind == "delete":
        keyed = [p for p in paths if p and isinstance(_get(value, p[:-1]), (dict, list))]
        if keyed:
            p = ch.choice(keyed)
            del _get(value, p[:-1])[p[-1]]
        return value
    if kind == "extra":
        dicts = [p for p in paths if isinstance(_get(value, p), dict)]
        if dicts:
            _get(value, ch.choice(dicts))[ch.choice(("extra", "seat", "fn", "cards", "amount", "__tuple__"))] = \
                ch.choice((1, "x", None, [1], {}))
        return value
    if kind == "number":
        numbers = [p for p in paths if isinstance(_get(value, p), int) and not isinstance(_get(value, p), bool)]
        if numbers:
            _set(value, ch.choice(numbers), ch.choice((-1, -2, 10 ** 9, 10 ** 100, 3.0, 0.5, True, False,
                                                       float("nan"), float("inf"), "3")))
        return value
    if kind == "card":
        cards = [p for p in paths if isinstance(_get(value, p), str) and len(_get(value, p)) == 2]
        if cards:
            p = ch.choice(cards)
            old = _get(value, p)
            _set(value, p, ch.choice(([old], [[old]], {"card": old}, old + old, old[::-1], "Zz", "??", 7)))
        return value
    text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    if kind == "text":  # truncated or damaged JSON
        cut = ch.integer(0, max(len(text) - 1, 0))
        return Raw(ch.choice((text[:cut], text[:cut] + "}", text[cut:], text[:cut] + "\x00" + text[cut:],
                              text.replace(":", "=", 1), text + ",", "\ufeff" + text,
                              text.replace('"', '"\\udcff', 1), text.replace("\"", "'"),
                              text[:cut] + "\n" + text[cut:])))
    if kind == "yaml":
        return Raw(ch.choice(("game: zsiros\nplayers: [4\n", "- a\n b: c\n", "game: zsiros\n\tplayers: 4\n",
                              "{game: zsiros, players: 4, deals: [{cards: {pack: !!python/object:os.system x}}]}",
                              "game: &a [*a]\n", "players: 0x10\ngame: zsiros\n", ": :\n", "%YAML 9.9\n---\n",
                              "game: zsiros\nplayers: 4\ndeals:\n  - cards: {pack: " + "[" * 200 + "\n",
                              "players: " + HUGE + "\n", "? [a, b]\n: c\n", "a: b: c\n")))
    if kind == "deep":  # built as text: a Python object this deep could not be dumped here either
        depth = ch.choice((50, 1000, 100_000))
        deep = ch.choice(("[" * depth + "]" * depth, '{"a": ' * depth + "1" + "}" * depth, "[" * depth))
        if text.endswith("}") and ch.integer(0, 3):
            return Raw(text[:-1] + ', "' + ch.choice(("note", "deals", "options", "start")) + '": ' + deep + "}")
        return Raw(deep)
    if kind == "huge":  # an integer past the 4,300-digit conversion limit, as JSON text
        numbers = [m for m in ('"players": ', '"dealer": ', '"seat": ', '"amount": ', '"cut": ', '"target": ')
                   if m in text]
        if numbers:
            m = ch.choice(numbers)
            i = text.index(m) + len(m)
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "-"):
                j += 1
            return Raw(text[:i] + ch.choice((HUGE, "-" + HUGE, HUGE + ".5", "1e400", "-1e400", "NaN", "Infinity")) + text[j:])
        return Raw(text[:-1] + ', "x": ' + HUGE + "}" if text.endswith("}") else HUGE)
    # nonobject: the whole input is not an object
    return ch.choice(([value], "text", 4, None, [], Raw(""), Raw("   "), Raw("null"), Raw("[]"), Raw('"game"')))


def as_text(value) -> str:
    return value if isinstance(value, Raw) else json.dumps(value, ensure_ascii=False, allow_nan=True)


def as_value(value):
    """What the browser would send as an argument: the parsed object, or the text itself."""
    if isinstance(value, Raw):
        return str(value)
    return value


# ---- the doors ---------------------------------------------------------------------------------

def _where(exc: BaseException) -> str:
    """The innermost frames of ``exc``: where the core broke."""
    import traceback

    return "".join(traceback.format_exception(exc)[-4:])[-800:]


class Failure(AssertionError):
    """The contract was broken; the message says how and with what input."""


def run_cli(argv: list[str], stdin: str = "") -> str:
    """``hcards_core.cli.main(argv)`` in-process; returns the outcome ``"exit 0|1|2"`` or
    raises ``Failure``."""
    from hcards_core import cli

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except BaseException as exc:  # noqa: BLE001 — exactly what must never happen
                raise Failure(f"cli {argv[:2]} raised {type(exc).__name__}: {str(exc)[:300]}\ninput: {stdin[:300]!r}\n"
                              + _where(exc)) from None
    finally:
        sys.stdin = old_stdin
    stderr, stdout = err.getvalue(), out.getvalue()
    if status not in (0, 1, 2):
        raise Failure(f"cli {argv[:2]} exited {status!r}\ninput: {stdin[:300]!r}")
    if "Traceback" in stderr or "Traceback" in stdout:
        raise Failure(f"cli {argv[:2]} printed a traceback\n{stderr[-500:]}")
    if status == 2:
        if stderr.count("\n") != 1 or not stderr.endswith("\n") or stdout:
            raise Failure(f"cli {argv[:2]} exit 2 with stderr {stderr[:500]!r}, stdout {stdout[:200]!r}\n"
                          f"input: {stdin[:300]!r}")
    else:
        try:
            parsed = json.loads(stdout)
        except ValueError:
            raise Failure(f"cli {argv[:2]} exit {status} printed no JSON: {stdout[:300]!r}") from None
        if not isinstance(parsed, dict) or stderr:
            raise Failure(f"cli {argv[:2]} exit {status}: {stdout[:200]!r} / {stderr[:200]!r}")
    return f"exit {status}"


def run_bridge(request: str, shape_error: bool = False) -> str:
    """``bridge.handle(request)``; returns ``"ok"`` or ``"error <code>"``, or raises ``Failure``."""
    from hcards_core import bridge

    try:
        reply = bridge.handle(request)
    except BaseException as exc:  # noqa: BLE001
        raise Failure(f"bridge raised {type(exc).__name__}: {str(exc)[:300]}\nrequest: {request[:300]!r}")
    try:
        answer = json.loads(reply)
    except (ValueError, TypeError):
        raise Failure(f"bridge answered no JSON: {str(reply)[:300]!r}") from None
    if answer.get("ok") is True:
        if shape_error:
            raise Failure(f"bridge accepted a malformed request {request[:300]!r}")
        return "ok"
    error = answer.get("error") or {}
    code = error.get("code")
    if answer.get("ok") is not False or not isinstance(code, str) or not error.get("message"):
        raise Failure(f"bridge answered {reply[:300]!r}")
    if code == "internal_error":
        raise Failure(f"bridge internal_error: {error.get('message')}\nrequest: {request[:400]!r}\n{_replay_bug(request)}")
    if shape_error and code != "bad_request":
        raise Failure(f"bridge answered {code} (not bad_request) to {request[:300]!r}")
    return f"error {code}"


def _replay_bug(request: str) -> str:
    """The traceback of an ``internal_error``: the request run again outside ``handle``."""
    from hcards_core import bridge

    try:
        req = json.loads(request)
        bridge.FUNCTIONS[req["fn"]](**req.get("args", {}))
    except Exception as exc:  # noqa: BLE001
        return _where(exc)
    return ""


def _request(fn, args) -> str:
    return json.dumps({"fn": fn, "args": args}, ensure_ascii=False, allow_nan=True)


def _cards_text(record) -> list[str]:
    """Card codes from a record (for ``rank``/``compare`` arguments)."""
    found = [v for p in _paths(record) if isinstance(v := _get(record, p), str) and len(v) == 2]
    return found or ["Aa", "Al", "8h", "7b"]


def one_input(ch, records: list[dict], exercises: list[dict]) -> list[str]:
    """Build one hostile input, send it through one door, return the outcomes (``Failure`` when
    the contract is broken)."""
    door = ch.choice(("replay", "replay", "replay", "rank", "compare", "bridge_record", "bridge_record",
                      "bridge_other", "bridge_exercise", "bridge_shape", "replay_file"))
    record = ch.choice(records)
    if door == "replay_file":  # a file on disk: bytes that may not be UTF-8, or no file at all
        import os
        import tempfile

        text = as_text(mutate(record, ch)).encode("utf-8", "surrogatepass")
        data = ch.choice((text, text[:len(text) // 2] + b"\xff\xfe" + text[len(text) // 2:], b"\x80" + text,
                          text.decode("utf-8", "replace").encode("utf-16"), b""))
        fd, path = tempfile.mkstemp(suffix=".json")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            target = ch.choice((path, path, path + ".missing", os.path.dirname(path)))
            return ["replay_file " + run_cli(["replay", target, *ch.choice(((), ("--events",)))])]
        finally:
            os.unlink(path)
    if door == "replay":
        text = as_text(mutate(record, ch))
        argv = ["replay", "-", *ch.choice(((), ("--events",), ("--lang", "hu"), ("--lang", "xx"), ("--lang", "fa", "--events")))]
        return ["replay " + run_cli(argv, text)]
    if door in ("rank", "compare"):
        cards = _cards_text(record)
        hand = [ch.choice(cards) for _ in range(ch.integer(0, 6))]
        mutated = mutate({"game": ch.choice(("ferbli", "zsiros", "filko", "filicau", "chess", "FERBLI")),
                          "hand": hand, "other": [ch.choice(cards) for _ in range(4)],
                          "options": dict(record.get("options") or {}) if isinstance(record.get("options"), dict) else {}}, ch)
        if not isinstance(mutated, dict):
            mutated = {"game": "ferbli", "hand": hand, "other": hand, "options": str(mutated)}
        game = mutated.get("game")
        game = game if isinstance(game, str) else json.dumps(game)
        options = mutated.get("options", {})
        options = options if isinstance(options, str) else json.dumps(options, allow_nan=True)
        words = [w if isinstance(w, str) else json.dumps(w) for w in (mutated.get("hand") or [])] \
            if isinstance(mutated.get("hand"), list) else [str(mutated.get("hand"))]
        if door == "rank":
            argv = ["rank", game, *(words or ["Aa"]), "--options", options]
        else:
            other = mutated.get("other")
            other = " ".join(map(str, other)) if isinstance(other, list) else str(other)
            argv = ["compare", game, " ".join(words), other, "--options", options]
        return [door + " " + run_cli(argv)]
    if door == "bridge_record":
        mutated = as_value(mutate(record, ch))
        fn = ch.choice(("replay_record", "table_at", "try_actions", "checker_rule", "checker_ask"))
        args: dict = {"record": mutated, "lang": ch.choice(LANGS)}
        if fn in ("table_at", "try_actions"):
            args.update(deal=ch.choice((0, 0, 1, -1, 99, "0", None, 0.0, True)),
                        after=ch.choice((0, 1, 3, -1, 10 ** 6, "1", None, 1.5)),
                        seat=ch.choice((None, 0, 1, 7, -1, "0", True)))
        if fn == "try_actions":
            args["actions"] = ch.choice(([], [{"seat": 0, "act": "play", "card": "Aa"}], [{"seat": 0, "act": "look"}],
                                         [[]], [None], "play Aa", [{"seat": 0}], {"seat": 0}, None,
                                         [{"seat": 0, "act": "bet", "amount": 3.0}]))
        if fn == "checker_ask":
            args["action"] = ch.choice(("0 play Aa", "", "look", {"seat": 0, "act": "stop"}, None, 7, ["x"],
                                        {"seat": "0", "act": "play", "card": ["Aa"]}, "9" * 5000))
        if ch.integer(0, 9) == 0:
            del args[ch.choice(list(args))]
        return [f"{fn} " + run_bridge(_request(fn, args))]
    if door == "bridge_other":
        fn = ch.choice(("ping", "describe_cards", "warm_up", "checker_game"))
        game = ch.choice(("zsiros", "filicau", "filko", "ferbli", "chess", None, 3, ["ferbli"], ""))
        args = {"describe_cards": {"text": ch.choice(("Oa 7l", "Zz", "", None, 3, ["Oa", ["7l"]], "makk felső", "Oa " * 40)),
                                   "lang": ch.choice(LANGS)},
                "warm_up": {"game": game}, "checker_game": {"game": game, "lang": ch.choice(LANGS)},
                "ping": {}}[fn]
        if ch.integer(0, 4) == 0:
            args[ch.choice(("extra", "lang", "game"))] = ch.choice((1, None, "x"))
        return [f"{fn} " + run_bridge(_request(fn, args))]
    if door == "bridge_exercise":
        ex = copy.deepcopy(ch.choice(exercises))
        fn = ch.choice(("check_exercise", "exercise_answer"))
        if "record" in ex and ch.integer(0, 1):
            ex["record"] = as_value(mutate(ex["record"], ch))
        args = {"exercise": ex, "lang": ch.choice(LANGS)}
        if fn == "check_exercise":
            answers = [o.get("id") for o in ex.get("options", []) if isinstance(o, dict)] + [
                {"seat": 0, "act": "play", "card": "Aa"}, None, 3, "x", [], {"seat": 9, "act": "zz"},
                {"seat": 0, "act": "bet", "amount": 10 ** 40}, {"seat": 0, "act": "play", "card": [["Aa"]]}]
            args["answer"] = ch.choice(answers)
        return [f"{fn} " + run_bridge(_request(fn, args))]
    # bridge_shape: requests that are not {"fn": name, "args": {...}}
    good = _request("ping", {})
    bad = ch.choice(("", "not json", good[:-1], "[]", "null", "3", '"ping"', '{"fn": "ping", "args": []}',
                     '{"fn": "ping", "args": "x"}', '{"fn": "nope", "args": {}}', '{"fn": 3, "args": {}}',
                     '{"fn": ["ping"], "args": {}}', '{"args": {}}', '{"fn": "ping", "args": {"x": 1}}',
                     '{"fn": "describe_cards", "args": {}}', '{"fn": "ping", "args": {}, "extra": 1}',
                     "[" * 100_000 + "]" * 100_000, '{"fn": "ping", "args": ' + HUGE + "}",
                     '{"fn": "__init__", "args": {}}', '{"fn": "ping", "args": null}', "\udcff"))
    return ["shape " + run_bridge(bad, shape_error=True)]


def run(count: int, seed: int = 0, repo: Path = REPO) -> dict:
    """``count`` inputs from ``Random(seed)``: the counts per outcome, and the failures
    (at most 20 kept, with their messages)."""
    records, exercises = seed_records(repo), seed_exercises(repo)
    counts: Counter = Counter()
    failures = []
    for k in range(count):
        try:
            for outcome in one_input(RandomChooser((seed, k).__repr__()), records, exercises):
                counts[outcome] += 1
        except Failure as exc:
            counts["FAILURE"] += 1
            if len(failures) < 20:
                failures.append(f"#{k}: {exc}")
    return {"inputs": count, "seed": seed, "seed_records": len(records), "counts": dict(sorted(counts.items())),
            "failures": failures}


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    result = run(n)
    print(json.dumps(result, indent=1, ensure_ascii=False))
