/// A set of rectangles, used for damage: what must be repainted.
///
/// Rectangles are kept as given, except that one inside another is dropped
/// and, past `maximumRectangles`, the set collapses to its bounding box.
/// Repainting a little more than needed is correct; tracking thousands of
/// slivers is not worth it.
public struct Region: Hashable, Sendable, CustomStringConvertible {
    public private(set) var rects: [Rect] = []

    /// Past this many rectangles the region becomes its bounding box.
    public static let maximumRectangles = 16

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

    /// Adds a rectangle. - Complexity: O(r) for r rectangles already held (at most 16).
    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        if rects.contains(where: { $0.contains(rect) }) { return }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        if rects.count > Region.maximumRectangles {
            rects = [bounds]
        }
    }

    public mutating func formUnion(_ other: Region) {
        for rect in other.rects { add(rect) }
    }

    public func union(_ other: Region) -> Region {
        var result = self
        result.formUnion(other)
        return result
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
