import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

private let nameList = CompletionSound.allCases.map(\.rawValue).joined(separator: ", ")

/// Parses a sound name. - Throws: `UsageError` listing the names.
private func soundNamed(_ name: String, spec: CommandSpec) throws -> CompletionSound {
    guard let sound = CompletionSound(name: name) else {
        throw UsageError(message: Phrase(key: .soundErrorUnknown, name, nameList), spec: spec)
    }
    return sound
}

/// `tasktile sound ls`: the seven sounds with length and note count; `*` marks the one in `sound.name`.
struct SoundLsCommand: Command {
    static let spec = CommandSpec(path: ["sound", "ls"], abstract: "List the completion sounds.")
    init(_ a: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let settings = try context.store().soundSettings()
        if context.json {
            context.printJSON(.array(CompletionSound.allCases.map { s in
                .object([("name", .string(s.rawValue)), ("duration", .number(s.duration)), ("volume", .number(s.volume)),
                         ("isDefault", .bool(s == .default)), ("selected", .bool(s == settings.sound)),
                         ("notes", .array(s.notes.map { n in
                             .object([("frequency", .number(n.startFrequency)), ("endFrequency", .number(n.endFrequency)),
                                      ("duration", .number(n.duration)), ("decay", .number(n.decay)), ("gap", .number(n.gap))])
                         }))])
            }))
            return .success
        }
        let width = CompletionSound.allCases.map { $0.rawValue.count }.max() ?? 0
        for s in CompletionSound.allCases {
            let name = s.rawValue + String(repeating: " ", count: width - s.rawValue.count)
            let ms = Int((s.duration * 1000).rounded())
            let l = context.localizer
            let notes = s.notes.count == 1 ? l.text(.soundOneNote) : l.text(.soundNotes, s.notes.count)
            context.out("\(s == settings.sound ? "*" : " ") \(name)  \(ms) ms, \(notes)\(s == .default ? l.text(.soundDefault) : "")")
        }
        context.out(context.localizer.text(settings.enabled ? .soundOn : .soundOff))
        return .success
    }
}

/// `tasktile sound play [NAME]`: plays a sound now (the `sound.name` one by default), at the
/// `sound.volume` setting, whatever `sound.enabled` says. Exit 0 even when no player exists.
struct SoundPlayCommand: Command {
    static let spec = CommandSpec(
        path: ["sound", "play"], abstract: "Play a completion sound.",
        discussion: "Plays through the first of pw-play, paplay, aplay found on PATH; when none is found it says so and still exits 0.",
        arguments: [ArgumentSpec(name: "name", help: "A sound: \(nameList) (default: the sound.name setting).", optional: true)])
    let sound: CompletionSound?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        sound = try a.positionals.first.map { try soundNamed($0, spec: Self.spec) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let settings = try context.store().soundSettings()
        let chosen = sound ?? settings.sound
        context.stdout.flush()
        switch SoundPlayer.play(chosen, gain: settings.gain, environment: context.environment) {
        case .started(let player): if !context.json { context.out(context.localizer.text(.soundPlaying, chosen.rawValue, player)) }
        case .skipped(let reason): context.stderr.write(context.localizer.text(.soundSkipped, reason.text(context.localizer)) + "\n")
        }
        return .success
    }
}

/// `tasktile sound export NAME FILE.wav`: writes the sound as a 16-bit mono 44.1 kHz WAV file,
/// atomically, at the sound's own volume (the `sound.volume` setting does not apply: the file is
/// the reference waveform). A file that cannot be written exits 73.
struct SoundExportCommand: Command {
    static let spec = CommandSpec(path: ["sound", "export"], abstract: "Write a completion sound to a WAV file.",
                                  arguments: [ArgumentSpec(name: "name", help: "A sound: \(nameList)."),
                                              ArgumentSpec(name: "file", help: "The WAV file to write (replaced atomically).")])
    let sound: CompletionSound, path: String
    init(_ a: ParsedArguments, context: CommandContext) throws {
        sound = try soundNamed(a.positionals[0], spec: Self.spec)
        path = a.positionals[1]
        guard !path.isEmpty else { throw Self.usage(Phrase(key: .soundErrorEmptyFile)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let samples = SoundSynthesizer.samples(sound)
        do {
            try AtomicFile.write(WAVEncoder.encode(samples, sampleRate: SoundSynthesizer.sampleRate), to: path, mode: 0o644)
        } catch let e as FileError {
            throw OutputError.cannotWrite(path, detail: e.description)
        }
        if context.json {
            context.printJSON(.object([("name", .string(sound.rawValue)), ("file", .string(path)),
                                       ("frames", .number(Double(samples.count))),
                                       ("sampleRate", .number(Double(SoundSynthesizer.sampleRate)))]))
        } else {
            context.out(context.localizer.text(.soundWrote, sound.rawValue, samples.count, Int((sound.duration * 1000).rounded()), path))
        }
        return .success
    }
}
