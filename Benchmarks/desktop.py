#!/usr/bin/python3
"""`make bench-desktop` (and the end of `make bench`): `tasktile-render desktop` on a headless sway.
Prints a table and writes Benchmarks/DESKTOP.md.

    Benchmarks/desktop.py [--clicks 200] [--commits 50] [--idle 60] [--redraws 10000] [--bin DIR]

- click -> todo committed -> new frame: a real click (swaymsg seat cursor press/release through a
  virtual pointer) on the first pending checkbox of a large widget; the time runs from just before
  the `swaymsg ... press` process starts (its start-up, under runuser when root, is included, so
  this is an upper bound) to the end of the host's draw handler for the flash frame (the host's
  `TASKTILE_DESKTOP_TRACE=1` lines, CLOCK_MONOTONIC like Python's time.monotonic). After each click
  the flash's 1.5 s pass before the next one.
- commit from the CLI -> new frame: from the return of `tasktile add` (and from its start) to the frame.
- idle CPU: utime+stime clock ticks of the desktop process over `--idle` seconds with nothing
  changing, and over the whole seconds strictly between two minute boundaries.
- RSS after N redraws: the pointer moved on and off a checkbox with `swaymsg seat seat0 cursor set`
  (each toggle is one hover frame).
- hotkey -> capture popup on screen: `tasktile capture` started as a key binding would, to the popup's
  `capture shown (N ms after the process started)` log line (its map event; /proc/self/stat start time),
  `--captures` times; then a line typed with `wtype` and Enter -> the widget's next frame, from the popup's
  `trace enter` line (the instant its key handler got Enter, CLOCK_MONOTONIC) to the host's `trace frame`.
- `quick` parse per line: `tasktile-bench quick` (in process, no display).

Nothing here is a test: no number is asserted. Standard library only. Runs the compositor and the
host as the unprivileged user `tasktile-test` when started as root (sway refuses root).
"""
import argparse
import datetime as dt
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
USER = "tasktile-test"


