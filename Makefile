# tasktile — see README.md. `make demo` and `make test` work on a fresh Debian machine.
SWIFT    ?= swift
PREFIX   ?= /usr/local
DEMO_DIR ?= $(CURDIR)/demo-data
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build, the tests and the demo need. Installed only when missing.
APT_PACKAGES := pkg-config libsqlite3-dev libcairo2-dev libpango1.0-dev libpng-dev libdbus-1-dev \
                fonts-noto-core fonts-noto-mono fonts-noto-cjk fonts-noto-color-emoji fontconfig \
                sqlite3 python3 python3-dateutil time i3blocks dbus-daemon python3-dbus python3-gi \
                libgtk-3-dev libgtk-layer-shell-dev \
                sway swaybg grim wtype gcc libwayland-dev xvfb openbox xdotool imagemagick waybar strace \
                dunst mako-notifier jq systemd taskwarrior desktop-file-utils dpkg-dev zsh fish man-db \
                radicale python3-caldav python3-icalendar python3-recurring-ical-events todoman xandikos \
                libcurl4-openssl-dev ibus ibus-gtk3 ibus-anthy
# (libgtk-3-dev, libgtk-layer-shell-dev: `tasktile-render desktop`. The desktop tests run a real
#  compositor and X server: sway + swaybg + grim, wtype (the virtual keyboard that types into the
#  capture popup), gcc + libwayland-dev for their virtual-pointer
#  helper, xvfb + openbox + xdotool + imagemagick for X11; waybar reads status --follow;
#  strace counts the syncs of one commit.
#  dunst (under Xvfb) and mako-notifier (under headless sway) are the real notification servers
#  (jq: `makoctl menu`, with which the snooze test picks an action from mako)
#  the notify tests talk to; taskwarrior's `task export` feeds the Taskwarrior import test;
#  desktop-file-utils validates tasktile.desktop; dpkg-dev builds and checks `make deb`; zsh, fish
#  and man-db check the generated completions and man pages;
#  radicale, python3-caldav, todoman: the sync tests' CalDAV server, second client and vdir peer;
#  python3-icalendar: parses what sync wrote for an Outlook item (SyncVdirTests+OutlookZone) and,
#  with python3-recurring-ical-events, a subtask tree's export (ICalendarTests+Organize);
#  xandikos: the second, strict CalDAV server every server-independent sync test also runs against;
#  libcurl4-openssl-dev: tasktile-sync's HTTP client (Sources/CCurl);
#  ibus + ibus-gtk3 (GTK 3's ibus module) + ibus-anthy: a real input method composing Japanese in the
#  capture popup (CaptureInputMethodTests).)
# Only `make bench` needs these (the peer and the timer); `make test` does not.
BENCH_PACKAGES := hyperfine valgrind
# Only `make deb` needs these: with the Swift standard library linked statically, tasktile-sync
# links libcurl (its HTTP client, Sources/CCurl) and FoundationXML links libxml2 at build time.
DEB_PACKAGES := libcurl4-openssl-dev libxml2-dev

# Installs those of the Debian packages $(1) that are missing (apt runs only when one is).
define apt_install
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: all deps bench-deps deb-deps build release test lint test-assertions record-goldens stress fuzz bench bench-faults bench-follow bench-desktop bench-sync demo install install-files uninstall build-release build-debug deb deb-files vectors clean

all: build

