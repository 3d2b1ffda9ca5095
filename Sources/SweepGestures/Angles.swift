import SweepGeometry

/// Angles without a C maths library (the core imports none).
enum Angles {
    static let pi = 3.141592653589793

    /// `atan2(y, x)` in radians, in -π...π, accurate to about 1e-9.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        // atan of a ratio at most 1, reduced once more around tan(π/8) for a short series.
        let ratio = min(ax, ay) / max(ax, ay)
        var angle = atan(ratio)
        if ay > ax { angle = pi / 2 - angle }
        if x < 0 { angle = pi - angle }
        return y < 0 ? -angle : angle
    }

    /// atan(t) for 0 ≤ t ≤ 1.
    private static func atan(_ t: Double) -> Double {
        // atan(t) = 2·atan(t / (1 + √(1 + t²))) brings t under tan(π/8) ≈ 0.414, then under 0.2.
        let once = t / (1 + (1 + t * t).squareRoot())
        let twice = once / (1 + (1 + once * once).squareRoot())
        var term = twice, sum = 0.0
        let square = twice * twice
        for n in stride(from: 1, through: 31, by: 2) {
            sum += (n % 4 == 1 ? term : -term) / Double(n)
            term *= square
        }
        return 4 * sum
    }

    /// The angle of the vector from `a` to `b`.
    static func direction(from a: Point, to b: Point) -> Double { atan2(b.y - a.y, b.x - a.x) }

    /// `angle` brought into -π...π.
    static func normalized(_ angle: Double) -> Double {
        var value = angle
        while value > pi { value -= 2 * pi }
        while value < -pi { value += 2 * pi }
        return value
    }
}

extension Point {
    /// Distance to `other`.
    func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Length of the vector from the origin.
    var length: Double { (x * x + y * y).squareRoot() }
}
