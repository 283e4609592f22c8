"""A file that `extends tractor` and holds only worked examples (issue 7 §3): `cardrules check`
proves its examples against the base game's rules; a wrong expectation fails at its line as
`file:line:col: error:`; the base's own examples are not re-run (examples are not
inherited)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.cli import main

EXAMPLES = """game house extends tractor
# A house's own worked examples of tractor, and nothing else.
example with trump S level 10: "HK HK HQ HQ" is tractor
example with trump S level 10: "H10 H10 C10 C10" is nothing
example with trump S level 10: trick "H5 H5", "H6 H6" => 2
example with trump S level 10: trick "HA HK H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2" => 2
example with trump S level 10: throw "H9 H8 H8 H4 H4" against "HQ HQ", "D3" => "H4 H4"
example with trump S level 10: follow "H5 H5" hand "H3 H4 H4 S2" plays "H3 H4" is illegal
example settle dealer 0 points 80 => up 0 0 0 0 dealer 1
example settle dealer 0 points 30 kitty 10 last 2 => points 70 up 1 0 1 0 dealer 2
"""


def check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str,
                                                                                   str, Path]:
    path = tmp_path / "house.rules"
    path.write_text(text, "utf-8")
    code = main(["check", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err, path


def test_an_examples_only_file_is_checked_against_the_base_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err, path = check(tmp_path, EXAMPLES, capsys)
    assert (code, err) == (0, "")
    # 8 examples: its own, not tractor's 70 as well
    assert out == f"{path}: ok: house, 3 units, 8 worked examples hold\n"


@pytest.mark.parametrize(("line", "message"), [
    ('example with trump S level 10: "HK HK HQ HQ" is pair',
     "example fails: HK HK HQ HQ is tractor with trump S, not pair"),
    ('example with trump S level 10: trick "H5 H5", "H6 H6" => 1',
     "example fails: play 2 wins the trick H5 H5 / H6 H6 with trump S, not play 1"),
    ('example with trump S level 10: throw "H9 H8 H8 H4 H4" against "HJ C3", "D3" => "H4 H4"',
     "example fails: the throw H9 H8 H8 H4 H4 plays H9 with trump S, not H4 H4"),
    ('example with trump S level 10: follow "H5 H5" hand "H3 H4 H4 S2" plays "H3 H4" is legal',
     "example fails: H3 H4 is illegal with trump S"),
    ("example settle dealer 0 points 80 => up 0 1 0 1 dealer 1",
     "example fails: levels up are 0 0 0 0, not 0 1 0 1"),
])
def test_a_wrong_expectation_fails_at_its_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               line: str, message: str) -> None:
    text = EXAMPLES + line + "\n"
    code, out, err, path = check(tmp_path, text, capsys)
    number = len(text.splitlines())
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"{path}:{number}:1: error: {message}"
    assert lines[1].strip() == line and lines[2].strip().startswith("^")
    assert lines[-1] == "1 error"  # only that one: the other examples hold


def test_the_base_s_examples_are_not_re_run(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A variant with 20-point bands contradicts tractor's level examples (80 points: the
    defenders take over at 40 and climb 2 at 80, not 0); they are tractor's, not the
    variant's, and are not checked. The variant's own example of the same case is."""
    text = ("game house extends tractor\noverride const band = 20\n"
            "example settle dealer 0 points 80 => up 0 2 0 2 dealer 1\n")
    code, out, err, path = check(tmp_path, text, capsys)
    assert (code, err) == (0, "")
    assert out == f"{path}: ok: house, 3 units, 1 worked example holds\n"
    assert main(["check", "tractor"]) == 0  # tractor's own examples hold for tractor
    assert "70 worked examples hold" in capsys.readouterr().out
    code, out, err, path = check(tmp_path, text.replace("up 0 2 0 2", "up 0 0 0 0"), capsys)
    assert code == 1 and f"{path}:3:1: error: example fails: levels up are 0 2 0 2, not " \
        "0 0 0 0" in err
