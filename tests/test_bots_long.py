"""The long mode of the bots' benchmark (scripts/bots_long.py): a 2,000-deal match played in
pieces must add up to exactly one ``run_match`` over the same deals, resume where it stopped,
keep two versions of the bots apart, and name a broken results file instead of a traceback."""

from __future__ import annotations

import json

from hcards_core.bots.match import run_match

TABLE = [["zsiros", 2]]
PAIR = [["beginner", "random"]]


def _report(long, out):
    (row,) = long.report(out)
    return row


def test_pieces_add_up_to_one_match_and_resume(script, tmp_path, capsys):
    long = script("bots_long")
    assert long.main(["run", "--out", str(tmp_path), "--tables", json.dumps(TABLE), "--pairs", json.dumps(PAIR),
                      "--deals", "2"]) == 0
    (path,) = tmp_path.glob("*.jsonl")
    assert len(path.read_text().splitlines()) == 2
    # a second run goes on after the last pair on file, two pairs a piece
    assert long.main(["run", "--out", str(tmp_path), "--tables", json.dumps(TABLE), "--pairs", json.dumps(PAIR),
                      "--deals", "5", "--chunk", "2"]) == 0
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["i"] for r in rows] == [0, 1, 2, 3, 4]
    whole = run_match("zsiros", ("beginner", "random"), deals=5, players=2, seed=long.SEED)
    got = _report(long, tmp_path)
    assert {k: got[k] for k in whole} == whole
    assert got["current"] and got["target"] == 2000 and got["decisions_a"] > 0
    capsys.readouterr()
    assert long.main(["report", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)[0]["deals"] == 5


def test_a_new_version_of_the_bots_starts_a_new_file(script, tmp_path, monkeypatch):
    long = script("bots_long")
    long.run(tmp_path, TABLE, PAIR, deals=2, chunk=2)
    monkeypatch.setattr(long, "version", lambda game=None: "feedfacecafe")
    long.run(tmp_path, TABLE, PAIR, deals=1, chunk=1)
    rows = sorted(long.report(tmp_path), key=lambda r: r["deals"])
    assert [(r["deals"], r["version"], r["current"]) for r in rows] == [(1, "feedfacecafe", True), (2, rows[1]["version"], False)]


def test_a_broken_results_file_is_named_with_its_line(script, tmp_path, capsys):
    long = script("bots_long")
    long.run(tmp_path, TABLE, PAIR, deals=3, chunk=3)
    (path,) = tmp_path.glob("*.jsonl")
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], lines[2]]) + "\n")  # pair 1 lost: a gap
    assert long.main(["report", str(tmp_path)]) == 2
    assert f"{path}: line 2 holds pair 2, expected pair 1" in capsys.readouterr().err
    path.write_text(lines[0] + "\n{not json\n")
    assert long.main(["run", "--out", str(tmp_path), "--tables", json.dumps(TABLE), "--pairs", json.dumps(PAIR),
                      "--deals", "4"]) == 2
    err = capsys.readouterr().err
    assert "line 2 is not a pair" in err and "Traceback" not in err
    assert path.read_text() == lines[0] + "\n{not json\n"  # nothing appended after a broken file


def test_bad_tables_and_tiers_are_one_line_each(script, tmp_path, capsys):
    long = script("bots_long")
    assert long.main(["run", "--out", str(tmp_path), "--tables", '[["zsiros", 9]]', "--deals", "1"]) == 2
    assert "zsiros cannot be played by 9 players" in capsys.readouterr().err
    assert long.main(["run", "--out", str(tmp_path), "--tables", json.dumps(TABLE), "--pairs", '[["club", "gm"]]',
                      "--deals", "1"]) == 2
    assert "'club,gm' is not valid" in capsys.readouterr().err
    assert long.main(["run", "--out", str(tmp_path), "--tables", "[zsiros", "--deals", "1"]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert long.main(["report", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_tables_version_leaves_out_the_other_games(script, tmp_path, monkeypatch):
    long = script("bots_long")
    before = {g: long.version(g) for g in ("zsiros", "filko", "filicau", "ferbli")}
    assert before["filko"] == before["filicau"] and len(set(before.values())) == 3
    # the same tree with one Zsíros rule file changed: only Zsíros's version moves
    tree = tmp_path / "tree"
    for path in (long.ROOT / "hcards_core").rglob("*"):
        if path.is_file() and path.suffix in {".py", ".json"}:
            dest = tree / path.relative_to(long.ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(path.read_bytes())
    monkeypatch.setattr(long, "ROOT", tree)
    assert {g: long.version(g) for g in before} == before
    bot = tree / "hcards_core/bots/zsiros.py"
    text = bot.read_text()
    # a comment, a docstring's words and a translation change no play: no table restarts
    bot.write_text(text.replace('"""', '"""Reworded. ', 1) + "\n# a comment\n")
    catalog = next((tree / "hcards_core/bots/catalog").rglob("en.json"))
    catalog.write_text(catalog.read_text().replace("a", "e", 1))
    assert {g: long.version(g) for g in before} == before
    bot.write_text(text + "\nA_CHANGE = 1\n")
    after = {g: long.version(g) for g in before}
    assert after["zsiros"] != before["zsiros"]
    assert {g: after[g] for g in ("filko", "ferbli")} == {g: before[g] for g in ("filko", "ferbli")}
    shared = tree / "hcards_core/bots/base.py"
    shared.write_text(shared.read_text() + "\nA_CHANGE = 1\n")
    assert all(long.version(g) != after[g] for g in before)  # a shared file: every table restarts


def test_carry_moves_pairs_the_new_code_plays_the_same_and_keeps_the_others(script, tmp_path, monkeypatch):
    long = script("bots_long")
    long.run(tmp_path, TABLE, PAIR, deals=4, chunk=4)
    (path,) = tmp_path.glob("*.jsonl")
    old = long._parse_name(path)[-1]
    kept = path.read_text()
    # a change that does not touch this table's play: every checked pair replays, the file moves
    monkeypatch.setattr(long, "version", lambda game=None: "feedfacecafe")
    (row,) = long.carry(tmp_path, check=3, today="2026-12-03")
    assert row["carried"] and row["checked"] == [0, 2, 3] and row["from"] == old
    moved = tmp_path / path.name.replace(old, "feedfacecafe")
    assert moved.read_text() == kept and not path.exists()
    (log,) = [json.loads(line) for line in (tmp_path / "carried.jsonl").read_text().splitlines()]
    assert log == {"file": moved.name, "from": old, "to": "feedfacecafe", "pairs": 4, "checked": [0, 2, 3],
                   "date": "2026-12-03"}
    assert [(r["deals"], r["current"]) for r in long.report(tmp_path)] == [(4, True)]
    # a change that does: one pair on file no longer replays, so the file stays where it is
    monkeypatch.setattr(long, "version", lambda game=None: "0123456789ab")
    rows = [json.loads(line) for line in moved.read_text().splitlines()]
    rows[2]["pair"][0] += 1
    moved.write_text("".join(json.dumps(r) + "\n" for r in rows))
    (row,) = long.carry(tmp_path, check=4)
    assert not row["carried"] and "[2]" in row["why"] and moved.exists()
    assert len((tmp_path / "carried.jsonl").read_text().splitlines()) == 1
    assert long.main(["carry", str(tmp_path), "--check", "0"]) == 2