def say(msg):
    print(f"[desktop-bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


class Box:
    def __init__(self, bin_dir):
        self.tmp = tempfile.mkdtemp(prefix="tasktile-desktop-bench-")
        self.run_dir = os.path.join(self.tmp, "run")
        os.makedirs(self.run_dir, mode=0o700)
        self.data = os.path.join(self.tmp, "data")
        self.bin = bin_dir
        self.as_user = os.getuid() == 0
        self.env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": self.tmp, "TZ": "UTC", "LANG": "C.UTF-8",
                    "TASKTILE_DATA_DIR": self.data, "XDG_RUNTIME_DIR": self.run_dir}
        self.procs = []
        if self.as_user:
            if subprocess.run(["id", "-u", USER], capture_output=True).returncode != 0:
                subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                                "--shell", "/usr/sbin/nologin", USER], check=True)
            say(f"running as root: sway and the desktop run as the unprivileged user {USER}")
        self.chown()

    def chown(self):
        if self.as_user:
            subprocess.run(["chown", "-R", f"{USER}:", self.tmp], check=True)

    def argv(self, cmd, extra=None):
        env = dict(self.env, **(extra or {}))
        wrapped = ["env", "-i"] + [f"{k}={v}" for k, v in sorted(env.items())] + cmd
        return (["runuser", "-u", USER, "--"] + wrapped) if self.as_user else wrapped

    def run(self, cmd, extra=None, check=True):
        r = subprocess.run(self.argv(cmd, extra), capture_output=True, text=True)
        if check and r.returncode != 0:
            sys.exit(f"desktop-bench: {cmd} exited {r.returncode}: {r.stderr}")
        return r

    def start(self, cmd, log, extra=None, stdin=None):
        f = open(os.path.join(self.tmp, log), "w")
        p = subprocess.Popen(self.argv(cmd, extra), stdout=f, stderr=subprocess.STDOUT, stdin=stdin)
        self.procs.append(p)
        return p

    def stop(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
        if not os.environ.get("KEEP"):
            shutil.rmtree(self.tmp, ignore_errors=True)


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def main():
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("desktop-bench: terminated"))  # cleanup runs
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=200)
    ap.add_argument("--commits", type=int, default=50)
    ap.add_argument("--idle", type=int, default=60)
    ap.add_argument("--redraws", type=int, default=10000)
    ap.add_argument("--captures", type=int, default=20)
    ap.add_argument("--bin", default=None)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--wait", type=float, default=0.1)
    ap.add_argument("--results", default=os.path.join(ROOT, "Benchmarks", "DESKTOP.md"))
    a = ap.parse_args()
    for tool in ["sway", "swaymsg", "grim", "cc", "wtype"]:
        if not shutil.which(tool):
            sys.exit(f"desktop-bench: {tool} is missing (make deps installs it)")
    if a.bin is None:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True)
        a.bin = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    tt, render = os.path.join(a.bin, "tasktile"), os.path.join(a.bin, "tasktile-render")
    box = Box(a.bin)
    try:
        say("data: one list of pending todos, one large widget")
        box.run([tt, "list", "add", "Bench"])
        for i in range(a.clicks + 12):
            box.run([tt, "add", f"Item {i:03d}", "--list", "Bench"])
        os.makedirs(os.path.join(box.data, "widgets"), exist_ok=True)
        with open(os.path.join(box.data, "widgets", "bench.json"), "w") as f:
            f.write('{ "version": 1, "family": "large", "list": "Bench", "anchor": "top-left", "margin": [0, 0] }')
        conf = os.path.join(box.tmp, "sway.conf")
        with open(conf, "w") as f:
            f.write("xwayland disable\noutput HEADLESS-1 resolution 1280x800 position 0 0\n")
        box.chown()
        box.start(["sway", "-c", conf], "sway.log", {"WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
                                                   "WLR_RENDERER": "pixman"})
        for _ in range(300):
            names = os.listdir(box.run_dir)
            sock = [n for n in names if re.fullmatch(r"wayland-\d+", n)]
            ipc = [n for n in names if n.startswith("sway-ipc.")]
            if sock and ipc:
                break
            time.sleep(0.05)
        else:
            sys.exit("desktop-bench: sway did not start")
        box.env.update({"WAYLAND_DISPLAY": sock[0], "SWAYSOCK": os.path.join(box.run_dir, ipc[0])})
        vp = os.path.join(box.tmp, "virtual_pointer")
        subprocess.run(["cc", "-O1", "-o", vp, os.path.join(ROOT, "Tests/IntegrationTests/Fixtures/virtual_pointer.c"),
                        "-lwayland-client"], check=True)
        box.chown()
        pointer = box.start([vp], "vp.log", stdin=subprocess.PIPE)
        time.sleep(0.5)
        log_path = os.path.join(box.tmp, "desktop.log")
        desk = box.start([render, "desktop"], "desktop.log", {"TASKTILE_DESKTOP_TRACE": "1"})

        tail = {"offset": 0, "frames": [], "rest": ""}

        def log():
            with open(log_path) as f:
                return f.read()

        def frames_after(t0):
            # Reads only what the host appended since the last call.
            with open(log_path) as f:
                f.seek(tail["offset"])
                chunk = f.read()
                tail["offset"] = f.tell()
            text = tail["rest"] + chunk
            lines = text.split("\n")
            tail["rest"] = lines.pop()
            for line in lines:
                m = re.search(r"trace frame bench (\d+\.\d+)", line)
                if m:
                    tail["frames"].append(float(m.group(1)))
            return [t for t in tail["frames"] if t >= t0]

        def wait_frame(t0, timeout=5):
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                f = frames_after(t0)
                if f:
                    return f[0]
                time.sleep(0.001)
            return None

        def msg(*args):
            box.run(["swaymsg"] + list(args))

        if wait_frame(0, 15) is None:
            sys.exit(f"desktop-bench: no frame: {log()}")
        time.sleep(1)
        # The first pending checkbox of a large widget at 0,0: leading, 16 pt padding, the first row.
        hits = os.path.join(box.tmp, "probe")
        os.makedirs(hits)
        with open(os.path.join(hits, "bench.json"), "w") as f:
            f.write('{ "version": 1, "family": "large", "list": "Bench", "scale": 1, "output": "p.png" }')
        box.chown()
        box.run([render, "once", os.path.join(hits, "bench.json")])
        regions = json.load(open(os.path.join(hits, "p.hits.json")))["regions"]
        box_r = next(r for r in regions if r["action"] == "complete")
        cx, cy = box_r["x"] + box_r["width"] // 2, box_r["y"] + box_r["height"] // 2
        say(f"first checkbox at {cx}, {cy}")
        msg("seat", "seat0", "cursor", "set", str(cx), str(cy))
        time.sleep(0.3)

        say(f"{a.clicks} clicks")
        clicks = []
        for i in range(a.clicks):
            t0 = time.monotonic()
            msg("seat", "seat0", "cursor", "press", "button1")
            msg("seat", "seat0", "cursor", "release", "button1")
            t = wait_frame(t0)
            if t is not None:
                clicks.append((t - t0) * 1000)
            time.sleep(1.65)  # the flash ends, the next todo moves up under the pointer
        say(f"{a.commits} CLI commits")
        commits, commits_from_start = [], []
        for i in range(a.commits):
            s0 = time.monotonic()
            box.run([tt, "add", f"Commit {i}", "--list", "Bench"])
            t0 = time.monotonic()
            t = wait_frame(t0 - 0.0005)
            if t is not None:
                commits.append(max(0, (t - t0) * 1000))
                commits_from_start.append((t - s0) * 1000)
            time.sleep(0.1)
        say(f"{a.captures} capture popups")
        shown, entered = [], []
        for i in range(a.captures):
            clog = os.path.join(box.tmp, f"capture-{i}.log")
            p = box.start([tt, "capture", "--list", "Bench"], os.path.basename(clog), {"TASKTILE_DESKTOP_TRACE": "1"})
            ms, end = None, time.monotonic() + 10
            while ms is None and time.monotonic() < end:
                m = re.search(r"capture shown \((\d+) ms after the process started\)", open(clog).read())
                ms = int(m.group(1)) if m else None
                time.sleep(0.005)
            if ms is None:
                say(f"capture {i}: no popup: {open(clog).read()[-500:]}")
                p.terminate()
                continue
            shown.append(ms)
            # wtype's new virtual keyboard needs a moment before its first key (-s), as in the tests.
            t_start = time.monotonic()
            box.run(["wtype", "-s", "300", f"Captured {i}", "-k", "Return"])
            m = re.search(r"trace enter capture (\d+\.\d+)", open(clog).read())
            t = wait_frame(float(m.group(1)) if m else t_start)
            if m and t is not None:
                entered.append((t - float(m.group(1))) * 1000)
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.terminate()
        quick = json.loads(box.run([os.path.join(a.bin, "tasktile-bench"), "quick", "20000"]).stdout)
        msg("seat", "seat0", "cursor", "set", "1279", "799")
        time.sleep(2)

        pid = int(open(os.path.join(box.data, f"desktop-{box.env['WAYLAND_DISPLAY']}.lock")).read().strip())

        def ticks():
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])

        def rss_kb():
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])

        idle_ticks = between = None
        if a.idle > 0:
            say(f"idle {a.idle} s, then 58 s between two minute boundaries")
            t_start = ticks()
            time.sleep(a.idle)
            idle_ticks = ticks() - t_start
            now = time.time()
            time.sleep(60 - now % 60 + 0.5)  # just after a minute boundary
            between_start = ticks()
            time.sleep(58)
            between = ticks() - between_start

        def count():
            frames_after(float("inf"))  # reads new lines; the count is the list's length
            return len(tail["frames"])

        say(f"{a.redraws} hover redraws")
        rss_before = rss_kb()
        drawn0 = count()
        # One shell as the user runs every swaymsg (no runuser per move): on and off the checkbox,
        # one hover frame per move; the next move waits for the frame, at most 100 ms.
        driver = box.start(["/bin/sh", "-c", 'while read -r line; do swaymsg "$line" >/dev/null; done'], "driver.log",
                           stdin=subprocess.PIPE)
        deadline = time.monotonic() + 900
        on = False
        while count() - drawn0 < a.redraws and time.monotonic() < deadline:
            on = not on
            before = count()
            x, y = (cx, cy) if on else (1000, 700)
            driver.stdin.write(f"seat seat0 cursor set {x} {y}\n".encode())
            driver.stdin.flush()
            end = time.monotonic() + a.wait
            while count() == before and time.monotonic() < end:
                time.sleep(0.001)
            if a.verbose and (count() - drawn0) % 100 == 0:
                say(f"{count() - drawn0} redraws")
        driver.stdin.close()
        redraws = count() - drawn0
        rss_after = rss_kb()
        desk.terminate()
        desk.wait(timeout=10)
        pointer.stdin.close()

        rows = [
            ("click -> committed -> frame", f"{statistics.median(clicks):.1f} ms", f"{pct(clicks, 0.95):.1f} ms", f"{len(clicks)} clicks", "p95 <= 30 ms"),
            ("CLI commit returned -> frame", f"{statistics.median(commits):.1f} ms", f"{pct(commits, 0.95):.1f} ms", f"{len(commits)} commits", "p95 <= 30 ms"),
            ("CLI commit started -> frame", f"{statistics.median(commits_from_start):.1f} ms", f"{pct(commits_from_start, 0.95):.1f} ms", f"{len(commits)} commits", ""),
        ]
        if shown:
            rows.append(("hotkey: `tasktile capture` started -> popup mapped", f"{statistics.median(shown):.0f} ms",
                         f"{pct(shown, 0.95):.0f} ms", f"{len(shown)} popups", "<= 150 ms"))
        if entered:
            rows.append(("capture Enter -> widget frame", f"{statistics.median(entered):.1f} ms",
                         f"{pct(entered, 0.95):.1f} ms", f"{len(entered)} adds", "<= 50 ms"))
        rows.append(("`quick` parse of one line", f"{quick['p50_us']:.1f} µs", f"{quick['p95_us']:.1f} µs",
                     f"{quick['lines']} lines", "<= 1 ms"))
        out = ["# tasktile-render desktop, measured", "",
               f"{dt.datetime.now().strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, binaries {os.path.relpath(a.bin, ROOT)}, headless sway (pixman).",
               "Produced by `Benchmarks/desktop.py`; nothing here is asserted by a test. Click times start before",
               "the `swaymsg` process that presses the button is spawned, so they include its start-up.", "",
               "| path | p50 | p95 | n | target |", "|---|---|---|---|---|"]
        out += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} |" for r in rows]
        out += ["", "| idle | clock ticks | window |", "|---|---|---|",
                f"| nothing changing | {idle_ticks} | {a.idle} s (may include one minute boundary) |",
                f"| between minute boundaries | {between} | 58 s from 0.5 s after a boundary |", "",
                "| memory | RSS |", "|---|---|",
                f"| before the redraws | {rss_before} kB |", f"| after {redraws} hover redraws | {rss_after} kB |", ""]
        text = "\n".join(out)
        print(text)
        with open(a.results, "w") as f:
            f.write(text)
        say(f"wrote {a.results}")
    finally:
        box.stop()


if __name__ == "__main__":
    main()
