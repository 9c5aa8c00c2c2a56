import Foundation

/// Why `intent complete` found nothing to complete (exit 1, docs/completion.md "intent complete").
public enum IntentFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No list has the title.
    case listMissing(list: String)
    /// Lists with the title exist, but none has a todo with that title.
    case todoMissing(list: String, todo: String)
    /// Todos with that title exist, but every one is already completed.
    case alreadyCompleted(list: String, todo: String)
    /// `--id` names no todo.
    case idMissing(String)
    /// `--id` names a completed todo.
    case idAlreadyCompleted(TodoCandidate)
    /// More than one incomplete todo matches (exit 3); candidates in list then todo `sortOrder`.
    case ambiguous(list: String, todo: String, candidates: [TodoCandidate])
    /// An `--id` prefix matches more than one todo (exit 3); candidates in list then todo `sortOrder`.
    case ambiguousID(String, candidates: [TodoCandidate])

    /// A stable name for the case, for `--json` results: `listMissing`, `todoMissing`,
    /// `alreadyCompleted` (also for an id), `idMissing`, `ambiguous` (also for an id prefix).
    public var reason: String {
        switch self {
        case .listMissing: "listMissing"
        case .todoMissing: "todoMissing"
        case .alreadyCompleted, .idAlreadyCompleted: "alreadyCompleted"
        case .idMissing: "idMissing"
        case .ambiguous, .ambiguousID: "ambiguous"
        }
    }

    /// The todos an ambiguous reference matched (empty for the other cases).
    public var candidates: [TodoCandidate] {
        switch self {
        case .ambiguous(_, _, let c), .ambiguousID(_, let c): c
        case .idAlreadyCompleted(let c): [c]
        default: []
        }
    }

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }
}

extension Store {
    /// `tasktile intent complete --list TITLE --todo TITLE [--first]` (docs/completion.md "intent complete").
    ///
    /// Titles match after trimming and NFC normalisation, case-sensitively (dakuten are never
    /// stripped). Lists with the title are taken in `sortOrder`; only incomplete todos are candidates.
    /// Several candidates → `IntentFailure.ambiguous` unless `first`, which takes the first by list
    /// then todo `sortOrder`. Resolution and completion are one transaction.
    /// - Throws: `IntentFailure` (nothing changed), `StoreError.busy`.
    @discardableResult
    public func intentComplete(listTitle: String, todoTitle: String, first: Bool, source: CompletionSource = .intent) throws -> CompletionResult {
        try write {
            let lists = try lists(titled: listTitle)
            let key = TextRules.matchKey(todoTitle)
            var candidates: [Todo] = []
            var sawCompleted = false
            if lists.isEmpty {
                // A smart list (`--list @today`, `#work`): its todos with that title (docs/organize.md "Smart lists").
                guard case .view(let view)? = try? resolveScope(listTitle) else { throw IntentFailure.listMissing(list: listTitle) }
                for todo in try todos(inView: view, matchKey: key) {
                    if todo.isCompleted { sawCompleted = true } else { candidates.append(todo) }
                }
            }
            for list in lists {
                for todo in try todos(inList: list.id, matchKey: key) {
                    if todo.isCompleted { sawCompleted = true } else { candidates.append(todo) }
                }
            }
            guard let chosen = candidates.first else {
                throw sawCompleted ? IntentFailure.alreadyCompleted(list: listTitle, todo: todoTitle)
                                   : IntentFailure.todoMissing(list: listTitle, todo: todoTitle)
            }
            if candidates.count > 1 && !first {
                throw IntentFailure.ambiguous(list: listTitle, todo: todoTitle, candidates: try candidates.map(candidate))
            }
            return try completeInTransaction(todoID: chosen.id, source: source)
        }
    }

    /// `todoColumns` qualified with the alias `t`, for queries that join `lists l`.
    static let todoColumnsOfT = todoColumns.split(separator: ",")
        .map { "t." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")

    /// Shortest id prefix `intent complete --id` accepts.
    public static let minimumIDPrefix = 4

    /// `tasktile intent complete --id ID [--first]`: a full id or a unique prefix (≥ 4 characters,
    /// case-insensitive). A prefix matching several todos is refused with the candidates in list
    /// then todo `sortOrder`, unless `first`, which takes the first incomplete one of them.
    /// - Throws: `IntentFailure.idMissing`, `.idAlreadyCompleted`, `.ambiguousID` (nothing changed),
    ///   `StoreError.busy`.
    @discardableResult
    public func intentComplete(id reference: String, first: Bool = false, source: CompletionSource = .intent) throws -> CompletionResult {
        try write {
            let prefix = reference.trimmingCharacters(in: .whitespaces).lowercased()
            guard prefix.count >= Store.minimumIDPrefix, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw IntentFailure.idMissing(reference)
            }
            let limit = first ? -1 : 11
            let matches = try database.rows("""
                SELECT \(Store.todoColumnsOfT)
                FROM todos t JOIN lists l ON l.id = t.list_id WHERE t.id >= ? AND t.id < ?
                ORDER BY l.sort_order, l.created_at, l.id, t.is_completed, t.sort_order, t.created_at, t.id LIMIT ?
                """, [.text(prefix), .text(prefix + "g"), .int(limit)]).map(Store.todo(from:))
            guard let todo = matches.first else { throw IntentFailure.idMissing(reference) }
            if matches.count > 1 {
                guard first else { throw IntentFailure.ambiguousID(reference, candidates: try matches.map(candidate)) }
                guard let open = matches.first(where: { !$0.isCompleted }) else {
                    throw IntentFailure.idAlreadyCompleted(try candidate(todo))
                }
                return try completeInTransaction(todoID: open.id, source: source)
            }
            guard !todo.isCompleted else { throw IntentFailure.idAlreadyCompleted(try candidate(todo)) }
            return try completeInTransaction(todoID: todo.id, source: source)
        }
    }
}
