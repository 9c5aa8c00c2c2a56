#!/usr/bin/python3
"""Lists Swift Testing tests that cannot fail by an assertion: `@Test` functions whose body has no
`#expect`, `#require`, `Issue.record`, `withKnownIssue` or call of an asserting helper (a function
under the directory, not itself a test, whose body has one of those: `Snapshot.check`, a suite's
`check(_:)`). A test that only runs code fails only when it throws or crashes; give it
assertions or remove it (docs/CONTRIBUTING.md "Running the tests": "A test that cannot fail is a defect").

Usage: tests_without_assertions.py [DIR]    (default: the Tests directory this script is in)
Prints file:line: name for each one and exits 1 when there are any. A rough reader, not a Swift
parser: it matches braces and skips string literals and // comments.
"""
import pathlib
import re
import sys

ASSERTS = re.compile(r"#expect|#require|Issue\.record|withKnownIssue|Snapshot\.check")
FUNC = re.compile(r"\bfunc\s+(\w+)")


def body(src, start):
    """The brace-balanced body of the first `{` at or after `start`."""
    i = src.index("{", start)
    depth, k, n = 0, i, len(src)
    while k < n:
        if src.startswith('"""', k):
            k = src.index('"""', k + 3) + 3
            continue
        if src[k] == '"':
            k += 1
            while k < n and src[k] != '"':
                k += 2 if src[k] == "\\" else 1
            k += 1
            continue
        if src.startswith("//", k):
            k = src.find("\n", k)
            continue
        if src[k] == "{":
            depth += 1
        elif src[k] == "}":
            depth -= 1
            if depth == 0:
                return src[i:k + 1]
        k += 1
    return src[i:]


def helpers(sources):
    """Names of the functions that assert and are not tests themselves (one level: a helper that
    only calls another helper is not counted)."""
    names = set()
    for src in sources:
        tests = {FUNC.search(src, m.end()).start() for m in re.finditer(r"@Test\b", src) if FUNC.search(src, m.end())}
        for f in FUNC.finditer(src):
            if f.start() in tests or "{" not in src[f.end():]:
                continue
            if ASSERTS.search(body(src, f.end())):
                names.add(f.group(1))
    return names


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    found = 0
    paths = sorted(root.rglob("*.swift"))
    sources = {path: path.read_text(encoding="utf-8") for path in paths}
    names = helpers(sources.values())
    calls = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\s*[({]") if names else None
    for path in paths:
        src = sources[path]
        for m in re.finditer(r"@Test\b", src):
            f = FUNC.search(src, m.end())
            if not f:
                continue
            b = body(src, f.end())
            if not ASSERTS.search(b) and not (calls and calls.search(b)):
                found += 1
                print(f"{path}:{src.count(chr(10), 0, m.start()) + 1}: {f.group(1)}")
    sys.exit(1 if found else 0)


main()
