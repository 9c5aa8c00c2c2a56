import TaskTileCore

/// What the CLI does after the shared completion function (`Store.complete…`) succeeded: the one
/// place both `tasktile done` and `tasktile intent complete` call, so the rules for the completion
/// sound live here and not in the Store (which stays free of side effects outside the database).
enum CompletionFeedback {
    /// Plays the completion sound when the settings allow it for `result.source`
    /// (`SoundSettings.plays(for:)`). Flushes stdout first, so a status bar or script sees the
    /// result before the sound; waits at most the sound's length; never throws or changes the
    /// exit code — any problem (store, settings, player) means silence.
    static func afterCompletion(_ result: CompletionResult, context: CommandContext) {
        guard let settings = try? context.store().soundSettings(), settings.plays(for: result.source) else { return }
        context.stdout.flush()
        SoundPlayer.play(settings.sound, gain: settings.gain, environment: context.environment)
    }
}
