import SweepGeometry
import SweepInput

/// A rotation: two touches turning around each other (radians, positive
/// clockwise on screen), or a touchpad pinch's rotation. Continuous.
public final class RotationGestureRecognizer: GestureRecognizer {
    /// Turn, in radians, that starts the rotation (about 6 degrees).
    public var threshold = 0.1
    public private(set) var rotation = 0.0
    private var startAngle: Double?
    private var touchpad = false
    private var pointer = Point.zero
    private var tracker = VelocityTracker()

    public override init(name: String = "rotation") {
        super.init(name: name)
    }

    /// Radians per second.
    public var velocity: Double { tracker.velocity.x }

    public override var location: Point { touchpad ? pointer : centroid }

    private var angle: Double { Angles.direction(from: touches[0].position, to: touches[1].position) }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan(_, let time):
            if touches.count > 2 { return state.isActive ? end() : fail() }
            if touches.count == 2 {
                startAngle = angle
                tracker.reset()
                tracker.add(.zero, time: time)
            }
        case .touchesMoved(_, let time):
            guard touches.count == 2, let start = startAngle else { return }
            let turned = Angles.normalized(angle - start)
            if state.isActive {
                rotation = turned
                tracker.add(Point(x: rotation, y: 0), time: time)
                change()
            } else if abs(turned) >= threshold {
                startAngle = start + (turned > 0 ? threshold : -threshold)
                rotation = Angles.normalized(angle - startAngle!)
                tracker.add(Point(x: rotation, y: 0), time: time)
                begin()
            }
        case .touchesEnded:
            if state.isActive { end() } else if touches.isEmpty || startAngle != nil { fail() }
        case .touchpad(.pinchBegin, let point, let time):
            touchpad = true
            pointer = point
            rotation = 0
            tracker.reset()
            tracker.add(.zero, time: time)
        case .touchpad(.pinchUpdate(_, _, _, let degrees, _), let point, let time):
            guard touchpad else { return }
            pointer = point
            rotation += degrees * Angles.pi / 180
            tracker.add(Point(x: rotation, y: 0), time: time)
            if state.isActive { change() } else if rotation != 0 { begin() }
        case .touchpad(.pinchEnd(let cancelled, _), _, _):
            guard touchpad else { return }
            if state.isActive { if cancelled { cancel() } else { end() } } else { fail() }
        default:
            break
        }
    }

    public override func reset() {
        rotation = 0
        startAngle = nil
        touchpad = false
        tracker.reset()
        super.reset()
    }
}
