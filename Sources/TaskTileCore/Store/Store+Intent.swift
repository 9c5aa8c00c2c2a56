import Foundation

/// Why `intent complete` found nothing to complete (exit 1, SPEC §7.1).
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

    public var description: String {
        switch self {
        case .listMissing(let l): "no list titled \"\(l)\""
        case .todoMissing(let l, let t): "list \"\(l)\" has no todo titled \"\(t)\""
        case .alreadyCompleted(let l, let t): "\"\(t)\" in \"\(l)\" is already completed"
        case .idMissing(let id): "no todo has the id \"\(id)\""
        case .idAlreadyCompleted(let c): "\"\(c.title)\" in \"\(c.listTitle)\" is already completed"
        case .ambiguous(let l, let t, let c):
            "\(c.count) incomplete todos titled \"\(t)\" in lists titled \"\(l)\"; use --id or --first:\n"
                + c.map { "  \($0.id)  \($0.title)  (\($0.listTitle))" }.joined(separator: "\n")
        }
    }
}

extension Store {
    /// `tasktile intent complete --list TITLE --todo TITLE [--first]` (SPEC §7.1).
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
            guard !lists.isEmpty else { throw IntentFailure.listMissing(list: listTitle) }
            let key = TextRules.matchKey(todoTitle)
            var candidates: [Todo] = []
            var sawCompleted = false
            for list in lists {
                for todo in try todos(inList: list.id) where TextRules.matchKey(todo.title) == key {
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

    /// `tasktile intent complete --id ID`: a full id or a unique prefix (≥ 4 characters).
    /// - Throws: `IntentFailure.idMissing`, `.idAlreadyCompleted`, `.ambiguous`.
    @discardableResult
    public func intentComplete(id reference: String, source: CompletionSource = .intent) throws -> CompletionResult {
        try write {
            let prefix = reference.trimmingCharacters(in: .whitespaces).lowercased()
            guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw IntentFailure.idMissing(reference)
            }
            let matches = try database.rows("SELECT \(Store.todoColumns) FROM todos WHERE id >= ? AND id < ? LIMIT 11",
                                            [.text(prefix), .text(prefix + "g")]).map(Store.todo(from:))
            guard let todo = matches.first else { throw IntentFailure.idMissing(reference) }
            if matches.count > 1 {
                throw IntentFailure.ambiguous(list: "", todo: reference, candidates: try matches.map(candidate))
            }
            guard !todo.isCompleted else { throw IntentFailure.idAlreadyCompleted(try candidate(todo)) }
            return try completeInTransaction(todoID: todo.id, source: source)
        }
    }
}
