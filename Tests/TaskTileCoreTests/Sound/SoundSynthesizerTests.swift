import Foundation
import Testing
@testable import TaskTileCore

/// The parameters of docs/sounds.md, copied here independently of `CompletionSound` so that a typo in either
/// shows up: (start Hz, end Hz, seconds, gap seconds) per note, and the sound's volume.
let specSounds: [(CompletionSound, volume: Double, notes: [(f0: Double, f1: Double, duration: Double, gap: Double)])] = [
    (.glint, 0.3, [(784, 784, 0.09, 0.03), (1319, 1319, 0.6, 0)]),
    (.bubble, 1.0, [(300, 1000, 0.15, 0)]),
    (.levelUp, 0.6, [(523, 523, 0.08, 0.02), (659, 659, 0.08, 0.02), (784, 784, 0.5, 0)]),
    (.sparkle, 1.0, [(1568, 1568, 0.05, 0.02), (1760, 1760, 0.05, 0.02), (1976, 1976, 0.05, 0.02), (2093, 2093, 0.25, 0)]),
    (.click, 0.1, [(1200, 1200, 0.03, 0.1), (3000, 3000, 0.01, 0)]),
    (.clack, 0.3, [(600, 600, 0.02, 0.05), (1400, 1400, 0.04, 0)]),
    (.fanfare, 1.0, [(523, 523, 0.07, 0.01), (659, 659, 0.07, 0.01), (784, 784, 0.07, 0.01), (1047, 1047, 0.07, 0.01), (1319, 1319, 0.7, 0)]),
]

/// Frames for `seconds` at 44.1 kHz, rounded to nearest (the documented rule).
func specFrames(_ seconds: Double) -> Int { Int((seconds * 44100).rounded()) }

/// A parsed 16-bit PCM WAV file; `nil` fields mean the header is not what we write.
struct ParsedWAV {
    var channels = 0, sampleRate = 0, bitsPerSample = 0, format = 0, byteRate = 0, blockAlign = 0
    var samples: [Int16] = []

    /// Parses the canonical 44-byte header; records an issue and returns nil when it is not RIFF/WAVE.
    init?(_ bytes: [UInt8]) {
        func u32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func tag(_ o: Int) -> String { String(decoding: bytes[o..<(o + 4)], as: UTF8.self) }
        guard bytes.count >= 44, tag(0) == "RIFF", tag(8) == "WAVE", tag(12) == "fmt ", u32(16) == 16, tag(36) == "data",
              u32(4) == bytes.count - 8, u32(40) == bytes.count - 44 else { return nil }
        format = u16(20); channels = u16(22); sampleRate = u32(24); byteRate = u32(28); blockAlign = u16(32); bitsPerSample = u16(34)
        samples = stride(from: 44, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }
}

/// The frequency of `window` from its zero crossings: sign changes (zeros skipped) located to a
/// fraction of a frame by linear interpolation; f = (crossings − 1) / (2 × time from first to last).
func zeroCrossingFrequency(_ window: ArraySlice<Int16>, sampleRate: Double = 44100) -> Double? {
    var times: [Double] = []
    var last: (index: Int, value: Int16)?
    for (i, v) in zip(window.indices, window) where v != 0 {
        if let l = last, (l.value < 0) != (v < 0) {
            let a = Double(l.value), b = Double(v)
            times.append(Double(l.index) + Double(i - l.index) * (-a / (b - a)))
        }
        last = (i, v)
    }
    guard times.count >= 3, let first = times.first, let end = times.last else { return nil }
    return Double(times.count - 1) / (2 * (end - first) / sampleRate)
}

@Suite("Sound: synthesis and WAV")
struct SoundSynthesizerTests {
    @Test("RIFF header, 44.1 kHz mono 16-bit, frames = Σ note + gap frames, silent gaps", arguments: CompletionSound.allCases)
    func header(sound: CompletionSound) throws {
        let spec = try #require(specSounds.first { $0.0 == sound })
        let wav = try #require(ParsedWAV(SoundSynthesizer.wav(sound)))
        #expect(wav.format == 1 && wav.channels == 1 && wav.sampleRate == 44100 && wav.bitsPerSample == 16)
        #expect(wav.byteRate == 88200 && wav.blockAlign == 2)
        let expected = spec.notes.reduce(0) { $0 + specFrames($1.duration) + specFrames($1.gap) }
        #expect(wav.samples.count == expected)
        var offset = 0
        for note in spec.notes {
            offset += specFrames(note.duration)
            let gap = wav.samples[offset..<(offset + specFrames(note.gap))]
            #expect(gap.allSatisfy { $0 == 0 }, "gap after the note at \(note.f0) Hz is silent")
            offset += specFrames(note.gap)
        }
    }

    @Test("each note's dominant frequency is within 2 % (a glide: start, end and average)", arguments: CompletionSound.allCases)
    func frequencies(sound: CompletionSound) throws {
        let spec = try #require(specSounds.first { $0.0 == sound })
        let samples = SoundSynthesizer.samples(sound)
        var offset = 0
        for note in spec.notes {
            let n = specFrames(note.duration)
            let window = samples[offset..<(offset + n)]
            let measured = try #require(zeroCrossingFrequency(window))
            let average = (note.f0 + note.f1) / 2
            #expect(abs(measured - average) / average < 0.02, "\(sound) note \(note.f0)→\(note.f1): measured \(measured) Hz")
            if note.f0 != note.f1 {
                // The first and last tenth of a linear glide average f at 5 % and 95 % of the way.
                let tenth = n / 10
                let start = try #require(zeroCrossingFrequency(window.prefix(tenth)))
                let end = try #require(zeroCrossingFrequency(window.suffix(tenth)))
                let expectedStart = note.f0 + (note.f1 - note.f0) * 0.05, expectedEnd = note.f0 + (note.f1 - note.f0) * 0.95
                #expect(abs(start - expectedStart) / expectedStart < 0.02, "glide start \(start) vs \(expectedStart)")
                #expect(abs(end - expectedEnd) / expectedEnd < 0.02, "glide end \(end) vs \(expectedEnd)")
            }
            offset += n + specFrames(note.gap)
        }
    }

    @Test("amplitude: peak ≈ 0.5 × volume at the start of the first note, never above; gain scales it", arguments: CompletionSound.allCases)
    func amplitude(sound: CompletionSound) throws {
        let spec = try #require(specSounds.first { $0.0 == sound })
        let bound = 0.5 * spec.volume * 32767
        let samples = SoundSynthesizer.samples(sound)
        let peak = Double(samples.map { abs(Int($0)) }.max() ?? 0)
        #expect(peak <= bound + 1)
        #expect(peak >= 0.9 * bound, "peak \(peak) of \(bound)")
        let half = Double(SoundSynthesizer.samples(sound, gain: 0.5).map { abs(Int($0)) }.max() ?? 0)
        #expect(abs(half - peak / 2) <= 1)
    }

    @Test("names: raw values, case-insensitive lookup, default glint")
    func names() {
        #expect(CompletionSound.allCases.map(\.rawValue) == ["glint", "bubble", "levelUp", "sparkle", "click", "clack", "fanfare"])
        #expect(CompletionSound(name: "LEVEL-UP") == .levelUp)
        #expect(CompletionSound(name: "levelup") == .levelUp)
        #expect(CompletionSound(name: "beep") == nil)
        #expect(CompletionSound.default == .glint)
    }
}
