import SweepGeometry

/// The two-finger sweep of a touchscreen (UIKit's two-finger pan multi-select):
/// two touches moving together, not apart or together as in a pinch, past
/// `hysteresis`. The location is their centroid. Ends when a finger lifts.
public final class TwoFingerSweepGestureRecognizer: GestureRecognizer {
    /// Distance the centroid must move before the sweep begins.
    public var hysteresis = 10.0
    /// How much the distance between the fingers may change, as a share of
    /// the centroid's movement, before the motion counts as a pinch.
    public var pinchRatio = 0.5

    private var starts: [Point] = []

    /// Where the two fingers were when the second landed: their centroid.
    public var startLocation: Point {
        starts.count == 2 ? Point(x: (starts[0].x + starts[1].x) / 2, y: (starts[0].y + starts[1].y) / 2) : centroid
    }

    public override init(name: String = "two-finger sweep") {
        super.init(name: name)
    }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan:
            if touches.count > 2 {
                if !state.isActive { fail() }
                return
            }
            if touches.count == 2 { starts = touches.map(\.position) }
        case .touchesMoved:
            if state.isActive { return change() }
            guard touches.count == 2, starts.count == 2 else { return }
            let first = touches[0].position - starts[0], second = touches[1].position - starts[1]
            let moved = Point(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2).length
            let spread = abs(touches[0].position.distance(to: touches[1].position) - starts[0].distance(to: starts[1]))
            if spread >= hysteresis && spread > moved * pinchRatio {
                fail()   // a pinch
            } else if moved >= hysteresis {
                // Moving together: both fingers go the same way.
                if first.x * second.x + first.y * second.y > 0 && spread <= moved * pinchRatio { begin() } else { fail() }
            }
        case .touchesEnded:
            if state.isActive { end() } else { fail() }
        default:
            break
        }
    }

    public override func reset() {
        starts = []
        super.reset()
    }
}
