"""Syntax hints speak of the file's own family: after `remove`, and where a statement is
unknown, the words listed are those of the family the file plays (its `family` line, else
its base's), never another family's statements."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.compiler import CompileError, compile_text
from cardrules.compiler.diagnostics import Diagnostic

CLIMBING_ONLY = ("combination", "sequence", "ladder", "bombs", "auction")
BANKING_ONLY = ("action", "banker", "bust")
TRICKS_ONLY = ("unit", "trumps", "bidding")


def only_error(text: str, path: str = "v.rules") -> Diagnostic:
    with pytest.raises(CompileError) as info:
        compile_text(text, path)
    assert len(info.value.diagnostics) == 1, info.value.diagnostics
    return info.value.diagnostics[0]


def words_of(hint: str) -> set[str]:
    return {w.strip(".,;:'") for w in hint.split()}


def test_remove_throw_in_a_tricks_variant_speaks_of_tricks() -> None:
    # before: "unknown statement 'throw'", hint "statements start with: action, combination,
    # const, def, sequence, table, unit" (climbing and banking statements)
    d = only_error("game v extends tractor\nremove throw\n")
    assert d.message == "'throw' cannot be removed"
    assert (d.span.line, d.span.col) == (2, 8)
    assert d.hint == ("in family tricks, 'remove' takes: const, def, table, unit; to change "
                      "the throw statement, write 'override throw ...'")


def test_remove_of_another_familys_statement_names_its_family() -> None:
    d = only_error("game v extends tractor\nremove ladder\n")
    assert d.hint.endswith("'ladder' is a statement of the climbing family")
    assert not words_of(d.hint) & {"combination", "sequence", "action"}
    d = only_error("game v extends big_two\nremove throw\n")
    assert d.hint == ("in family climbing, 'remove' takes: combination, const, def, sequence, "
                      "table; 'throw' is a statement of the tricks family")
    d = only_error("game v extends blackjack\nremove ties\n")
    assert d.message == "'ties' cannot be removed"
    assert d.hint == ("in family banking, 'remove' takes: action, const, def, table; 'ties' is "
                      "a statement of the tricks family")


@pytest.mark.parametrize(("base", "family", "absent"), [
    ("tractor", "tricks", CLIMBING_ONLY + BANKING_ONLY),
    ("big_two", "climbing", TRICKS_ONLY + BANKING_ONLY),
    ("blackjack", "banking", CLIMBING_ONLY + TRICKS_ONLY + ("order", "suits", "teams", "lead")),
])
def test_an_unknown_statement_lists_the_familys_statements(base: str, family: str,
                                                           absent: tuple[str, ...]) -> None:
    d = only_error(f"game v extends {base}\nzzz 3\n")
    assert d.message == "unknown statement 'zzz'"
    assert d.hint.startswith(f"in family {family}, statements start with: ")
    assert not words_of(d.hint) & set(absent), d.hint
    assert {"const", "def", "title"} <= words_of(d.hint)


def test_no_did_you_mean_from_another_family() -> None:
    d = only_error("game v extends tractor\nsequense x\n")
    assert "sequence" not in d.hint and d.hint.startswith("in family tricks")


def test_the_family_comes_from_the_file_then_down_the_chain_of_bases(tmp_path: Path) -> None:
    (tmp_path / "mid.rules").write_text("game mid extends tractor\noverride const band = 30\n")
    leaf = tmp_path / "leaf.rules"
    text = "game leaf extends mid\nremove throw\n"
    leaf.write_text(text)
    assert "in family tricks" in only_error(text, str(leaf)).hint
    stated = "game own\nfamily tricks\nplayers 4\nzzz 3\n"
    assert only_error(stated).hint.startswith("in family tricks")
    missing = "game v extends nowhere_at_all\nzzz 3\n"  # no base to read: the default
    assert only_error(missing).hint.startswith("in family climbing")
