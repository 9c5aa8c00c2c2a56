#!/usr/bin/python3
"""`make lint`: swift-format's rules from `.swift-format`, and the line length of 120, on Sources,
Tests and Package.swift.

swift-format's lint reports two kinds of finding: its rules (named in `.swift-format`'s "rules";
those the tree does not meet are switched off there) and the pretty printer's layout
(indentation, spacing, line breaks, trailing commas), which no configuration turns off and which
the tree, written before the configuration, does not follow. A rule finding fails the lint; the
layout findings are set aside here (`swift format` applies that layout to a file it formats).

The line length (120, `.swift-format`'s "lineLength") is counted here, in characters. Lines that
were already longer when the limit came are counted per file name in `scripts/long-lines.txt` (the
name without its folder, so a file that moves keeps its count; files of the same name share one);
a file may not gain long lines (a new file has none), and `scripts/lint.py --update` rewrites the
list after lines were wrapped.

Usage: lint.py [--update]     (run from the repository root; SWIFT=… names the swift driver)
"""
import json
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "long-lines.txt"
PATHS = ["Sources", "Tests", "Package.swift"]
# The pretty printer's categories: layout, not rules (see above).
LAYOUT = {"Indentation", "Spacing", "AddLines", "RemoveLine", "TrailingComma", "EndOfLineComment",
          "LineLength", "TrailingWhitespace"}
FINDING = re.compile(r"^(?P<where>[^:]+:\d+:\d+): (?:warning|error): \[(?P<category>\w+)\] (?P<text>.*)$")


def swift_files():
    for p in PATHS:
        path = ROOT / p
        if path.is_file():
            yield path
        else:
            yield from sorted(path.rglob("*.swift"))


def long_lines(limit):
    """{relative path: [line numbers]} of lines longer than `limit` characters."""
    found = {}
    for path in swift_files():
        lines = path.read_text(encoding="utf-8").split("\n")
        numbers = [i + 1 for i, line in enumerate(lines) if len(line) > limit]
        if numbers:
            found[str(path.relative_to(ROOT))] = numbers
    return found


def read_baseline():
    counts = {}
    if BASELINE.exists():
        for line in BASELINE.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                count, name = line.split(None, 1)
                counts[name] = int(count)
    return counts


def by_name(found):
    """{file name without folder: (count, [relative paths])}."""
    names = {}
    for path, numbers in found.items():
        count, paths = names.get(pathlib.PurePath(path).name, (0, []))
        names[pathlib.PurePath(path).name] = (count + len(numbers), paths + [path])
    return names


def write_baseline(found, limit):
    text = [f"# Lines over {limit} characters per file name, from before the limit (scripts/lint.py).",
            "# A file may not gain any; `scripts/lint.py --update` rewrites this after wrapping."]
    text += [f"{count} {name}" for name, (count, _) in sorted(by_name(found).items())]
    BASELINE.write_text("\n".join(text) + "\n", encoding="utf-8")


def main():
    config = json.loads((ROOT / ".swift-format").read_text(encoding="utf-8"))
    limit = config["lineLength"]
    found = long_lines(limit)
    if "--update" in sys.argv[1:]:
        write_baseline(found, limit)
        print(f"wrote {BASELINE.relative_to(ROOT)}: {sum(map(len, found.values()))} long lines in {len(found)} files")
        return 0

    failures = []
    baseline = read_baseline()
    for name, (count, paths) in sorted(by_name(found).items()):
        allowed = baseline.get(name, 0)
        if count > allowed:
            where = "; ".join(f"{p} lines {', '.join(map(str, found[p]))}" for p in paths)
            failures.append(f"{name}: {count} lines over {limit} characters (allowed {allowed}): {where}; "
                            "wrap the new ones")
    for path in swift_files():
        for i, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
            if line != line.rstrip(" \t"):
                failures.append(f"{path.relative_to(ROOT)}:{i + 1}: trailing whitespace")

    swift = os.environ.get("SWIFT", "swift")
    run = subprocess.run([swift, "format", "lint", "--configuration", str(ROOT / ".swift-format"),
                          "--parallel", "--recursive", *PATHS], cwd=ROOT, capture_output=True, text=True)
    for line in (run.stdout + run.stderr).splitlines():
        m = FINDING.match(line)
        if m and m.group("category") in LAYOUT:
            continue
        if line.strip():
            failures.append(line)  # a rule finding, a configuration warning or an error
    if run.returncode not in (0, 1) and not failures:
        failures.append(f"swift format lint exited {run.returncode}")

    for f in failures:
        print(f, file=sys.stderr)
    if failures:
        print(f"lint: {len(failures)} findings (.swift-format, scripts/lint.py)", file=sys.stderr)
        return 1
    print("lint: clean")
    return 0


sys.exit(main())
