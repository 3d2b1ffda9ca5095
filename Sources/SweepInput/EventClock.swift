/// The compositor's event time as a continuous clock.
///
/// Wayland stamps input with 32-bit milliseconds, which wrap to 0 every
/// 2³² ms (49.7 days of uptime). Recognizers and velocity trackers subtract
/// times, so a wrap would make time jump back by 2³² ms. An `EventClock`
/// turns each stamp into milliseconds on a clock that goes on across the
/// wrap: the first stamp reads as itself, and each later one as the clock's
/// latest time plus the signed distance from the latest stamp (serial number
/// arithmetic, RFC 1982). Stamps a little out of order (two devices) read
/// as a little earlier; any two stamps less than 24.8 days apart keep their
/// true distance.
///
/// A stamp of 0 means "no timed event in this frame" (a pointer frame with
/// only `enter`): it reads as the latest time and does not move the clock.
public struct EventClock: Hashable, Sendable {
    /// The continuous time of the latest stamp, or nil before the first.
    public private(set) var latest: Double?
    private var latestStamp: UInt32 = 0

    public init() {}

    /// The continuous time, in milliseconds, of the compositor's `stamp`.
    /// Reading the same stamp again gives the same time.
    public mutating func time(of stamp: UInt32) -> Double {
        guard let latest else {
            if stamp == 0 { return 0 }
            self.latest = Double(stamp)
            latestStamp = stamp
            return Double(stamp)
        }
        if stamp == 0 { return latest }
        let time = latest + Double(Int32(bitPattern: stamp &- latestStamp))
        self.latest = time
        latestStamp = stamp
        return time
    }
}
