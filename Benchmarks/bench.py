#!/usr/bin/python3
"""`make bench`: tasktile measured against the floor (sqlite3, a C Cairo/Pango program) and the peer
(Taskwarrior), on the same generated data set. Prints a table and writes Benchmarks/RESULTS.md.

    Benchmarks/bench.py [--sizes 10000,100000] [--runs 20] [--renders 10000] [--commits 200]
                        [--no-levers] [--before REF] [--results FILE]

Steps: release builds (tasktile, linked statically with the Swift runtime; tasktile-render;
tasktile-bench), the debug build and a shared-runtime release build of tasktile
(TASKTILE_SHARED_STDLIB=1: the two levers for the status path, in their own scratch paths), the C
floor and the Swift start-up floor; with --before, a release build of tasktile and tasktile-render
at REF (a detached git worktree under Benchmarks/work/before-src) and a data directory of its own
for each size. Then per size: generate (Benchmarks/generate.py), import into a tasktile data
directory (and one for REF) and a private Taskwarrior (TASKRC/TASKDATA in Benchmarks/work/), and
ONE hyperfine run over every command, REF's included, so the ratios compare runs made under the
same load. Then the in-process figures: commit -> PNG latency of `tasktile-render watch` (p50/p95,
REF's too) and RSS before and after N renders in one process (`tasktile-bench`).

Nothing here is a test: no number is asserted. Only the Python standard library is used.
"""
import argparse
import datetime as dt
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", "work")


def run(cmd, env=None, check=True, capture=True, stdout_to=None, **kw):
    if stdout_to:
        with open(stdout_to, "w") as f:
            r = subprocess.run(cmd, env=env, stdout=f, stderr=subprocess.STDOUT, **kw)
        if check and r.returncode != 0:
            sys.exit(f"bench: {cmd[0]} exited {r.returncode}; see {stdout_to}")
        return r
    r = subprocess.run(cmd, env=env, check=False, text=True,
                       stdout=subprocess.PIPE if capture else None, stderr=subprocess.PIPE if capture else None, **kw)
    if check and r.returncode != 0:
        sys.exit(f"bench: {' '.join(map(shlex.quote, cmd))} exited {r.returncode}\n{r.stderr if capture else ''}")
    return r


def say(msg):
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def build(levers, before):
    say("release build")
    run(["swift", "build", "-c", "release"], capture=False, cwd=ROOT)
    bins = {"release": run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).stdout.strip()}
    if levers:
        say("debug build (lever: release vs debug)")
        run(["swift", "build", "--product", "tasktile"], capture=False, cwd=ROOT)
        bins["debug"] = run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip()
        say("release build with the shared Swift runtime (lever), scratch path .build/shared-stdlib")
        shared = ["swift", "build", "-c", "release", "--scratch-path", os.path.join(ROOT, ".build", "shared-stdlib")]
        env = dict(os.environ, TASKTILE_SHARED_STDLIB="1")
        run(shared + ["--product", "tasktile"], capture=False, cwd=ROOT, env=env)
        bins["shared"] = run(shared + ["--show-bin-path"], cwd=ROOT, env=env).stdout.strip()
    if before:
        src = os.path.join(WORK, "before-src")
        commit = run(["git", "rev-parse", "--short", before], cwd=ROOT).stdout.strip()
        say(f"release build of tasktile and tasktile-render at {before} ({commit}) in {src}")
        # Kept between runs (its .build makes the next build incremental) while it is at REF.
        at = run(["git", "rev-parse", "--short", "HEAD"], cwd=src, check=False).stdout.strip() if os.path.isdir(src) else ""
        if at != commit:
            if os.path.isdir(src):
                run(["git", "worktree", "remove", "--force", src], cwd=ROOT, check=False)
                shutil.rmtree(src, ignore_errors=True)
            run(["git", "worktree", "prune"], cwd=ROOT, check=False)
            run(["git", "worktree", "add", "--detach", src, before], cwd=ROOT)
        for product in ("tasktile", "tasktile-render"):
            run(["swift", "build", "-c", "release", "--product", product], capture=False, cwd=src)
        bins["before"] = run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=src).stdout.strip()
        bins["beforeCommit"] = commit
    say("C floor (cc $(pkg-config --cflags --libs pangocairo))")
    flags = run(["pkg-config", "--cflags", "--libs", "pangocairo"]).stdout.split()
    floor = os.path.join(WORK, "render_floor")
    run(["cc", "-O2", "-o", floor, os.path.join(ROOT, "Benchmarks", "floor", "render_floor.c")] + flags + ["-lm"])
    bins["floor"] = floor
    say("Swift start-up floor (swiftc -O Benchmarks/floor/hello.swift, FoundationEssentials)")
    hello = os.path.join(WORK, "hello_floor")
    run(["swiftc", "-O", "-o", hello, os.path.join(ROOT, "Benchmarks", "floor", "hello.swift")], cwd=WORK)
    bins["hello"] = hello
    return bins


