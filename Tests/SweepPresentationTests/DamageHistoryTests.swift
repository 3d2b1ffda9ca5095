import SweepGeometry
import Testing
@testable import SweepPresentation

/// A buffer of age n shows the frame n frames back: it needs this frame's
/// damage plus that of the n - 1 frames in between, or a full repaint when
/// they are not remembered.
@Suite struct DamageHistoryTests {
    /// A distinct rectangle per frame, so a union shows which frames it holds.
    static func damage(ofFrame frame: Int) -> Rect { Rect(x: Double(frame) * 20, y: 0, width: 10, height: 10) }
    let current = Rect(x: 0, y: 500, width: 10, height: 10)

    /// A history with frames 1...count recorded (frame `count` is the newest).
    private func history(recording count: Int, depth: Int = 4) -> DamageHistory {
        var history = DamageHistory(depth: depth)
        for frame in 0..<count { history.record(Region(Self.damage(ofFrame: frame + 1))) }
        return history
    }

    @Test func unknownContentsRepaintEverything() {
        #expect(DamageHistory().repaintRegion(age: 0, current: Region(current)) == nil)
        #expect(history(recording: 4).repaintRegion(age: 0, current: Region(current)) == nil)
        #expect(history(recording: 4).repaintRegion(age: -1, current: Region(current)) == nil)
    }

    @Test func thePreviousFrameNeedsOnlyTheNewDamage() {
        #expect(history(recording: 3).repaintRegion(age: 1, current: Region(current)) == Region(current))
        // Nothing need be remembered for age 1.
        #expect(DamageHistory().repaintRegion(age: 1, current: Region(current)) == Region(current))
        #expect(history(recording: 3).repaintRegion(age: 1, current: Region())?.isEmpty == true)
    }

    @Test(arguments: 2...5)
    func olderBuffersCatchUpOnEveryFrameTheyMissed(age: Int) throws {
        // Four frames recorded (depth 4): a buffer of age n missed the last n - 1.
        let history = history(recording: 4)
        let region = try #require(history.repaintRegion(age: age, current: Region(current)))
        let missed = (4 - (age - 1) + 1...4).map(Self.damage(ofFrame:))
        #expect(Set(region.rects) == Set(missed + [current]))
    }

    @Test func aBufferOlderThanWhatWasRecordedRepaintsEverything() {
        let history = history(recording: 2)
        #expect(history.repaintRegion(age: 3, current: Region(current)) != nil)
        #expect(history.repaintRegion(age: 4, current: Region(current)) == nil)
    }

    @Test func onlyTheLastDepthFramesAreRemembered() throws {
        let history = history(recording: 10, depth: 3)
        // Age 4 needs frames 8, 9 and 10: the oldest a depth of 3 can serve.
        let region = try #require(history.repaintRegion(age: 4, current: Region()))
        #expect(Set(region.rects) == Set((8...10).map(Self.damage(ofFrame:))))
        #expect(history.repaintRegion(age: 5, current: Region()) == nil)
        #expect(history.repaintRegion(age: 100, current: Region()) == nil)
    }

    @Test func resetForgetsThePast() {
        var history = history(recording: 4)
        history.reset()
        #expect(history.repaintRegion(age: 2, current: Region(current)) == nil)
        #expect(history.repaintRegion(age: 1, current: Region(current)) == Region(current))
        history.record(Region(Self.damage(ofFrame: 1)))
        #expect(history.repaintRegion(age: 2, current: Region(current)).map { Set($0.rects) }
                == [current, Self.damage(ofFrame: 1)])
    }

    @Test func theRepaintRegionIsTheUnionNotALongerList() throws {
        // Overlapping frame damage merges through Region.add: a repaint covered by another is dropped.
        var history = DamageHistory()
        history.record(Region(Rect(x: 0, y: 0, width: 100, height: 100)))
        let region = try #require(history.repaintRegion(age: 2, current: Region(Rect(x: 10, y: 10, width: 5, height: 5))))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }
}
