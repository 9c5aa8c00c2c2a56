#!/usr/bin/python3
"""`make bench-sync` (and part of `make bench`): `tasktile sync` against a local Radicale.
Prints a table and writes Benchmarks/SYNC.md.

    Benchmarks/sync.py [--sizes 1000,10000] [--runs 5] [--servers radicale,xandikos] [--bin DIR]

For each size N: a data directory with N todos (imported from a generated iCalendar file, three
lists), a fresh Radicale (Debian `radicale`, htpasswd auth, temp storage, 127.0.0.1, a free port),
then wall-clock times (time.monotonic around the process) of
- the first sync up (N PUTs, MKCALENDAR for the lists),
- the first sync down into an empty data directory (sync-collection + calendar-multiget),
- a no-change sync (sync-token; median of --runs; the issue's target is <= 100 ms),
- a one-change sync (one title edited here; median of --runs).
Also `ldd` of `tasktile` and `tasktile-sync`: which of libFoundationNetworking / libcurl /
libFoundationXML each one loads (`tasktile` must load none: `tasktile sync` execs `tasktile-sync`).

Nothing here is a test: no number is asserted. Only the Python standard library is used.
"""
import argparse
import datetime as dt
import os
import socket
import statistics
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_radicale(tmp):
    port = free_port()
    with open(os.path.join(tmp, "users"), "w") as f:
        f.write("bench:pw\n")
    with open(os.path.join(tmp, "config"), "w") as f:
        f.write(f"[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = htpasswd\nhtpasswd_filename = {tmp}/users\n"
                f"htpasswd_encryption = plain\ndelay = 0\n[storage]\nfilesystem_folder = {tmp}/collections\n"
                "[logging]\nlevel = warning\n")
    p = subprocess.Popen(["/usr/bin/radicale", "--config", os.path.join(tmp, "config")])
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return p, f"http://127.0.0.1:{port}/"
        except OSError:
            time.sleep(0.05)
    raise SystemExit("radicale did not start")


