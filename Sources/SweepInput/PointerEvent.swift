import SweepGeometry

/// Where a scroll came from (`wl_pointer.axis_source`).
public enum AxisSource: Hashable, Sendable {
    case wheel, finger, continuous, wheelTilt
}

/// One axis of scrolling within a pointer frame.
public struct AxisMotion: Hashable, Sendable {
    /// Continuous distance in logical pixels (positive: down / right).
    public var value: Double = 0
    /// Wheel notches in 1/120 steps (`axis_value120`, or `axis_discrete` × 120).
    public var value120: Int?
    /// The fingers left the touchpad (`axis_stop`).
    public var stopped = false

    public init(value: Double = 0, value120: Int? = nil, stopped: Bool = false) {
        self.value = value
        self.value120 = value120
        self.stopped = stopped
    }
}

/// The pointer events of one `wl_pointer.frame`, folded together.
public struct PointerFrame: Hashable, Sendable {
    /// The pointer entered the surface at this point.
    public var entered: Point?
    /// The pointer left the surface.
    public var left = false
    /// The latest position, when it moved (or entered).
    public var position: Point?
    /// Button presses and releases in order: Linux button code, pressed.
    public var buttons: [(code: UInt32, pressed: Bool)] = []
    public var source: AxisSource?
    public var vertical: AxisMotion?
    public var horizontal: AxisMotion?
    /// Milliseconds, from the compositor's clock (0 when the frame had no timed event).
    public var time: UInt32 = 0
    /// The keyboard modifiers held when the frame arrived (the seat's):
    /// a scroll with Ctrl held zooms, as image viewers and file managers do.
    public var modifiers: Modifiers = []

    public init() {}

    public var isEmpty: Bool {
        entered == nil && !left && position == nil && buttons.isEmpty && vertical == nil && horizontal == nil
    }

    public static func == (lhs: PointerFrame, rhs: PointerFrame) -> Bool {
        lhs.entered == rhs.entered && lhs.left == rhs.left && lhs.position == rhs.position
            && lhs.buttons.elementsEqual(rhs.buttons, by: { $0.code == $1.code && $0.pressed == $1.pressed })
            && lhs.source == rhs.source && lhs.vertical == rhs.vertical && lhs.horizontal == rhs.horizontal
            && lhs.time == rhs.time && lhs.modifiers == rhs.modifiers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entered)
        hasher.combine(position)
        hasher.combine(vertical)
        hasher.combine(time)
    }
}