deps:
	$(call apt_install,$(APT_PACKAGES))
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed (https://www.swift.org/install/linux/); put it on PATH"; exit 1; }

bench-deps: deps
	$(call apt_install,$(BENCH_PACKAGES))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Every test: unit, CLI in-process and as subprocesses, renderer, multi-process; first the lint
# and the check that every test has an assertion.
test: deps lint test-assertions
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# swift-format's rules (.swift-format) and the 120-character line length (scripts/lint.py says
# which findings count and how the lines that were longer before are listed).
lint:
	SWIFT="$(SWIFT)" /usr/bin/python3 scripts/lint.py

# A test that cannot fail is a defect: lists @Test functions without an assertion.
test-assertions:
	/usr/bin/python3 Tests/Scripts/tests_without_assertions.py

# Re-records the golden PNGs of every golden suite (the *GoldenTests suites), then checks them in
# a second run. The recording run reports each golden it wrote as a failure, by design, so its
# exit status is ignored; look at every PNG that changed (`git status`) before committing.
GOLDEN_SUITES := GoldenTests|CaptureWaylandTests|EditFromWidgetTests
record-goldens:
	$(SWIFT) build --build-tests
	-TASKTILE_RECORD_SNAPSHOTS=1 $(SWIFT) test --skip-build --filter '$(GOLDEN_SUITES)'
	$(SWIFT) test --skip-build --filter '$(GOLDEN_SUITES)'

# The multi-process torture, crash and torn-file tests for longer than the 30 s `make test` gives them.
STRESS_SECONDS ?= 300
STRESS_CRASH_ROUNDS ?= 100
STRESS_RESTORE_TODOS ?= 100000
# The interrupted first sync download (SyncTests.interruptedFirstDownload, 3 rounds in `make test`).
STRESS_SYNC_ROUNDS ?= 20
stress: deps
	$(SWIFT) build --build-tests
	TASKTILE_STRESS_SECONDS=$(STRESS_SECONDS) TASKTILE_STRESS_CRASH_ROUNDS=$(STRESS_CRASH_ROUNDS) \
	  TASKTILE_STRESS_RESTORE_TODOS=$(STRESS_RESTORE_TODOS) $(SWIFT) test --skip-build --filter StressTests
	TASKTILE_STRESS_SYNC_ROUNDS=$(STRESS_SYNC_ROUNDS) $(SWIFT) test --skip-build --filter interruptedFirstDownload

# The mutation fuzzer's long campaign over the importers, themes, specs, arguments and store files
# (Tests/Scripts/fuzz.py; `make test` runs 160 fixed-seed cases). Failing inputs are kept in
# $(FUZZ_KEEP). FUZZ_SEED=<n> FUZZ_MINUTES=<m> choose the campaign.
FUZZ_MINUTES ?= 10
FUZZ_SEED ?= 1
FUZZ_KEEP ?= $(CURDIR)/.build/fuzz-failures
fuzz: deps
	$(SWIFT) build
	/usr/bin/python3 Tests/Scripts/fuzz.py --bin "$$($(SWIFT) build --show-bin-path)" --seed $(FUZZ_SEED) \
	  --seconds $$(( $(FUZZ_MINUTES) * 60 )) --keep "$(FUZZ_KEEP)"

# tasktile against the floor (sqlite3, a C Cairo/Pango program) and the peer (Taskwarrior) on
# 10,000 and 100,000 todos; prints a table and writes Benchmarks/RESULTS.md (~15 minutes).
# BENCH_BEFORE=<git ref> also builds that commit and measures it in the same runs (RESULTS.md then
# has a before/after table), e.g. `make bench BENCH_BEFORE=2aa676c`.
BENCH_BEFORE ?=
bench: bench-deps
	/usr/bin/python3 Benchmarks/bench.py $(if $(BENCH_BEFORE),--before $(BENCH_BEFORE))
	/usr/bin/python3 Benchmarks/follow.py
	/usr/bin/python3 Benchmarks/desktop.py
	/usr/bin/python3 Benchmarks/sync.py --servers radicale,xandikos

# tasktile sync against a local Radicale and Xandikos: first sync of 1,000 and 10,000 todos up and down, a
# no-change and a one-change sync (writes Benchmarks/SYNC.md).
bench-sync: deps
	/usr/bin/python3 Benchmarks/sync.py --servers radicale,xandikos

# Import and load costs that grow with the file, release build: ICS, todo.txt and JSON
# imports and list ls at 10,000 and 30,000 items (a few minutes). Prints the table;
# Benchmarks/FAULTS.md quotes it. FAULTS_FLAGS=--instructions adds callgrind's instruction
# counts, which a shared machine does not disturb (and makes it ~50x slower).
bench-faults: bench-deps release
	/usr/bin/python3 Benchmarks/faults.py --bin "$$($(SWIFT) build -c release --show-bin-path)" \
	  --sizes 10000,30000 --cases ics,todotxt,lists $(FAULTS_FLAGS)

# status --follow against polling: commit -> line p50/p95, idle CPU ticks, RSS after 10,000
# updates, CPU per hour of each config (~3 minutes; writes Benchmarks/FOLLOW.md).
bench-follow: deps
	/usr/bin/python3 Benchmarks/follow.py

# tasktile-render desktop on a headless sway: click -> frame, CLI commit -> frame, idle CPU, RSS
# (~12 minutes; writes Benchmarks/DESKTOP.md).
bench-desktop: deps
	/usr/bin/python3 Benchmarks/desktop.py

demo: release
	DEMO_DIR="$(DEMO_DIR)" BIN="$$($(SWIFT) build -c release --show-bin-path)" ./scripts/demo.sh

# `make install PREFIX=…` (default /usr/local; DESTDIR for staging): the binaries (tasktile,
# tasktile-render, tasktile-desktop, which `tasktile-render desktop` execs, and tasktile-notify,
# which `tasktile notify run` execs), tasktile-pick,
# tasktile-wallpaper, man pages and bash/zsh/fish completions generated from the programs' help and
# command tables, systemd user units with the installed paths, tasktile.desktop, themes, specs and
# routines. It never runs apt (no `deps`) and builds only what changed. `make uninstall` removes
# exactly what it installed (scripts/uninstall.sh reads the manifest install wrote).
CONFIG ?= release
install: build-$(CONFIG)
	$(MAKE) install-files BUILT="$$($(SWIFT) build -c $(CONFIG) --show-bin-path)"

build-release:
	$(SWIFT) build -c release
build-debug:
	$(SWIFT) build

# The copying alone, from already built binaries in BUILT (the tests use the debug build).
install-files:
	@[ -n "$(BUILT)" ] || { echo "install-files needs BUILT=<directory with tasktile and tasktile-render>"; exit 64; }
	sh scripts/install.sh "$(BUILT)" "$(PREFIX)" "$(DESTDIR)"

uninstall:
	sh scripts/uninstall.sh "$(PREFIX)" "$(DESTDIR)"

# `make deb`: build/tasktile_<version>_<arch>.deb with dpkg-deb (scripts/deb.sh): the files of
# `make install PREFIX=/usr`, Depends from the libraries the binaries link. The Swift standard
# library is linked statically so the package needs no Swift on the target machine. Never runs apt.
DEB_OUT ?= $(CURDIR)/build
deb-deps: deps
	$(call apt_install,$(DEB_PACKAGES))

deb: deb-deps
	$(SWIFT) build -c release --static-swift-stdlib
	sh scripts/deb.sh "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)" "$(DEB_OUT)"

# The packaging alone, from already built binaries in BUILT (the tests use the debug build).
deb-files:
	@[ -n "$(BUILT)" ] || { echo "deb-files needs BUILT=<directory with tasktile and tasktile-render>"; exit 64; }
	sh scripts/deb.sh "$(BUILT)" "$(DEB_OUT)"

# Regenerate the recurrence differential-test vectors with python-dateutil (fixed seed).
vectors: deps
	/usr/bin/python3 Tests/TaskTileCoreTests/Time/Vectors/generate_vectors.py

clean:
	$(SWIFT) package clean
