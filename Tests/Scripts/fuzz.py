#!/usr/bin/env python3
"""A seeded mutation fuzzer over every way into tasktile (docs/exit-codes.md "Bad input").

Targets: the four importers (JSON backup, iCalendar, todo.txt, Taskwarrior), themes.json, widget
specs, command-line arguments and damaged store files. Each case starts from a copy of one data
directory holding real data, mutates one input, runs the command under a timeout and fails on
  - a signal (a crash: exit > 128 or killed) or exit 70 (an internal error),
  - a hang (no exit within --timeout seconds),
  - an exit code docs/exit-codes.md does not list for that command,
  - a changed store after a failing command (every failure must leave the store as it was),
  - a store that cannot be exported as a JSON backup and restored into an empty directory
    afterwards (whatever an import stores must always round-trip; checked every --check-every
    cases of a target that can write, and always after a successful import).
Prints one summary line per target and a total; failing inputs are kept in --keep.

  make fuzz                          # FUZZ_MINUTES=10 FUZZ_SEED=1 by default
  python3 Tests/Scripts/fuzz.py --bin .build/debug --cases 150 --seed 7   # what make test runs
"""
import argparse, json, os, random, shutil, signal, subprocess, sys, tempfile, time, hashlib

DOCUMENTED = {0, 1, 3, 33, 64, 65, 69, 73, 74, 75, 77}
ENV_BASE = {"TZ": "Europe/Berlin", "LANG": "C", "TASKTILE_NOW": "2027-01-05T09:00:00Z", "PATH": "/usr/bin:/bin"}

EXTREMES = ["1e20", "-1e20", "1e15", "-0", "NaN", "1e309", "9223372036854775808", "-9223372036854775809",
            "0", "-1", "4294967296", "\"\"", "\" \"", "null", "true", "[]", "{}", "\"\\u0000\"", "\"\\n\"",
            "\"" + "x" * 1200 + "\"", "\"\\u202e\"", "\"10000-01-01T00:00:00Z\"", "\"0000-00-00\""]
TEXTS = ["", " ", "   ", "\t", "\n", "\r\n", "\x00", "\x01", "\x1b[31m", "\u2028", "\ufeff", "_", "+_", "@",
         "\u0301", "👨\u200d👩\u200d👧", "x" * 1001, "y" * 5000, "\\n", "\\", ";", ",", ":", "\"", "'",
         "9999-12-31", "0001-01-01", "2027-02-30", "24:00", "+999999d", "-1d", "%n%s", "$(id)", "../../etc"]


