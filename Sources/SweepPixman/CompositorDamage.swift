import CPixman
import SweepGeometry

/// Damage as a compositor will take it.
///
/// Compositors keep damage as a pixman region: the rectangles cut into
/// y-x bands, so a few rectangles at different heights become many more.
/// wlroots (sway and the other compositors built on it) then repaints the
/// bounding box of a frame's damage, with the damage of the frames its
/// buffer missed added (buffer age), once it has more than 20 of those
/// (`WLR_DAMAGE_RING_MAX_RECTS`). At scale 2 a band sweeping a grid damages
/// its thin edge strips plus a column of newly tinted cells: 11–13
/// rectangles, 18–26 bands, and sway repainted 1.2–2.3 million pixels
/// instead of 0.3 million, composited 3–6 ms late, and the next frame
/// callback came 20–23 ms after the last instead of 16.7.
///
/// So the rectangles a surface reports are merged, the pair whose bounding
/// box adds the fewest pixels first, until they make at most `maximumBands`
/// bands, and then (`limitingBands(_:after:)`) until they make at most 20
/// with the previous frame's, where that can be reached. Reporting more
/// damage than changed is correct (those pixels are the same in the
/// buffer); a merge costs a few thousand pixels where the collapse cost a
/// million.
public enum CompositorDamage {
    /// The most bands a frame's damage is left with.
    public static let maximumBands = 10

    /// `rects` (device pixels, whole numbers) merged until they make at most
    /// `maximumBands` bands. Past twice that many rectangles, the cheapest
    /// pairs are merged first without counting (touching ones cost nothing).
    /// - Complexity: O(r³) for r rectangles; a frame has a handful, and a
    /// `Region` at most 64.
    public static func limitingBands(_ rects: [Rect], maximumBands: Int = CompositorDamage.maximumBands) -> [Rect] {
        var rects = rects.filter(isUsable)
        while rects.count > 2 * max(1, maximumBands) { Region.mergeCheapestPair(&rects) }
        while rects.count > 1 && bandCount(rects) > maximumBands { Region.mergeCheapestPair(&rects) }
        return rects
    }

    /// The most bands a frame's damage makes together with the previous
    /// frame's: wlroots' limit, 20, which it counts over both when its
    /// output buffer is two frames old (double buffering).
    public static let maximumBandsWithPrevious = 20

    /// `rects` limited as `limitingBands(_:maximumBands:)` limits them, then
    /// merged further until, together with the damage the surface sent for
    /// the frame before (`previous`), they make at most
    /// `maximumBandsWithPrevious` bands. Two frames' edges cut each other's
    /// bands: entering editing mode and the band's first step made 49
    /// together, and a compositor repainting a buffer two frames old then
    /// paints their whole bounding box. When not even one rectangle gets
    /// under the limit (a small one cutting across the previous frame's
    /// bands), the frame is left at `maximumBands`: the compositor repaints
    /// the bounding box either way, and a larger rectangle would only crowd
    /// the next frame's count.
    public static func limitingBands(_ rects: [Rect], after previous: [Rect],
                                     maximumBands: Int = CompositorDamage.maximumBands,
                                     maximumWithPrevious: Int = CompositorDamage.maximumBandsWithPrevious) -> [Rect] {
        let rects = limitingBands(rects, maximumBands: maximumBands)
        let previous = previous.filter(isUsable)
        guard !previous.isEmpty else { return rects }
        var merged = rects
        while merged.count > 1 && bandCount(merged + previous) > maximumWithPrevious { Region.mergeCheapestPair(&merged) }
        // A bounding box cutting across rectangles it only partly covers can add bands of its own.
        return bandCount(merged + previous) <= maximumWithPrevious && bandCount(merged) <= maximumBands ? merged : rects
    }

    /// Empty rectangles and ones with an infinite or NaN edge damage nothing.
    private static func isUsable(_ rect: Rect) -> Bool {
        !rect.isEmpty && rect.minX.isFinite && rect.minY.isFinite && rect.maxX.isFinite && rect.maxY.isFinite
    }

    /// How many rectangles pixman's region of `rects` has: the bands a compositor counts.
    public static func bandCount(_ rects: [Rect]) -> Int {
        // Whole device pixels, held inside pixman's 32-bit coordinates.
        func coordinate(_ value: Double) -> Int32 { Int32(max(-1e9, min(1e9, value.rounded()))) }
        var boxes = rects.filter(isUsable).map {
            pixman_box32_t(x1: coordinate($0.minX), y1: coordinate($0.minY), x2: coordinate($0.maxX), y2: coordinate($0.maxY))
        }
        let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        pixman_region32_init_rects(region, &boxes, Int32(boxes.count))
        defer { pixman_region32_fini(region); region.deallocate() }
        return Int(pixman_region32_n_rects(region))
    }
}
