import SweepGeometry
import SweepInput

/// A pointer band: the left button pressed and moved `hysteresis` (4 px)
/// begins it at the press point; it changes while the pointer moves and ends
/// on release. The modifiers held at the press choose the band's mode for the
/// whole band (UIBandSelectionInteraction's initial modifier flags). Owners
/// cancel it (Escape) with `cancel()`.
public final class BandGestureRecognizer: GestureRecognizer {
    public var hysteresis = 4.0
    /// The press point, in view coordinates.
    public private(set) var anchor = Point.zero
    /// The pointer now.
    public private(set) var current = Point.zero
    /// The modifiers held at the press.
    public private(set) var initialModifiers: Modifiers = []
    private var pressed = false

    public override init(name: String = "band") {
        super.init(name: name)
    }

    public override var location: Point { current }

    /// The rectangle from the anchor to the pointer.
    public var rect: Rect {
        Rect(x: min(anchor.x, current.x), y: min(anchor.y, current.y),
             width: abs(current.x - anchor.x), height: abs(current.y - anchor.y))
    }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .pointerPressed(let point, let modifiers, _):
            anchor = point
            current = point
            initialModifiers = modifiers
            pressed = true
        case .pointerMoved(let point, _):
            guard pressed else { return }
            current = point
            if state.isActive {
                change()
            } else if point.distance(to: anchor) >= hysteresis {
                begin()
            }
        case .pointerReleased:
            pressed = false
            if state.isActive { end() } else { fail() }
        default:
            break
        }
    }

    public override func reset() {
        pressed = false
        super.reset()
    }
}

/// A pointer click: the left button pressed and released without moving
/// `allowableMovement`, with the modifiers held at the press. Discrete.
public final class ClickGestureRecognizer: GestureRecognizer {
    public var allowableMovement = 4.0
    public private(set) var point = Point.zero
    public private(set) var modifiers: Modifiers = []
    private var pressed = false

    public override init(name: String = "click") {
        super.init(name: name)
    }

    public override var location: Point { point }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .pointerPressed(let at, let held, _):
            point = at
            modifiers = held
            pressed = true
        case .pointerMoved(let to, _):
            if pressed && to.distance(to: point) >= allowableMovement { fail() }
        case .pointerReleased:
            if pressed { recognize() }
            pressed = false
        default:
            break
        }
    }

    public override func reset() {
        pressed = false
        super.reset()
    }
}
