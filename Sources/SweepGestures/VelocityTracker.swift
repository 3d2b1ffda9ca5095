import SweepGeometry

/// Velocity from the samples of the last 100 ms, in units per second (the
/// speed of the fingers as they lift, not the average of the whole drag).
public struct VelocityTracker: Hashable, Sendable {
    public static let window = 100.0
    private var samples: [Sample] = []

    private struct Sample: Hashable, Sendable {
        var time: Double
        var point: Point
    }

    public init() {}

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Adds where the tracked value is at `time` (ms).
    public mutating func add(_ point: Point, time: Double) {
        samples.append(Sample(time: time, point: point))
        let oldest = time - VelocityTracker.window
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 { samples.removeFirst(keep) }
    }

    /// Units per second over the window (zero with fewer than two samples or no time between them).
    public var velocity: Point {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        let seconds = (last.time - first.time) / 1000
        return Point(x: (last.point.x - first.point.x) / seconds, y: (last.point.y - first.point.y) / seconds)
    }
}
