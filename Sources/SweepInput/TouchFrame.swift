import SweepGeometry

/// One touch point in surface coordinates.
public struct TouchPoint: Hashable, Sendable {
    public var id: Int32
    public var position: Point

    public init(id: Int32, position: Point) {
        self.id = id
        self.position = position
    }
}

/// The touch events of one `wl_touch.frame`, folded together.
public struct TouchFrame: Hashable, Sendable {
    public var down: [TouchPoint] = []
    public var moved: [TouchPoint] = []
    public var up: [Int32] = []
    /// The compositor took the touches away (`wl_touch.cancel`): every
    /// touch of the sequence is gone and its gesture must be undone.
    public var cancelled = false
    /// Milliseconds, from the compositor's clock.
    public var time: UInt32 = 0

    public init() {}

    public var isEmpty: Bool { down.isEmpty && moved.isEmpty && up.isEmpty && !cancelled }
}
