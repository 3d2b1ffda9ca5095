import SweepGeometry
import SweepInput

/// The touchpad's two-finger sweep. libinput turns two moving fingers into
/// scrolling, never a swipe, so the sweep is two fingers resting still for
/// `minimumHoldDuration` (a hold gesture) and then moving: the finger-source
/// scrolling that follows drives the sweep instead of scrolling the view,
/// until `axis_stop`, a hold that ends with the fingers lifted, or
/// `silenceTimeout` without scrolling (an `axis_stop` that never came: the
/// fingers were lifted, and nothing else says so). A two-finger drag that
/// moves at once stays a scroll.
///
/// The location is the pointer position at the hold plus the scrolling so
/// far (fingers moving down move the point down, with natural scrolling off).
public final class HoldScrollSweepGestureRecognizer: GestureRecognizer {
    public var minimumHoldDuration = 300.0
    public var numberOfFingers = 2
    /// How long the sweep waits for scrolling before it takes the fingers as lifted. libinput
    /// sends `axis_stop` when they lift, so this only ends a sweep whose `axis_stop` was lost;
    /// long enough that fingers resting mid-sweep (no events) do not end it at once.
    public var silenceTimeout = 1500.0

    private var holdStart: Double?
    private var origin = Point.zero
    private var motion = Point.zero
    private var lastScroll = 0.0

    public override init(name: String = "hold-scroll sweep") {
        super.init(name: name)
    }

    public override var location: Point { origin + motion }

    /// The pointer position when the hold began.
    public var startLocation: Point { origin }

    public override var numberOfTouches: Int { holdStart == nil ? 0 : numberOfFingers }

    public override var deadline: Double? { state.isActive ? lastScroll + silenceTimeout : nil }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchpad(.holdBegin(let fingers, _), let pointer, let time):
            // A hold during the sweep (a finger more resting) changes nothing.
            if state.isActive { return }
            guard Int(fingers) == numberOfFingers, state == .possible else { return fail() }
            holdStart = time
            origin = pointer
            motion = .zero
        case .touchpad(.holdEnd(let cancelled, _), _, let time):
            // Fingers lifted from a hold during the sweep: it ends, even when no `axis_stop`
            // came (one lost with the pointer's focus would leave the selection provisional).
            if state.isActive {
                if !cancelled { end() }
                return
            }
            guard let start = holdStart, state == .possible else { return }
            // Lifted without moving, or moved before the hold was long enough: not a sweep.
            if !cancelled || time - start < minimumHoldDuration { fail() }
        case .touchpad:
            if !state.isActive { fail() }
        case .deadline(let time):
            if state.isActive, time >= lastScroll + silenceTimeout { end() }
        default:
            break
        }
    }

    public override func handle(_ scroll: ScrollMotion) -> Bool {
        guard scroll.source == .finger || scroll.source == nil, let start = holdStart else {
            if state == .possible && holdStart != nil && scroll.source != nil { fail() }
            return false
        }
        if state == .possible {
            guard scroll.time - start >= minimumHoldDuration else {
                fail()
                return false
            }
            motion = motion + Point(x: scroll.dx, y: scroll.dy)
            lastScroll = scroll.time
            begin()
            if scroll.stopped && state.isActive { end() }
            return state != .failed
        }
        guard state.isActive else { return false }
        motion = motion + Point(x: scroll.dx, y: scroll.dy)
        lastScroll = scroll.time
        if scroll.stopped { end() } else { change() }
        return true
    }

    public override func reset() {
        holdStart = nil
        motion = .zero
        super.reset()
    }
}