def import_data(tt, env, gen, data, facts):
    """Imports the generated JSON backups with `tt`, runs the first status (it catches repeating
    todos up to "now", a one-time write) and writes the large widget's spec."""
    for part in sorted(p for p in os.listdir(gen) if p.startswith("backup-")):
        run([tt, "import", "--format", "json", os.path.join(gen, part)], env=env)
    run([tt, "status"], env=env)
    os.makedirs(os.path.join(data, "widgets"), exist_ok=True)
    with open(os.path.join(data, "widgets", "large.json"), "w") as f:
        json.dump({"version": 1, "name": "large", "family": "large", "list": facts["bigList"], "scale": 2}, f)


class DataSet:
    """One size of the generated data set in a tasktile data directory and a Taskwarrior store."""

    def __init__(self, size, now, bins):
        self.size, self.bin = size, bins["release"]
        self.dir = os.path.join(WORK, f"n{size}")
        shutil.rmtree(self.dir, ignore_errors=True)
        gen = os.path.join(self.dir, "gen")
        say(f"{size}: generating")
        run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), "--todos", str(size),
             "--now", now, "--out", gen])
        self.facts = json.load(open(os.path.join(gen, "facts.json"), encoding="utf-8"))
        self.data = os.path.join(self.dir, "tasktile")
        self.store = os.path.join(self.data, "tasktile.sqlite")
        self.env = dict(os.environ, TASKTILE_DATA_DIR=self.data, TZ="UTC", LANG="C.UTF-8", NO_COLOR="1",
                        TASKTILE_NOW=now, TASKRC=os.path.join(self.dir, "taskrc"),
                        TASKDATA=os.path.join(self.dir, "taskdata"))
        t = time.monotonic()
        import_data(self.tt(), self.env, gen, self.data, self.facts)
        self.import_seconds = time.monotonic() - t
        # Taskwarrior: private rc, hooks and confirmation off, no instance generation (see generate.py).
        os.makedirs(self.env["TASKDATA"])
        with open(self.env["TASKRC"], "w") as f:
            f.write(f"data.location={self.env['TASKDATA']}\nconfirmation=off\nhooks=off\nverbose=nothing\n"
                    "recurrence=off\n")
        t = time.monotonic()
        run(["task", "rc.hooks=off", "import", os.path.join(gen, "tasks.jsonl")], env=self.env)
        self.task_import_seconds = time.monotonic() - t
        # One garbage collection now (completed tasks leave pending.data, ids settle); every later
        # Taskwarrior command runs with rc.gc=off so the target keeps its id between runs.
        run(["task", "rc.hooks=off", "rc.gc=on", "count"], env=self.env)
        tid = self.facts["target"]["id"]
        self.task_id = run(["task", "rc.gc=off", "_get", f"{tid}.id"], env=self.env).stdout.strip()
        self.counts = {
            "tasktile": run([self.tt(), "status", "--format", "plain"], env=self.env).stdout.strip().splitlines()[0],
            "task": run(["task", "rc.hooks=off", "rc.gc=off", "+PENDING", "count"], env=self.env).stdout.strip(),
        }

    def tt(self):
        return os.path.join(self.bin, "tasktile")


