import SweepPresentation
import Testing

@Suite struct DrawTimingTests {
    let ms: UInt64 = 1_000_000

    @Test func drawsAMarginBeforeThePredictedRepaint() {
        // Shown at 100 ms, 60 Hz (16.667 ms): 2 ms after it, the next repaint is at 116.667 ms.
        let delay = DrawDelay.delay(now: 102 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 5)
        #expect(delay.map { abs($0 - 9.667) < 0.01 } == true, "\(String(describing: delay))")
    }

    @Test func predictsAcrossMissedRefreshes() {
        // 40 ms after the last presentation the next repaint is the third one after it (150 ms).
        let delay = DrawDelay.delay(now: 140 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 4)
        #expect(delay.map { abs($0 - 6) < 0.01 } == true, "\(String(describing: delay))")
    }

    @Test func drawsAtOnceWhenTooLateOrUnknown() {
        #expect(DrawDelay.delay(now: 113 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 4) == nil, "inside the margin")
        #expect(DrawDelay.delay(now: 102 * ms, lastPresented: 100 * ms, refresh: 0, margin: 4) == nil, "no refresh period")
        #expect(DrawDelay.delay(now: 99 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 4) == nil, "clock behind")
        #expect(DrawDelay.delay(now: 102 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 0) == nil, "no margin")
    }
}

@Suite struct DrawMarginTests {
    let ms: UInt64 = 1_000_000
    let refresh: UInt64 = 16_666_667
    let meant: UInt64 = 116_666_667

    @Test func plansTheRepaintTheFrameIsMeantFor() throws {
        let latcher = DrawMargin(margin: 5)
        let plan = try #require(latcher.plan(now: 102 * ms, lastPresented: 100 * ms, refresh: refresh))
        #expect(abs(plan.delay - 9.667) < 0.01)
        #expect(plan.repaint / 1000 == 116_666, "\(plan.repaint)")
        #expect(latcher.plan(now: 102 * ms, lastPresented: 100 * ms, refresh: 0) == nil)
        #expect(DrawMargin.repaint(after: 102 * ms, lastPresented: 100 * ms, refresh: refresh) == meant)
        #expect(DrawMargin.repaint(after: 99 * ms, lastPresented: 100 * ms, refresh: refresh) == nil)
    }

    @Test func drawsAtOnceAfterAPause() {
        let latcher = DrawMargin(margin: 5)
        // 40 ms after the last frame shown, frames are not flowing: no prediction from it.
        #expect(latcher.plan(now: 140 * ms, lastPresented: 100 * ms, refresh: refresh) == nil)
        #expect(latcher.plan(now: 120 * ms, lastPresented: 100 * ms, refresh: refresh) != nil)
    }

    @Test func aMissGrowsTheMarginUpToHalfARefresh() {
        var latcher = DrawMargin(margin: 5)
        // A frame drawn at once, shown at the repaint it was meant for: the norm is no gap.
        latcher.shown(at: meant, meantFor: meant, refresh: refresh, late: false)
        // Drawn late for 116.7 ms, shown a refresh later: missed.
        latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: true)
        #expect(latcher.margin == 6 && latcher.misses == 1)
        for _ in 0..<3 { latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: true) }
        #expect(abs(latcher.margin - 8.333) < 0.001, "capped at half of 16.667 ms: \(latcher.margin)")
        #expect(latcher.suspendedFor == 0)
        // Shown a little after the repaint it was meant for (the compositor's own work): made it.
        latcher.shown(at: 118 * ms, meantFor: meant, refresh: refresh, late: true)
        #expect(latcher.misses == 4 && latcher.hitsInARow == 1)
    }

    @Test func aMissAtTheLargestMarginSuspendsLatching() {
        var latcher = DrawMargin(margin: 8.5)   // more than half a refresh: 8.333 ms is used
        #expect(abs(latcher.margin(refresh: refresh) - 8.333) < 0.001)
        latcher.shown(at: meant, meantFor: meant, refresh: refresh, late: false)
        latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: true)
        #expect(latcher.suspendedFor == DrawMargin.framesSuspended)
        #expect(latcher.plan(now: 102 * ms, lastPresented: 100 * ms, refresh: refresh) == nil, "suspended")
        for _ in 0..<DrawMargin.framesSuspended { latcher.shown(at: meant, meantFor: meant, refresh: refresh, late: false) }
        #expect(latcher.suspendedFor == 0)
        #expect(latcher.plan(now: 102 * ms, lastPresented: 100 * ms, refresh: refresh) != nil, "resumed")
    }

    @Test func aCompositorShowingARefreshLaterIsTheNormNotAMiss() {
        // Composited just after a vblank and shown at the next: every frame a refresh after its repaint.
        var latcher = DrawMargin(margin: 5)
        latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: false)
        for _ in 0..<10 { latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: true) }
        #expect(latcher.misses == 0 && latcher.margin == 5)
        // Two refreshes after it is one beyond the norm: a miss.
        latcher.shown(at: 150 * ms, meantFor: meant, refresh: refresh, late: true)
        #expect(latcher.misses == 1)
    }

    @Test func aRunOfHitsShrinksTheMarginBackToWhereItStarted() {
        var latcher = DrawMargin(margin: 4)
        latcher.shown(at: meant, meantFor: meant, refresh: refresh, late: false)
        latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: true)
        latcher.shown(at: 133 * ms, meantFor: meant, refresh: refresh, late: true)
        #expect(latcher.margin == 6)
        for _ in 0..<(DrawMargin.hitsBeforeShrinking - 1) { latcher.shown(at: 117 * ms, meantFor: meant, refresh: refresh, late: true) }
        #expect(latcher.margin == 6, "not before \(DrawMargin.hitsBeforeShrinking) in a row")
        latcher.shown(at: 117 * ms, meantFor: meant, refresh: refresh, late: true)
        #expect(latcher.margin == 5.5)
        for _ in 0..<(DrawMargin.hitsBeforeShrinking * 10) { latcher.shown(at: 117 * ms, meantFor: meant, refresh: refresh, late: true) }
        #expect(latcher.margin == 4, "never below the margin it started with")
    }

    @Test func absurdTimesFromTheCompositorDoNotTrap() {
        var latcher = DrawMargin(margin: 4)
        #expect(latcher.plan(now: 102 * ms, lastPresented: .max - 1, refresh: .max / 4) == nil, "clock behind")
        #expect(latcher.plan(now: .max - 10, lastPresented: 0, refresh: UInt64(UInt32.max)) == nil, "long ago")
        latcher.shown(at: .max, meantFor: 0, refresh: UInt64(UInt32.max), late: false)
        latcher.shown(at: 0, meantFor: .max, refresh: UInt64(UInt32.max), late: true)
        latcher.shown(at: .max, meantFor: 0, refresh: UInt64(UInt32.max), late: true)
        #expect(latcher.misses == 1, "far beyond the norm is a miss")
    }

    @Test func unknownRefreshChangesNothing() {
        var latcher = DrawMargin(margin: 4)
        latcher.shown(at: 500 * ms, meantFor: meant, refresh: 0, late: true)
        #expect(latcher == DrawMargin(margin: 4))
    }
}
