import CFcft
import Synchronization

/// A line of text shaped by HarfBuzz (through fcft's text runs) after the
/// bidirectional algorithm: glyphs left to right as drawn, joined, with marks
/// placed. It owns the fcft runs its glyphs live in.
final class ShapedLine {
    /// Glyphs in visual order, left to right.
    private(set) var glyphs: [UnsafePointer<fcft_glyph>] = []
    /// The advance width in device pixels.
    private(set) var width = 0
    /// Whether the paragraph reads right to left (then it is aligned to the right).
    let isRightToLeft: Bool
    private var runs: [UnsafeMutablePointer<fcft_text_run>] = []

    /// fcft hands out one font object per name and size to every caller and
    /// says nothing of shaping on it from several threads at once (the
    /// parallel tests do that): font sets on different threads take turns.
    /// The app draws on one thread, so the lock is never contended there.
    private static let fcftShaping = Mutex(())

    /// Shapes `scalars` with `font`; each direction run is shaped on its own.
    init(_ scalars: [UInt32], font: UnsafeMutablePointer<fcft_font>) {
        let bidi = BidiRuns(scalars)
        isRightToLeft = bidi.isRightToLeft
        Self.fcftShaping.withLock { _ in shape(bidi, font: font) }
    }

    private func shape(_ bidi: BidiRuns, font: UnsafeMutablePointer<fcft_font>) {
        bidi.codepoints.withUnsafeBufferPointer { text in
            for run in bidi.visualRuns where !run.range.isEmpty {
                guard let shaped = fcft_rasterize_text_run_utf32(font, run.range.count,
                                                                 text.baseAddress! + run.range.lowerBound,
                                                                 FCFT_SUBPIXEL_NONE) else { continue }
                runs.append(shaped)
                var order = Array(0..<shaped.pointee.count)
                if run.isRightToLeft {
                    // fcft shapes word by word and returns the words in logical
                    // order (each one in visual order inside). A right-to-left run
                    // reads from its last cluster: sort by cluster, highest first,
                    // keeping the glyphs of one cluster (a letter and its marks) as they are.
                    let cluster = shaped.pointee.cluster!
                    order = order.enumerated().sorted {
                        cluster[$0.element] != cluster[$1.element] ? cluster[$0.element] > cluster[$1.element] : $0.offset < $1.offset
                    }.map(\.element)
                }
                for index in order {
                    guard let glyph = shaped.pointee.glyphs[index] else { continue }
                    glyphs.append(glyph)
                    width += Int(glyph.pointee.advance.x)
                }
            }
        }
    }

    deinit {
        let runs = runs
        Self.fcftShaping.withLock { _ in for run in runs { fcft_text_run_destroy(run) } }
    }

    /// Whether `text` needs shaping or reordering: right-to-left letters,
    /// scripts whose letters change with their neighbours (Arabic, Indic,
    /// South-East Asian), or explicit direction marks. Other text, emoji
    /// included, is drawn grapheme by grapheme from fcft's glyph cache.
    static func needsShaping(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x0DFF,      // Hebrew, Arabic, Syriac, Thaana, N'Ko, … Indic scripts
                 0x0E00...0x109F,      // Thai, Lao, Tibetan, Myanmar
                 0x1780...0x17FF,      // Khmer
                 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,   // direction marks and embeddings
                 0xFB1D...0xFDFF, 0xFE70...0xFEFF,                     // Hebrew and Arabic presentation forms
                 0x10800...0x10FFF, 0x1E800...0x1EFFF:                 // historic right-to-left scripts
                true
            default:
                false
            }
        }
    }
}
