import SweepAccessibility
import SweepLoop
import Testing
@testable import SweepUI

/// A scroll bar's value changes to a screen reader: a change a frame (or a
/// thousand a second) is told ten times a second, the last change always.
@Suite struct ValueChangeTimingTests {
    /// Plays changes at `times` (ms) through the timing and a timer that fires at `intervalEnd`;
    /// returns when a change was told and the time of the latest change it stood for.
    private func play(_ times: [Double]) -> [(told: Double, latest: Double)] {
        var timing = ValueChangeTiming()
        var told: [(Double, Double)] = []
        var latest = -1.0
        func fireTimer(until now: Double) {
            while timing.isPending && timing.intervalEnd <= now {
                let end = timing.intervalEnd
                if timing.intervalEnded(at: end) { told.append((end, latest)) }
            }
        }
        for now in times {
            fireTimer(until: now)
            latest = now
            if timing.changed(at: now) { told.append((now, now)) }
        }
        fireTimer(until: .infinity)
        return told
    }

    @Test func aThousandChangesASecondAreToldTenTimesASecondAndTheLastAfterThem() {
        let times = (0..<5_000).map { Double($0) }
        let told = play(times)
        #expect((50...51).contains(told.count), "\(told.count)")
        #expect(zip(told.dropFirst(), told).allSatisfy { $0.told - $1.told >= ValueChangeTiming.interval }, "\(told.map(\.told))")
        #expect(told.last?.latest == 4_999 && told.last.map { $0.told <= 4_999 + ValueChangeTiming.interval } == true, "\(told.suffix(2))")
    }

    @Test func aLoneChangeAndChangesFurtherApartThanTheIntervalAreToldAtOnce() {
        let told = play([0, 150, 400, 401])
        #expect(told.map(\.told) == [0, 150, 400, 500], "\(told)")
        #expect(told.last?.latest == 401)
    }

    @Test func aChangeAtTheFrameRateIsToldEverySixthFrame() {
        let frames = (0..<60).map { Double($0) * 1000 / 60 }
        let told = play(frames)
        // 100 ms is six frames of 16.7 ms: told at frames 0, 6, 12, … (and the interval after frame 59 tells 59).
        #expect((10...11).contains(told.count), "\(told.map(\.told))")
        #expect(told.last?.latest == frames.last)
    }
}

/// The reporter on a real event loop's timers: two scroll bars changing every
/// 5 ms, each told at most once per interval and last after its last change;
/// a bar let go while a change waits is told nothing more.
@MainActor @Suite struct ValueChangeReporterTests {
    @Test func twoBarsChangingEveryFiveMillisecondsAreEachToldTenTimesASecondAndLastAfterTheirLastChange() throws {
        let loop = EventLoop()
        var told: [Int: [Double]] = [:]
        let reporter = ValueChangeReporter(loop: loop) { told[$0.id, default: []].append(EventLoop.nowMilliseconds) }
        let first = AccessibleObject(role: .scrollBar), second = AccessibleObject(role: .scrollBar)
        var gone: AccessibleObject? = AccessibleObject(role: .scrollBar)
        let goneID = gone!.id
        var lastChange: [Int: Double] = [:]
        let start = EventLoop.nowMilliseconds
        func tick(_ index: Int) {
            // Each change's time read before it is made: one told at once is told after it.
            lastChange[first.id] = EventLoop.nowMilliseconds
            reporter.valueChanged(first)
            if index < 30 {
                lastChange[second.id] = EventLoop.nowMilliseconds
                reporter.valueChanged(second)
            }
            if index < 2, let object = gone { reporter.valueChanged(object) }
            if index == 2 { gone = nil }
            if index < 59 { loop.schedule(after: 5) { tick(index + 1) } }
        }
        tick(0)
        loop.schedule(after: 600) { loop.stop() }
        try loop.run()
        for object in [first, second] {
            let times = told[object.id] ?? []
            // Read here a moment after the reporter read its clock: a few microseconds either way.
            #expect(zip(times.dropFirst(), times).allSatisfy { $0 - $1 >= ValueChangeTiming.interval - 1 }, "\(times.map { $0 - start })")
            #expect(times.last.map { $0 >= lastChange[object.id]! } == true, "the last change told: \(times.map { $0 - start })")
            let span = lastChange[object.id]! - start
            #expect(times.count >= 2 && Double(times.count) <= span / ValueChangeTiming.interval + 2, "\(times.count) in \(span) ms")
        }
        // Its first change told at once, its second waiting when it went: nothing after.
        #expect(told[goneID]?.count == 1, "\(String(describing: told[goneID]))")
    }
}
