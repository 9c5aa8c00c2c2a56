import TaskTileCore

/// What decides a widget's picture, as text: equal fingerprints draw equal pixels, so a live
/// renderer (`watch`, the desktop host) redraws a widget only when its fingerprint changed.
///
/// It covers the spec (every key, placement included), the theme (every key), what the widget can
/// show (the list's id and title; each todo's id, title, state, order, due, parent, priority, tags
/// and subtask progress) and the todos drawn
/// as the flash frame; with a `clock`, also today's date and each due's `DueLabel` kind, so a due
/// label that turns from `Today 18:00` to `Overdue` (or a new day's `Tomorrow` to `Today`) redraws
/// at the minute boundary that changes it, and only then.
public enum WidgetFingerprint {
    /// The fingerprint of `spec` drawn in `theme` with `content`, `flashing` drawn as the flash frame,
    /// due labels read at `clock` (nil: leave due labels out).
    public static func of(
        spec: WidgetSpec, theme: Theme, content: WidgetContent, flashing: Set<String>, clock: Clock? = nil
    ) -> String {
        var parts = ["\(spec)", theme.jsonValue.serialized(pretty: false)]
        switch content {
        case .setup: parts.append("setup")
        case .missingList(let r): parts.append("missing:\(r)")
        case .list(let c):
            parts.append("list:\(c.list.id):\(c.list.title):\(c.addListID ?? "")")
            // One line per todo, built from plain fields: a watcher computes this for every todo of
            // the list on every commit, and interpolating a `Due` (reflection) cost more than
            // drawing the widget.
            for t in c.pending + c.completed {
                var line =
                    t.id + "|" + t.title + (t.isCompleted ? "|1|" : "|0|") + String(t.sortOrder) + "|"
                    + text(t.due) + (t.repeatRule != nil ? "|r" : "|")
                // What the organize marks draw (docs/widgets.md "Subtasks, priority and tags"): the
                // parent (where the row goes), the priority mark, the tag chips (tab-separated: a tag
                // has no whitespace) and the parent's `2/5`.
                line +=
                    "|" + (t.parentId ?? "") + "|" + String(t.priority.rawValue) + "|" + t.tags.joined(separator: "\t")
                if let p = c.subtaskProgress[t.id] { line += "|" + String(p.done) + "/" + String(p.total) }
                parts.append(line)
            }
            if let clock {
                parts.append("today:\(clock.today)")
                for t in c.pending {
                    if let due = t.due {
                        parts.append(t.id + ":" + text(DueLabel(due: due, now: clock.now, zone: clock.timeZone).kind))
                    }
                }
            }
        case .grid(let r):
            // Every cell and today's column: changes at local midnight as well as on a check-in.
            parts.append("grid:\(r)")
        }
        parts.append("flash:" + flashing.sorted().joined(separator: ","))
        return parts.joined(separator: "\n")
    }

    /// A due as fingerprint text: the day number of a floating date, the naive seconds and zone of a timed one.
    static func text(_ due: Due?) -> String {
        switch due {
        case nil: ""
        case .date(let d)?: "d" + String(d.dayNumber)
        case .dateTime(let wc, let zoneID)?: "t" + String(wc.naiveSeconds) + "@" + zoneID
        }
    }

    static func text(_ kind: DueLabel.Kind) -> String {
        switch kind {
        case .overdue: "overdue"
        case .today: "today"
        case .upcoming: "upcoming"
        }
    }
}
