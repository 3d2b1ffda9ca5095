import SweepPresentation
import Testing

@Suite struct LateLatchTests {
    let ms: UInt64 = 1_000_000

    @Test func drawsAMarginBeforeThePredictedRepaint() {
        // Shown at 100 ms, 60 Hz (16.667 ms): 2 ms after it, the next repaint is at 116.667 ms.
        let delay = LateLatch.delay(now: 102 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 5)
        #expect(delay.map { abs($0 - 9.667) < 0.01 } == true, "\(String(describing: delay))")
    }

    @Test func predictsAcrossMissedRefreshes() {
        // 40 ms after the last presentation the next repaint is the third one after it (150 ms).
        let delay = LateLatch.delay(now: 140 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 4)
        #expect(delay.map { abs($0 - 6) < 0.01 } == true, "\(String(describing: delay))")
    }

    @Test func drawsAtOnceWhenTooLateOrUnknown() {
        #expect(LateLatch.delay(now: 113 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 4) == nil, "inside the margin")
        #expect(LateLatch.delay(now: 102 * ms, lastPresented: 100 * ms, refresh: 0, margin: 4) == nil, "no refresh period")
        #expect(LateLatch.delay(now: 99 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 4) == nil, "clock behind")
        #expect(LateLatch.delay(now: 102 * ms, lastPresented: 100 * ms, refresh: 16_666_667, margin: 0) == nil, "no margin")
    }
}
