"""`cardrules compile GAME -o DIR` takes a directory, as the manual and the help say: the
module is written to DIR/NAME.py, DIR made if missing. Before, `-o tractor.py` made a
directory named tractor.py and wrote tractor.py/tractor.py (found by a fresh-eyes review of
issue 7); now a name ending in .py that does not exist is refused, with the -o to give."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def test_o_names_a_directory_made_if_missing(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out" / "deeper"
    assert main(["compile", "tractor", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out / 'tractor.py'}\n"
    written = (out / "tractor.py").read_text("utf-8")
    assert written.splitlines()[2].startswith("# Source: 'tractor.rules' (sha256 ")


@pytest.mark.parametrize("given", ["tractor.py", "sub/tractor.py"])
def test_a_file_name_is_refused_with_the_directory_to_give(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str) -> None:
    target = tmp_path / given
    assert main(["compile", "tractor", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"-o {target}: -o names a directory, and the module is written into it as " \
        f"tractor.py: give -o {target.parent}" in err
    assert not target.exists()


def test_an_existing_file_is_not_a_directory(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "afile"
    target.write_text("x", "utf-8")
    assert main(["compile", "tractor", "-o", str(target)]) == 2
    assert f"-o {target}: not a directory (-o names the directory to write tractor.py " \
        "into)" in capsys.readouterr().err
    assert target.read_text("utf-8") == "x"


def test_the_help_the_manual_and_the_readme_agree() -> None:
    compile_help = build_parser()._subparsers._group_actions[0].choices["compile"]  # type: ignore[union-attr]
    assert "-o DIR, --output DIR" in compile_help.format_help()
    manual = (ROOT / "docs" / "language.md").read_text("utf-8")
    assert "| `cardrules compile GAME [-o DIR]` | write the generated module to `DIR/NAME.py`" \
        in manual
    assert "cardrules compile big_two -o out/" in (ROOT / "README.md").read_text("utf-8")
