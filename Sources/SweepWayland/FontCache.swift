import SweepPixman

/// The fonts a connection's windows draw with: one `FontSet` per scale in
/// use, shared by every window, popup and title bar, so a menu drawn over
/// a window at its scale draws with the window's glyphs and shapes. Up to
/// four scales are kept (windows on outputs at 1, 1.5 and 2, and one
/// moving between them), the one used least recently going first with its
/// glyph caches.
final class FontCache {
    static let scalesKept = 4
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
