/// A fling after the fingers lift: the offset moves on from the release
/// velocity and slows exponentially (UIKit's normal deceleration rate,
/// 0.998 per millisecond), stopping at the content's bounds. Time is passed in.
public struct KineticScroller: Hashable, Sendable {
    /// Velocity kept per millisecond.
    public static let decelerationRate = 0.998
    /// Below this speed (px/ms) the fling is over.
    public static let minimumSpeed = 0.01

    public let startOffset: Double
    public let startTime: Double
    /// px/ms, positive scrolls down.
    public let velocity: Double
    public let bounds: ClosedRange<Double>
    public private(set) var isStopped = false

    public init(offset: Double, velocity: Double, time: Double, bounds: ClosedRange<Double>) {
        startOffset = min(max(offset, bounds.lowerBound), bounds.upperBound)
        self.velocity = velocity
        startTime = time
        self.bounds = bounds
    }

    /// The same fling over content that moved by `delta` under the
    /// viewport (items inserted above), within new `bounds`: it goes on at
    /// the speed it had, from where its content is now.
    public func shifted(by delta: Double, bounds newBounds: ClosedRange<Double>) -> KineticScroller {
        var moved = KineticScroller(offset: startOffset + delta, velocity: velocity, time: startTime, bounds: newBounds)
        moved.isStopped = isStopped
        return moved
    }

    private static let logRate = -0.0020020026706730793   // ln(0.998)

    /// How long the fling lasts before it falls under the minimum speed.
    public var duration: Double {
        abs(velocity) <= KineticScroller.minimumSpeed ? 0 : (log(KineticScroller.minimumSpeed / abs(velocity)) / KineticScroller.logRate)
    }

    /// The offset at `time` (ms).
    public func offset(at time: Double) -> Double {
        let elapsed = min(max(0, time - startTime), duration)
        // ∫ v·r^t dt = v·(r^t − 1)/ln r
        let travelled = velocity * (exp(KineticScroller.logRate * elapsed) - 1) / KineticScroller.logRate
        return min(max(startOffset + travelled, bounds.lowerBound), bounds.upperBound)
    }

    /// Whether the fling has stopped by `time`: stopped by hand, out of speed, or at a bound.
    public func isFinished(at time: Double) -> Bool {
        if isStopped || time - startTime >= duration { return true }
        let offset = offset(at: time)
        return (offset <= bounds.lowerBound && velocity < 0) || (offset >= bounds.upperBound && velocity > 0)
    }

    /// A touch or a touchpad hold stops the fling where it is.
    public mutating func stop() {
        isStopped = true
    }
}

// The core imports no C module: natural exponential and logarithm from series.
@inline(__always) func exp(_ x: Double) -> Double {
    // e^x = (e^(x/2^k))^(2^k) with a short Taylor series on the small part.
    let k = 12.0
    let small = x / 4096
    var term = 1.0, sum = 1.0
    for n in 1...10 {
        term *= small / Double(n)
        sum += term
    }
    var result = sum
    for _ in 0..<Int(k) { result *= result }
    return result
}

@inline(__always) func log(_ x: Double) -> Double {
    precondition(x > 0)
    // ln x = 2·atanh((x − 1)/(x + 1)) after scaling x near 1 by powers of two.
    var value = x, shift = 0.0
    while value > 2 { value /= 2; shift += 1 }
    while value < 0.5 { value *= 2; shift -= 1 }
    let y = (value - 1) / (value + 1), y2 = y * y
    var term = y, sum = 0.0
    for n in stride(from: 1, through: 41, by: 2) {
        sum += term / Double(n)
        term *= y2
    }
    return 2 * sum + shift * 0.6931471805599453
}
