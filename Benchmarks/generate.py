#!/usr/bin/python3
"""One realistic data set, written for tasktile and for Taskwarrior from the same seed.

    generate.py --todos N --out DIR [--lists 200] [--seed 7] [--now 2027-01-05T09:00:00Z]

Writes into DIR:
  backup-NN.json   tasktile JSON backups (docs/interchange.md), each under the 16 MiB import
                   limit; import them in order with `tasktile import --format json FILE`
                   (records merge by id, so the lists repeated in every part are skipped).
  tasks.jsonl      the same todos for `task import` (JSON lines).
  facts.json       what the benchmark needs to address: the 1,000-todo list, intent targets.

The data: 200 lists (Japanese and English titles); list 0 ("Big list") holds exactly 1,000 todos,
the rest are spread evenly. Every fifth todo repeats (daily/weekly/monthly/yearly, always with a
due); about 30 % of the others are completed; half the others have a due spread over +-30 days
around "now" (half floating dates, half wall-clock times in UTC or Asia/Tokyo). Titles mix
Japanese and English words and are unique within their list (a numeric suffix).

Taskwarrior has no lists: the list becomes `project` (spaces as `_`). A repeating todo becomes
Taskwarrior's own shape of a series: a `recurring` template plus its one pending instance; the
benchmark runs with rc.recurrence=off so Taskwarrior does not materialise further instances and
both programs hold the same pending todos.
Only the Python standard library is used (Debian's python3, no pip).
"""
import argparse
import datetime as dt
import json
import os
import random
import uuid

JA = ["牛乳", "パン", "卵", "データ整理", "請求書", "会議の準備", "洗濯", "掃除", "歯医者の予約", "本を返す",
      "メール返信", "資料作成", "買い物", "ゴミ出し", "植物に水", "家賃", "レポート", "電話", "散歩", "ﾊﾟｽﾀを買う"]
EN = ["Buy milk", "Pay rent", "Call mum", "Write report", "Fix the bike", "Review PR", "Water plants",
      "Book flights", "Renew passport", "Clean kitchen", "Dentist", "Laundry", "Backup laptop",
      "Read chapter", "Send invoice", "Plan sprint", "Gym", "Groceries", "Update CV", "Taxes"]
LIST_JA = ["買い物", "仕事", "家事", "学校", "趣味", "旅行", "健康", "家計"]
LIST_EN = ["Home", "Work", "Errands", "Projects", "Reading", "Garden", "Health", "Finance"]
FREQS = ["daily", "weekly", "monthly", "yearly"]


