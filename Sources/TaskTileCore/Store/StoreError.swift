/// Everything a store operation can refuse, one sentence each (SPEC §10 maps them to exit codes).
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not a tasktile store (not SQLite, or an SQLite file of another program).
    case notAStore(path: String, detail: String)
    /// The store was written by a newer tasktile (it records migrations this build does not know).
    case newerStore(path: String, unknown: [String])
    /// The store or data directory cannot be opened or written.
    case inaccessible(path: String, detail: String)
    /// Another process held the store lock past the busy timeout.
    case busy(detail: String)
    /// A title was refused (the phrase says why, in either language).
    case invalidTitle(Phrase)
    /// Notes were refused.
    case invalidNotes(Phrase)
    /// No list has this title or id prefix.
    case listNotFound(String)
    /// Several lists match a reference that must name one.
    case ambiguousList(String, candidates: [TodoList])
    /// No todo has this id prefix (or title in the given list).
    case todoNotFound(String, list: String?)
    /// Several todos match a reference that must name one.
    case ambiguousTodo(String, candidates: [TodoCandidate])
    /// The todo is already completed (nothing to do).
    case alreadyCompleted(TodoCandidate)
    /// The todo is not completed (nothing to undo).
    case notCompleted(TodoCandidate)
    /// A position is out of range.
    case badPosition(Int, count: Int)
    /// A setting key or value was refused.
    case invalidSetting(Phrase)

    public var description: String {
        switch self {
        case .notAStore(let path, let detail):
            "\(path) is not a tasktile store (\(detail)). Move it away or use --data-dir to choose another directory; it was not changed."
        case .newerStore(let path, let unknown):
            "\(path) was written by a newer version of tasktile (it has migrations \(unknown.joined(separator: ", ")) that this version does not know). Upgrade tasktile; the store was not changed."
        case .inaccessible(let path, let detail):
            "cannot open or write \(path): \(detail)"
        case .busy(let detail):
            "the store stayed locked by another process past the timeout (\(detail)); try again"
        case .invalidTitle(let reason): "invalid title: \(reason)"
        case .invalidNotes(let reason): "invalid notes: \(reason)"
        case .listNotFound(let ref): "no list matches \"\(ref)\" (give a list title or an id prefix; 'tasktile list ls' shows them)"
        case .ambiguousList(let ref, let candidates):
            "\"\(ref)\" matches \(candidates.count) lists: " + candidates.map { "\($0.title) (\($0.id.prefix(8)))" }.joined(separator: ", ") + "; use an id prefix"
        case .todoNotFound(let ref, let list):
            if let list { "no todo \"\(ref)\" in list \"\(list)\"" } else { "no todo matches \"\(ref)\" (give an id prefix, or a title with --list)" }
        case .ambiguousTodo(let ref, let candidates):
            "\"\(ref)\" matches \(candidates.count) todos: " + candidates.map { $0.label }.joined(separator: ", ") + "; use a longer id prefix"
        case .alreadyCompleted(let c): "\"\(c.title)\" in \"\(c.listTitle)\" is already completed"
        case .notCompleted(let c): "\"\(c.title)\" in \"\(c.listTitle)\" is not completed"
        case .badPosition(let p, let count): "position \(p) is out of range (accepted: 0…\(max(count - 1, 0)))"
        case .invalidSetting(let reason): reason.description
        }
    }
}

/// A todo named in an error or an intent result: enough to tell candidates apart.
public struct TodoCandidate: Hashable, Sendable {
    public var id: String
    public var title: String
    public var listId: String
    public var listTitle: String
    public var isCompleted: Bool

    public init(id: String, title: String, listId: String, listTitle: String, isCompleted: Bool) {
        self.id = id; self.title = title; self.listId = listId; self.listTitle = listTitle; self.isCompleted = isCompleted
    }

    /// `Milk in Shopping (1a2b3c4d)`.
    public var label: String { "\(title) in \(listTitle) (\(id.prefix(8)))" }
}
