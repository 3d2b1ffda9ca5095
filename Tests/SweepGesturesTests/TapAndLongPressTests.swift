import SweepGeometry
import SweepGestures
import SweepInput
import Testing

@Suite struct TapAndLongPressTests {
    @Test func aQuickStillTouchIsATap() {
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.watch(tap)
        let (arena, _) = makeArena(with: tap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.move((0, 104, 103), at: 1050)
        trace.up(0, at: 1120)
        #expect(log.states == ["tap recognized"])
        #expect(tap.location == Point(x: 104, y: 103))
        #expect(tap.state == .possible, "reset for the next sequence")
    }

    @Test(arguments: [(15.0, 1100 as UInt32), (3.0, 1600 as UInt32)])
    func movingOrHoldingTooLongIsNotATap(distance: Double, liftTime: UInt32) {
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.watch(tap)
        let (arena, _) = makeArena(with: tap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.move((0, 100 + distance, 100), at: 1050)
        trace.wait(until: liftTime)
        trace.up(0, at: liftTime)
        #expect(log.states.isEmpty)
    }

    /// A busy loop reads a touch-down and its lift together, 815 ms apart by
    /// their timestamps, without its timer having fired: the overdue
    /// deadline runs before the lift, so it is a long press, not a tap.
    @Test func aPressHeldLongByTheTimestampsIsALongPressWithoutATimer() {
        let tap = TapGestureRecognizer()
        let longPress = LongPressGestureRecognizer()
        let log = StateLog()
        log.watch(tap, longPress)
        let (arena, _) = makeArena(with: tap, longPress)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.up(0, at: 1815)
        #expect(log.states == ["long press began", "long press ended"])
    }

    /// The recognizer alone (no arena deadline run): the lift's timestamp decides.
    @Test func aLongPressLooksAtThePressDurationWhenTheFingerLifts() {
        let longPress = LongPressGestureRecognizer()
        longPress.receive(.touchesBegan([TouchPoint(id: 0, position: Point(x: 10, y: 10))], time: 1000))
        longPress.receive(.touchesEnded([0], time: 1700))
        #expect(longPress.state == .ended)
    }

    @Test func aTwoFingerTapNeedsTwoFingers() {
        let tap = TapGestureRecognizer(taps: 1, touches: 2)
        let log = StateLog()
        log.watch(tap)
        let (arena, _) = makeArena(with: tap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.up(0, at: 1050)
        trace.down((0, 100, 100), (1, 150, 100), at: 2000)
        trace.up(0, 1, at: 2080)
        #expect(log.states == ["tap recognized"])
        #expect(tap.location == Point(x: 125, y: 100))
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double", taps: 2)
        single.require(toFail: double)
        let log = StateLog()
        log.watch(single, double)
        let (arena, _) = makeArena(with: single, double)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.up(0, at: 1060)
        #expect(log.states.isEmpty, "the single tap waits")
        #expect(arena.nextDeadline == Double(1060 + 350))
        trace.wait(until: 1410)
        #expect(log.states == ["single recognized"])

        // Two taps in time: only the double tap.
        log.states.removeAll()
        trace.down((0, 100, 100), at: 3000)
        trace.up(0, at: 3050)
        trace.down((1, 102, 101), at: 3200)
        trace.up(1, at: 3260)
        #expect(log.states == ["double recognized"])
        trace.wait(until: 4000)
        #expect(log.states == ["double recognized"])
    }

    @Test func aLongPressBeginsAfterItsDurationAndFollowsTheFinger() {
        let press = LongPressGestureRecognizer()
        let log = StateLog()
        log.watch(press)
        let (arena, _) = makeArena(with: press)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        #expect(arena.nextDeadline == 1500)
        trace.wait(until: 1499)
        #expect(log.states.isEmpty)
        trace.wait(until: 1500)
        #expect(log.states == ["long press began"])
        trace.move((0, 160, 100), at: 1600)
        trace.up(0, at: 1700)
        #expect(log.states == ["long press began", "long press changed", "long press ended"])
    }

    @Test func aLongPressFailsWhenTheFingerMovesFirst() {
        let press = LongPressGestureRecognizer()
        let log = StateLog()
        log.watch(press)
        let (arena, _) = makeArena(with: press)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.move((0, 112, 100), at: 1200)
        trace.wait(until: 1600)
        #expect(log.states.isEmpty)
        #expect(arena.nextDeadline == nil)
    }

    /// Tap against long press against pan, on the same touches.
    @Test(arguments: [
        ("tap", [(UInt32(1080), 102.0)], UInt32(1100), "tap recognized"),
        ("long press", [(UInt32(1600), 104.0)], UInt32(1700), "long press began"),
        ("pan", [(UInt32(1100), 130.0)], UInt32(1200), "pan began"),
    ])
    func tapLongPressAndPanExcludeEachOther(expected: String, moves: [(UInt32, Double)], lift: UInt32, first: String) {
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer(maximumTouches: 1)
        let log = StateLog()
        log.watch(tap, press, pan)
        let (arena, _) = makeArena(with: tap, press, pan)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        for (time, x) in moves {
            trace.wait(until: time)
            trace.move((0, x, 100), at: time)
        }
        trace.wait(until: lift)
        trace.up(0, at: lift)
        #expect(log.states.first == first)
        #expect(log.states.allSatisfy { $0.hasPrefix(expected) }, "\(log.states)")
    }
}
