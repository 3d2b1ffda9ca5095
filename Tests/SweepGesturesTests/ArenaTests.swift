import SweepGeometry
import SweepGestures
import SweepInput
import Testing

@Suite struct ArenaTests {
    @Test func aViewWithUserInteractionDisabledReceivesNothing() {
        let arena = GestureArena()
        let back = GestureView(name: "back", frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let front = GestureView(name: "front", frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let backTap = TapGestureRecognizer(name: "back tap")
        let frontTap = TapGestureRecognizer(name: "front tap")
        back.addRecognizer(backTap)
        front.addRecognizer(frontTap)
        arena.add(back)
        arena.add(front)
        let log = StateLog()
        log.watch(backTap, frontTap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.up(0, at: 1050)
        #expect(log.states == ["front tap recognized"])
        front.isUserInteractionEnabled = false
        trace.down((0, 100, 100), at: 2000)
        trace.up(0, at: 2050)
        #expect(log.states == ["front tap recognized", "back tap recognized"])
        #expect(backTap.location == Point(x: 100, y: 100))
    }

    @Test func pointsArriveInTheViewsCoordinates() {
        let pan = PanGestureRecognizer()
        let (arena, _) = makeArena(with: pan, frame: Rect(x: 300, y: 44, width: 400, height: 500))
        var trace = Trace(arena)
        trace.down((0, 310, 100), at: 1000)
        trace.move((0, 310, 140), at: 1010)
        #expect(pan.location == Point(x: 10, y: 96))
    }

    @Test func aRecognizerThatRequiresAnotherToFailLosesWhenItBegins() {
        let sweep = PanGestureRecognizer(name: "sweep", maximumTouches: 1)
        let scroll = PanGestureRecognizer(name: "scroll", maximumTouches: 1)
        scroll.require(toFail: sweep)
        var allowSweep = true
        sweep.shouldBegin = { _ in allowSweep }
        let log = StateLog()
        log.watch(sweep, scroll)
        let (arena, _) = makeArena(with: scroll, sweep)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.move((0, 130, 100), at: 1010)
        trace.up(0, at: 1020)
        #expect(log.states == ["sweep began", "sweep ended"])
        // The sweep declines (should-begin says no): the scroll goes ahead at once.
        allowSweep = false
        log.states.removeAll()
        trace.down((0, 100, 100), at: 2000)
        trace.move((0, 100, 130), at: 2010)
        #expect(log.states == ["scroll began"])
        #expect(scroll.translation == Point(x: 0, y: 30))
        trace.up(0, at: 2020)
        #expect(log.states == ["scroll began", "scroll ended"])
    }

    @Test func aRunningGestureDeniesLaterOnes() {
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        let log = StateLog()
        log.watch(press, pan)
        let (arena, _) = makeArena(with: press, pan)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.wait(until: 1500)
        trace.move((0, 200, 100), at: 1600)
        trace.up(0, at: 1700)
        #expect(log.states == ["long press began", "long press changed", "long press ended"])
    }

    @Test func disabledRecognizersGetNothing() {
        let tap = TapGestureRecognizer()
        tap.isEnabled = false
        let log = StateLog()
        log.watch(tap)
        let (arena, _) = makeArena(with: tap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.up(0, at: 1050)
        #expect(log.states.isEmpty)
    }
}
