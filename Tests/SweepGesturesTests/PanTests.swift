import SweepGeometry
import SweepGestures
import SweepInput
import Testing

@Suite struct PanTests {
    @Test func beginsPastTheHysteresisAndReportsTheTranslation() {
        let pan = PanGestureRecognizer()
        let log = StateLog()
        log.watch(pan)
        let (arena, _) = makeArena(with: pan)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.move((0, 105, 106), at: 1010)
        #expect(log.states.isEmpty, "7.8 px is under the 10 px hysteresis")
        trace.move((0, 108, 110), at: 1020)
        #expect(log.states == ["pan began"])
        #expect(pan.translation == Point(x: 8, y: 10))
        trace.move((0, 120, 150), at: 1040)
        #expect(pan.translation == Point(x: 20, y: 50))
        #expect(pan.location == Point(x: 120, y: 150))
        #expect(pan.startLocation == Point(x: 100, y: 100))
        trace.up(0, at: 1050)
        #expect(log.states == ["pan began", "pan changed", "pan ended"])
    }

    @Test func theTranslationFollowsTheCentroidWithoutJumpingWhenAFingerJoins() {
        let pan = PanGestureRecognizer()
        let (arena, _) = makeArena(with: pan)
        var trace = Trace(arena)
        trace.down((0, 100, 100), at: 1000)
        trace.move((0, 100, 130), at: 1010)
        #expect(pan.translation == Point(x: 0, y: 30))
        trace.down((1, 300, 300), at: 1020)
        #expect(pan.translation == Point(x: 0, y: 30), "a new finger does not move the pan")
        trace.move((0, 100, 140), (1, 300, 310), at: 1030)
        #expect(pan.translation == Point(x: 0, y: 40))
        #expect(pan.numberOfTouches == 2)
        trace.up(1, at: 1040)
        trace.move((0, 100, 150), at: 1050)
        #expect(pan.translation == Point(x: 0, y: 50))
    }

    @Test func velocityComesFromTheLastHundredMilliseconds() {
        let pan = PanGestureRecognizer()
        let (arena, _) = makeArena(with: pan)
        var trace = Trace(arena)
        trace.down((0, 0, 0), at: 1000)
        // Slow for 500 ms, then 2 px/ms for the last 100 ms.
        for step in 1...5 { trace.move((0, 0, Double(step) * 10), at: 1000 + UInt32(step) * 100) }
        for step in 1...5 { trace.move((0, 0, 50 + Double(step) * 40), at: 1500 + UInt32(step) * 20) }
        #expect(abs(pan.velocity.y - 2000) < 1, "\(pan.velocity)")
        #expect(pan.velocity.x == 0)
    }

    /// Fingers that rest before they lift have no speed left: the lift is a
    /// sample. A drag of 200 px that rested 250 ms used to fling on.
    @Test(arguments: [(250 as UInt32, 0.0...0.0), (8, 1800.0...2000.0), (60, 400.0...1300.0)])
    func theLiftCountsInTheVelocity(rest: UInt32, expected: ClosedRange<Double>) {
        let pan = PanGestureRecognizer()
        var ended: Point?
        pan.onStateChange = { [unowned pan] in if $0.state == .ended { ended = pan.velocity } }
        let (arena, _) = makeArena(with: pan)
        var trace = Trace(arena)
        trace.down((0, 0, 0), at: 1000)
        // 200 px in 100 ms: 2 px/ms.
        for step in 1...10 { trace.move((0, 0, Double(step) * 20), at: 1000 + UInt32(step) * 10) }
        trace.up(0, at: 1100 + rest)
        #expect(expected.contains(ended?.y ?? -1), "rest \(rest) ms: velocity \(String(describing: ended))")
    }

    @Test func setTranslationRebases() {
        let pan = PanGestureRecognizer()
        let (arena, _) = makeArena(with: pan)
        var trace = Trace(arena)
        trace.down((0, 0, 0), at: 1000)
        trace.move((0, 0, 30), at: 1010)
        pan.setTranslation(.zero)
        trace.move((0, 5, 42), at: 1020)
        #expect(pan.translation == Point(x: 5, y: 12))
    }

