/// Decides when to draw: only when something changed, only when the window is
/// configured, and at most once per frame callback. Draws nothing while idle.
///
/// The adapter calls the event methods and does what they return.
public struct FramePacer: Sendable {
    public enum Action: Equatable, Sendable {
        /// Nothing to do now.
        case none
        /// Draw a frame now (and request a frame callback with its commit).
        case draw
    }

    public private(set) var isConfigured = false
    public private(set) var needsRedraw = false
    public private(set) var isWaitingForFrameCallback = false

    public init() {}

    /// The first configure arrived (or a later one): the window may be drawn.
    public mutating func configured() -> Action {
        isConfigured = true
        needsRedraw = true
        // A configure is answered at once, even while a frame callback is
        // pending: a hidden window gets no callbacks but must still resize.
        return .draw
    }

    /// Something visible changed.
    public mutating func invalidate() -> Action {
        needsRedraw = true
        return next()
    }

    /// The compositor's frame callback fired: a new frame may be drawn.
    public mutating func frameCallbackDone() -> Action {
        isWaitingForFrameCallback = false
        return next()
    }

    /// A frame was committed with a frame callback requested.
    public mutating func committed() {
        needsRedraw = false
        isWaitingForFrameCallback = true
    }

    /// The window was hidden or its callback will never come (e.g. after an
    /// unmap): allow drawing again on the next change.
    public mutating func resetFrameCallback() {
        isWaitingForFrameCallback = false
    }

    private func next() -> Action {
        isConfigured && needsRedraw && !isWaitingForFrameCallback ? .draw : .none
    }
}
