/// An axis-aligned rectangle in logical pixels. Empty when either side is zero or negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var isEmpty: Bool { size.isEmpty }
    /// Width times height.
    public var area: Double { size.width * size.height }

    /// Whether `point` lies inside (the left and top edges are inside, the right and bottom are not).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty
            && other.minX < maxX && minX < other.maxX && other.minY < maxY && minY < other.maxY
    }

    /// The overlap of two rectangles, `.zero` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return .zero }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both; an empty side contributes nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(minX, other.minX), top = min(minY, other.minY)
        let right = max(maxX, other.maxX), bottom = max(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Shrinks each side by the given amounts (negative values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rectangle scaled by `factor` and grown outward to whole pixels, so it
    /// covers every device pixel the logical rectangle touches. An edge
    /// within a millionth of a pixel of a pixel's edge is on it: at scale 1.5
    /// an edge at 416/3 scales to 208.00000000000003, which must not take in
    /// pixel row 208 (a clip that did so let a repaint tint that row again).
    public func scaledOutward(by factor: Double) -> Rect {
        let slack = 1e-6
        let left = (minX * factor + slack).rounded(.down), top = (minY * factor + slack).rounded(.down)
        let right = (maxX * factor - slack).rounded(.up), bottom = (maxY * factor - slack).rounded(.up)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
