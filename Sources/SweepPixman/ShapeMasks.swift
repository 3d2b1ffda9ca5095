import SweepGeometry
import CPixman
import Glibc

/// Anti-aliased coverage masks of circles and rings, rasterized once and
/// reused: a grid frame draws the same selection circle and the same
/// rounded corners dozens of times, and pixman's polygon rasterizer is the
/// slow part of drawing (most of a frame before this cache).
///
/// A mask is an a8 image with the shape centred at a sub-pixel offset
/// (quantized to a quarter pixel), keyed by its device-pixel geometry.
final class ShapeMasks {
    struct Key: Hashable {
        /// Radius, ring width (0: a filled disc), and the centre's fraction of a pixel, in quarter pixels.
        let radius: Int32, lineWidth: Int32, fractionX: Int32, fractionY: Int32
    }

    /// A mask and where its centre lies in it (device pixels).
    struct Mask {
        let image: OpaquePointer
        let size: Int32
        let centre: Int32
    }

    private var masks: [Key: (mask: Mask, lastUse: Int)] = [:]
    private var uses = 0
    private var bytes = 0
    /// Masks kept, and their bytes at most; past either, the least recently
    /// used goes (a pinch zoom makes new radii). A grid at scale 2 uses
    /// about a hundred: each shape at each of 16 quarter-pixel offsets. A
    /// limit of 64, oldest first, re-rasterized masks on every band step
    /// (a third of the step's work).
    static let limit = 1024
    static let byteLimit = 8 << 20

    deinit {
        for entry in masks.values { pixman_image_unref(entry.mask.image) }
    }

    /// The mask for a disc (`lineWidth` 0) or ring of `radius` device pixels
    /// whose centre's fractional position is `fraction`; nil when too large to cache.
    func mask(radius: Double, lineWidth: Double, fraction: (x: Double, y: Double)) -> Mask? {
        guard radius > 0, radius <= 256, lineWidth >= 0 else { return nil }
        let key = Key(radius: Int32(saturating: (radius * 4).rounded()), lineWidth: Int32(saturating: (lineWidth * 4).rounded()),
                      fractionX: Int32(saturating: (fraction.x * 4).rounded()) % 4, fractionY: Int32(saturating: (fraction.y * 4).rounded()) % 4)
        uses += 1
        if let entry = masks[key] {
            masks[key] = (entry.mask, uses)
            return entry.mask
        }
        guard let mask = render(key) else { return nil }
        masks[key] = (mask, uses)
        bytes += Int(mask.size) * Int(mask.size)
        while masks.count > Self.limit || (bytes > Self.byteLimit && masks.count > 1) { evictLeastRecentlyUsed() }
        return mask
    }

    /// Masks kept now (tests).
    var count: Int { masks.count }

    /// O(n) for n masks, only when one is added past the limits.
    private func evictLeastRecentlyUsed() {
        guard let oldest = masks.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        masks[oldest.key] = nil
        bytes -= Int(oldest.value.mask.size) * Int(oldest.value.mask.size)
        pixman_image_unref(oldest.value.mask.image)
    }

    private func render(_ key: Key) -> Mask? {
        let radius = Double(key.radius) / 4, lineWidth = Double(key.lineWidth) / 4
        let outer = lineWidth > 0 ? radius + lineWidth / 2 : radius
        let centre = Int32(saturating: outer.rounded(.up)) + 1
        let size = 2 * centre + 1
        guard let image = pixman_image_create_bits(PIXMAN_a8, size, size, nil, 0) else { return nil }
        var white = pixman_color_t(red: 0xffff, green: 0xffff, blue: 0xffff, alpha: 0xffff)
        guard let source = pixman_image_create_solid_fill(&white) else {
            pixman_image_unref(image)
            return nil
        }
        defer { pixman_image_unref(source) }
        let cx = Double(centre) + Double(key.fractionX) / 4, cy = Double(centre) + Double(key.fractionY) / 4
        func disc(_ r: Double, _ op: pixman_op_t) {
            guard r > 0 else { return }
            let count = min(256, max(16, Int(saturating: (r * 2.5).rounded(.up))))
            var triangles: [pixman_triangle_t] = []
            triangles.reserveCapacity(count)
            func point(_ index: Int) -> pixman_point_fixed_t {
                let angle = Double(index) / Double(count) * 2 * Double.pi
                return pixman_point_fixed_t(x: sweep_pixman_double_to_fixed(cx + r * cos(angle)),
                                            y: sweep_pixman_double_to_fixed(cy + r * sin(angle)))
            }
            let first = point(0)
            for index in 1..<(count - 1) { triangles.append(pixman_triangle_t(p1: first, p2: point(index), p3: point(index + 1))) }
            pixman_composite_triangles(op, source, image, PIXMAN_a8, 0, 0, 0, 0, Int32(triangles.count), triangles)
        }
        disc(outer, PIXMAN_OP_ADD)
        // A ring: take the inner disc out again.
        if lineWidth > 0 { disc(max(0, radius - lineWidth / 2), PIXMAN_OP_OUT_REVERSE) }
        return Mask(image: image, size: size, centre: centre)
    }
}

