import Foundation

extension IntentFailure {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them
    /// equal). `--json` results keep the English `description` for scripts.
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .listMissing(let list): return l.text("intent.error.listMissing", list)
        case .todoMissing(let list, let todo): return l.text("intent.error.todoMissing", list, todo)
        case .alreadyCompleted(let list, let todo): return l.text("error.store.alreadyCompleted", todo, list)
        case .idMissing(let id):
            return id.trimmingCharacters(in: .whitespaces).count < Store.minimumIDPrefix
                ? l.text("intent.error.idTooShort", id, Store.minimumIDPrefix)
                : l.text("intent.error.idMissing", id)
        case .idAlreadyCompleted(let c): return l.text("error.store.alreadyCompleted", c.title, c.listTitle)
        case .ambiguous(let list, let todo, let c):
            return l.text("intent.error.ambiguous", c.count, todo, list) + "\n" + Self.candidateLines(c, l)
        case .ambiguousID(let id, let c):
            return l.text("intent.error.ambiguousID", id, c.count) + "\n" + Self.candidateLines(c, l)
        }
    }

    /// One line per candidate: `  <id>  <title>  (<list>)`, `  [completed]` when it is.
    static func candidateLines(_ candidates: [TodoCandidate], _ l: Localizer) -> String {
        candidates.map { "  \($0.id)  \($0.title)  (\($0.listTitle))" + ($0.isCompleted ? l.text("intent.candidateCompleted") : "") }
            .joined(separator: "\n")
    }
}
