import SweepGeometry

/// A tap: touches down and up without moving, `numberOfTapsRequired` times,
/// with `numberOfTouchesRequired` fingers. Discrete: recognized on the last lift.
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired: Int
    public var numberOfTouchesRequired: Int
    /// Movement from the first touch-down that fails the tap.
    public var allowableMovement = 10.0
    /// Longest press of one tap.
    public var maximumTapDuration = 500.0
    /// Longest pause between one tap's lift and the next tap's touch-down.
    public var maximumTapInterval = 350.0

    private var tapsCompleted = 0
    private var origin: Point?
    private var tapStart = 0.0
    private var mostTouches = 0
    private var waitingSince: Double?
    private var lastLocation = Point.zero

    public init(name: String = "tap", taps: Int = 1, touches: Int = 1) {
        numberOfTapsRequired = taps
        numberOfTouchesRequired = touches
        super.init(name: name)
    }

    /// Where the taps happened (the centroid at the last lift).
    public override var location: Point { lastLocation }

    public override var deadline: Double? {
        if let waitingSince { return waitingSince + maximumTapInterval }
        return origin == nil ? nil : tapStart + maximumTapDuration
    }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan(let added, let time):
            if origin == nil {
                origin = added[0].position
                tapStart = time
                mostTouches = 0
                waitingSince = nil
            }
            mostTouches = max(mostTouches, touches.count)
            if mostTouches > numberOfTouchesRequired { fail() }
            lastLocation = centroid
        case .touchesMoved(_, _):
            guard let origin else { return }
            if touches.contains(where: { $0.position.distance(to: origin) > allowableMovement }) { fail() }
            lastLocation = centroid
        case .touchesEnded(_, let time):
            guard touches.isEmpty else { return }
            guard mostTouches == numberOfTouchesRequired, time - tapStart <= maximumTapDuration else { return fail() }
            tapsCompleted += 1
            if tapsCompleted == numberOfTapsRequired {
                recognize()
            } else {
                origin = nil
                waitingSince = time
            }
        case .deadline:
            fail()
        default:
            break
        }
    }

    public override func reset() {
        tapsCompleted = 0
        origin = nil
        waitingSince = nil
        mostTouches = 0
        super.reset()
    }
}
