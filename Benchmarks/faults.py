#!/usr/bin/python3
"""Faults and hostile input, measured: import and load costs that grow with the file, and restore.

    faults.py --bin DIR [--sizes 1000,10000,30000] [--cases themes,ics,todotxt,merge-json,lists] [--out FILE.md]

For each size N, with the tasktile in DIR (debug or release; say which in the notes):
  themes      `theme ls` on a themes.json of N themes
  ics         `import --format ics` of one list of N todos (exported by tasktile itself)
  todotxt     `import --format todotxt` of the same N todos
  lists       `import --format json` of a backup of N lists (one todo each), then `list ls`
  merge-json  `import --format json` of N todos into a store that already holds them (merge by id)
Each is one run, wall seconds and peak RSS from /usr/bin/time (Debian package `time`).
A refusal (a documented cap) prints its exit code instead. Only the standard library.

--instructions runs each measured command under `valgrind --tool=callgrind` (Debian package
`valgrind`, in the Makefile's BENCH_PACKAGES) and adds the instructions it executed: unlike
seconds they do not depend on what else the machine runs, so 2x the input taking 2x the
instructions shows a linear cost even on a shared machine (the seconds column is then valgrind's).
"""
import argparse, json, os, shutil, subprocess, tempfile, uuid

INSTRUCTIONS = False

def run(cmd, env):
    grind = []
    if INSTRUCTIONS:
        grind = ["/usr/bin/valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + grind + cmd, env=env, capture_output=True, text=True)
    secs, rss = p.stderr.strip().split("\n")[-1].split()
    ir = "-"
    for line in p.stderr.split("\n"):
        if "Collected :" in line: ir = f"{int(line.split()[-1]):,}"
    return p.returncode, float(secs), int(rss), ir

def backup(lists, todos_per_list):
    created = "2027-01-01T00:00:00Z"
    ls, ts = [], []
    for i in range(lists):
        lid = str(uuid.UUID(int=(0xA << 96) + i, version=4))
        ls.append({"id": lid, "title": f"List {i}", "sortOrder": i, "createdAt": created})
        for j in range(todos_per_list):
            ts.append({"id": str(uuid.UUID(int=(0xB << 96) + i * todos_per_list + j, version=4)), "listId": lid,
                       "title": f"Todo {i}-{j}", "isCompleted": False, "completedAt": None, "sortOrder": j,
                       "createdAt": created, "due": {"local": "2027-01-10"}, "anchor": None, "repeat": None,
                       "missedCount": 0, "occurrenceCount": 0, "notes": None})
    return {"format": "tasktile-backup", "version": 1, "lists": ls, "todos": ts, "completions": [],
            "settings": {}, "routines": [], "themes": []}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--sizes", default="1000,10000,30000")
    ap.add_argument("--cases", default="themes,ics,todotxt,merge-json,lists",
                    help="comma-separated subset of: themes, ics, todotxt, merge-json, lists")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind (callgrind)")
    ap.add_argument("--out")
    a = ap.parse_args()
    global INSTRUCTIONS
    INSTRUCTIONS = a.instructions
    cases = set(a.cases.split(","))
    tt = os.path.join(a.bin, "tasktile")
    base = {"PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C", "TASKTILE_NOW": "2027-01-05T09:00:00Z"}
    rows = []
    tmp = tempfile.mkdtemp(prefix="faults-bench-")
    try:
        for n in [int(s) for s in a.sizes.split(",")]:
            d = lambda name: dict(base, TASKTILE_DATA_DIR=os.path.join(tmp, f"{name}-{n}"))
            # themes.json of n themes
            if "themes" in cases:
                env = d("themes"); os.makedirs(env["TASKTILE_DATA_DIR"], mode=0o700)
                themes = [{"id": str(uuid.UUID(int=(0xC << 96) + i, version=4)), "name": f"Theme {i}"} for i in range(n)]
                with open(os.path.join(env["TASKTILE_DATA_DIR"], "themes.json"), "w") as f:
                    json.dump({"version": 1, "themes": themes}, f)
                rows.append(("themes", n) + run([tt, "theme", "ls"], env)[:4])
            # one list of n todos, exported by tasktile as ics and todo.txt
            if cases & {"ics", "todotxt", "merge-json"}:
                src = d("src"); b = os.path.join(tmp, f"todos-{n}.json")
                with open(b, "w") as f: json.dump(backup(1, n), f)
                subprocess.run([tt, "import", "--format", "json", b], env=src, check=True, capture_output=True)
                for fmt, ext in [("ics", "ics"), ("todotxt", "txt")]:
                    if fmt not in cases: continue
                    out = os.path.join(tmp, f"todos-{n}.{ext}")
                    subprocess.run([tt, "export", "--format", fmt, "--out", out], env=src, check=True, capture_output=True)
                    rows.append((fmt, n) + run([tt, "import", "--format", fmt, out], d(fmt))[:4])
                if "merge-json" in cases:
                    rows.append(("merge-json", n) + run([tt, "import", "--format", "json", b], src)[:4])
            # n lists
            if "lists" in cases:
                lb = os.path.join(tmp, f"lists-{n}.json")
                with open(lb, "w") as f: json.dump(backup(n, 1), f)
                env = d("lists")
                rows.append(("lists import", n) + run([tt, "import", "--format", "json", lb], env)[:4])
                rows.append(("lists list-ls", n) + run([tt, "list", "ls"], env)[:4])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    text = "| case | N | exit | seconds | peak RSS (KB) | instructions |\n|---|---|---|---|---|---|\n"
    text += "".join(f"| {c} | {n} | {code} | {s:.2f} | {rss} | {ir} |\n" for c, n, code, s, rss, ir in rows)
    print(text, end="")
    if a.out:
        with open(a.out, "a") as f: f.write(text)

if __name__ == "__main__":
    main()
