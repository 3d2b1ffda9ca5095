/// Late latching: when to draw so that a frame is ready just before the
/// compositor's next repaint rather than right after the previous one, and
/// so takes in the input that arrives in between. The next repaint is
/// predicted from the last presentation time and the refresh period
/// (`wp_presentation`); all times in nanoseconds on one clock.
public enum LateLatch {
    /// Milliseconds to wait before drawing, `margin` milliseconds ahead of
    /// the predicted repaint; nil to draw now (no period known, the clock
    /// behind the last presentation, or less than a millisecond to wait).
    public static func delay(now: UInt64, lastPresented: UInt64, refresh: UInt64, margin: Double) -> Double? {
        guard refresh > 0, now >= lastPresented, margin > 0 else { return nil }
        let periods = (now - lastPresented) / refresh + 1
        let nextRepaint = lastPresented + periods * refresh
        let delay = (Double(nextRepaint) - Double(now)) / 1e6 - margin
        return delay >= 1 ? delay : nil
    }
}