    @Test func touchCountsOutsideTheRangeDoNotPan() {
        let twoOnly = PanGestureRecognizer(name: "two", minimumTouches: 2, maximumTouches: 2)
        let log = StateLog()
        log.watch(twoOnly)
        let (arena, _) = makeArena(with: twoOnly)
        var trace = Trace(arena)
        trace.down((0, 0, 0), at: 1000)
        trace.move((0, 0, 40), at: 1010)
        #expect(log.states.isEmpty, "one finger is below the minimum")
        trace.up(0, at: 1020)
        trace.down((0, 0, 0), (1, 50, 0), (2, 100, 0), at: 2000)
        trace.move((0, 0, 40), (1, 50, 40), (2, 100, 40), at: 2010)
        #expect(log.states.isEmpty, "three fingers are above the maximum")
        trace.up(0, 1, 2, at: 2020)
        trace.down((0, 0, 0), (1, 50, 0), at: 3000)
        trace.move((0, 0, 40), (1, 50, 40), at: 3010)
        #expect(log.states == ["two began"])
        #expect(twoOnly.location == Point(x: 25, y: 40))
    }

    @Test func aTouchpadSwipeFeedsThePanWithItsFingers() {
        let pan = PanGestureRecognizer(minimumTouches: 3, maximumTouches: 4)
        let log = StateLog()
        log.watch(pan)
        let (arena, _) = makeArena(with: pan)
        arena.pointerMoved(to: Point(x: 200, y: 100), time: 999)
        arena.handle(.swipeBegin(fingers: 3, time: 1000))
        arena.handle(.swipeUpdate(dx: 4, dy: 30, time: 1010))
        #expect(pan.numberOfTouches == 3)
        #expect(pan.location == Point(x: 204, y: 130))
        arena.handle(.swipeUpdate(dx: 0, dy: 20, time: 1020))
        arena.handle(.swipeEnd(cancelled: true, time: 1030))
        #expect(log.states == ["pan began", "pan changed", "pan cancelled"])
        // Two fingers are not a swipe this pan takes.
        arena.handle(.swipeBegin(fingers: 2, time: 2000))
        arena.handle(.swipeUpdate(dx: 4, dy: 30, time: 2010))
        #expect(log.states.count == 3)
    }

    @Test func aScreenEdgePanStartsAtItsEdgeAndMovesAway() {
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        let log = StateLog()
        log.watch(edge)
        let (arena, _) = makeArena(with: edge, frame: Rect(x: 100, y: 0, width: 400, height: 300))
        var trace = Trace(arena)
        // 12 px from the view's left edge (window x 112), moving right.
        trace.down((0, 112, 100), at: 1000)
        trace.move((0, 140, 104), at: 1010)
        #expect(edge.startEdge == .left)
        trace.up(0, at: 1020)
        #expect(log.states == ["edge pan began", "edge pan ended"])
        // From the middle, or toward the edge: nothing.
        trace.down((0, 300, 100), at: 2000)
        trace.move((0, 340, 100), at: 2010)
        trace.up(0, at: 2020)
        trace.down((0, 110, 100), at: 3000)
        trace.move((0, 110, 140), at: 3010)
        trace.up(0, at: 3020)
        #expect(log.states.count == 2)
    }

    @Test func aSwipeNeedsDirectionDistanceAndSpeed() {
        let swipe = SwipeGestureRecognizer(direction: [.left, .up])
        let log = StateLog()
        log.watch(swipe)
        let (arena, _) = makeArena(with: swipe)
        var trace = Trace(arena)
        trace.down((0, 300, 300), at: 1000)
        trace.move((0, 270, 295), at: 1050)
        trace.move((0, 240, 290), at: 1100)
        #expect(log.states == ["swipe recognized"])
        #expect(swipe.recognizedDirection == .left)
        trace.up(0, at: 1110)
        // Right is not one of its directions.
        trace.down((0, 300, 300), at: 2000)
        trace.move((0, 360, 300), at: 2050)
        trace.up(0, at: 2060)
        // Too slow: the deadline passes first.
        trace.down((0, 300, 300), at: 3000)
        trace.move((0, 300, 270), at: 3200)
        trace.wait(until: 3500)
        trace.move((0, 300, 200), at: 3600)
        trace.up(0, at: 3610)
        // Too far off the axis (45 degrees).
        trace.down((0, 300, 300), at: 4000)
        trace.move((0, 250, 250), at: 4050)
        trace.up(0, at: 4060)
        #expect(log.states == ["swipe recognized"])
        // A three-finger touchpad swipe up.
        let touchpad = SwipeGestureRecognizer(name: "touchpad", direction: .up, touches: 3)
        log.watch(touchpad)
        let (pad, _) = makeArena(with: touchpad)
        pad.pointerMoved(to: Point(x: 10, y: 10), time: 0)
        pad.handle(.swipeBegin(fingers: 3, time: 5000))
        pad.handle(.swipeUpdate(dx: 2, dy: -30, time: 5010))
        pad.handle(.swipeUpdate(dx: 2, dy: -30, time: 5020))
        #expect(log.states.last == "touchpad recognized")
    }
}
