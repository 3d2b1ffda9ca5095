/// A set of rectangles, used for damage: what must be repainted.
///
/// Rectangles are kept as given, except that one inside another is dropped
/// and, past `maximumRectangles`, the two whose bounding box adds the least
/// area are merged into it. Repainting a little more than needed is
/// correct; tracking thousands of slivers is not worth it. (Collapsing the
/// whole set to its bounding box instead turned a band's few thin strips
/// of damage, two band steps a frame, back into the band's whole area.)
public struct Region: Hashable, Sendable, CustomStringConvertible {
    public private(set) var rects: [Rect] = []

    /// Past this many rectangles, two are merged into their bounding box.
    public static let maximumRectangles = 64

    public init() {}

    public init(_ rect: Rect) {
        add(rect)
    }

    public init<S: Sequence>(_ rects: S) where S.Element == Rect {
        for rect in rects { add(rect) }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle holding the whole region.
    public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }

    /// Adds a rectangle. - Complexity: O(r) for r rectangles already held
    /// (at most 64); O(r²) when two must be merged.
    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        if rects.contains(where: { $0.contains(rect) }) { return }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        while rects.count > Region.maximumRectangles { Region.mergeCheapestPair(&rects) }
    }

    /// Replaces the two rectangles whose bounding box is largest for the
    /// least (its area less theirs; overlapping ones cost less) by that box,
    /// and drops any others it holds. Fewer than two are left as they are.
    public static func mergeCheapestPair(_ rects: inout [Rect]) {
        guard rects.count >= 2 else { return }
        var best = (0, 1), bestCost = Double.infinity
        for first in rects.indices {
            for second in (first + 1)..<rects.count {
                let a = rects[first], b = rects[second]
                let cost = a.union(b).area - a.area - b.area
                if cost < bestCost { (best, bestCost) = ((first, second), cost) }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        rects.removeAll { merged.contains($0) }
        rects.append(merged)
    }

    public mutating func formUnion(_ other: Region) {
        for rect in other.rects { add(rect) }
    }

    public func union(_ other: Region) -> Region {
        var result = self
        result.formUnion(other)
        return result
    }

    /// The region grown to whole device pixels at `scale`: each rectangle
    /// covers every pixel it touched. Repainting a rectangle whose edge
    /// falls inside a pixel would blend that pixel's old and new colours.
    public func alignedOutward(scale: Double) -> Region {
        Region(rects.map { rect in
            let device = rect.scaledOutward(by: scale)
            return Rect(x: device.minX / scale, y: device.minY / scale, width: device.width / scale,
                        height: device.height / scale)
        })
    }

    /// The part of the region inside `clip`.
    public func clipped(to clip: Rect) -> Region {
        Region(rects.map { $0.intersection(clip) })
    }

    public func intersects(_ rect: Rect) -> Bool {
        rects.contains { $0.intersects(rect) }
    }

    public func offsetBy(dx: Double, dy: Double) -> Region {
        Region(rects.map { $0.offsetBy(dx: dx, dy: dy) })
    }

    public var description: String { "Region\(rects)" }
}
