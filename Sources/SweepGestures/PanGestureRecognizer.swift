import SweepGeometry
import SweepInput

/// A pan: touches moving past `hysteresis`, with the translation of their
/// centroid since the start. Touches that join or lift during the pan do not
/// make the translation jump: it is rebased on the new centroid.
///
/// A touchpad swipe feeds the pan too, with its finger count as the number of
/// touches; the location is then the pointer position plus the swipe's
/// accumulated motion.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches: Int
    public var maximumNumberOfTouches: Int
    /// Distance the centroid must move before the pan begins.
    public var hysteresis = 10.0
    /// Whether touchpad swipes drive this pan.
    public var acceptsTouchpadSwipes = true

    /// The translation reported so far, in view coordinates.
    public private(set) var translation = Point.zero
    /// Translation before the current touch set (rebased when touches change).
    private var base = Point.zero
    private var anchor = Point.zero
    private var tracker = VelocityTracker()
    private var tracking = false
    /// Touchpad swipe state: fingers and the pointer position at the begin.
    private var swipeFingers = 0
    private var swipeOrigin = Point.zero

    public init(name: String = "pan", minimumTouches: Int = 1, maximumTouches: Int = Int.max) {
        minimumNumberOfTouches = minimumTouches
        maximumNumberOfTouches = maximumTouches
        super.init(name: name)
    }

    /// Units per second, from the last 100 ms.
    public var velocity: Point { tracker.velocity }

    /// Whether the pan comes from a touchpad swipe.
    public var isFromTouchpad: Bool { swipeFingers > 0 }

    open override var numberOfTouches: Int { swipeFingers > 0 ? swipeFingers : min(touches.count, maximumNumberOfTouches) }

    open override var location: Point {
        swipeFingers > 0 ? swipeOrigin + translation : trackedCentroid
    }

    /// The translation where the pan began: the location minus the translation.
    public var startLocation: Point { location - translation }

    /// Sets the translation (UIKit's `setTranslation(_:in:)`), usually to zero
    /// after applying it, so later changes report increments.
    public func setTranslation(_ value: Point) {
        if swipeFingers > 0 { swipeOrigin = swipeOrigin + translation - value }
        translation = value
        base = value
        anchor = trackedCentroid
    }

    /// The centroid of the touches the pan tracks (at most the maximum number).
    private var trackedCentroid: Point {
        let tracked = touches.prefix(maximumNumberOfTouches)
        guard !tracked.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for touch in tracked {
            x += touch.position.x
            y += touch.position.y
        }
        return Point(x: x / Double(tracked.count), y: y / Double(tracked.count))
    }

    /// Overridden to refuse a start by direction (a screen-edge pan, a sweep
    /// along one axis). Called when the hysteresis is passed.
    open func allowsBeginning(with translation: Point) -> Bool { true }

    open override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan(_, let time):
            if state == .possible && touches.count > maximumNumberOfTouches { return fail() }
            rebase(time: time)
        case .touchesMoved(_, let time):
            guard tracking else { return }
            translation = base + (trackedCentroid - anchor)
            tracker.add(translation, time: time)
            if state.isActive {
                change()
            } else if touches.count >= minimumNumberOfTouches && translation.length >= hysteresis {
                if allowsBeginning(with: translation) { begin() } else { fail() }
            }
        case .touchesEnded(_, let time):
            if touches.count < minimumNumberOfTouches {
                // The lift is a sample too: fingers that rested before lifting have no speed left.
                if state.isActive { tracker.add(translation, time: time); end() } else if touches.isEmpty { fail() }
            } else {
                rebase(time: time)
            }
        case .touchpad(let gesture, let pointer, let time):
            handleSwipe(gesture, pointer: pointer, time: time)
        default:
            break
        }
    }

    private func rebase(time: Double) {
        base = translation
        anchor = trackedCentroid
        tracking = true
        if !state.isActive { tracker.reset() }
        tracker.add(translation, time: time)
    }

    private func handleSwipe(_ gesture: PointerGesture, pointer: Point, time: Double) {
        guard acceptsTouchpadSwipes else { return }
        switch gesture {
        case .swipeBegin(let fingers, _):
            guard state == .possible, swipeFingers == 0 else { return }
            guard (minimumNumberOfTouches...max(minimumNumberOfTouches, maximumNumberOfTouches)).contains(Int(fingers)) else { return fail() }
            swipeFingers = Int(fingers)
            swipeOrigin = pointer
            translation = .zero
            tracker.reset()
            tracker.add(.zero, time: time)
        case .swipeUpdate(let dx, let dy, _):
            guard swipeFingers > 0 else { return }
            translation = translation + Point(x: dx, y: dy)
            tracker.add(translation, time: time)
            // libinput has already decided this is a swipe: no hysteresis of our own.
            if state.isActive {
                change()
            } else if allowsBeginning(with: translation) {
                begin()
            } else {
                fail()
            }
        case .swipeEnd(let cancelled, _):
            guard swipeFingers > 0 else { return }
            if state.isActive {
                tracker.add(translation, time: time)
                if cancelled { cancel() } else { end() }
            } else {
                fail()
            }
        default:
            break
        }
    }

    open override func reset() {
        translation = .zero
        base = .zero
        anchor = .zero
        tracker.reset()
        tracking = false
        swipeFingers = 0
        super.reset()
    }
}
