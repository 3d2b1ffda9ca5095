import Testing
@testable import SweepUI

/// Announcements in a burst: 10,000 a second are said about once a second,
/// the latest winning, and the last once the burst pauses.
@Suite struct AnnouncementTimingTests {
    /// Plays `messages` arriving every `interval` ms through the timing and a timer that fires
    /// when due; returns the times (ms) at which one was said and which message it was.
    private func play(_ messages: Int, every interval: Double) -> [(time: Double, message: Int)] {
        var timing = AnnouncementTiming()
        var said: [(Double, Int)] = []
        var due: Double?, latest = -1
        for index in 0..<messages {
            let now = Double(index) * interval
            if let deadline = due, deadline <= now {
                timing.said()
                said.append((deadline, latest))
            }
            latest = index
            due = now + timing.received(at: now)
        }
        if let deadline = due { said.append((deadline, latest)) }
        return said
    }

    @Test func tenThousandASecondAreSaidOnceASecondAndTheLastWhenTheyStop() {
        let said = play(10_000, every: 0.1)
        // A second of messages: one said when the burst had lasted a second, the last one after it stopped.
        #expect(said.count <= 2, "\(said)")
        #expect(said.last?.message == 9_999 && said.last.map { $0.time <= 999.9 + AnnouncementTiming.quiet } == true, "\(said)")
        // Ten seconds of them: about one a second, never two within 750 ms.
        let long = play(100_000, every: 0.1)
        #expect((10...11).contains(long.count), "\(long.count)")
        #expect(zip(long.dropFirst(), long).allSatisfy { $0.time - $1.time >= 750 }, "\(long.map(\.time))")
    }

    @Test func aLoneMessageIsSaidAfterTheQuietPause() {
        let said = play(1, every: 1)
        #expect(said.count == 1 && said[0].time == AnnouncementTiming.quiet)
        // Two a second apart are two bursts, each said after its pause.
        var timing = AnnouncementTiming()
        #expect(timing.received(at: 0) == 250)
        timing.said()
        #expect(timing.received(at: 1000) == 250)
    }
}
