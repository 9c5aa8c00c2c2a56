import Foundation

/// Renders a `CompletionSound` to 16-bit mono PCM at 44.1 kHz (docs/sounds.md "Synthesis").
///
/// Frame counts: each note and each gap is `Int((seconds × 44100).rounded())` frames (to nearest;
/// every duration in docs/sounds.md is a whole number of frames, the rounding only absorbs floating-point error),
/// so a sound's length is the sum of its notes' and gaps' frame counts. Within a note the phase is
/// the integral of the linear glide, φ(t) = 2π (f₀ t + (f₁ − f₀) t² / 2T), starting at 0 for every
/// note, so a chirp really passes through every frequency from f₀ to f₁. Samples are
/// `value × 32767` rounded and clamped to Int16.
public enum SoundSynthesizer {
    /// Frames per second.
    public static let sampleRate = 44_100

    /// Frames for `seconds` (rounded to nearest).
    public static func frames(_ seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }

    /// The sound as signed 16-bit samples. `gain` (0…1, default 1) scales the whole sound on top of
    /// the sound's own volume (the `sound.volume` setting).
    public static func samples(_ sound: CompletionSound, gain: Double = 1) -> [Int16] {
        var out: [Int16] = []
        out.reserveCapacity(sound.notes.reduce(0) { $0 + frames($1.duration) + frames($1.gap) })
        let g = min(max(gain, 0), 1)
        let rate = Double(sampleRate)
        for note in sound.notes {
            let n = frames(note.duration)
            let length = Double(n) / rate
            let slope = length > 0 ? (note.endFrequency - note.startFrequency) / length : 0
            for i in 0..<n {
                let t = Double(i) / rate
                let phase = 2 * Double.pi * (note.startFrequency * t + slope * t * t / 2)
                let value = 0.5 * sound.volume * g * exp(-note.decay * t) * sin(phase)
                out.append(Int16(clamping: Int((value * 32767).rounded())))
            }
            out.append(contentsOf: repeatElement(0, count: frames(note.gap)))
        }
        return out
    }

    /// The sound as a complete WAV file (RIFF, PCM, mono, 44.1 kHz, 16-bit).
    public static func wav(_ sound: CompletionSound, gain: Double = 1) -> [UInt8] {
        WAVEncoder.encode(samples(sound, gain: gain), sampleRate: sampleRate)
    }
}

/// Writes canonical 44-byte-header WAV files: RIFF/WAVE, `fmt ` chunk with PCM (format 1), one
/// channel, 16 bits per sample, then the `data` chunk, all little-endian (Microsoft RIFF spec,
/// "Multimedia Programming Interface and Data Specifications 1.0", 1991).
public enum WAVEncoder {
    /// The WAV bytes of mono 16-bit `samples` at `sampleRate` frames per second.
    public static func encode(_ samples: [Int16], sampleRate: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(44 + samples.count * 2)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { out.append(contentsOf: $0) } }
        let dataBytes = samples.count * 2
        out += Array("RIFF".utf8); u32(36 + dataBytes); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16)
        u16(1)                  // PCM
        u16(1)                  // channels
        u32(sampleRate)
        u32(sampleRate * 2)     // byte rate = rate × channels × 2
        u16(2)                  // block align
        u16(16)                 // bits per sample
        out += Array("data".utf8); u32(dataBytes)
        for s in samples { withUnsafeBytes(of: s.littleEndian) { out.append(contentsOf: $0) } }
        return out
    }
}
