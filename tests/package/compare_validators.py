#!/usr/bin/env python3
"""The package's checktestdata validator and `boardls validate` agree on valid and broken
judge inputs: the package's own tests, each broken in several ways, and inputs at and just
over the original limits.

    compare_validators.py BOARDLS PYTHON PACKAGE GAME

PYTHON has the `checktestdata` module (problemtools installs it); PACKAGE is a package
`boardls package` wrote for GAME.
"""
import pathlib
import subprocess
import sys
import tempfile

boardls, python, package, game = sys.argv[1:5]
package = pathlib.Path(package)
script = package / "input_validators" / "boardls.ctd"

# Inputs at and just over the limits: (text, valid).
def square(n, fill, first=None):
    rows = [fill * n for _ in range(n)]
    if first:
        rows[0] = first + rows[0][len(first):]
    return rows

LIMITS = {
    "zgame": [
        ("1\n500 1\n" + "A\n" * 500, True),
        ("1\n501 1\n" + "A\n" * 501, False),
        ("51\n" + "1 1\n.\n" * 51, False),
        ("50\n" + "1 1\n.\n" * 50, True),
        ("1\n1 3\nA?B\n", False),
    ],
    "race": [
        ("1\n2\nAB\n..\n", True),
        ("1\n2\nAA\n.B\n", False),
        ("1\n2\nA.\n..\n", False),
        ("1\n300\n" + "\n".join(r for r in square(300, ".", "AB")) + "\n", True),
        ("1\n301\n" + "\n".join(r for r in square(301, ".", "AB")) + "\n", False),
        ("11\n" + "2\nAB\n..\n" * 11, False),
    ],
    "chess": [
        ("1\n4 1000 1000\n", True),
        ("1\n4 1001 1000\n", False),
        ("1\n1 1 5\n", False),
        ("1\n5 5 5\n", False),
        ("2\n1 5 5\n", False),
        ("1000\n" + "1 2 2\n" * 1000, True),
        ("1001\n" + "1 2 2\n" * 1001, False),
    ],
    "tetris": [
        ("50 50\n" + "0" * 50 + "\n" + ("1" * 50 + "\n") * 49, True),
        ("51 1\n" + "0\n" * 51, False),
        ("2 2\n00\n02\n", False),
        ("2 2\n00\n00\n\n", False),
        ("", False),
    ],
    "strings": [
        ("20\n" + ("ab" * 10 + "\n") * 20, True),
        ("21\n" + ("a" * 21 + "\n") * 21, False),
        ("2\nab\nAb\n", False),
        ("2\nab\nabc\n", False),
    ],
}


def broken(text):
    """Ways to break a valid input that both validators must refuse."""
    lines = text.split("\n")
    out = []
    if len(lines) > 2:
        out.append("\n".join(lines[:1] + [lines[1] + " "] + lines[2:]))
    out.append(text.rstrip("\n"))
    out.append(text + "\n")
    out.append("0" + text[text.index("\n"):] if "\n" in text else "0\n")
    out.append(text.replace("\n", "\r\n", 1))
    last = lines[-2] if len(lines) > 1 else ""
    if last:
        out.append("\n".join(lines[:-2] + [last[:-1] + "?"]) + "\n")
    return [b for b in out if b != text]


def accepted_by_boardls(path):
    run = subprocess.run([boardls, "validate", game, str(path)], capture_output=True)
    return run.returncode == 0


def accepted_by_ctd(path):
    with open(path, "rb") as f:
        run = subprocess.run([python, "-m", "checktestdata", str(script)], stdin=f,
                             capture_output=True)
    return run.returncode == 0


cases = []
for test in sorted(package.glob("data/**/*.in")):
    text = test.read_text()
    cases.append((f"{test.relative_to(package)}", text, True))
    for i, b in enumerate(broken(text)):
        cases.append((f"{test.relative_to(package)} broken {i + 1}", b, False))
for i, (text, valid) in enumerate(LIMITS[game]):
    cases.append((f"limit {i + 1}", text, valid))

failures = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, text, valid in cases:
        path = pathlib.Path(tmp) / "input.in"
        path.write_bytes(text.encode())
        ours, theirs = accepted_by_boardls(path), accepted_by_ctd(path)
        if ours != valid or theirs != valid:
            failures += 1
            print(f"{game}: {name}: expected {'valid' if valid else 'invalid'}, "
                  f"boardls validate says {ours}, checktestdata says {theirs}")
print(f"{game}: {len(cases)} inputs, {failures} disagreement(s)")
sys.exit(1 if failures else 0)
