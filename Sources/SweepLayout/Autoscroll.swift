/// Scrolling on its own while a sweep or band holds a point near the top or
/// bottom edge of the viewport: faster the deeper the point is in the edge
/// zone; a point outside the viewport counts as the full depth.
public struct Autoscroll: Hashable, Sendable {
    /// The zone depth: 44 px for sweeps, 30 px for bands.
    public let zone: Double
    /// Speed at the full depth, px/s.
    public let maximumSpeed: Double

    public static let sweep = Autoscroll(zone: 44)
    public static let band = Autoscroll(zone: 30)

    public init(zone: Double, maximumSpeed: Double = 1500) {
        self.zone = zone
        self.maximumSpeed = maximumSpeed
    }

    /// Signed speed (px/s, positive scrolls down) for a point at viewport `y`.
    public func speed(atViewportY y: Double, viewportHeight: Double) -> Double {
        guard zone > 0, viewportHeight > 0 else { return 0 }
        let zone = min(self.zone, viewportHeight / 2)
        if y < zone {
            let depth = min(1, (zone - y) / zone)
            return -maximumSpeed * depth * depth
        }
        if y > viewportHeight - zone {
            let depth = min(1, (y - (viewportHeight - zone)) / zone)
            return maximumSpeed * depth * depth
        }
        return 0
    }

    /// The offset after `elapsed` ms at that speed, clamped to `bounds`.
    public func offset(from offset: Double, atViewportY y: Double, viewportHeight: Double, elapsed: Double,
                       bounds: ClosedRange<Double>) -> Double {
        let moved = offset + speed(atViewportY: y, viewportHeight: viewportHeight) * elapsed / 1000
        return min(max(moved, bounds.lowerBound), bounds.upperBound)
    }
}
