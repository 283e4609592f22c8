"""Every bad input gives a located message for a person, never a traceback.

One table of labelled bad snippets, each with the exact place and message it must give,
checked in one loop (in the manner of lark's match_examples tables)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.compiler import CompileError, compile_path, compile_text
from cardrules.compiler.builtins import BUILTINS

BASE = """game mini
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
suits D C H S
combination single { group 1 key card }
def score(p) = 0
"""


def add(text: str) -> str:
    return BASE + text


def sub(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


# (label, rules text, "line:col", message, hint fragment or "")
CASES = [
    ("unknown statement", add("zzz 3\n"), "9:1", "unknown statement 'zzz'",
     "statements start with"),
    ("misspelt statement", add("player 4\n"), "9:1", "unknown statement 'player'",
     "did you mean 'players'?"),
    ("keywords are lower case", add("Players 4\n"), "9:1", "unknown statement 'Players'",
     "did you mean 'players'?"),
    ("bad character", add("players 4 $\n"), "9:11", "unexpected character '$'", ""),
    ("file ends mid-statement", add("deal 13\n"), "9:6",
     "the file ends in the middle of a statement", "expected 'each'"),
    # before: 9:32 "the file ends in the middle of a statement"
    ("unclosed brace at the end", add("combination pair { group 2 key card\n"), "9:18",
     "a '}' is missing: this '{' is not closed", "close it before the end of the file"),
    # before: 10:1 "unexpected 'ladder'" (hint: expected ',', 'cards', 'group', ...)
    ("unclosed brace before a statement",
     add('combination pair "对子" { group 2 key card\nladder x: single < pair\n'), "9:23",
     "a '}' is missing: this '{' is not closed",
     "close it before line 10, where 'ladder' starts the next statement"),
    # before: 10:1 "unknown statement 'override'" ... inside a block, then the rest unread
    ("unclosed brace in a variant",
     "game x extends big_two\noverride combination pair { group 2 key card\n"
     "override players 4\n", "2:27", "a '}' is missing: this '{' is not closed",
     "where 'override' starts the next statement"),
    ("keywords do not glue", add("def f(p) = cases { whenp < 8: 1 else: 2 }\n"), "9:20",
     "unexpected 'whenp'", "expected 'when'"),
    ("bad rank", sub("ranks 3 4", "ranks 3 4 Z"), "5:11", "'Z' is not a rank", "ranks are"),
    ("rank left out", sub("A 2\n", "A\n"), "5:7", "the rank order leaves out 2", ""),
    ("rank twice", sub("ranks 3 4", "ranks 3 3 4"), "5:9", "rank 3 is listed twice", ""),
    ("bad suit", sub("suits D C H S", "suits D C H X"), "6:13", "'X' is not a suit", ""),
    ("deck size", sub("deck 52", "deck 50"), "3:6", "a deck has 52 or 54 cards, not 50",
     "deck 54"),
    ("deal more than the deck", sub("deal 13", "deal 14"), "4:6",
     "4 x 14 cards + kitty 0 is more than the 52 cards of the deck", ""),
    ("one player", sub("players 4", "players 1"), "2:9",
     "players must be between 2 and 8, not 1", ""),
    ("combination without shape", add("combination pair { key card }\n"), "9:13",
     "combination pair needs exactly one shape, not 0", "a shape is"),
    ("combination without key", add("combination pair { group 2 }\n"), "9:13",
     "combination pair needs one 'key' line", ""),
    ("unknown sequence", add("combination st { sequence of straigts key sequence }\n"),
     "9:30", "unknown sequence 'straigts'", "declare it"),
    ("no such group", add("combination fh { group 3 + group 2 key card of group 3 }\n"),
     "9:54", "there is no group 3 in this combination", "numbered 1 to 2"),
    ("key sequence needs a sequence", add("combination pair { group 2 key sequence }\n"),
     "9:32", "'key sequence' needs a 'sequence of' shape", ""),
    ("unknown kind on a ladder", add("combination pair { group 2 key card }\n"
                                     "ladder x: single < pairr\n"), "10:20",
     "unknown combination 'pairr'", "did you mean 'pair'?"),
    ("unknown function", sub("def score(p) = 0", "def score(p) = cards_lefft(p)"), "8:16",
     "unknown function 'cards_lefft'", "did you mean 'cards_left'?"),
    ("unknown name", sub("def score(p) = 0", "def score(p) = n + 1"), "8:16",
     "unknown name 'n'", ""),
    ("type mismatch", sub("def score(p) = 0", "def score(p) = if 1 then 2 else 3"), "8:19",
     "expected bool here, but this is int", ""),
    ("arity", sub("def score(p) = 0", "def score(p) = cards_left(p, p)"), "8:16",
     "cards_left takes 1 argument, not 2", ""),
    ("arity, plural", sub("def score(p) = 0", "def score(p) = count_plays(p)"), "8:16",
     "count_plays takes 2 arguments, not 1", ""),
    # before: no hint at all
    ("unknown function, no close name", sub("def score(p) = 0", "def score(p) = pow(2, 3)"),
     "8:16", "unknown function 'pow'",
     "the built-in functions are abs(int), cards_left(seat), count_plays(seat, kind)"),
    ("unknown function lists the defs", add("def f(p) = pow(p)\n"), "9:12",
     "unknown function 'pow'", "; the defs of this game are f, score; arithmetic is"),
    ("bad card in a formula", sub("def score(p) = 0",
                                  "def score(p) = if holds(p, X2) then 1 else 0"), "8:28",
     "'X2' is not a card", "no suit"),
    ("a formula names a card the deck lacks",
     sub("def score(p) = 0", "def score(p) = if holds(p, BJ) then 1 else 0"), "8:28",
     "the deck has no BJ", "deck 54"),
    ("a lead card the deck lacks", add("lead first: holder of LJ\n"), "9:23",
     "the deck has no LJ", "deck 54"),
    ("groups written smallest first", add("combination fh { group 2 + group 3 key card }\n"),
     "9:18", "write the groups largest first", "group 3 + group 2"),
    ("a climbing game stated as banking", add("family banking\n"), "6:1",
     "'suits' is not a statement of the banking family", ""),
    ("a def with a builtin's name", add("def cards_left(p) = 1\n"), "9:5",
     "def cards_left has the name of a built-in quantity", ""),
    ("holder leads without a lead card", add("lead next: holder\n"), "9:1",
     "'lead next: holder' needs a 'lead first: holder of CARD'", ""),
    ("accumulate a yes/no", add("def won(p) = place(p) == 1\nmatch { accumulate won rounds 3 }\n"),
     "10:20", "accumulate needs a def of one seat that gives a whole number; won does not", ""),
    ("chained comparison", add("def f(p) = 1 < 2 < 3\n"), "9:18", "unexpected '<'",
     "comparisons do not chain"),
    ("no combination of one card", sub("combination single { group 1 key card }",
                                       "combination pair { group 2 key card }"), "1:1",
     "the game states no combination of one card", "no legal play"),
    ("a card twice in an example", add('example "S3 S3" is single\n'), "9:10",
     "S3 is given 2 times; the deck has 1", ""),
    ("a place out of range", add("example scores places 9 0 0 0 => 0 0 0 0\n"), "9:23",
     "a place is 1 to 4 (0: not out), not 9", ""),
    ("a top card twice", add("top S3 S3\n"), "9:8", "S3 is listed twice", ""),
    ("a set the deck cannot make", add("combination two { set S3 S3 key card }\n"), "9:19",
     "this set needs 2 x S3; the deck has 1", "copies"),
    ("formula nested too deeply", add("def f(p) = " + "(" * 80 + "1" + ")" * 80 + "\n"),
     "9:71", "this formula nests too deeply", "lets or defs"),
    ("formula too long", add("def f(p) = " + " + ".join(["1"] * 100) + "\n"), "9:12",
     "this formula is too long or nests too deeply (more than 64 levels)", "lets or defs"),
    ("defaulted statement restated without override",
     "game x extends big_two\nafter out: partner\n", "2:1",
     "after out is already defined by the base game (by default)",
     "write 'override after out ...'"),
    ("recursion", sub("def score(p) = 0", "def score(p) = score(p)"), "8:16",
     "def score calls itself", "cannot be recursive"),
    # before: "def score calls itself", at the call in b, naming only the first def
    ("a cycle through several defs",
     sub("def score(p) = 0", "def score(p) = a(p)\ndef a(p) = b(p)\ndef b(p) = score(p)"),
     "10:12", "defs call each other in a cycle: score -> a -> b -> score",
     "cannot be recursive"),
    ("a cycle of two defs", add("def a(p) = b(p)\ndef b(p) = a(p)\n"), "10:12",
     "defs call each other in a cycle: a -> b -> a", ""),
    # before: located in the built-in big_two.rules:9:6
    ("an override of players breaks the base's deal",
     "game x extends big_two\noverride players 5\n", "2:1",
     "5 x 13 cards + kitty 0 is more than the 52 cards of the deck",
     "it breaks the base game's deal (big_two.rules:9): override deal too"),
    # before: located in the built-in big_two.rules:12:7
    ("an override of the deck breaks the base's ranks",
     "game x extends big_two\noverride deck 54\n", "2:1",
     "the rank order leaves out LJ BJ",
     "it breaks the base game's ranks (big_two.rules:12): override ranks too; every rank"),
    ("an override of the deck breaks a base's card", "game x extends da_bei\n"
     "override deck 52 copies 1\noverride players 5\n", "3:1",
     "5 x 13 cards + kitty 0 is more than the 52 cards of the deck", "override deal too"),
    ("no score", sub("def score(p) = 0", "def points(p) = 0"), "1:1",
     "the game states no def score(p)", "def score(p) = ..."),
    ("stated twice", add("players 4\n"), "9:1", "players is stated twice in this file",
     "line 2"),
    ("bad lead card", add("lead first: holder of D1 must play\n"), "9:23",
     "'D1' is not a card", "no rank"),
    ("example of unknown kind", add('example "S3 S4" is pairr\n'), "9:20",
     "unknown combination 'pairr'", ""),
    ("example with a bad card", add('example "S3 X4" is single\n'), "9:10",
     'bad card list "S3 X4"', "no suit"),
    ("example with too few numbers", add("example scores cards_left 1 2 3 => 1 2 3 4\n"),
     "9:27", "cards_left gives 3 numbers for 4 players", ""),
    ("example sets an unknown quantity", add("example scores points 1 2 3 4 => 1 2 3 4\n"),
     "9:16", "an example cannot set 'points'", ""),
    ("constant from a formula", add("const a = cards_left(1)\n"), "9:11",
     "a constant must be a number or arithmetic of constants", ""),
    ("empty match", add("match { }\n"), "9:1", "a match needs 'rounds N' or 'until CONDITION'",
     ""),
    ("unknown accumulated def", add("match { accumulate pointz until 1 > 0 }\n"), "9:20",
     "unknown def 'pointz'", ""),
    ("unknown family", add("family climb\n"), "9:8", "unknown family 'climb'",
     "did you mean 'climbing'?"),
    ("unknown base game", "game x extends big_tw0\n", "1:16",
     "cannot find the base game 'big_tw0'", "did you mean 'big_two'?"),
    ("override of what the base lacks",
     "game x extends big_two\noverride combination quad { group 4 key card }\n", "2:1",
     "cannot override combination quad: the base game has none", "did you mean"),
    ("redefinition without override",
     "game x extends big_two\nranks 3 4 5 6 7 8 9 10 J Q K A 2\n", "2:1",
     "ranks is already defined by the base game", "write 'override ranks ...'"),
    ("remove what the base lacks", "game x extends big_two\nremove combination quad\n", "2:1",
     "cannot remove combination quad: the base game has none", ""),
    ("override without a base", "game x\noverride players 4\n", "2:1",
     "cannot override players: the base game has none", "only a game that extends"),
    ("an example's place given twice", add("example scores places 1 1 2 3 => 0 0 0 0\n"),
     "9:25", "place 1 is given to seats 0 and 1", "each place is one seat's"),
    ("an example holding a card twice from one deck",
     add('example scores held "S2" by 0 held "S2" by 1 => 0 0 0 0\n'), "9:37",
     "S2 is held 2 times here, and the deck has 1 copy of it", ""),
    ("an example holding more cards than are left",
     add('example scores cards_left 1 0 0 0 held "S2 S3" by 0 => 0 0 0 0\n'), "9:41",
     "seat 0 holds 2 cards here, and has 1 left", "with none left, 'held' says what it was"),
]


@pytest.mark.parametrize(("label", "text", "where", "message", "hint"), CASES,
                         ids=[c[0] for c in CASES])
def test_bad_rules_give_located_messages(label: str, text: str, where: str, message: str,
                                         hint: str) -> None:
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    first = info.value.diagnostics[0]
    assert f"{first.span.line}:{first.span.col}" == where
    assert first.message == message
    assert hint in first.hint
    rendered = info.value.render().splitlines()
    assert rendered[0] == f"bad.rules:{where}: error: {message}"
    assert rendered[2].strip().startswith("^")  # the caret line under the source line


def test_at_least_fifteen_cases() -> None:
    assert len(CASES) >= 15


def test_several_errors_reported_in_one_run() -> None:
    text = sub("players 4", "players 1").replace("deck 52", "deck 50")
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    messages = [d.message for d in info.value.diagnostics]
    assert "players must be between 2 and 8, not 1" in messages
    assert "a deck has 52 or 54 cards, not 50" in messages


def test_caret_sits_under_the_spot() -> None:
    with pytest.raises(CompileError) as info:
        compile_text(sub("ranks 3 4", "ranks 3 4 Z"), "bad.rules")
    lines = info.value.render().splitlines()
    assert lines[1] == "    ranks 3 4 Z 5 6 7 8 9 10 J Q K A 2"
    assert lines[2] == "              ^"


def test_keyword_prefix_is_a_name_not_a_keyword() -> None:
    # `whendraw` is one name; a def may be called `whendraw` and used as one.
    game = compile_text(add("def whendraw(p) = cards_left(p)\n"
                            "def other(p) = whendraw(p) + 1\n"), "ok.rules")
    assert [d.name for d in game.defs] == ["score", "whendraw", "other"]


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_builtin_is_callable_by_name(name: str) -> None:
    b = BUILTINS[name]
    args = {"seat": "p", "card": "S2", "int": "1", "kind": "single"}
    call = f"{name}({', '.join(args[t] for t in b.params)})"
    wrap = {"int": "{}", "bool": "if {} then 1 else 0", "seat": "if {} == p then 1 else 0",
            "seats": "count(q in {}: true_ish(q))"}[b.returns]
    text = add("def true_ish(q) = cards_left(q) >= 0\n"
               f"def uses(p) = {wrap.format(call)}\n")
    if name == "winning_bid":  # reads the auction: a game must hold one
        text += "auction { bids: 1 < 2\nfirst: random\nall pass: deal again }\n"
    game = compile_text(text, "ok.rules")
    assert any(d.name == "uses" for d in game.defs)


def test_overriding_a_default_of_the_base_is_allowed() -> None:
    game = compile_text("game x extends big_two\noverride after out: partner\n", "x.rules")
    assert game.flow.after_out == "partner"


def test_a_variant_may_share_its_base_name(tmp_path: Path) -> None:
    mine = tmp_path / "big_two.rules"  # a regional big_two extending the built-in one
    mine.write_text('game hk extends big_two\ntitle "Hong Kong"\n')
    assert compile_path(mine).title == "Hong Kong"


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text("game a extends b\n")
    (tmp_path / "b.rules").write_text("game b extends a\n")
    with pytest.raises(CompileError) as info:
        compile_path(tmp_path / "a.rules")
    assert "extends itself" in info.value.diagnostics[0].message


def test_files_must_be_utf8_and_may_start_with_a_bom(tmp_path: Path) -> None:
    bom = tmp_path / "bom.rules"
    bom.write_bytes(b"\xef\xbb\xbfgame bom extends big_two\n")
    assert compile_path(bom).name == "bom"
    gbk = tmp_path / "gbk.rules"
    gbk.write_bytes("game g extends big_two\n# 大北\n".encode("gbk"))
    with pytest.raises(CompileError) as info:
        compile_path(gbk)
    d = info.value.diagnostics[0]
    assert d.message.startswith("the file is not UTF-8 text") and d.hint == \
        "save rules files as UTF-8"
    assert info.value.render().startswith(f"{gbk}:1:1: error:")


def test_division_by_zero_in_a_formula_gives_zero(tmp_path: Path) -> None:
    import cardrules
    rules = tmp_path / "z.rules"
    rules.write_text("game z extends big_two\n"
                     "override def score(p) = cards_left(p) // 0 + 7 % 0 + 7 // 2\n")
    t = cardrules.load(rules).new_table(seed=1)
    t.play_out()
    assert t.result().scores == (3, 3, 3, 3)


def test_formula_depth_is_measured_per_def() -> None:
    chain = [f"def f{i}(p) = f{i + 1}(p) + 1" for i in range(40)] + ["def f40(p) = 1"]
    game = compile_text("game chain extends big_two\n" + "\n".join(chain) + "\n", "c.rules")
    assert len([d for d in game.defs if d.name.startswith("f")]) == 41


def test_a_game_extending_its_own_name_is_told_so(tmp_path: Path) -> None:
    (tmp_path / "x.rules").write_text("game x extends x\n")
    with pytest.raises(CompileError) as info:
        compile_path(tmp_path / "x.rules")
    assert info.value.diagnostics[0].message == "'x' extends itself"


def test_a_one_card_group_range_is_enough_to_lead() -> None:
    text = BASE.replace("combination single { group 1 key card }",
                        "combination same_rank { group 1 to 4 key size, rank }")
    assert [c.name for c in compile_text(text, "ok.rules").combinations] == ["same_rank"]


# ---------------------------------------------------------------- what a variant author meets first

BROKEN = """game x extends big_two
foo 3
override combination pair { group 2 key }
def f(p) = 1 + * 2
player 4
override combination triple { group 3
  suits same
  key card
def g(p) = cases { when 1 < 2: 1 else: 2 }
def h(p) = 1 <
"""


def test_every_syntax_error_is_reported_once() -> None:
    # before: only "2:1 unknown statement 'foo'"
    with pytest.raises(CompileError) as info:
        compile_text(BROKEN, "bad.rules")
    got = [(f"{d.span.line}:{d.span.col}", d.message) for d in info.value.diagnostics]
    assert got == [
        ("2:1", "unknown statement 'foo'"),
        ("3:41", "unexpected '}'"),
        ("4:16", "unexpected '*'"),
        ("5:1", "unknown statement 'player'"),
        ("6:29", "a '}' is missing: this '{' is not closed"),  # `suits same` is inside it
        ("10:14", "the file ends in the middle of a statement"),
    ]


def test_recovery_reads_the_statements_after_a_broken_one() -> None:
    # A broken statement, then a good one, then a bad one: the bad one is found, the good one
    # between them causes nothing.
    text = add("deal 13 each kitty\ncombination pair { group 2 key card }\nladder l: single <\n")
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    assert [(d.span.line, d.message) for d in info.value.diagnostics] == [
        (10, "unexpected 'combination'"), (11, "the file ends in the middle of a statement")]


def test_a_stray_statement_word_in_a_closed_block_is_not_a_missing_brace() -> None:
    text = add("def f(p) {\n  let b = cases {\n    override when p < 8: 1\n    else: 2\n  }\n"
               "  b\n}\ndef g(p) = 1 + * 2\n")
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    assert [(d.span.line, d.span.col, d.message) for d in info.value.diagnostics] == [
        (11, 5, "unexpected 'override'"), (16, 16, "unexpected '*'")]


def test_syntax_errors_stop_at_a_limit() -> None:
    from cardrules.compiler.parse import MAX_SYNTAX_ERRORS
    with pytest.raises(CompileError) as info:
        compile_text(add("foo 1\n" * 500), "bad.rules")
    assert len(info.value.diagnostics) == MAX_SYNTAX_ERRORS


def test_a_broken_header_gives_one_error() -> None:
    with pytest.raises(CompileError) as info:
        compile_text("gam x\nplayers 4\nfoo\n", "bad.rules")
    assert [d.message for d in info.value.diagnostics] == ["unexpected 'gam'"]


def test_caret_after_wide_characters_sits_under_the_spot() -> None:
    # before: "                  ^" (col 15 counted in characters: 4 columns to the left)
    with pytest.raises(CompileError) as info:
        compile_text('game x extends big_two\ntitle "大北变体"  $\n', "bad.rules")
    lines = info.value.render().splitlines()
    assert lines[1] == '    title "大北变体"  $'
    assert lines[2] == "    " + " " * 18 + "^"


def test_caret_underlines_wide_text_by_its_width() -> None:
    with pytest.raises(CompileError) as info:
        compile_text(add('combination pair "一对" { group 2 key card }\nladder x: 对 < pair\n'),
                     "bad.rules")
    lines = info.value.render().splitlines()
    assert lines[:3] == ["bad.rules:10:11: error: unexpected character '对'",
                         "    ladder x: 对 < pair", "    " + " " * 10 + "^~"]


def test_caret_keeps_tabs_and_skips_combining_marks() -> None:
    from cardrules.compiler.diagnostics import Diagnostic, Span
    src = "\tcafe\u0301 x"
    d = Diagnostic(message="m", span=Span(file="f", line=1, col=8, end_line=1, end_col=9))
    assert d.render({"f": src}).splitlines()[2] == "    \t" + " " * 5 + "^"


def test_errors_are_sorted_by_position() -> None:
    # before: "players must be between 2 and 8, not 1" (line 3) came before line 2's error
    text = "game x extends big_two\ndef f(p) = nope(p)\noverride players 1\n"
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    assert [(d.span.line, d.message) for d in info.value.diagnostics] == [
        (2, "unknown function 'nope'"), (3, "players must be between 2 and 8, not 1")]


def test_an_override_is_blamed_not_the_built_in_file() -> None:
    # before: "…/cardrules/games/big_two.rules:9:6: error: 5 x 13 cards + kitty 0 is more
    # than the 52 cards of the deck", quoting the built-in file
    with pytest.raises(CompileError) as info:
        compile_text("game x extends big_two\noverride players 5\n", "x.rules")
    assert info.value.render().splitlines() == [
        "x.rules:2:1: error: 5 x 13 cards + kitty 0 is more than the 52 cards of the deck",
        "    override players 5",
        "    ^~~~~~~~~~~~~~~~~~",
        "  hint: it breaks the base game's deal (big_two.rules:9): override deal too"]


def test_a_broken_base_is_still_reported_in_the_base(tmp_path: Path) -> None:
    (tmp_path / "base.rules").write_text(BASE.replace("deal 13", "deal 14"))
    (tmp_path / "v.rules").write_text('game v extends base\ntitle "v"\n')
    with pytest.raises(CompileError) as info:
        compile_path(tmp_path / "v.rules")
    d = info.value.diagnostics[0]
    assert (Path(d.span.file).name, d.span.line) == ("base.rules", 4)
