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
/// bands: half of wlroots' 20, leaving the other half to the previous
/// frame's damage. Reporting more damage than changed is correct (those
/// pixels are the same in the buffer); a merge costs a few thousand pixels
/// where the collapse cost a million.
public enum CompositorDamage {
    /// The most bands a frame's damage is left with.
    public static let maximumBands = 10

    /// `rects` (device pixels, whole numbers) merged until they make at most
    /// `maximumBands` bands. - Complexity: O(r³) for r rectangles in the
    /// worst case; a frame has a handful, and Region holds at most 64.
    public static func limitingBands(_ rects: [Rect], maximumBands: Int = CompositorDamage.maximumBands) -> [Rect] {
        var rects = rects.filter { !$0.isEmpty }
        while rects.count > 1 && bandCount(rects) > maximumBands { Region.mergeCheapestPair(&rects) }
        return rects
    }

    /// How many rectangles pixman's region of `rects` has: the bands a compositor counts.
    public static func bandCount(_ rects: [Rect]) -> Int {
        let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        pixman_region32_init(region)
        defer { pixman_region32_fini(region); region.deallocate() }
        for rect in rects where !rect.isEmpty {
            // In place: pixman allows the destination to be a source.
            pixman_region32_union_rect(region, region, Int32(rect.minX), Int32(rect.minY),
                                       UInt32(rect.width), UInt32(rect.height))
        }
        return Int(pixman_region32_n_rects(region))
    }
}
