import TaskTileCore

/// The one way a todo is completed from outside the store: `tasktile done`, the intent command, a
/// widget click (`click`, the desktop host) and a notification's Complete button all go through
/// `perform`, so the rules (which cycle, history, flash, sound) live in one place: the cycle,
/// history and flash rules in `Store.completeInTransaction` (one `BEGIN IMMEDIATE` transaction),
/// the feedback sound here.
public enum TodoCompletion {
    /// Runs `completion` (one of the store's completing writes: `complete(todoID:source:)`,
    /// `complete(_:list:source:)`, `intentComplete(…)`), then `announce` with the result (a CLI
    /// prints and flushes there, so a bar sees the result before the sound), then plays the
    /// completion sound when the settings allow it for the result's source (`SoundSettings.plays(for:)`).
    /// - Returns: the completed todo and its list's title.
    /// - Throws: whatever `completion` throws (`StoreError.todoNotFound`, `.alreadyCompleted`,
    ///   `.busy`, `IntentFailure`…); nothing is announced or played then. The sound never throws:
    ///   any problem with settings or the player means silence.
    @discardableResult
    public static func perform(store: Store, environment: [String: String], announce: (CompletionResult) -> Void = { _ in },
                               _ completion: (Store) throws -> CompletionResult) throws -> CompletionResult {
        let result = try completion(store)
        announce(result)
        playSound(for: result, store: store, environment: environment)
        return result
    }

    /// Plays the completion sound for `result` when the settings allow it for its source
    /// (`SoundSettings.plays(for:)`): `perform`'s last step, and the edit popup's after it completed subtasks
    /// inside its save transaction. Never throws: any problem with settings or the player means silence.
    public static func playSound(for result: CompletionResult, store: Store, environment: [String: String]) {
        if let settings = try? store.soundSettings(), settings.plays(for: result.source) {
            _ = SoundPlayer.play(settings.sound, gain: settings.gain, environment: environment)
        }
    }

    /// Toggles the check-in of the cycle of todo `todoID` due on `date` (a grid cell click,
    /// docs/widgets.md "grid"): `undo --on` when it is checked in, else `perform` with
    /// `Store.complete(_:on:source:)` — the same path as `done --on`.
    /// - Returns: the completion, or nil when the check-in was taken back.
    /// - Throws: `StoreError.todoNotFound`, `.invalidCycle` (a future day), `.busy`, or another `StoreError`.
    @discardableResult
    public static func toggleCheckIn(todoID: String, on date: LocalDate, source: CompletionSource, store: Store,
                                     environment: [String: String]) throws -> CompletionResult? {
        if try store.isCheckedIn(todoID: todoID, on: date) {
            try store.undo(todoID, on: date)
            return nil
        }
        return try perform(store: store, environment: environment) { try $0.complete(todoID, on: date, source: source) }
    }

    /// Completes the todo with id `todoID` (a widget click, a notification action): `perform` with
    /// `Store.complete(todoID:cycle:source:)`.
    /// - Parameter cycle: the cycle of a repeating todo to complete — a notification's own cycle,
    ///   so Complete on it completes the cycle it was for even after the next one began; a grid
    ///   cell's day. nil: the cycle that is due.
    /// - Throws: `StoreError.todoNotFound`, `.alreadyCompleted`, `.invalidCycle`, `.busy`, or another `StoreError`.
    @discardableResult
    public static func complete(todoID: String, cycle: Int? = nil, source: CompletionSource, store: Store, environment: [String: String],
                                announce: (CompletionResult) -> Void = { _ in }) throws -> CompletionResult {
        try perform(store: store, environment: environment, announce: announce) {
            try $0.complete(todoID: todoID, cycle: cycle, source: source)
        }
    }
}
