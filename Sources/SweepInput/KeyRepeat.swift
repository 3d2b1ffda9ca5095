/// Key repeat as `wl_keyboard.repeat_info` describes it: after `delay` ms a
/// held key repeats `rate` times a second until it is released, another key
/// is pressed, or focus is lost. Pure: the owner passes the time in and arms
/// one timer for `nextRepeat`.
public struct KeyRepeat: Hashable, Sendable {
    /// Repeats a second; 0 turns repeat off.
    public private(set) var rate: Int32 = 25
    /// Milliseconds before the first repeat.
    public private(set) var delay: Int32 = 600
    /// The key (evdev code) repeating now.
    public private(set) var key: UInt32?
    /// When the next repeat is due, on the owner's clock (ms).
    public private(set) var nextRepeat: Double?

    public init() {}

    /// The compositor's `repeat_info`; a rate of 0 stops any repeat.
    public mutating func configure(rate: Int32, delay: Int32) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
        if self.rate == 0 { stop() }
    }

    /// A key went down at `time`; keys that do not repeat (modifiers) only stop the current one.
    public mutating func press(_ code: UInt32, at time: Double, repeats: Bool) {
        stop()
        guard repeats, rate > 0 else { return }
        key = code
        nextRepeat = time + Double(delay)
    }

    /// A key came up: if it was the repeating one, repeat stops.
    public mutating func release(_ code: UInt32) {
        if key == code { stop() }
    }

    /// Focus left, or the keyboard went away.
    public mutating func stop() {
        key = nil
        nextRepeat = nil
    }

    /// The repeats due by `time`, each with the time it was due; the next one is scheduled after them.
    public mutating func repeats(until time: Double) -> [Double] {
        guard key != nil, var next = nextRepeat else { return [] }
        let interval = 1000 / Double(rate)
        var due: [Double] = []
        while next <= time && due.count < 1000 {
            due.append(next)
            next += interval
        }
        nextRepeat = next
        return due
    }
}