def sha(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


EMPTY = hashlib.sha256(b"").hexdigest()


def fingerprint(d):
    """The store, its WAL (an empty or absent one alike: opening a store may create an empty WAL)
    and themes.json."""
    wal = sha(os.path.join(d, "tasktile.sqlite-wal"))
    return (sha(os.path.join(d, "tasktile.sqlite")), None if wal == EMPTY else wal, sha(os.path.join(d, "themes.json")))


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.bin = os.path.abspath(args.bin)
        self.tt = os.path.join(self.bin, "tasktile")
        self.ttr = os.path.join(self.bin, "tasktile-render")
        self.work = tempfile.mkdtemp(prefix="tasktile-fuzz-")
        self.keep = args.keep
        self.stats = {}
        self.failures = []

    # --- running ---------------------------------------------------------------------------
    def run(self, argv, data, stdin=None, timeout=None):
        env = dict(ENV_BASE, TASKTILE_DATA_DIR=data)
        try:
            p = subprocess.run(argv, env=env, input=stdin, capture_output=True, timeout=timeout or self.args.timeout)
            return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return "hang", "", ""

    def must(self, argv, data):
        rc, out, err = self.run(argv, data)
        if rc != 0:
            sys.exit(f"fuzz: setup failed: {' '.join(argv)} → {rc}: {err}")
        return out

    # --- the template data directory -------------------------------------------------------
    def build_template(self):
        t = os.path.join(self.work, "template")
        for argv in (["list", "add", "Home"], ["list", "add", "買い物"],
                     ["add", "Water the plants 🌿", "--list", "Home", "--due", "2027-01-06 18:00"],
                     ["add", "牛乳", "--list", "買い物", "--due", "today"],
                     ["add", "Stretch", "--list", "Home", "--due", "2027-01-01", "--repeat", "daily"],
                     ["add", "Rent", "--list", "Home", "--due", "2027-01-31", "--repeat", "monthly"],
                     ["done", "Stretch", "--list", "Home"], ["edit", "牛乳", "--list", "買い物", "--notes", "2 本"]):
            self.must([self.tt] + argv, t)
        repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        self.must([self.tt, "theme", "import", os.path.join(repo, "Themes", "midnight.json")], t)
        os.makedirs(os.path.join(t, "widgets"), exist_ok=True)
        with open(os.path.join(t, "widgets", "w.json"), "w") as f:
            json.dump({"version": 1, "name": "w", "family": "medium", "list": "Home", "mode": "interactive"}, f)
        self.seeds = {}
        self.seeds["json"] = self.must([self.tt, "export", "--format", "json"], t).encode()
        self.seeds["ics"] = self.must([self.tt, "export", "--format", "ics"], t).encode()
        self.seeds["todotxt"] = self.must([self.tt, "export", "--format", "todotxt"], t).encode()
        self.seeds["taskwarrior"] = json.dumps([
            {"uuid": "5f1a3e2c-0b7d-4c1e-9a51-6c7d8e9f0a1b", "description": "Buy milk", "status": "pending",
             "entry": "20270101T090000Z", "project": "Shop", "due": "20270106T170000Z", "tags": ["x"],
             "annotations": [{"entry": "20270102T090000Z", "description": "2 bottles"}]},
            {"uuid": "6f1a3e2c-0b7d-4c1e-9a51-6c7d8e9f0a1c", "description": "Stretch", "status": "recurring",
             "entry": "20270101T090000Z", "due": "20270101T070000Z", "recur": "daily", "until": "20270301T070000Z"},
            {"uuid": "7f1a3e2c-0b7d-4c1e-9a51-6c7d8e9f0a1d", "description": "Stretch", "status": "completed",
             "parent": "6f1a3e2c-0b7d-4c1e-9a51-6c7d8e9f0a1c", "imask": 1, "entry": "20270102T070000Z",
             "end": "20270102T080000Z", "due": "20270102T070000Z"}]).encode()
        with open(os.path.join(t, "themes.json"), "rb") as f:
            self.seeds["themes"] = f.read()
        with open(os.path.join(t, "widgets", "w.json"), "rb") as f:
            self.seeds["spec"] = f.read()
        self.must(["/usr/bin/sqlite3", os.path.join(t, "tasktile.sqlite"), "PRAGMA wal_checkpoint(TRUNCATE)"], t)
        with open(os.path.join(t, "tasktile.sqlite"), "rb") as f:
            self.seeds["store"] = f.read()
        self.template = t

    def fresh(self):
        d = os.path.join(self.work, "case")
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(self.template, d, symlinks=True)
        return d

    # --- mutations -------------------------------------------------------------------------
    def mutate_bytes(self, b):
        b = bytearray(b)
        for _ in range(self.rng.randint(1, 4)):
            op = self.rng.randrange(9)
            i = self.rng.randrange(len(b) + 1) if b else 0
            if op == 0 and b:
                b[min(i, len(b) - 1)] = self.rng.randrange(256)
            elif op == 1:
                b[i:i] = bytes(self.rng.randrange(256) for _ in range(self.rng.randint(1, 8)))
            elif op == 2 and b:
                del b[i:i + self.rng.randint(1, 64)]
            elif op == 3:
                b[i:i] = self.rng.choice(TEXTS).encode()
            elif op == 4:
                b[i:i] = self.rng.choice(EXTREMES).encode()
            elif op == 5 and b:
                j = self.rng.randrange(len(b))
                b[i:i] = b[j:j + self.rng.randint(1, 200)]
            elif op == 6:
                del b[i:]
            elif op == 7:
                lines = bytes(b).split(b"\n")
                if lines:
                    k = self.rng.randrange(len(lines))
                    lines.insert(k, lines[k])
                    b = bytearray(b"\n".join(lines))
            else:
                b[i:i] = "\u00e9\u0301\ud7ff".encode("utf-8", "surrogatepass")
        return bytes(b)

    def mutate_json(self, b):
        """Replaces one scalar of a JSON document with an extreme or hostile value."""
        try:
            doc = json.loads(b)
        except Exception:
            return self.mutate_bytes(b)
        paths = []

        def walk(v, path):
            if isinstance(v, dict):
                for k, x in v.items():
                    walk(x, path + [k])
            elif isinstance(v, list):
                for k, x in enumerate(v):
                    walk(x, path + [k])
            paths.append(path)
        walk(doc, [])
        for _ in range(self.rng.randint(1, 3)):
            path = self.rng.choice(paths)
            if not path:
                continue
            parent = doc
            try:
                for k in path[:-1]:
                    parent = parent[k]
                choice = self.rng.random()
                if choice < 0.5:
                    parent[path[-1]] = json.loads(self.rng.choice(EXTREMES))
                elif choice < 0.85:
                    parent[path[-1]] = self.rng.choice(TEXTS)
                elif isinstance(parent, dict):
                    del parent[path[-1]]
            except Exception:
                pass
        try:
            return json.dumps(doc, ensure_ascii=self.rng.random() < 0.5).encode()
        except Exception:
            return self.mutate_bytes(b)

    def cli_args(self):
        commands = [["add", "T", "--list", "Home"], ["add", "T", "--list", "Home", "--due", "V"],
                    ["add", "T", "--list", "Home", "--repeat", "V"], ["add", "T", "--list", "Home", "--due", "2027-01-31", "--repeat", "monthly", "--every", "V"],
                    ["add", "T", "--list", "Home", "--due", "2027-01-31", "--repeat", "weekly", "--on", "V"],
                    ["add", "T", "--list", "Home", "--due", "2027-01-31", "--repeat", "daily", "--until", "V"],
                    ["add", "T", "--list", "Home", "--due", "2027-01-31", "--repeat", "daily", "--times", "V"],
                    ["edit", "Water", "--list", "Home", "--title", "V"], ["edit", "Water", "--list", "Home", "--notes", "V"],
                    ["edit", "Water", "--list", "Home", "--due", "V"], ["done", "V", "--list", "Home"],
                    ["done", "Stretch", "--list", "Home", "--on", "V"], ["list", "add", "V"], ["list", "rename", "Home", "V"],
                    ["intent", "complete", "--list", "V", "--todo", "Milk"], ["status", "--format", "V"],
                    ["status", "--format", "waybar", "--list", "V"], ["search", "V"], ["show", "--list", "V"],
                    ["streak", "--list", "V"], ["challenge", "start", "C", "--days", "V", "--habit", "H"],
                    ["theme", "set", "Default", "accent", "V"], ["theme", "set", "Default", "rowHeight", "V"],
                    ["settings", "set", "V", "V"], ["undo"], ["V"], ["add", "V", "--list", "Home", "--due", "V", "--repeat", "V"]]
        argv = list(self.rng.choice(commands))
        for i, a in enumerate(argv):
            if a == "V":
                r = self.rng.random()
                argv[i] = self.rng.choice(TEXTS) if r < 0.6 else self.rng.choice(EXTREMES).strip('"') if r < 0.8 else \
                    self.mutate_bytes(b"2027-01-31 09:00").decode("utf-8", "replace")
        if self.rng.random() < 0.1:
            argv.insert(self.rng.randrange(len(argv) + 1), self.rng.choice(["--json", "--", "-", "--list", "--bogus"]))
        return [a.replace("\x00", "") for a in argv]

    # --- one case --------------------------------------------------------------------------
    def record(self, target, problem, detail, payload=None):
        self.stats[target][problem] = self.stats[target].get(problem, 0) + 1
        n = len(self.failures)
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
            if payload is not None:
                with open(os.path.join(self.keep, f"{n:04d}-{target}.bin"), "wb") as f:
                    f.write(payload if isinstance(payload, bytes) else json.dumps(payload).encode())
        self.failures.append(f"{target}: {problem}: {detail}")

    def roundtrip(self, target, d, payload):
        backup = os.path.join(self.work, "roundtrip.json")
        rc, _, err = self.run([self.tt, "export", "--format", "json", "--out", backup], d)
        if rc != 0:
            self.record(target, "export failed after", f"exit {rc}: {err.strip()[:200]}", payload)
            return
        restored = os.path.join(self.work, "restored")
        shutil.rmtree(restored, ignore_errors=True)
        rc, _, err = self.run([self.tt, "import", "--format", "json", backup], restored)
        if rc != 0:
            self.record(target, "restore failed after", f"exit {rc}: {err.strip()[:200]}", payload)
        for fmt in ("ics", "todotxt"):
            rc, _, err = self.run([self.tt, "export", "--format", fmt], d)
            if rc != 0:
                self.record(target, f"{fmt} export failed after", f"exit {rc}: {err.strip()[:200]}", payload)

    def case(self, target, index):
        d = self.fresh()
        payload = None
        if target in ("json", "ics", "todotxt", "taskwarrior"):
            seed = self.seeds[target]
            payload = self.mutate_json(seed) if target in ("json", "taskwarrior") and self.rng.random() < 0.6 else self.mutate_bytes(seed)
            path = os.path.join(self.work, "input." + target)
            with open(path, "wb") as f:
                f.write(payload)
            argv = [self.tt, "import", "--format", target, path]
        elif target == "themes":
            payload = self.mutate_json(self.seeds["themes"]) if self.rng.random() < 0.6 else self.mutate_bytes(self.seeds["themes"])
            with open(os.path.join(d, "themes.json"), "wb") as f:
                f.write(payload)
            argv = [self.ttr, "once"]
        elif target == "spec":
            payload = self.mutate_json(self.seeds["spec"]) if self.rng.random() < 0.7 else self.mutate_bytes(self.seeds["spec"])
            with open(os.path.join(d, "widgets", "w.json"), "wb") as f:
                f.write(payload)
            argv = [self.ttr, "once"]
        elif target == "cli":
            args = self.cli_args()
            payload = args
            argv = [self.tt] + args
        else:  # store
            payload = self.mutate_bytes(self.seeds["store"]) if self.rng.random() < 0.8 else self.seeds["store"][:self.rng.randrange(0, 4096)]
            with open(os.path.join(d, "tasktile.sqlite"), "wb") as f:
                f.write(payload)
            for s in ("-wal", "-shm"):
                try:
                    os.unlink(os.path.join(d, "tasktile.sqlite" + s))
                except FileNotFoundError:
                    pass
            argv = [self.tt] + self.rng.choice([["list", "ls"], ["show"], ["status"], ["add", "x", "--list", "Home"]])
        before = fingerprint(d)
        rc, out, err = self.run(argv, d)
        self.stats[target]["cases"] += 1
        if rc == "hang":
            self.record(target, "hang", " ".join(map(repr, argv[1:]))[:200], payload)
            return
        if rc < 0 or rc > 128 or rc == 70:
            self.record(target, "crash", f"exit {rc} {err.strip()[:200]}", payload)
            return
        if rc not in DOCUMENTED:
            self.record(target, "undocumented exit", f"exit {rc} {err.strip()[:200]}", payload)
        if rc not in (0, 33) and fingerprint(d) != before:
            self.record(target, "changed on failure", f"exit {rc} {err.strip()[:200]}", payload)
        if "SQLite error" in err or "constraint failed" in err:
            self.record(target, "SQLite text shown", err.strip()[:200], payload)
        writes = target in ("json", "ics", "todotxt", "taskwarrior", "cli")
        if writes and (rc == 0 and target != "cli" or index % self.args.check_every == 0):
            self.roundtrip(target, d, payload)

    def campaign(self):
        self.build_template()
        targets = self.args.targets.split(",")
        for t in targets:
            self.stats[t] = {"cases": 0}
        deadline = time.monotonic() + self.args.seconds if self.args.seconds else None
        i = 0
        while True:
            if self.args.cases and i >= self.args.cases:
                break
            if deadline and time.monotonic() > deadline:
                break
            self.case(targets[i % len(targets)], i // len(targets))
            i += 1
        shutil.rmtree(self.work, ignore_errors=True)
        total = {"cases": 0}
        for t, s in self.stats.items():
            print(f"{t:12} " + "  ".join(f"{k}={v}" for k, v in s.items()))
            for k, v in s.items():
                total[k] = total.get(k, 0) + v
        print(f"{'total':12} " + "  ".join(f"{k}={v}" for k, v in total.items()) + f"  (seed {self.args.seed})")
        for f in self.failures[:40]:
            print("FAIL " + f)
        return 1 if self.failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=".build/debug", help="directory with tasktile and tasktile-render")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=0, help="stop after this many cases (0: no limit)")
    ap.add_argument("--seconds", type=float, default=0, help="stop after this many seconds (0: no limit)")
    ap.add_argument("--timeout", type=float, default=20, help="seconds one command may take before it counts as a hang")
    ap.add_argument("--check-every", type=int, default=5, help="export/restore check every N cases of a writing target")
    ap.add_argument("--targets", default="json,ics,todotxt,taskwarrior,themes,spec,cli,store")
    ap.add_argument("--keep", default="", help="directory to keep failing inputs in")
    a = ap.parse_args()
    if not a.cases and not a.seconds:
        a.seconds = 60
    sys.exit(Fuzzer(a).campaign())


if __name__ == "__main__":
    main()