class BeforeSet:
    """The same generated data imported by the --before build into a data directory of its own (a
    build refuses a store that a newer one has migrated), with the same widget spec. Create it
    after `prepare_rows(ds)`."""

    def __init__(self, ds, bins):
        self.size, self.bin, self.facts, self.task_id = ds.size, bins["before"], ds.facts, ds.task_id
        self.dir = os.path.join(ds.dir, "before")
        self.data = os.path.join(self.dir, "tasktile")
        os.makedirs(self.dir)
        # What the floors and the peer read (own_commands builds them even when it leaves them out).
        shutil.copy(os.path.join(ds.dir, "rows.json"), os.path.join(self.dir, "rows.json"))
        self.env = dict(ds.env, TASKTILE_DATA_DIR=self.data)
        gen = os.path.join(ds.dir, "gen")
        say(f"{ds.size}: importing into a data directory for {bins['beforeCommit']}")
        import_data(self.tt(), self.env, gen, self.data, self.facts)
        run([os.path.join(self.bin, "tasktile-render"), "once"], env=self.env)

    def tt(self):
        return os.path.join(self.bin, "tasktile")


def q(s):
    return shlex.quote(s)


# The commands measured for both builds with --before (names from own_commands); `before:` runs
# them on the --before build and its own data directory.
COMPARED = [
    "start: tasktile --version",
    "status: tasktile status --format waybar",
    "complete: tasktile intent complete --id",
    "complete: tasktile intent complete --list --todo",
    "add: tasktile add",
    "search: many hits",
    "search: a miss",
    "open store only: tasktile settings get",
    "show: tasktile show (1,000-todo list)",
    "render: tasktile-render once (large, 2x)",
]


def commands(ds, bins, before=None):
    """(name, command, prepare) for the one hyperfine run of a data set. Commands run without a shell
    (hyperfine -N); every command that changes something gets a prepare that restores the target.
    With `before` (a BeforeSet), the COMPARED commands also run on that build, named `before: …`."""
    c = own_commands(ds, bins)
    if before:
        by = {name: (cmd, prep) for name, cmd, prep in own_commands(before, bins, data_dir=before.data, floors=False)}
        c += [(f"before: {name}", *by[name]) for name in COMPARED if name in by]
    return c


