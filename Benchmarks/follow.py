#!/usr/bin/python3
"""`make bench-follow` (and part of `make bench`): `tasktile status --follow` against polling.
Prints a table and writes Benchmarks/FOLLOW.md.

    Benchmarks/follow.py [--todos 10000] [--commits 200] [--idle 60] [--updates 10000] [--bin DIR]

- commit -> new line on stdout: another process (this script, Python's sqlite3 module, the same
  WAL store, synchronous=FULL) renames a pending todo the waybar tooltip shows; the time runs
  from the return of COMMIT to the line read from the follower's pipe (time.monotonic).
- idle CPU: utime+stime clock ticks (/proc/PID/stat) of the follower over `--idle` seconds with
  nothing changing, and over the whole seconds strictly between two minute boundaries.
- RSS (/proc/PID/status VmRSS) after the first line and after `--updates` updates.
- CPU per hour, side by side: polling (`tasktile status --format waybar` every 1 s and every 30 s,
  the CPU of one run measured over 50 runs with getrusage) vs `--follow` (idle ticks extrapolated).

Nothing here is a test: no number is asserted. Only the Python standard library is used.
"""
import argparse
import datetime as dt
import json
import os
import resource
import select
import shutil
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", "work", "follow")
TICK = os.sysconf("SC_CLK_TCK")


