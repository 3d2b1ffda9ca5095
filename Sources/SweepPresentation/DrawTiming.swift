/// Late latching: when to draw so that a frame is ready just before the
/// compositor's next repaint rather than right after the previous one, and
/// so takes in the input that arrives in between. The next repaint is
/// predicted from the last presentation time and the refresh period
/// (`wp_presentation`); all times in nanoseconds on one clock.
public enum DrawDelay {
    /// Milliseconds to wait before drawing, `margin` milliseconds ahead of
    /// the predicted repaint; nil to draw now (no period known, the clock
    /// behind the last presentation, or less than a millisecond to wait).
    public static func delay(now: UInt64, lastPresented: UInt64, refresh: UInt64, margin: Double) -> Double? {
        guard margin > 0, let nextRepaint = DrawMargin.repaint(after: now, lastPresented: lastPresented, refresh: refresh)
        else { return nil }
        let delay = (Double(nextRepaint) - Double(now)) / 1e6 - margin
        return delay >= 1 ? delay : nil
    }
}

/// Late latching that learns from what the compositor shows.
///
/// Each frame is meant for a repaint: the one predicted after the time it is
/// committed, or, drawn late, the one it waited for. How long after that
/// repaint a frame is shown depends on the compositor (at once on a headless
/// output; a refresh later where it composites just after a vblank), so the
/// shortest gap among recent frames is taken as the norm, and a late-drawn
/// frame shown half a refresh or more beyond it missed: the drawing, or the
/// compositor's own work before its repaint, took longer than the margin.
/// A miss grows the margin; a run of frames that made it shrinks it back
/// towards where it started. A miss with the margin already at half a
/// refresh suspends late latching for a while, as it then only costs.
public struct DrawMargin: Sendable, Equatable {
    /// Milliseconds a miss adds to the margin.
    public static let growthOnMiss = 1.0
    /// Milliseconds taken off after `hitsBeforeShrinking` late frames in a row made it.
    public static let shrinkAfterHits = 0.5
    /// Late frames in a row that made their repaint before the margin shrinks.
    public static let hitsBeforeShrinking = 120
    /// Frames shown while late latching is suspended after a miss at the largest margin.
    public static let framesSuspended = 600
    /// Recent frames whose gap (shown after the repaint meant) sets the norm.
    public static let gapsKept = 64
    /// Refresh periods after the last frame shown beyond which frames are no
    /// longer flowing: the next is drawn at once.
    public static let flowingWithin: UInt64 = 2

    /// The margin it starts with and never goes below, in milliseconds.
    public let minimumMargin: Double
    /// The margin now, in milliseconds; at most half a refresh period is used.
    public private(set) var margin: Double
    /// Late frames in a row that were shown at the repaint they were drawn for.
    public private(set) var hitsInARow = 0
    /// Late frames that missed their repaint, in all.
    public private(set) var misses = 0
    /// Frames still to be shown before late latching resumes; 0 when it is on.
    public private(set) var suspendedFor = 0
    /// Recent gaps, in nanoseconds, between the repaint a frame was meant for and its presentation.
    private var gaps: [Int64] = []

    /// Late latching starting `margin` milliseconds ahead of the predicted
    /// repaint; the margin never shrinks below that.
    public init(margin: Double) {
        minimumMargin = margin
        self.margin = margin
    }

    /// The margin used at this refresh period (ns), in milliseconds.
    public func margin(refresh: UInt64) -> Double {
        min(margin, Double(refresh) / 2e6)
    }

    /// When to draw: how many milliseconds to wait and the repaint (ns) the
    /// frame is then meant for; nil to draw now (see `DrawDelay.delay`). Only
    /// while frames flow: the first after a pause is drawn at once, since a
    /// compositor may repaint as soon as it arrives (an idle headless output,
    /// a variable refresh rate), and its presentation gives the next
    /// prediction a fresh start.
    public func plan(now: UInt64, lastPresented: UInt64, refresh: UInt64) -> (delay: Double, repaint: UInt64)? {
        let margin = margin(refresh: refresh)
        guard suspendedFor == 0, refresh > 0, now >= lastPresented,
              now - lastPresented < DrawMargin.flowingWithin * refresh,
              let delay = DrawDelay.delay(now: now, lastPresented: lastPresented, refresh: refresh, margin: margin)
        else { return nil }
        return (delay, now + UInt64((delay + margin) * 1e6))
    }

    /// The first repaint predicted after `now` (ns), which a frame committed
    /// then is meant for; nil with no refresh period or the clock behind.
    public static func repaint(after now: UInt64, lastPresented: UInt64, refresh: UInt64) -> UInt64? {
        guard refresh > 0, now >= lastPresented else { return nil }
        return lastPresented + ((now - lastPresented) / refresh + 1) * refresh
    }

    /// A frame meant for the repaint at `repaint` (ns) was shown at
    /// `presented`; `late` when it was drawn late for it.
    public mutating func shown(at presented: UInt64, meantFor repaint: UInt64, refresh: UInt64, late: Bool) {
        guard refresh > 0 else { return }
        let gap = Int64(clamping: presented) - Int64(clamping: repaint)
        gaps.append(gap)
        if gaps.count > DrawMargin.gapsKept { gaps.removeFirst(gaps.count - DrawMargin.gapsKept) }
        if suspendedFor > 0 { suspendedFor -= 1 }
        guard late, let norm = gaps.min() else { return }
        // Times from the compositor are not trusted to be sane: an overflow means far beyond.
        let beyond = gap.subtractingReportingOverflow(norm)
        if beyond.overflow || beyond.partialValue >= Int64(refresh / 2) {
            misses += 1
            hitsInARow = 0
            let largest = Double(refresh) / 2e6
            if margin(refresh: refresh) >= largest {
                suspendedFor = DrawMargin.framesSuspended
            } else {
                margin = min(margin + DrawMargin.growthOnMiss, largest)
            }
        } else {
            hitsInARow += 1
            if hitsInARow >= DrawMargin.hitsBeforeShrinking {
                hitsInARow = 0
                margin = max(minimumMargin, margin - DrawMargin.shrinkAfterHits)
            }
        }
    }
}
