import SweepGeometry
import SweepInput

/// A pointer press and what the pointer does until the release, as text
/// takes it: it begins at the press, saying how many presses in a row it
/// ends (`clickCount`: 2 for a double click, 3 for a triple one, then 1
/// again) and the modifiers held; it changes as the pointer moves with the
/// button held and ends at the release. A press counts as the next of a
/// row when it comes within `multiPressInterval` of the one before and
/// `multiPressDistance` of its point (GTK's double-click time and distance).
public final class PressDragGestureRecognizer: GestureRecognizer {
    /// Milliseconds between presses of a double or triple click.
    public var multiPressInterval = 400.0
    /// How far apart the presses of a double or triple click may be.
    public var multiPressDistance = 5.0
    /// The presses in a row that began this gesture (1, 2 or 3).
    public private(set) var clickCount = 0
    /// Where the press was, in the view.
    public private(set) var pressPoint = Point.zero
    /// Where the pointer is now, in the view.
    public private(set) var point = Point.zero
    /// The modifiers held at the press.
    public private(set) var modifiers: Modifiers = []
    /// The press before, which the next one may follow (kept across gestures).
    private var lastPress: (point: Point, time: Double)?
    private var pressed = false

    public override init(name: String = "press drag") {
        super.init(name: name)
    }

    public override var location: Point { point }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .pointerPressed(let at, let held, let time):
            if let last = lastPress, time - last.time <= multiPressInterval, at.distance(to: last.point) <= multiPressDistance {
                clickCount = clickCount % 3 + 1
            } else {
                clickCount = 1
            }
            lastPress = (at, time)
            pressPoint = at
            point = at
            modifiers = held
            begin()
            // Refused by the arena (or `shouldBegin`): nothing follows until the next press.
            pressed = isTracking
        case .pointerMoved(let to, _):
            guard pressed, isTracking, to != point else { return }
            point = to
            change()
        case .pointerReleased:
            guard pressed, isTracking else { return }
            pressed = false
            end()
        default:
            break
        }
    }

    /// Began (or waiting to) and not finished.
    private var isTracking: Bool { state == .began || state == .changed || isWaitingForFailure }

    public override func reset() {
        pressed = false
        super.reset()
    }
}
