extension StoreError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them
    /// equal). Paths, titles, ids and SQLite details stay as they are.
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .notAStore(let path, let detail): return l.text(.errorStoreNotAStore, path, detail.text(l))
        case .newerStore(let path, let unknown): return l.text(.errorStoreNewerStore, path, unknown.joined(separator: ", "))
        case .inaccessible(let path, let detail): return l.text(.errorStoreInaccessible, path, detail)
        case .unsafeDirectory(let path, let mode): return l.text(.errorDataDirectoryUnsafe, path, mode)
        case .foreignOwner(let path, let owner, let uid): return l.text(.errorDataDirectoryForeignOwner, path, owner, uid)
        case .dataDirectoryMissing(let path): return l.text(.errorDataDirectoryMissing, path)
        case .readOnly(let path): return l.text(.errorStoreReadOnly, path)
        case .diskFull(let path): return l.text(.errorStoreDiskFull, path)
        case .busy(let detail): return l.text(.errorStoreBusy, detail)
        case .invalidTitle(let reason): return l.text(.errorStoreInvalidTitle, reason.text(l))
        case .invalidNotes(let reason): return l.text(.errorStoreInvalidNotes, reason.text(l))
        case .listNotFound(let ref): return l.text(.errorStoreListNotFound, ref)
        case .ambiguousList(let ref, let candidates):
            let names = candidates.map { l.text(.errorStoreListCandidate, $0.title, $0.id.prefix(8)) }
            return l.text(.errorStoreAmbiguousList, ref, candidates.count, names.joined(separator: ", "))
        case .todoNotFound(let ref, let list):
            if let list { return l.text(.errorStoreTodoNotFoundInList, ref, list) }
            return l.text(.errorStoreTodoNotFound, ref)
        case .ambiguousTodo(let ref, let candidates):
            return l.text(.errorStoreAmbiguousTodo, ref, candidates.count, candidates.map { $0.label(l) }.joined(separator: ", "))
        case .alreadyCompleted(let c): return l.text(.errorStoreAlreadyCompleted, c.title, c.listTitle)
        case .notCompleted(let c): return l.text(.errorStoreNotCompleted, c.title, c.listTitle)
        case .todoExists(let c): return l.text(.errorStoreTodoExists, c.title, c.listTitle)
        case .badPosition(let p, let count): return l.text(.errorStoreBadPosition, p, max(count - 1, 0))
        case .invalidSetting(let reason): return reason.text(l)
        case .invalidCycle(let reason): return reason.text(l)
        case .alreadyCheckedIn(let reason): return reason.text(l)
        case .notCheckedIn(let reason): return reason.text(l)
        case .invalidTag(let reason), .invalidParent(let reason), .invalidView(let reason),
             .invalidSnooze(let reason), .invalidStart(let reason): return reason.text(l)
        case .viewNotFound(let name): return l.text(.errorViewNotFound, name)
        case .tagNotOnTodo(let title, let tag, let tags):
            if tags.isEmpty { return l.text(.errorUntagNoTags, title, tag) }
            return l.text(.errorUntagMissing, title, tag, tags.map { "#" + $0 }.joined(separator: " "))
        }
    }
}

extension StoreError {
    /// The message as a `Phrase`, for messages that quote it (a bad title or tag in an import file): the
    /// text-rule refusals (`invalidTitle`, `invalidNotes`, all `TextRules` throws) and every case that
    /// carries its reason as a `Phrase` (a tag, parent, view, snooze, start, setting or cycle refusal) in
    /// either language; any other case as its English `description`.
    public var quotablePhrase: Phrase {
        switch self {
        case .invalidTitle(let reason): Phrase(key: .errorStoreInvalidTitle, reason)
        case .invalidNotes(let reason): Phrase(key: .errorStoreInvalidNotes, reason)
        case .invalidTag(let reason), .invalidParent(let reason), .invalidView(let reason), .invalidSnooze(let reason),
             .invalidStart(let reason), .invalidSetting(let reason), .invalidCycle(let reason),
             .alreadyCheckedIn(let reason), .notCheckedIn(let reason): reason
        default: Phrase(stringLiteral: description)
        }
    }
}

extension TodoCandidate {
    /// `Milk in Shopping (1a2b3c4d)`; Japanese `Shopping の Milk (1a2b3c4d)`.
    public func label(_ localizer: Localizer) -> String {
        localizer.text(.errorStoreTodoCandidate, title, listTitle, id.prefix(8))
    }
}