def own_commands(ds, bins, data_dir=None, floors=True):
    """The commands of one build on one data directory (`data_dir`: passed as --data-dir, for a
    build whose data directory is not the run's TASKTILE_DATA_DIR); `floors`: with the floors and
    the peer."""
    dd = [] if data_dir is None else ["--data-dir", data_dir]
    tt = " ".join(q(x) for x in [ds.tt()] + dd)
    ttr = " ".join(q(x) for x in [os.path.join(ds.bin, "tasktile-render")] + dd)
    store = os.path.join(ds.data, "tasktile.sqlite")
    # "now" as tasktile sees it (TASKTILE_NOW), so the floor counts exactly what status counts.
    now = dt.datetime.fromisoformat(ds.env["TASKTILE_NOW"].replace("Z", "+00:00"))
    now_s, today = repr(now.timestamp()), now.date().isoformat()
    target, big = ds.facts["target"], ds.facts["bigList"]
    count_sql = ("SELECT sum(is_completed = 0), sum(is_completed = 1), sum(is_completed = 0 AND ((due_utc IS NOT NULL "
                 f"AND due_utc <= {now_s}) OR (due_utc IS NULL AND due_local < '{today}'))) FROM todos;")
    complete_sql = ("PRAGMA synchronous=FULL; BEGIN IMMEDIATE; "
                    f"UPDATE todos SET is_completed = 1, completed_at = {now_s} WHERE id = '{target['id']}' AND is_completed = 0; "
                    "INSERT INTO completions (todo_id, list_id, title, cycle_index, cycle_due, completed_at, source) "
                    f"SELECT id, list_id, title, 0, due_local, {now_s}, 'bench' FROM todos WHERE id = '{target['id']}'; "
                    f"INSERT INTO flashes (todo_id, list_id, at) SELECT id, list_id, {now_s} FROM todos WHERE id = '{target['id']}'; "
                    "COMMIT;")
    reset_sql = f"UPDATE todos SET is_completed = 0, completed_at = NULL WHERE id = '{target['id']}';"
    # `add` and its floor: one new todo at the end of the big list; the prepare step removes it again.
    add_title = "bench add"
    add_sql = ("PRAGMA synchronous=FULL; BEGIN IMMEDIATE; "
               "INSERT INTO todos (id, list_id, title, sort_order, created_at, search_key) "
               f"SELECT lower(hex(randomblob(16))), id, '{add_title}', "
               f"(SELECT coalesce(max(sort_order), 0) + 1 FROM todos WHERE list_id = lists.id), {now_s}, '{add_title}' "
               f"FROM lists WHERE title = '{big}'; COMMIT;")
    unadd_sql = f"DELETE FROM todos WHERE title = '{add_title}';"
    rows = json.load(open(os.path.join(ds.dir, "rows.json"), encoding="utf-8"))
    floor_png = os.path.join(ds.dir, "floor.png")
    none = "true"
    undo = f"{tt} undo {target['id']}"
    floor = lambda *entries: list(entries) if floors else []
    c = [("start: tasktile --version", f"{tt} --version", none)]
    c += floor(("start: Swift hello-world with FoundationEssentials (floor)", q(bins["hello"]), none))
    c += [("status: tasktile status --format waybar", f"{tt} status --format waybar", none)]
    if "debug" in bins and floors:
        c.append(("status: debug build", f"{q(os.path.join(bins['debug'], 'tasktile'))} status --format waybar", none))
        c.append(("status: release, shared Swift runtime", f"{q(os.path.join(bins['shared'], 'tasktile'))} status --format waybar", none))
    c += floor(("status: sqlite3 count query (floor)", f"sqlite3 {q(store)} {q(count_sql)}", none),
               ("status: task +PENDING count (peer)", "task rc.hooks=off rc.gc=off +PENDING count", none))
    c += [("complete: tasktile intent complete --id", f"{tt} intent complete --id {target['id']}", undo),
          ("complete: tasktile intent complete --list --todo", f"{tt} intent complete --list {q(big)} --todo {q(target['title'])}", undo)]
    c += floor(("complete: sqlite3 UPDATE+history (floor)", f"sqlite3 {q(store)} {q(complete_sql)}", f"sqlite3 {q(store)} {q(reset_sql)}"),
               ("complete: task N done (peer)", f"task rc.hooks=off rc.gc=off {ds.task_id} done",
                f"task rc.hooks=off rc.gc=off {ds.task_id} modify status:pending"))
    c += [("add: tasktile add", f"{tt} add {q(add_title)} --list {q(big)}", f"sqlite3 {q(store)} {q(unadd_sql)}")]
    c += floor(("add: sqlite3 INSERT (floor)", f"sqlite3 {q(store)} {q(add_sql)}", f"sqlite3 {q(store)} {q(unadd_sql)}"),
               ("search: a title (few hits)", f"{tt} search {q(rows['searchOne'])}", none))
    c += [("search: many hits", f"{tt} search {q('buy milk')}", none),
          ("search: a miss", f"{tt} search {q('no such thing')}", none)]
    c += floor(("search: task /buy milk/ count (peer)", f"task rc.hooks=off rc.gc=off rc.search.case.sensitive=no {q('/buy milk/')} count", none))
    # Smart lists over every list (docs/organize.md): @today, a tag, and a widget of @today.
    today_spec = os.path.join(ds.dir, "today-widget.json")
    if not os.path.exists(today_spec):
        with open(today_spec, "w", encoding="utf-8") as f:
            json.dump({"version": 1, "family": "large", "list": "@today", "output": "today-widget.png"}, f)
    c += [("organize: tasktile show @today", f"{tt} show @today", none),
          ("organize: tasktile status --list @today --format waybar", f"{tt} status --list @today --format waybar", none),
          ("organize: tasktile show #work", f"{tt} show {q('#work')}", none),
          ("organize: tasktile-render once (@today, large, 2x)", f"{ttr} once {q(today_spec)}", none)]
    c += [("open store only: tasktile settings get", f"{tt} settings get sound.name", none),
          ("show: tasktile show (1,000-todo list)", f"{tt} show {q(big)}", none),
          ("render: tasktile-render once (large, 2x)", f"{ttr} once", none)]
    c += floor(("render: C Cairo/Pango floor", " ".join([q(bins["floor"]), q(floor_png), "2", q(big), q(rows["counts"])]
                                                        + [q(t) for t in rows["titles"]]), none))
    return c


