import SweepGeometry
import SweepInput

/// A pinch: two touches moving apart or together (scale is the distance
/// between them over the distance at the start), or a touchpad pinch
/// (libinput's scale). Continuous.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// Change of the distance between the touches that starts the pinch.
    public var hysteresis = 10.0
    /// The scale since the start (1 = unchanged).
    public private(set) var scale = 1.0
    private var startDistance: Double?
    private var touchpad = false
    private var pointer = Point.zero
    private var tracker = VelocityTracker()

    public override init(name: String = "pinch") {
        super.init(name: name)
    }

    /// Scale change per second.
    public var velocity: Double { tracker.velocity.x }

    public override var location: Point { touchpad ? pointer : centroid }

    private var distance: Double { touches.count >= 2 ? touches[0].position.distance(to: touches[1].position) : 0 }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan(_, let time):
            if touches.count > 2 { return state.isActive ? end() : fail() }
            if touches.count == 2 {
                startDistance = max(1, distance)
                tracker.reset()
                tracker.add(Point(x: 1, y: 0), time: time)
            }
        case .touchesMoved(_, let time):
            guard touches.count == 2, let start = startDistance else { return }
            let current = distance
            if state.isActive {
                scale = current / start
                tracker.add(Point(x: scale, y: 0), time: time)
                change()
            } else if abs(current - start) >= hysteresis {
                // Measure from where the pinch is recognized, so the scale does not jump.
                startDistance = max(1, current - (current > start ? hysteresis : -hysteresis))
                scale = current / startDistance!
                tracker.add(Point(x: scale, y: 0), time: time)
                begin()
            }
        case .touchesEnded:
            if state.isActive { end() } else if touches.count < 2 && startDistance != nil || touches.isEmpty { fail() }
        case .touchpad(.pinchBegin, let point, let time):
            touchpad = true
            pointer = point
            scale = 1
            tracker.reset()
            tracker.add(Point(x: 1, y: 0), time: time)
        case .touchpad(.pinchUpdate(_, _, let newScale, _, _), let point, let time):
            guard touchpad else { return }
            pointer = point
            scale = newScale
            tracker.add(Point(x: scale, y: 0), time: time)
            if state.isActive { change() } else { begin() }
        case .touchpad(.pinchEnd(let cancelled, _), _, _):
            guard touchpad else { return }
            if state.isActive { if cancelled { cancel() } else { end() } } else { fail() }
        default:
            break
        }
    }

    public override func reset() {
        scale = 1
        startDistance = nil
        touchpad = false
        tracker.reset()
        super.reset()
    }
}
