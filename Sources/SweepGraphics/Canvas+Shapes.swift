import SweepGeometry

/// Shapes built from convex polygons, so every canvas gets them from one primitive.
extension Canvas {
    /// Segments used for a full circle: enough that the edge looks round at
    /// the canvas scale, few enough to stay cheap.
    private func segments(forRadius radius: Double) -> Int {
        min(96, max(12, Int(saturating: (radius * scale * 1.5).rounded(.up))))
    }

    public func fillCircle(center: Point, radius: Double, color: Color) {
        polygonFillCircle(center: center, radius: radius, color: color)
    }

    public func strokeCircle(center: Point, radius: Double, lineWidth: Double, color: Color) {
        polygonStrokeCircle(center: center, radius: radius, lineWidth: lineWidth, color: color)
    }

    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        polygonFillRoundedRect(rect, radius: radius, color: color)
    }

    /// A circle as one convex polygon.
    public func polygonFillCircle(center: Point, radius: Double, color: Color) {
        guard radius > 0 else { return }
        let count = segments(forRadius: radius)
        var points: [Point] = []
        points.reserveCapacity(count)
        for index in 0..<count {
            let angle = Double(index) / Double(count) * 2 * Double.pi
            points.append(Point(x: center.x + radius * cosine(angle), y: center.y + radius * sine(angle)))
        }
        fillConvexPolygon(points, color: color)
    }

    /// A ring of the given line width, centred on the circle of `radius`, as quadrilaterals.
    public func polygonStrokeCircle(center: Point, radius: Double, lineWidth: Double, color: Color) {
        guard radius > 0, lineWidth > 0 else { return }
        let count = segments(forRadius: radius)
        let outer = radius + lineWidth / 2, inner = max(0, radius - lineWidth / 2)
        for index in 0..<count {
            let a0 = Double(index) / Double(count) * 2 * Double.pi
            let a1 = Double(index + 1) / Double(count) * 2 * Double.pi
            fillConvexPolygon([
                Point(x: center.x + outer * cosine(a0), y: center.y + outer * sine(a0)),
                Point(x: center.x + outer * cosine(a1), y: center.y + outer * sine(a1)),
                Point(x: center.x + inner * cosine(a1), y: center.y + inner * sine(a1)),
                Point(x: center.x + inner * cosine(a0), y: center.y + inner * sine(a0)),
            ], color: color)
        }
    }

    /// A rounded rectangle as one convex polygon.
    public func polygonFillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { fill(rect, color: color); return }
        let quarter = max(3, segments(forRadius: r) / 4)
        var points: [Point] = []
        points.reserveCapacity(4 * (quarter + 1))
        let corners = [
            (Point(x: rect.maxX - r, y: rect.minY + r), -Double.pi / 2),
            (Point(x: rect.maxX - r, y: rect.maxY - r), 0.0),
            (Point(x: rect.minX + r, y: rect.maxY - r), Double.pi / 2),
            (Point(x: rect.minX + r, y: rect.minY + r), Double.pi),
        ]
        for (center, start) in corners {
            for step in 0...quarter {
                let angle = start + Double(step) / Double(quarter) * Double.pi / 2
                points.append(Point(x: center.x + r * cosine(angle), y: center.y + r * sine(angle)))
            }
        }
        fillConvexPolygon(points, color: color)
    }

    /// A straight line of `lineWidth` with square ends.
    public func drawLine(from start: Point, to end: Point, lineWidth: Double, color: Color) {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, lineWidth > 0 else { return }
        let nx = -dy / length * lineWidth / 2, ny = dx / length * lineWidth / 2
        fillConvexPolygon([
            Point(x: start.x + nx, y: start.y + ny),
            Point(x: end.x + nx, y: end.y + ny),
            Point(x: end.x - nx, y: end.y - ny),
            Point(x: start.x - nx, y: start.y - ny),
        ], color: color)
    }

    /// A check mark fitted into `rect`, drawn as two strokes with a rounded joint.
    public func drawCheckmark(in rect: Rect, lineWidth: Double, color: Color) {
        let left = Point(x: rect.minX + rect.width * 0.18, y: rect.minY + rect.height * 0.52)
        let bottom = Point(x: rect.minX + rect.width * 0.42, y: rect.minY + rect.height * 0.76)
        let right = Point(x: rect.minX + rect.width * 0.84, y: rect.minY + rect.height * 0.26)
        drawLine(from: left, to: bottom, lineWidth: lineWidth, color: color)
        drawLine(from: bottom, to: right, lineWidth: lineWidth, color: color)
        fillCircle(center: bottom, radius: lineWidth / 2, color: color)
    }
}

// The core imports no C module, so no Glibc: small, exact-enough series.
// Arguments are reduced to [-π, π] first; error is below 1e-9.
@inline(__always) func sine(_ x: Double) -> Double {
    var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi } else if a < -Double.pi { a += 2 * Double.pi }
    let a2 = a * a
    var term = a, sum = a
    for n in stride(from: 2, through: 26, by: 2) {
        term *= -a2 / Double(n * (n + 1))
        sum += term
    }
    return sum
}

@inline(__always) func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
