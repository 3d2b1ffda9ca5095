import SweepGeometry
import SweepInput

/// What a recognizer is fed, in view coordinates and the compositor's
/// millisecond clock, made continuous across its 32-bit wrap by the arena
/// (`EventClock`). Time never comes from anywhere else: a test drives a
/// recognizer with synthetic times, and the event loop arms a timer for
/// `GestureRecognizer.deadline`.
public enum GestureInput: Hashable, Sendable {
    /// Touches went down (they join the recognizer's touches first).
    case touchesBegan([TouchPoint], time: Double)
    /// Touches moved (already updated in the recognizer's touches).
    case touchesMoved([TouchPoint], time: Double)
    /// Touches lifted (already removed from the recognizer's touches).
    case touchesEnded([Int32], time: Double)
    /// A touchpad gesture (swipe, pinch, hold) with the pointer position at
    /// the time, and its time on the arena's clock (read this, not the
    /// gesture's 32-bit stamp).
    case touchpad(PointerGesture, pointer: Point, time: Double)
    /// The left button went down at a point with the modifiers held then.
    case pointerPressed(at: Point, modifiers: Modifiers, time: Double)
    /// The pointer moved while the button was held.
    case pointerMoved(to: Point, time: Double)
    /// The button came up.
    case pointerReleased(time: Double)
    /// The time the recognizer asked for (`deadline`) has come.
    case deadline(time: Double)
}

/// Scrolling from the pointer (`wl_pointer.axis` and friends, one frame).
public struct ScrollMotion: Hashable, Sendable {
    public var dx: Double
    public var dy: Double
    public var source: AxisSource?
    /// The fingers left the touchpad (`axis_stop`).
    public var stopped: Bool
    public var time: Double

    public init(dx: Double = 0, dy: Double = 0, source: AxisSource? = nil, stopped: Bool = false, time: Double) {
        self.dx = dx
        self.dy = dy
        self.source = source
        self.stopped = stopped
        self.time = time
    }
}