def say(msg):
    print(f"[follow-bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def run(cmd, env, check=True):
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if check and r.returncode != 0:
        sys.exit(f"follow-bench: {' '.join(cmd)} failed ({r.returncode}): {r.stderr}")
    return r


def ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat(5))


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Follower:
    def __init__(self, tasktile, env):
        self.p = subprocess.Popen([tasktile, "status", "--format", "waybar", "--follow"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""

    def line(self, timeout):
        end = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

    def drain(self, quiet=0.2):
        while self.line(quiet) is not None:
            pass

    def stop(self):
        self.p.terminate()
        self.p.wait(timeout=10)


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--todos", type=int, default=10000)
    ap.add_argument("--commits", type=int, default=200)
    ap.add_argument("--idle", type=int, default=60)
    ap.add_argument("--updates", type=int, default=10000)
    ap.add_argument("--bin", default=None, help="directory of a release build (default: swift build -c release)")
    ap.add_argument("--results", default=os.path.join(ROOT, "Benchmarks", "FOLLOW.md"))
    a = ap.parse_args()
    bin_dir = a.bin
    if not bin_dir:
        say("release build")
        subprocess.run(["swift", "build", "-c", "release", "--product", "tasktile"], cwd=ROOT, check=True)
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
    tasktile = os.path.join(bin_dir, "tasktile")
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    data = os.path.join(WORK, "data")
    now = dt.datetime.now(dt.timezone.utc).replace(minute=0, second=0, microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    env = dict(os.environ, TASKTILE_DATA_DIR=data, TZ="UTC", LANG="C.UTF-8", NO_COLOR="1")
    say(f"generating {a.todos} todos")
    gen = os.path.join(WORK, "gen")
    run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), "--todos", str(a.todos), "--now", now, "--out", gen], env)
    for part in sorted(p for p in os.listdir(gen) if p.startswith("backup-")):
        run([tasktile, "import", "--format", "json", os.path.join(gen, part)], env)
    run([tasktile, "status"], env)
    db = sqlite3.connect(os.path.join(data, "tasktile.sqlite"), isolation_level=None)
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA busy_timeout=10000")
    # The first pending todo of the first list: the waybar tooltip lists it, so a rename changes the line.
    target = json.loads(run([tasktile, "--json", "status", "--format", "json"], env).stdout)["pending"][0]["id"]

    results = {"todos": a.todos, "date": dt.datetime.now().isoformat(timespec="seconds"),
               "commit": run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], env, check=False).stdout.strip()}

    say(f"commit -> line over {a.commits} commits")
    f = Follower(tasktile, env)
    f.line(10)
    rss_first = rss_kib(f.p.pid)
    latencies = []
    for i in range(a.commits):
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE todos SET title = ? WHERE id = ?", (f"Renamed {i}", target))
        db.execute("COMMIT")
        t0 = time.monotonic()
        if f.line(5) is None:
            sys.exit("follow-bench: no line within 5 s of a commit")
        latencies.append((time.monotonic() - t0) * 1000)
        time.sleep(0.02)
    results["latency"] = {"p50": percentile(latencies, 0.5), "p95": percentile(latencies, 0.95), "max": max(latencies)}

    say(f"idle CPU over {a.idle} s")
    f.drain()
    start_ticks, start = ticks(f.p.pid), time.time()
    samples = []
    while time.time() - start < a.idle:
        samples.append((time.time(), ticks(f.p.pid)))
        time.sleep(1)
    samples.append((time.time(), ticks(f.p.pid)))
    idle_ticks = samples[-1][1] - start_ticks
    # Ticks between two minute boundaries: only whole seconds that contain no boundary.
    between = sum(b[1] - a_[1] for a_, b in zip(samples, samples[1:]) if int(a_[0] // 60) == int(b[0] // 60))
    results["idle"] = {"seconds": a.idle, "ticks": idle_ticks, "ticksBetweenMinutes": between, "clockTicksPerSecond": TICK}

    say(f"RSS over {a.updates} updates")
    for i in range(a.updates):
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE todos SET title = ? WHERE id = ?", (f"Update {i}", target))
        db.execute("COMMIT")
        if i % 50 == 0:
            f.drain(0.0)
    f.drain()
    results["rss"] = {"firstKiB": rss_first, "afterKiB": rss_kib(f.p.pid), "updates": a.updates}
    f.stop()

    say("CPU of one polled status run (50 runs)")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(50):
        run([tasktile, "status", "--format", "waybar"], env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    per_run = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) / 50
    follow_per_hour = idle_ticks / TICK * 3600 / a.idle
    results["perHour"] = {"poll1s": per_run * 3600, "poll30s": per_run * 120, "follow": follow_per_hour, "perRunMs": per_run * 1000}

    lat, idle, rss, ph = results["latency"], results["idle"], results["rss"], results["perHour"]
    lines = ["# `status --follow` against polling", "",
             "Written by `make bench-follow` (Benchmarks/follow.py), one run. Not a test: nothing here is asserted.", "",
             f"- date: {results['date']}, commit {results['commit']}, {os.cpu_count()} CPUs, {a.todos:,} todos (Benchmarks/generate.py)",
             "", "| figure | value |", "|---|---:|",
             f"| commit (another process, COMMIT returns) → new waybar line read, p50 | {lat['p50']:.1f} ms |",
             f"| … p95 (target ≤ 20 ms) | {lat['p95']:.1f} ms |",
             f"| … max over {a.commits} commits | {lat['max']:.1f} ms |",
             f"| idle CPU over {idle['seconds']} s, nothing changing | {idle['ticks']} ticks ({idle['clockTicksPerSecond']}/s) |",
             f"| … of which strictly between minute boundaries (target 0) | {idle['ticksBetweenMinutes']} ticks |",
             f"| RSS after the first line | {rss['firstKiB'] / 1024:.1f} MiB |",
             f"| RSS after {rss['updates']:,} updates | {rss['afterKiB'] / 1024:.1f} MiB |",
             "", "CPU time per hour of a bar showing the status:", "",
             "| config | CPU s / hour |", "|---|---:|",
             f"| polling every 1 s (`status --format waybar`, {ph['perRunMs']:.1f} ms CPU a run) | {ph['poll1s']:.1f} |",
             f"| polling every 30 s | {ph['poll30s']:.2f} |",
             f"| `--follow`, idle (ticks above, extrapolated) | {ph['follow']:.3f} |", ""]
    text = "\n".join(lines)
    with open(a.results, "w", encoding="utf-8") as out:
        out.write(text)
    print(text)


if __name__ == "__main__":
    main()
