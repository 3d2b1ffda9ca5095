import SweepGeometry
import SweepGestures
import SweepInput
import Testing

/// Input stamped around 2³² ms, where the compositor's 32-bit clock wraps
/// (after 49.7 days): recognizers must see time go on, not jump back.
@Suite struct ClockWrapTests {
    /// 2³² ms as a continuous time.
    static let wrap = 4_294_967_296.0
    /// The stamp `ms` milliseconds before the wrap.
    static func before(_ ms: UInt32) -> UInt32 { 0 &- ms }

    @Test func aTapAcrossTheWrapIsATap() {
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.watch(tap)
        let (arena, _) = makeArena(with: tap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: Self.before(60))
        trace.up(0, at: 40)
        #expect(log.states == ["tap recognized"])
    }

    @Test func aPressHeldTooLongAcrossTheWrapIsNoTap() {
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.watch(tap)
        let (arena, _) = makeArena(with: tap)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: Self.before(100))
        #expect(arena.nextDeadline == Self.wrap - 100 + 500)
        trace.up(0, at: 600)   // 700 ms later
        #expect(log.states.isEmpty)
    }

    @Test func aLongPressAcrossTheWrapBeginsOnTime() {
        let press = LongPressGestureRecognizer()
        let log = StateLog()
        log.watch(press)
        let (arena, _) = makeArena(with: press)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: Self.before(100))
        #expect(arena.nextDeadline == Self.wrap + 400)
        trace.move((0, 102, 101), at: 100)
        trace.wait(until: 300)
        #expect(log.states.isEmpty, "only 400 ms held")
        trace.wait(until: 400)
        #expect(log.states == ["long press began"])
        trace.up(0, at: 450)
        #expect(log.states == ["long press began", "long press ended"])
    }

    @Test func aPanKeepsItsVelocityAcrossTheWrap() {
        let pan = PanGestureRecognizer()
        let (arena, _) = makeArena(with: pan)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: Self.before(45))
        // 10 px every 10 ms, through the wrap: 1000 px/s.
        var y = 100.0
        for stamp in [Self.before(35), Self.before(25), Self.before(15), Self.before(5), 5, 15, 25] {
            y += 10
            trace.move((0, 100, y), at: stamp)
        }
        #expect(pan.state == .changed)
        #expect(abs(pan.velocity.y - 1000) < 1, "\(pan.velocity)")
        #expect(pan.velocity.x == 0)
    }

    @Test func aTouchpadFlingAcrossTheWrapKeepsItsSpeed() {
        let pan = PanGestureRecognizer(minimumTouches: 3)
        let (arena, _) = makeArena(with: pan)
        arena.pointerMoved(to: Point(x: 200, y: 100), time: Self.wrap - 40)
        arena.handle(.swipeBegin(fingers: 3, time: Self.before(25)))
        // 20 px every 10 ms, through the wrap: 2000 px/s.
        for stamp in [Self.before(15), Self.before(5), 5, 15] {
            arena.handle(.swipeUpdate(dx: 0, dy: 20, time: stamp))
        }
        #expect(pan.state == .changed)
        #expect(abs(pan.velocity.y - 2000) < 1, "\(pan.velocity)")
    }

    @Test func aHoldThenScrollAcrossTheWrapSweeps() {
        let sweep = HoldScrollSweepGestureRecognizer(name: "sweep")
        let log = StateLog()
        log.watch(sweep)
        let (arena, _) = makeArena(with: sweep)
        arena.pointerMoved(to: Point(x: 200, y: 150), time: 0)
        arena.handle(.holdBegin(fingers: 2, time: Self.before(100)))
        arena.handle(.holdEnd(cancelled: true, time: 250))
        #expect(arena.handle(ScrollMotion(dy: 12, source: .finger, time: arena.eventTime(250))), "350 ms held: a sweep")
        #expect(log.states == ["sweep began"])
    }

    @Test func aDoubleTapAcrossTheWrapWaitsTheRightTime() {
        let double = TapGestureRecognizer(name: "double", taps: 2)
        let log = StateLog()
        log.watch(double)
        let (arena, _) = makeArena(with: double)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: Self.before(300))
        trace.up(0, at: Self.before(250))
        #expect(arena.nextDeadline == Self.wrap + 100)
        trace.wait(until: 50)
        trace.down((0, 101, 100), at: 60)
        trace.up(0, at: 110)
        #expect(log.states == ["double recognized"])
    }
}
