import SweepInput
import Testing

@Suite struct EventClockTests {
    /// 2³² ms: where the compositor's 32-bit clock wraps.
    static let wrap = 4_294_967_296.0

    @Test func timeGoesOnAcrossTheWrap() {
        var clock = EventClock()
        let stamps: [UInt32] = [UInt32.max - 5, UInt32.max, 3, 20]
        #expect(stamps.map { clock.time(of: $0) } == [Self.wrap - 6, Self.wrap - 1, Self.wrap + 3, Self.wrap + 20])
        #expect(clock.latest == Self.wrap + 20)
    }

    @Test func beforeAnyWrapAStampReadsAsItself() {
        var clock = EventClock()
        #expect(clock.latest == nil)
        #expect([1000, 1016, 5000].map { clock.time(of: $0) } == [1000, 1016, 5000])
    }

    @Test func theSameStampReadsTheSameAndAnEarlierOneEarlier() {
        var clock = EventClock()
        _ = clock.time(of: UInt32.max - 2)
        #expect(clock.time(of: 7) == Self.wrap + 7)
        #expect(clock.time(of: 7) == Self.wrap + 7, "a frame converted twice (the arena, then a view)")
        // Another device's event stamped a little before the latest one, across the wrap again.
        #expect(clock.time(of: UInt32.max) == Self.wrap - 1)
        #expect(clock.time(of: 30) == Self.wrap + 30)
    }

    @Test func aZeroStampIsNoStampAndReadsAsTheLatestTime() {
        var clock = EventClock()
        #expect(clock.time(of: 0) == 0)
        #expect(clock.time(of: UInt32.max - 9) == Self.wrap - 10)
        #expect(clock.time(of: 0) == Self.wrap - 10, "a frame without a timed event")
        #expect(clock.time(of: 15) == Self.wrap + 15)
    }

    @Test func manyWrapsInALongSession() {
        // 160 days of uptime in steps of a little under 2³¹ ms: three wraps, always forward.
        var clock = EventClock()
        var stamp: UInt32 = 1000
        var expected = 1000.0
        #expect(clock.time(of: stamp) == expected)
        let step: UInt32 = 2_000_000_000
        for _ in 0..<7 {
            stamp = stamp &+ step
            expected += Double(step)
            #expect(clock.time(of: stamp) == expected)
        }
        #expect(expected > 3 * Self.wrap)
    }
}