def start_xandikos(tmp):
    """Debian `xandikos`: no authentication, one principal (/user/), calendars created on demand."""
    port = free_port()
    p = subprocess.Popen(["/usr/bin/xandikos", "-d", os.path.join(tmp, "xandikos"), "-l", "127.0.0.1", "-p", str(port),
                          "--autocreate"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return p, f"http://127.0.0.1:{port}/"
        except OSError:
            time.sleep(0.05)
    raise SystemExit("xandikos did not start")


def ics(n):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"]
    for i in range(n):
        lines += ["BEGIN:VTODO", f"UID:bench-{i}@example.org", "DTSTAMP:20270101T000000Z", f"SUMMARY:todo {i}",
                  f"CATEGORIES:{['Work', 'Home', 'Errands'][i % 3]}"]
        if i % 2:
            lines.append(f"DUE;VALUE=DATE:202702{1 + i % 28:02d}")
        lines.append("END:VTODO")
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


# Client CPU seconds (user + system) of the last `timed` process, from getrusage of children.
last_cpu = [0.0]


def timed(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    elapsed = (time.monotonic() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    last_cpu[0] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr}")
    return elapsed


def requests(cmd, env):
    """The HTTP requests one pass made, summed over accounts (`tasktile sync --json`)."""
    import json
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr}")
    return sum(int(x.get("requests", 0)) for x in json.loads(r.stdout))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--servers", default="radicale", help="radicale, xandikos or both, comma-separated")
    ap.add_argument("--bin", default=None)
    ap.add_argument("--results", default=os.path.join(ROOT, "Benchmarks", "SYNC.md"))
    a = ap.parse_args()
    bindir = a.bin or next(d for d in [os.path.join(ROOT, ".build", c) for c in ("release", "debug")]
                           if os.path.exists(os.path.join(d, "tasktile-sync")))
    tt = os.path.join(bindir, "tasktile")
    rows = []
    servers = [x for x in a.servers.split(",") if x]
    for kind, n in [(k, int(s)) for k in servers for s in a.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="tasktile-bench-sync-") as tmp:
            server, url = (start_xandikos if kind == "xandikos" else start_radicale)(tmp)
            try:
                env = dict(os.environ, TASKTILE_DATA_DIR=os.path.join(tmp, "a"), TZ="UTC", LANG="C")
                with open(os.path.join(tmp, "todos.ics"), "w") as f:
                    f.write(ics(n))
                timed([tt, "import", "--format", "ics", os.path.join(tmp, "todos.ics")], env)
                user = "user" if kind == "xandikos" else "bench"
                add = ["sync", "add", "dav", "--url", url, "--user", user, "--password-command", "echo pw"]
                timed([tt] + add, env)
                up = timed([tt, "sync"], env)
                up_cpu = last_cpu[0]
                env_b = dict(env, TASKTILE_DATA_DIR=os.path.join(tmp, "b"))
                timed([tt] + add, env_b)
                down = timed([tt, "sync"], env_b)
                down_cpu = last_cpu[0]
                idles = []
                for _ in range(a.runs):
                    idles.append((timed([tt, "sync"], env), last_cpu[0]))
                idle = statistics.median(x[0] for x in idles)
                idle_cpu = statistics.median(x[1] for x in idles)
                idle_requests = requests([tt, "sync", "--json"], env)
                one = []
                for i in range(a.runs):
                    timed([tt, "edit", "todo 1 (edited)", "--list", "Home", "--title", "todo 1"] if i % 2 else
                          [tt, "edit", "todo 1", "--list", "Home", "--title", "todo 1 (edited)"], env)
                    one.append(timed([tt, "sync"], env))
                rows.append((kind, n, up, down, idle, statistics.median(one), idle_requests, up_cpu, down_cpu, idle_cpu))
                print(f"{kind}, {n} todos: first sync up {up:.0f} ms, down {down:.0f} ms, no-change {idle:.0f} ms, one change {statistics.median(one):.0f} ms")
            finally:
                server.kill()
                server.wait()
    def libs(path):
        out = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
        return ", ".join(x for x in ("libFoundationNetworking", "libcurl", "libFoundationXML") if x in out) or "none of them"
    linked = {b: libs(os.path.join(bindir, b)) for b in ("tasktile", "tasktile-sync")}
    # A hand-written "## Profiles" section (how a pass spends its time) is kept across runs.
    kept = ""
    if os.path.exists(a.results):
        old = open(a.results, encoding="utf-8").read()
        if "\n## Profiles" in old:
            kept = old[old.index("\n## Profiles"):]
    load = "load average %.1f %.1f %.1f at the end" % os.getloadavg()
    with open(a.results, "w") as f:
        f.write("# tasktile sync against a local Radicale and Xandikos\n\n")
        f.write(f"`Benchmarks/sync.py --sizes {a.sizes} --runs {a.runs} --servers {a.servers}`, {dt.date.today()}, binaries in `{os.path.relpath(bindir, ROOT)}`, "
                f"{os.cpu_count()} CPUs, {load}. Wall-clock ms per `tasktile sync` process (median of {a.runs} for the last two columns); "
                "HTTP requests of one more no-change pass (`--json` `requests`); client CPU seconds (user + system of the "
                "`tasktile` process and the `tasktile-sync` it execs, `getrusage(RUSAGE_CHILDREN)`) beside wall time.\n\n")
        f.write("| server | todos | first sync up | CPU s | first sync down | CPU s | no-change sync | CPU s | one-change sync "
                "| no-change requests |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
        for r in rows:
            f.write(f"| {r[0]} | {r[1]:,} | {r[2]:.0f} | {r[7]:.2f} | {r[3]:.0f} | {r[8]:.2f} | {r[4]:.0f} | {r[9]:.2f} "
                    f"| {r[5]:.0f} | {r[6]} |\n")
        f.write(f"\nNetworking and XML libraries loaded (`ldd`): `tasktile`: {linked['tasktile']}; `tasktile-sync`: {linked['tasktile-sync']}.\n")
        f.write(kept)
    print(f"wrote {a.results}")


if __name__ == "__main__":
    sys.exit(main())
