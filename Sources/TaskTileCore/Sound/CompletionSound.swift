import Foundation

/// One note of a completion sound (docs/sounds.md "Synthesis"): a sine whose frequency glides linearly from
/// `startFrequency` to `endFrequency` over `duration`, with amplitude 0.5 × volume × e^(−decay·t)
/// (t in seconds from the note's start), followed by `gap` seconds of silence.
public struct SoundNote: Hashable, Sendable {
    /// Hz at the note's start.
    public var startFrequency: Double
    /// Hz at the note's end (equal to `startFrequency` for a steady tone).
    public var endFrequency: Double
    /// Seconds.
    public var duration: Double
    /// Exponential decay rate, 1/seconds.
    public var decay: Double
    /// Seconds of silence after the note.
    public var gap: Double

    public init(_ frequency: Double, to endFrequency: Double? = nil, duration: Double, decay: Double, gap: Double = 0) {
        self.startFrequency = frequency; self.endFrequency = endFrequency ?? frequency
        self.duration = duration; self.decay = decay; self.gap = gap
    }
}

/// The seven completion sounds, synthesised in code (no audio files), with the exact parameters of
/// docs/sounds.md "The seven sounds". `glint` is the default. Raw values are the names the CLI and settings use.
public enum CompletionSound: String, CaseIterable, Hashable, Sendable {
    case glint, bubble, levelUp, sparkle, click, clack, fanfare

    /// The default sound (docs/sounds.md "The seven sounds").
    public static let `default` = CompletionSound.glint

    /// Looks a sound up by name, ignoring case and `-`/`_` (`levelup`, `level-up` → `levelUp`).
    public init?(name: String) {
        let simple = { (s: String) in s.lowercased().filter { $0 != "-" && $0 != "_" } }
        guard let match = CompletionSound.allCases.first(where: { simple($0.rawValue) == simple(name) }) else { return nil }
        self = match
    }

    /// The sound's own volume, 0…1 (docs/sounds.md: a sound without a volume uses 1.0).
    public var volume: Double {
        switch self {
        case .glint: 0.3
        case .levelUp: 0.6
        case .click: 0.1
        case .clack: 0.3
        case .bubble, .sparkle, .fanfare: 1.0
        }
    }

    /// The notes in playing order; the last note has no gap.
    public var notes: [SoundNote] {
        switch self {
        case .glint:
            [SoundNote(784, duration: 0.09, decay: 22, gap: 0.03), SoundNote(1319, duration: 0.6, decay: 8)]
        case .bubble:
            [SoundNote(300, to: 1000, duration: 0.15, decay: 35)]
        case .levelUp:
            [SoundNote(523, duration: 0.08, decay: 25, gap: 0.02), SoundNote(659, duration: 0.08, decay: 25, gap: 0.02),
             SoundNote(784, duration: 0.5, decay: 10)]
        case .sparkle:
            [1568.0, 1760, 1976].map { SoundNote($0, duration: 0.05, decay: 40, gap: 0.02) }
                + [SoundNote(2093, duration: 0.25, decay: 20)]
        case .click:
            [SoundNote(1200, duration: 0.03, decay: 180, gap: 0.1), SoundNote(3000, duration: 0.01, decay: 200)]
        case .clack:
            [SoundNote(600, duration: 0.02, decay: 150, gap: 0.05), SoundNote(1400, duration: 0.04, decay: 120)]
        case .fanfare:
            [523.0, 659, 784, 1047].map { SoundNote($0, duration: 0.07, decay: 20, gap: 0.01) }
                + [SoundNote(1319, duration: 0.7, decay: 7)]
        }
    }

    /// Total length in seconds (notes and gaps).
    public var duration: Double { notes.reduce(0) { $0 + $1.duration + $1.gap } }
}
