import SweepPixman

/// The fonts a connection's windows draw with: one `FontSet` per scale and
/// family in use, shared by every window, popup and title bar, so a menu
/// drawn over a window at its scale draws with the window's glyphs and
/// shapes. Up to four sets are kept (windows on outputs at 1, 1.5 and 2, and
/// one moving between them, or a window with a family of its own), the one
/// used least recently going first with its glyph caches.
final class FontCache {
    static let scalesKept = 4
    private struct Key: Hashable {
        let scale: Double
        let family: String?
    }
    private var sets: [Key: (fonts: FontSet, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0

    /// The fonts at `scale` in `family` (nil: the default), loaded the first time.
    func fonts(for scale: Double, family: String? = nil) throws -> FontSet {
        uses += 1
        let key = Key(scale: scale, family: family)
        if let entry = sets[key] {
            sets[key] = (entry.fonts, uses)
            return entry.fonts
        }
        let fonts = try FontSet(scale: scale, family: family)
        if sets.count >= Self.scalesKept, let oldest = sets.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            sets[oldest] = nil
        }
        sets[key] = (fonts, uses)
        return fonts
    }
}
