import CPixman

/// A surface's damage between commits, kept as wlroots keeps it: a pixman
/// region in buffer pixels.
///
/// The compositor copies only the damaged part of a new buffer into what it
/// shows, as wlroots does when it uploads a shm buffer into the texture it
/// already has. A client that under-reports its damage leaves stale pixels
/// on screen there, and so it does in this compositor's screenshots; a
/// client that reports many scattered rectangles is seen here by its band
/// count, the number wlroots gives up at (more than 20 and it repaints the
/// bounding box instead).
struct SurfaceDamage {
    /// `wl_surface.damage_buffer` since the last commit (buffer pixels).
    private var bufferRects: [pixman_box32_t] = []
    /// `wl_surface.damage` since the last commit (surface pixels, scaled when committed).
    private var surfaceRects: [pixman_box32_t] = []

    mutating func addBuffer(x: Int32, y: Int32, width: Int32, height: Int32) {
        if let box = Self.box(x: Int64(x), y: Int64(y), width: Int64(width), height: Int64(height)) { bufferRects.append(box) }
    }

    mutating func addSurface(x: Int32, y: Int32, width: Int32, height: Int32) {
        if let box = Self.box(x: Int64(x), y: Int64(y), width: Int64(width), height: Int64(height)) { surfaceRects.append(box) }
    }

    /// The damage of the commit being made, clipped to a `width` × `height`
    /// buffer at `scale`, as pixman's y-x banded rectangles; the pending
    /// damage starts again empty. Rectangles near `Int32.max` (a client
    /// damaging "everything") are clipped, never overflowed.
    mutating func take(width: Int, height: Int, scale: Int32) -> [pixman_box32_t] {
        defer { bufferRects.removeAll(); surfaceRects.removeAll() }
        func clipped(_ x1: Int64, _ y1: Int64, _ x2: Int64, _ y2: Int64) -> pixman_box32_t? {
            let box = pixman_box32_t(x1: Int32(max(0, min(Int64(width), x1))), y1: Int32(max(0, min(Int64(height), y1))),
                                     x2: Int32(max(0, min(Int64(width), x2))), y2: Int32(max(0, min(Int64(height), y2))))
            return box.x1 < box.x2 && box.y1 < box.y2 ? box : nil
        }
        let s = Int64(max(1, scale))
        var boxes = bufferRects.compactMap { clipped(Int64($0.x1), Int64($0.y1), Int64($0.x2), Int64($0.y2)) }
        boxes += surfaceRects.compactMap { clipped(Int64($0.x1) * s, Int64($0.y1) * s, Int64($0.x2) * s, Int64($0.y2) * s) }
        guard !boxes.isEmpty else { return [] }
        // Allocated, not a local: the rectangles pixman returns may point into the region itself.
        let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        pixman_region32_init_rects(region, &boxes, Int32(boxes.count))
        defer { pixman_region32_fini(region); region.deallocate() }
        var count: Int32 = 0
        guard let rects = pixman_region32_rectangles(region, &count) else { return [] }
        return Array(UnsafeBufferPointer(start: rects, count: Int(count)))
    }

    /// How many bands `boxes` make together as one pixman region: a
    /// compositor repainting a buffer it last drew two frames ago takes
    /// this frame's damage with the previous one's (buffer age 2).
    static func bandCount(_ boxes: [pixman_box32_t]) -> Int {
        guard !boxes.isEmpty else { return 0 }
        var boxes = boxes
        let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        pixman_region32_init_rects(region, &boxes, Int32(boxes.count))
        defer { pixman_region32_fini(region); region.deallocate() }
        return Int(pixman_region32_n_rects(region))
    }

    /// A rectangle the protocol allows (a negative size damages nothing), its far edges held in 32 bits.
    private static func box(x: Int64, y: Int64, width: Int64, height: Int64) -> pixman_box32_t? {
        guard width > 0, height > 0 else { return nil }
        let limit = Int64(Int32.max)
        return pixman_box32_t(x1: Int32(x), y1: Int32(y), x2: Int32(min(limit, x + width)), y2: Int32(min(limit, y + height)))
    }
}

/// What a surface's commits since the last `status` step looked like to a
/// compositor: how many brought a shm buffer, how many of those were copied
/// whole (the first, a new size or format, a transformed buffer), and the
/// most bands one's damage made.
struct DamageStatistics: Equatable {
    var commits = 0
    var wholeCopies = 0
    var mostBands = 0
    /// The most bands one commit's damage made together with the commit's
    /// before it: what wlroots counts when its output buffer is two frames old.
    var mostBandsWithPrevious = 0
    /// Buffer pixels copied on damage (whole copies not counted).
    var damagedPixels = 0
}
