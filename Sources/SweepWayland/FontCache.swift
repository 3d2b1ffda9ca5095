import SweepPixman

/// The fonts a connection's windows draw with: one `FontSet` per scale in
/// use, shared by every window, popup and title bar, so a menu opened over
/// a window reuses the window's glyphs and shapes. At most two scales are
/// kept (a window moving between outputs), the one used least recently
/// going first with its glyph caches.
final class FontCache {
    static let scalesKept = 2
    private var sets: [Double: (fonts: FontSet, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0

    /// The fonts at `scale`, loaded the first time.
    func fonts(for scale: Double) throws -> FontSet {
        uses += 1
        if let entry = sets[scale] {
            sets[scale] = (entry.fonts, uses)
            return entry.fonts
        }
        let fonts = try FontSet(scale: scale)
        if sets.count >= Self.scalesKept, let oldest = sets.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            sets[oldest] = nil
        }
        sets[scale] = (fonts, uses)
        return fonts
    }
}
