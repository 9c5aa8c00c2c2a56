import TaskTileCommandLine
import TaskTileCore

/// The organize options `add` and `edit` share (docs/organize.md): parent, priority, tags, start.
enum OrganizeOptions {
    static let parent = Option.value(
        "--parent", valueName: "todo",
        help: "Make it a subtask of this todo (an id prefix, or a title in the same list).")
    static let priority = Option.value(
        "--priority", "-p", valueName: "level",
        help: "Priority: none, low, medium or high (also n/l/m/h and !/!!/!!!).")
    static let tag = Option.repeating(
        "--tag", "-t", valueName: "tag",
        help: "Add a tag (#work or work; may be given several times).")
    static let start = Option.value(
        "--start", valueName: "when",
        help: "Hide it until then (same forms as --due): widgets, bars and show leave it out before.")
    static let noParent = Option.flag("--no-parent", help: "Make a subtask a top-level todo again.")
    static let untag = Option.repeating("--untag", valueName: "tag", help: "Remove a tag (may be given several times).")
    static let noStart = Option.flag("--no-start", help: "Remove the start: show it from now on.")
    static let move = Option.value("--move", valueName: "list", help: "Move it (with its subtasks) to another list.")

    /// The declarations `add` takes.
    static let addSpecs = [parent.spec, priority.spec, tag.spec, start.spec]
    /// The declarations `edit` takes.
    static let editSpecs = [
        parent.spec, noParent.spec, priority.spec, tag.spec, untag.spec, start.spec, noStart.spec, move.spec,
    ]

    /// What the options gave: the parts of a todo they set.
    struct Values {
        var parent: String??
        var priority: Priority?
        var tags: [String] = []
        var untags: [String] = []
        var start: Due??
        var move: String?

        /// Whether any option was given.
        var isEmpty: Bool {
            parent == nil && priority == nil && tags.isEmpty && untags.isEmpty && start == nil && move == nil
        }
    }

    /// Reads the options. - Throws: `UsageError` (exit 64) for an unknown priority, `--parent` with
    /// `--no-parent`, `--start` with `--no-start`; `DueParser` errors for `--start`.
    static func read(_ a: ParsedArguments, context: CommandContext, spec: CommandSpec) throws -> Values {
        var v = Values()
        if let p = a[parent] {
            if a[noParent] { throw UsageError(message: Phrase(key: .organizeErrorParentOrNoParent), spec: spec) }
            v.parent = .some(p)
        } else if a[noParent] {
            v.parent = .some(nil)
        }
        if let p = a[priority] {
            guard let level = Priority(name: p) else {
                throw UsageError(message: Phrase(key: .errorPriorityUnknown, p, Priority.accepted), spec: spec)
            }
            v.priority = level
        }
        v.tags = a[tag]
        v.untags = a[untag]
        if let s = a[start] {
            if a[noStart] { throw UsageError(message: Phrase(key: .organizeErrorStartOrNoStart), spec: spec) }
            do { v.start = .some(try DueParser.parse(s, clock: context.clock())) } catch let e as DueParser.ParseError {
                throw UsageError(message: Phrase(key: .startError, s, e.reason, DueParser.acceptedForms), spec: spec)
            }
        } else if a[noStart] {
            v.start = .some(nil)
        }
        v.move = a[move]
        return v
    }
}
