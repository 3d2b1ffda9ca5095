import SweepGeometry

/// A long press: touches held still for `minimumPressDuration`, then
/// continuous (changed while they move, ended when they lift).
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = 500.0
    /// Movement before the press is recognized that fails it.
    public var allowableMovement = 10.0
    public var numberOfTouchesRequired: Int

    private var origin: Point?
    private var start = 0.0

    public init(name: String = "long press", touches: Int = 1) {
        numberOfTouchesRequired = touches
        super.init(name: name)
    }

    public override var deadline: Double? {
        state == .possible && origin != nil ? start + minimumPressDuration : nil
    }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan(_, let time):
            if touches.count > numberOfTouchesRequired { return state.isActive ? cancel() : fail() }
            if touches.count == numberOfTouchesRequired && origin == nil {
                origin = centroid
                start = time
            }
        case .touchesMoved:
            if state.isActive { return change() }
            if let origin, centroid.distance(to: origin) > allowableMovement { fail() }
        case .touchesEnded(_, let time):
            // Held long enough by the timestamps, even if no timer fired (a busy loop): a long press.
            if state == .possible, !isWaitingForFailure, origin != nil, time >= start + minimumPressDuration { begin() }
            if state.isActive || isWaitingForFailure { end() } else { fail() }
        case .deadline(let time):
            if state == .possible, origin != nil, time >= start + minimumPressDuration { begin() }
        default:
            break
        }
    }

    public override func reset() {
        origin = nil
        super.reset()
    }
}
