import TaskTileCommandLine
import TaskTileCore

/// `tasktile occurrences TODO [--list LIST] [--count N]`: the dues of the current cycle and the
/// cycles after it (docs/cycles.md "Computing cycles"), computed by the recurrence engine from the todo's anchor.
///
/// Human output is one due per line in the user's zone (`Tue, Jan 5 09:00`); `--json` prints an
/// array of ISO 8601 strings with offsets, or `YYYY-MM-DD` for date-only dues (`Due.jsonText`).
/// Fewer than N lines when the series ends first. A one-off todo has one occurrence, its due;
/// a todo without a due has none (exit 1).
struct OccurrencesCommand: Command {
    /// Allowed `--count` values.
    static let countRange = 1...1000

    static let spec = CommandSpec(path: ["occurrences"], abstract: "Show the next cycle dues of a repeating todo, from the current cycle.",
                                  arguments: [ArgumentSpec(name: "todo", help: "An id prefix, or a title together with --list.")],
                                  options: [listOption.spec, countOption.spec])
    static let listOption = Option.value("--list", "-l", valueName: "list", help: "The list that holds the todo, when naming it by title.")
    static let countOption = Option.value("--count", "-n", valueName: "n", help: "How many dues to show, \(countRange.lowerBound)…\(countRange.upperBound).",
                                          default: "7")
    let todo: String, list: String?, count: Int

    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]
        list = a[Self.listOption]
        let text = a[Self.countOption]
        guard let n = Int(text), Self.countRange.contains(n) else {
            throw Self.usage(Phrase(key: .todoErrorCountRange, text, Self.countRange.lowerBound, Self.countRange.upperBound))
        }
        count = n
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let t = try store.read { try store.resolveTodo(todo, list: list) }
        let dues: [Due]
        if let rule = t.repeatRule, let anchor = t.anchor {
            let k = t.occurrenceCount
            // Bounded by `count` (≤ 1000) and by the series' end; the engine computes each from the anchor.
            dues = (k..<k + count).lazy.map { RecurrenceEngine.occurrence($0, of: rule, anchor: anchor) }
                .prefix { $0 != nil }.compactMap { $0 }
        } else if let due = t.due {
            dues = [due]
        } else {
            throw CommandFailure(.nothingMatched, Phrase(key: .todoErrorNoOccurrences, t.title, String(t.id.prefix(8))))
        }
        if context.json {
            context.printJSON(.array(dues.map { .string($0.jsonText) }))
            return .success
        }
        let clock = store.clock
        for due in dues {
            let label = DueLabel(due: due, now: clock.now, zone: clock.timeZone)
            context.out(TodoPrinter.dateTimeText(label, context: context, clock: clock))
        }
        return .success
    }
}
