import SweepGeometry

/// Folds the `wl_pointer` events between two `wl_pointer.frame`s into one
/// `PointerFrame` (Smithay's client toolkit delivers pointer input the same
/// way). The adapter feeds it the events for the app's surfaces only.
public struct PointerFrameAccumulator: Sendable {
    private var pending = PointerFrame()
    /// Axes whose notches came from `axis_value120` in this frame.
    private var hasValue120 = (vertical: false, horizontal: false)

    public init() {}

    public mutating func enter(at point: Point) {
        pending.entered = point
        pending.position = point
    }

    public mutating func leave() { pending.left = true }

    public mutating func motion(to point: Point, time: UInt32) {
        pending.position = point
        pending.time = time
    }

    public mutating func button(_ code: UInt32, pressed: Bool, time: UInt32) {
        pending.buttons.append((code, pressed))
        pending.time = time
    }

    public mutating func axis(vertical: Bool, value: Double, time: UInt32) {
        update(vertical) { $0.value += value }
        pending.time = time
    }

    public mutating func axisSource(_ source: AxisSource) { pending.source = source }

    public mutating func axisStop(vertical: Bool, time: UInt32) {
        update(vertical) { $0.stopped = true }
        pending.time = time
    }

    /// `axis_discrete` (versions 5 to 7): notches, counted as 120 each unless
    /// `axis_value120` (version 8) reports the same motion, which wins.
    public mutating func axisDiscrete(vertical: Bool, steps: Int32) {
        update(vertical) { motion in
            if motion.value120 == nil { motion.value120 = Int(steps) * 120 }
        }
    }

    public mutating func axisValue120(vertical: Bool, value: Int32) {
        // value120 replaces a discrete count from the same frame, and adds up with itself.
        let earlier = vertical ? hasValue120.vertical : hasValue120.horizontal
        update(vertical) { motion in motion.value120 = (earlier ? motion.value120 ?? 0 : 0) + Int(value) }
        if vertical { hasValue120.vertical = true } else { hasValue120.horizontal = true }
    }

    private mutating func update(_ vertical: Bool, _ change: (inout AxisMotion) -> Void) {
        var motion = (vertical ? pending.vertical : pending.horizontal) ?? AxisMotion()
        change(&motion)
        if vertical { pending.vertical = motion } else { pending.horizontal = motion }
    }

    /// `wl_pointer.frame`: the folded frame, or nil when nothing happened.
    public mutating func take() -> PointerFrame? {
        defer {
            pending = PointerFrame()
            hasValue120 = (false, false)
        }
        return pending.isEmpty ? nil : pending
    }
}

/// Folds the `wl_touch` events between two `wl_touch.frame`s into one
/// `TouchFrame`: a touch that moves twice in a frame is reported once, at
/// its last position.
public struct TouchFrameAccumulator: Sendable {
    private var pending = TouchFrame()

    public init() {}

    public mutating func down(_ id: Int32, at point: Point, time: UInt32) {
        pending.down.append(TouchPoint(id: id, position: point))
        pending.time = time
    }

    public mutating func motion(_ id: Int32, to point: Point, time: UInt32) {
        let touch = TouchPoint(id: id, position: point)
        if let index = pending.down.firstIndex(where: { $0.id == id }) {
            pending.down[index] = touch   // moved in the frame it went down in
        } else if let index = pending.moved.firstIndex(where: { $0.id == id }) {
            pending.moved[index] = touch
        } else {
            pending.moved.append(touch)
        }
        pending.time = time
    }

    public mutating func up(_ id: Int32, time: UInt32) {
        pending.up.append(id)
        pending.time = time
    }

    /// `wl_touch.frame`: the folded frame, or nil when nothing happened.
    public mutating func take() -> TouchFrame? {
        defer { pending = TouchFrame() }
        return pending.isEmpty ? nil : pending
    }

    /// `wl_touch.cancel`: what was pending is dropped; the frame says cancelled.
    public mutating func cancel() -> TouchFrame {
        pending = TouchFrame()
        var frame = TouchFrame()
        frame.cancelled = true
        return frame
    }
}
