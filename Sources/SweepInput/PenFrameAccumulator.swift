import SweepGeometry

/// A tablet tool (a pen) as the pointer it stands for, one
/// `zwp_tablet_tool_v2.frame` at a time: the tip down and up are the left
/// button, the lower barrel button held is Shift (a band extends the
/// selection, as with Shift and a mouse), the upper one is the right button
/// (a context menu), hovering moves the pointer. Pressure, tilt, distance
/// and the eraser's difference are not used. A tool that leaves or is
/// removed while its tip is down lets the button go, so no press is left
/// held.
public struct PenFrameAccumulator: Sendable {
    /// Linux button codes: the tip stands for the left button.
    public static let leftButton: UInt32 = 0x110, rightButton: UInt32 = 0x111
    /// `BTN_STYLUS` (lower barrel button) and `BTN_STYLUS2` (upper).
    public static let stylusButton: UInt32 = 0x14b, secondStylusButton: UInt32 = 0x14c

    /// Whether the tool is over one of the app's surfaces.
    public private(set) var isInProximity = false
    /// Whether the tip is on the surface.
    public private(set) var isDown = false
    /// Whether the barrel button that stands for Shift is held.
    public private(set) var isStylusButtonHeld = false
    private var isSecondButtonHeld = false
    private var enteredPending = false
    private var pending = PointerFrame()

    public init() {}

    public mutating func proximityIn() {
        isInProximity = true
        enteredPending = true
    }

    public mutating func motion(to point: Point) {
        guard point.x.isFinite, point.y.isFinite else { return }
        if enteredPending {
            pending.entered = point
            enteredPending = false
        }
        pending.position = point
    }

    public mutating func down() {
        guard !isDown else { return }
        isDown = true
        pending.buttons.append((Self.leftButton, true))
    }

    public mutating func up() {
        guard isDown else { return }
        isDown = false
        pending.buttons.append((Self.leftButton, false))
    }

    public mutating func button(_ code: UInt32, pressed: Bool) {
        switch code {
        case Self.stylusButton:
            isStylusButtonHeld = pressed
        case Self.secondStylusButton where pressed != isSecondButtonHeld:
            isSecondButtonHeld = pressed
            pending.buttons.append((Self.rightButton, pressed))
        default:
            break
        }
    }

    /// The tool left the surface: whatever it held is let go.
    public mutating func proximityOut() {
        guard isInProximity else { return }
        releaseAll()
        isInProximity = false
        enteredPending = false
        pending.left = true
    }

    /// The frame's events as one pointer frame, with Shift while the barrel button is held; nil when nothing happened.
    public mutating func frame(time: UInt32) -> PointerFrame? {
        var frame = pending
        pending = PointerFrame()
        guard !frame.isEmpty else { return nil }
        frame.time = time
        frame.modifiers = isStylusButtonHeld ? [.shift] : []
        return frame
    }

    /// The tool was removed (unplugged, out of range for good), maybe mid-stroke:
    /// its buttons are let go and it leaves, at once, as a last frame.
    public mutating func removed(time: UInt32) -> PointerFrame? {
        proximityOut()
        isStylusButtonHeld = false
        return frame(time: time)
    }

    private mutating func releaseAll() {
        up()
        if isSecondButtonHeld {
            isSecondButtonHeld = false
            pending.buttons.append((Self.rightButton, false))
        }
    }
}