def prepare_rows(ds):
    """What the large widget draws, so the C floor draws the same: its rows' titles (from the hit map
    and `show --json`) and the header counts."""
    run([os.path.join(ds.bin, "tasktile-render"), "once"], env=ds.env)
    hits = json.load(open(os.path.join(ds.data, "widgets", "out", "large.hits.json"), encoding="utf-8"))
    ids = [r.get("todoId") for r in hits["regions"] if r.get("action") == "complete"]
    show = json.loads(run([ds.tt(), "--json", "show", ds.facts["bigList"]], env=ds.env).stdout)
    lst = show["lists"][0]
    by_id = {t["id"]: t["title"] for t in lst["pending"] + lst["completed"]}
    titles = [by_id.get(i, "?") for i in ids] + ["+ more"]
    rows = {"titles": titles, "counts": f"{len(lst['pending'])} · {len(lst['completed'])} done",
            "searchOne": ds.facts["bigPendingTitles"][-1]}
    with open(os.path.join(ds.dir, "rows.json"), "w", encoding="utf-8") as f:
        json.dump(rows, f, ensure_ascii=False)


def hyperfine(ds, bins, runs, before=None):
    # The completion targets start completed, so every prepare (an undo) has something to undo.
    t = ds.facts["target"]
    run([ds.tt(), "intent", "complete", "--id", t["id"]], env=ds.env)
    if before:
        run([before.tt(), "intent", "complete", "--id", t["id"]], env=before.env)
    run(["task", "rc.hooks=off", "rc.gc=off", ds.task_id, "done"], env=ds.env)
    cmds = commands(ds, bins, before)
    # Each command once, checking its exit code (hyperfine then runs with -i, because a search that
    # finds nothing exits 1 by design).
    for name, cmd, prep in cmds:
        run(shlex.split(prep), env=ds.env)
        r = run(shlex.split(cmd), env=ds.env, check=False)
        if r.returncode != (1 if name.endswith("search: a miss") else 0):
            sys.exit(f"bench: {name}: exit {r.returncode}: {r.stderr}")
    out = os.path.join(ds.dir, "hyperfine.json")
    # hyperfine pairs the i-th name and the i-th --prepare with the i-th command.
    args = ["hyperfine", "-N", "-i", "--warmup", "3", "--runs", str(runs), "--style", "basic", "--export-json", out]
    for name, _, _ in cmds:
        args += ["-n", name]
    for _, _, prep in cmds:
        args += ["--prepare", prep]
    args += [cmd for _, cmd, _ in cmds]
    say(f"{ds.size}: hyperfine, {len(cmds)} commands x {runs} runs")
    run(args, env=ds.env, capture=False, stdout_to=os.path.join(ds.dir, "hyperfine.log"))
    results = json.load(open(out))["results"]
    return [{"name": name, "median": r["median"], "mean": r["mean"], "stddev": r["stddev"], "min": r["min"]}
            for (name, _, _), r in zip(cmds, results)]


