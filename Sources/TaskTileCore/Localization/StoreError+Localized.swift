extension StoreError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them
    /// equal). Paths, titles, ids and SQLite details stay as they are.
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .notAStore(let path, let detail): return l.text("error.store.notAStore", path, detail)
        case .newerStore(let path, let unknown): return l.text("error.store.newerStore", path, unknown.joined(separator: ", "))
        case .inaccessible(let path, let detail): return l.text("error.store.inaccessible", path, detail)
        case .busy(let detail): return l.text("error.store.busy", detail)
        case .invalidTitle(let reason): return l.text("error.store.invalidTitle", reason.text(l))
        case .invalidNotes(let reason): return l.text("error.store.invalidNotes", reason.text(l))
        case .listNotFound(let ref): return l.text("error.store.listNotFound", ref)
        case .ambiguousList(let ref, let candidates):
            let names = candidates.map { l.text("error.store.listCandidate", $0.title, $0.id.prefix(8)) }
            return l.text("error.store.ambiguousList", ref, candidates.count, names.joined(separator: ", "))
        case .todoNotFound(let ref, let list):
            if let list { return l.text("error.store.todoNotFoundInList", ref, list) }
            return l.text("error.store.todoNotFound", ref)
        case .ambiguousTodo(let ref, let candidates):
            return l.text("error.store.ambiguousTodo", ref, candidates.count, candidates.map { $0.label(l) }.joined(separator: ", "))
        case .alreadyCompleted(let c): return l.text("error.store.alreadyCompleted", c.title, c.listTitle)
        case .notCompleted(let c): return l.text("error.store.notCompleted", c.title, c.listTitle)
        case .badPosition(let p, let count): return l.text("error.store.badPosition", p, max(count - 1, 0))
        case .invalidSetting(let reason): return reason.text(l)
        }
    }
}

extension TodoCandidate {
    /// `Milk in Shopping (1a2b3c4d)`; Japanese `Shopping の Milk (1a2b3c4d)`.
    public func label(_ localizer: Localizer) -> String {
        localizer.text("error.store.todoCandidate", title, listTitle, id.prefix(8))
    }
}
