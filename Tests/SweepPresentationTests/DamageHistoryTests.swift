import SweepGeometry
import Testing
@testable import SweepPresentation

@Suite struct DamageHistoryTests {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 50, y: 0, width: 10, height: 10)
    let c = Rect(x: 0, y: 50, width: 10, height: 10)

    @Test func unknownContentsRepaintEverything() {
        let history = DamageHistory()
        #expect(history.repaintRegion(age: 0, current: Region(a)) == nil)
    }

    @Test func theLastFrameNeedsOnlyTheNewDamage() {
        var history = DamageHistory()
        history.record(Region(b))
        #expect(history.repaintRegion(age: 1, current: Region(a)) == Region(a))
    }

    @Test func olderBuffersCatchUpOnEveryFrameTheyMissed() {
        var history = DamageHistory()
        history.record(Region(c))   // two frames ago
        history.record(Region(b))   // last frame
        #expect(history.repaintRegion(age: 2, current: Region(a)).map { Set($0.rects) } == [a, b])
        #expect(history.repaintRegion(age: 3, current: Region(a)).map { Set($0.rects) } == [a, b, c])
    }

    @Test func buffersOlderThanTheHistoryRepaintEverything() {
        var history = DamageHistory(depth: 2)
        for _ in 0..<5 { history.record(Region(b)) }
        #expect(history.repaintRegion(age: 3, current: Region(a)) != nil)
        #expect(history.repaintRegion(age: 4, current: Region(a)) == nil)
    }

    @Test func resetForgetsThePast() {
        var history = DamageHistory()
        history.record(Region(b))
        history.reset()
        #expect(history.repaintRegion(age: 2, current: Region(a)) == nil)
    }
}