def watch_latency(ds, commits):
    """Commit -> PNG latency of `tasktile-render watch` on the large widget at 2x: each commit renames
    the widget's first todo (a visible change, no flash frame); the time runs from the CLI process's
    return to the PNG's change as seen by polling its mtime every 0.5 ms (os.stat, ns)."""
    png = os.path.join(ds.data, "widgets", "out", "large.png")
    log = open(os.path.join(ds.dir, "watch.log"), "w")
    watch = subprocess.Popen([os.path.join(ds.bin, "tasktile-render"), "watch"], env=ds.env,
                             stdout=subprocess.DEVNULL, stderr=log)
    try:
        show = json.loads(run([ds.tt(), "--json", "show", ds.facts["bigList"]], env=ds.env).stdout)
        first = show["lists"][0]["pending"][0]["id"]
        time.sleep(1.0)  # the start pass
        latencies = []
        for i in range(commits):
            before = os.stat(png).st_mtime_ns
            run([ds.tt(), "edit", first, "--title", f"Renamed {i}"], env=ds.env)
            t0 = time.monotonic_ns()
            end = time.monotonic() + 5
            while os.stat(png).st_mtime_ns == before and time.monotonic() < end:
                time.sleep(0.0005)
            latencies.append((time.monotonic_ns() - t0) / 1e6)
            time.sleep(0.05)  # let the watcher settle (no burst: one commit, one render)
    finally:
        watch.terminate()
        watch.wait(timeout=10)
        log.close()
    latencies.sort()
    return {"commits": commits, "p50": latencies[len(latencies) // 2],
            "p95": latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))], "max": latencies[-1]}


def rss(ds, bins, renders):
    # A small widget at 2x (340x340 px), outside widgets/ so `once` above is not affected: 10,000
    # renders of the large one would take ~10 minutes on their own.
    spec = os.path.join(ds.dir, "small.json")
    with open(spec, "w") as f:
        json.dump({"version": 1, "name": "small", "family": "small", "list": ds.facts["bigList"], "scale": 2}, f)
    r = run([os.path.join(bins["release"], "tasktile-bench"), "renders", spec, str(renders)], env=ds.env)
    return json.loads(r.stdout)


def machine():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=False).stdout.strip()
    dirty = run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, check=False).stdout.strip()
    swift = run(["swift", "--version"], check=False).stdout.splitlines()[0] if shutil.which("swift") else "?"
    tools = {t: (run([t, "--version"], check=False).stdout.strip().splitlines() or ["?"])[0]
             for t in ("hyperfine", "sqlite3", "task")}
    return {"date": dt.datetime.now().astimezone().isoformat(timespec="seconds"), "nproc": os.cpu_count(), "cpu": cpu,
            "commit": commit + (" (with uncommitted changes)" if dirty else ""), "kernel": platform.release(),
            "load": " ".join(f"{x:.2f}" for x in os.getloadavg()),
            "swift": swift, **tools}


# The speed targets: (command, floor or None, bound, kind, sizes it applies to). "ratio": median
# of the command / median of the floor ≤ bound; "ms": the median itself ≤ bound milliseconds.
TARGETS = [
    ("start: tasktile --version", "start: Swift hello-world with FoundationEssentials (floor)", 1.5, "ratio", None),
    ("status: tasktile status --format waybar", "status: sqlite3 count query (floor)", 2.0, "ratio", [10000]),
    ("complete: tasktile intent complete --id", "complete: sqlite3 UPDATE+history (floor)", 3.0, "ratio", None),
    ("add: tasktile add", "add: sqlite3 INSERT (floor)", 3.0, "ratio", None),
    ("search: many hits", None, 30.0, "ms", [100000]),
    ("search: a miss", None, 30.0, "ms", [100000]),
    ("render: tasktile-render once (large, 2x)", "render: C Cairo/Pango floor", 1.0, "ratio", None),
]

