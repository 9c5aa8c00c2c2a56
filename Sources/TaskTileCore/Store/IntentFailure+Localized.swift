import Foundation

extension IntentFailure {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them
    /// equal). `--json` results keep the English `description` for scripts.
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .listMissing(let list): return l.text(.intentErrorListMissing, list)
        case .todoMissing(let list, let todo): return l.text(.intentErrorTodoMissing, list, todo)
        case .alreadyCompleted(let list, let todo): return l.text(.errorStoreAlreadyCompleted, todo, list)
        case .idMissing(let id):
            return id.trimmingCharacters(in: .whitespaces).count < Store.minimumIDPrefix
                ? l.text(.intentErrorIdTooShort, id, Store.minimumIDPrefix)
                : l.text(.intentErrorIdMissing, id)
        case .idAlreadyCompleted(let c): return l.text(.errorStoreAlreadyCompleted, c.title, c.listTitle)
        case .ambiguous(let list, let todo, let c):
            return l.text(.intentErrorAmbiguous, c.count, todo, list) + "\n" + Self.candidateLines(c, l)
        case .ambiguousID(let id, let c):
            return l.text(.intentErrorAmbiguousID, id, c.count) + "\n" + Self.candidateLines(c, l)
        }
    }

    /// One line per candidate: `  <id>  <title>  (<list>)`, `  [completed]` when it is.
    static func candidateLines(_ candidates: [TodoCandidate], _ l: Localizer) -> String {
        candidates.map { "  \($0.id)  \($0.title)  (\($0.listTitle))" + ($0.isCompleted ? l.text(.intentCandidateCompleted) : "") }
            .joined(separator: "\n")
    }
}