def iso_z(t: dt.datetime) -> str:
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def tw_time(t: dt.datetime) -> str:
    return t.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--todos", type=int, required=True)
    ap.add_argument("--lists", type=int, default=200)
    ap.add_argument("--big", type=int, default=1000, help="todos in list 0")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--now", default="2027-01-05T09:00:00Z")
    ap.add_argument("--out", required=True)
    ap.add_argument("--part", type=int, default=25000, help="todos per backup file")
    ap.add_argument("--plain", action="store_true",
                    help="no organize data (by default 30%% of the non-repeating todos are subtasks, every todo has "
                         "5 tags and a priority, as docs/organize.md's benchmark asks)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    now = dt.datetime.fromisoformat(a.now.replace("Z", "+00:00"))
    os.makedirs(a.out, exist_ok=True)
    uid = lambda: str(uuid.UUID(int=rng.getrandbits(128), version=4))

    lists = []
    for i in range(a.lists):
        if i == 0:
            title = "Big list"
        elif i % 2:
            title = f"{LIST_JA[i % len(LIST_JA)]} {i}"
        else:
            title = f"{LIST_EN[i % len(LIST_EN)]} {i}"
        lists.append({"id": uid(), "title": title, "sortOrder": i,
                      "createdAt": iso_z(now - dt.timedelta(days=400 - i))})

    big = min(a.big, a.todos)
    rest = a.todos - big
    per = [big] + [rest // (a.lists - 1) + (1 if k < rest % (a.lists - 1) else 0) for k in range(a.lists - 1)]
    todos, tasks = [], []
    seq = 0
    tag_pool = ["work", "home", "家族", "買い物", "urgent", "later", "phone", "errand", "読書", "health",
                "money", "garden", "café", "travel", "admin", "kids", "car", "旅行", "music", "study"]
    has_children = set()
    for li, count in enumerate(per):
        lst = lists[li]
        pending_order = completed_order = 0
        last_top = None
        for k in range(count):
            seq += 1
            words = rng.choice(JA) if rng.random() < 0.5 else rng.choice(EN)
            title = f"{words} {k + 1}"
            created = now - dt.timedelta(seconds=rng.randint(3600, 300 * 86400))
            repeating = seq % 5 == 0
            completed = (not repeating) and rng.random() < 0.3
            due = anchor = rule = None
            due_instant = None
            if repeating or rng.random() < 0.5:
                offset = dt.timedelta(minutes=rng.randint(-30 * 1440, 30 * 1440))
                if rng.random() < 0.5:
                    day = (now + offset).date()
                    due = {"local": day.isoformat()}
                    due_instant = dt.datetime.combine(day, dt.time(23, 59, 59), dt.timezone.utc)
                else:
                    zone = rng.choice(["UTC", "Asia/Tokyo"])
                    inst = (now + offset).replace(second=0, microsecond=0)
                    inst = inst.replace(minute=(inst.minute // 15) * 15)
                    shift = dt.timedelta(hours=9) if zone == "Asia/Tokyo" else dt.timedelta(0)
                    due = {"local": (inst + shift).strftime("%Y-%m-%dT%H:%M:%S"), "zone": zone}
                    due_instant = inst
            if repeating:
                anchor = due
                freq = FREQS[(seq // 5) % 4]
                weekday = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][dt.date.fromisoformat(due["local"][:10]).weekday()]
                rule = {"frequency": freq, "interval": 1, "weekdays": [weekday] if freq == "weekly" else [],
                        "endCount": None, "endDate": None}
            completed_at = created + dt.timedelta(seconds=rng.randint(60, 3000)) if completed else None
            if completed:
                order = completed_order; completed_order += 1
            else:
                order = pending_order; pending_order += 1
            tid = uid()
            todo = {"id": tid, "listId": lst["id"], "title": title, "isCompleted": completed,
                    "completedAt": iso_z(completed_at) if completed_at else None, "sortOrder": order,
                    "createdAt": iso_z(created), "due": due, "anchor": anchor, "repeat": rule,
                    "missedCount": 0, "occurrenceCount": 0, "notes": None}
            if not a.plain:
                todo["priority"] = rng.choice(["none", "low", "medium", "high"])
                todo["tags"] = rng.sample(tag_pool, 5)
                if not repeating and last_top is not None and rng.random() < 0.38:
                    todo["parentId"] = last_top
                    has_children.add(last_top)
                elif not repeating:
                    last_top = tid
            todos.append(todo)
            task = {"uuid": tid, "description": title, "project": lst["title"].replace(" ", "_"),
                    "status": "completed" if completed else "pending", "entry": tw_time(created)}
            if completed:
                task["end"] = tw_time(completed_at)
            if due_instant is not None:
                task["due"] = tw_time(due_instant)
            if not a.plain:
                task["tags"] = todo["tags"]
                if todo["priority"] != "none":
                    task["priority"] = {"low": "L", "medium": "M", "high": "H"}[todo["priority"]]
            if rule:
                # Taskwarrior's own shape of a series: a template (status recurring, mask "-": instance
                # 0 pending) and its pending instance 0 pointing at it.
                template = {"uuid": uid(), "description": title, "project": task["project"], "status": "recurring",
                            "entry": task["entry"], "due": task["due"], "recur": rule["frequency"], "mask": "-"}
                tasks.append(template)
                task.update({"recur": rule["frequency"], "parent": template["uuid"], "imask": 0})
            tasks.append(task)

    # Backups: every part carries the lists (identical on re-import: skipped) and a slice of todos.
    for p in range(0, max(1, len(todos)), a.part):
        doc = {"format": "tasktile-backup", "version": 1, "lists": lists, "todos": todos[p:p + a.part],
               "completions": [], "settings": {}, "routines": [], "themes": []}
        with open(os.path.join(a.out, f"backup-{p // a.part:02d}.json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(a.out, "tasks.jsonl"), "w", encoding="utf-8") as f:
        for t in tasks:
            f.write(json.dumps(t, ensure_ascii=False, separators=(",", ":")) + "\n")

    # Targets for the completion benchmark: pending, non-repeating todos of the big list, by title.
    big_list = lists[0]
    # A top-level todo without subtasks, so completing it completes it alone.
    targets = [t for t in todos if t["listId"] == big_list["id"] and not t["isCompleted"] and not t["repeat"]
               and "parentId" not in t and t["id"] not in has_children]
    big_rows = [t["title"] for t in todos if t["listId"] == big_list["id"] and not t["isCompleted"]]
    facts = {"todos": len(todos), "lists": len(lists), "bigList": big_list["title"], "bigListId": big_list["id"],
             "pending": sum(not t["isCompleted"] for t in todos),
             "repeating": sum(t["repeat"] is not None for t in todos),
             "subtasks": sum("parentId" in t for t in todos),
             "target": {"id": targets[0]["id"], "title": targets[0]["title"]},
             "bigPendingTitles": big_rows[:40]}
    with open(os.path.join(a.out, "facts.json"), "w", encoding="utf-8") as f:
        json.dump(facts, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