RATIOS = [
    ("start: tasktile --version", "start: Swift hello-world with FoundationEssentials (floor)"),
    ("add: tasktile add", "add: sqlite3 INSERT (floor)"),
    ("status: tasktile status --format waybar", "status: sqlite3 count query (floor)"),
    ("status: tasktile status --format waybar", "status: task +PENDING count (peer)"),
    ("status: debug build", "status: tasktile status --format waybar"),
    ("status: release, shared Swift runtime", "status: tasktile status --format waybar"),
    ("complete: tasktile intent complete --id", "complete: sqlite3 UPDATE+history (floor)"),
    ("complete: tasktile intent complete --list --todo", "complete: sqlite3 UPDATE+history (floor)"),
    ("complete: tasktile intent complete --id", "complete: task N done (peer)"),
    ("search: many hits", "search: task /buy milk/ count (peer)"),
    ("search: a title (few hits)", "open store only: tasktile settings get"),
    ("render: tasktile-render once (large, 2x)", "render: C Cairo/Pango floor"),
]


def report(m, sizes, runs, path, before_commit=None):
    lines = ["# Benchmark results", "",
             "Written by `make bench` (Benchmarks/bench.py). Whole-command times are hyperfine medians "
             f"(-N, 3 warm-up runs, {runs} runs); every command of one data set ran in ONE hyperfine "
             "run. Not a test: nothing here is asserted.", "",
             f"- date: {m['date']}", f"- machine: {m['nproc']} CPUs, {m['cpu']}, Linux {m['kernel']} (load average at the end: {m['load']}; "
             "other builds may share the machine, so compare ratios within one run)",
             f"- commit: {m['commit']}", f"- {m['swift']}", f"- {m['hyperfine']}; sqlite3 {m['sqlite3']}; task {m['task']}", ""]
    for s in sizes:
        ds = s["dataset"]
        lines += [f"## {ds['todos']:,} todos in {ds['lists']} lists", "",
                  f"{ds['pending']:,} pending, {ds['repeating']:,} repeating; the shown list holds 1,000 todos. "
                  f"Import: tasktile {s['import']:.1f} s (JSON backup, then the first status's catch-up), "
                  f"Taskwarrior {s['taskImport']:.1f} s (`task import`).", "",
                  f"- tasktile status: `{ds['tasktileStatus']}`", f"- task +PENDING count: {ds['taskCount']}", "",
                  "| command | median | mean ± σ | min |", "|---|---:|---:|---:|"]
        by = {r["name"]: r for r in s["results"]}
        for r in s["results"]:
            lines.append(f"| {r['name']} | {r['median'] * 1000:.1f} ms | {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} ms "
                         f"| {r['min'] * 1000:.1f} ms |")
        lines += ["", "| ratio of medians | × |", "|---|---:|"]
        for a, b in RATIOS:
            if a in by and b in by:
                lines.append(f"| {a} / {b} | {by[a]['median'] / by[b]['median']:.2f} |")
        if before_commit:
            lines += ["", f"Before ({before_commit}) and after (this commit), same hyperfine run, same data:", "",
                      "| command | before | after | after / before |", "|---|---:|---:|---:|"]
            for name in COMPARED:
                b = by.get(f"before: {name}")
                if b and name in by:
                    lines.append(f"| {name} | {b['median'] * 1000:.1f} ms | {by[name]['median'] * 1000:.1f} ms "
                                 f"| {by[name]['median'] / b['median']:.2f} |")
        lines += ["", "| measurement | measured | target | met |", "|---|---:|---:|:-:|"]
        for name, floor, bound, kind, only in TARGETS:
            if (only and ds["todos"] not in only) or name not in by or (floor and floor not in by):
                continue
            value = by[name]["median"] / by[floor]["median"] if floor else by[name]["median"] * 1000
            shown = f"{value:.2f}×" if floor else f"{value:.1f} ms"
            limit = f"≤ {bound:g}×" if floor else f"≤ {bound:g} ms"
            label = f"{name} / {floor}" if floor else name
            lines.append(f"| {label} | {shown} | {limit} | {'yes' if value <= bound else 'no'} |")
        lines.append("")
        if "watch" in s:
            w, r = s["watch"], s["rss"]
            lines += ["In-process figures (release build):", "",
                      f"- `tasktile-render watch`, large widget at 2×, commit → PNG over {w['commits']} commits (CLI `edit` returns → PNG mtime "
                      f"changes, polled every 0.5 ms): p50 {w['p50']:.1f} ms, p95 {w['p95']:.1f} ms, max {w['max']:.1f} ms "
                      f"(target p95 ≤ 30 ms: {'met' if w['p95'] <= 30 else 'not met'})"]
            if "watchBefore" in s:
                wb = s["watchBefore"]
                lines.append(f"- the same for {before_commit}: p50 {wb['p50']:.1f} ms, p95 {wb['p95']:.1f} ms, max {wb['max']:.1f} ms")
            lines += [

                      f"- `tasktile-bench renders` (small widget at 2×, one process): RSS {r['rssBeforeKiB'] / 1024:.1f} MiB after the first render, "
                      f"{r['rssAfterKiB'] / 1024:.1f} MiB after {r['renders']:,} more "
                      f"(render + PNG + hit map + atomic writes: p50 {r['renderP50Ms']:.1f} ms, p95 {r['renderP95Ms']:.1f} ms)", ""]
    lines += ["## Notes", "",
              "- Floors: `sqlite3` runs the status counts (one aggregate) and the completion (UPDATE + history row + "
              "flash row in one `BEGIN IMMEDIATE`, synchronous=FULL) on the same store; the C program "
              "(Benchmarks/floor/render_floor.c) draws the same rows with Cairo/Pango and "
              "`cairo_surface_write_to_png`, without store, theme file, hit map or atomic rename.",
              "- Peer: Taskwarrior with a private TASKRC/TASKDATA, `rc.hooks=off`, `confirmation=off`, "
              "`recurrence=off` (no instance generation, so it holds the same pending todos); one garbage collection "
              "after the import, then every command with `rc.gc=off` so the completed task keeps its id between runs "
              "(this saves Taskwarrior work: the comparison favours the peer).",
              "- Completions: each timed run completes the same todo, which the hyperfine `--prepare` step "
              "(not timed) has just made pending again (`tasktile undo`, an UPDATE, `task … modify status:pending`).",
              "- `TASKTILE_NOW` is the generation time (rounded to the hour) so tasktile and Taskwarrior agree on "
              "what is overdue.", ""]
    text = "\n".join(lines)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--renders", type=int, default=10000)
    ap.add_argument("--commits", type=int, default=200)
    ap.add_argument("--no-levers", action="store_true", help="skip the debug and shared-runtime builds")
    ap.add_argument("--before", metavar="REF", help="also measure tasktile and tasktile-render built at git REF, in the same runs")
    ap.add_argument("--results", default=os.path.join(ROOT, "Benchmarks", "RESULTS.md"))
    a = ap.parse_args()
    for tool in ("hyperfine", "sqlite3", "task", "cc", "pkg-config", "swift"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing (make bench installs hyperfine and taskwarrior)")
    os.makedirs(WORK, exist_ok=True)
    started = time.monotonic()
    bins = build(not a.no_levers, a.before)
    now = dt.datetime.now(dt.timezone.utc).replace(minute=0, second=0, microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    sizes = [int(s) for s in a.sizes.split(",")]
    out = []
    for i, size in enumerate(sizes):
        ds = DataSet(size, now, bins)
        prepare_rows(ds)
        before = None
        if a.before:
            before = BeforeSet(ds, bins)
        s = {"dataset": dict(ds.facts, tasktileStatus=ds.counts["tasktile"], taskCount=ds.counts["task"]),
             "import": ds.import_seconds, "taskImport": ds.task_import_seconds, "results": hyperfine(ds, bins, a.runs, before)}
        if i == 0:  # the in-process figures do not depend on the store's size: measured once, on the first
            say(f"{size}: watch latency over {a.commits} commits")
            s["watch"] = watch_latency(ds, a.commits)
            if before:
                say(f"{size}: watch latency of {bins['beforeCommit']} over {a.commits} commits")
                s["watchBefore"] = watch_latency(before, a.commits)
            say(f"{size}: RSS over {a.renders} renders")
            s["rss"] = rss(ds, bins, a.renders)
        out.append(s)
    report(machine(), out, a.runs, a.results, bins.get("beforeCommit"))
    say(f"done in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
