import SweepGeometry
import SweepGestures
import SweepInput
import Testing

@Suite struct TwoFingerTests {
    @Test func twoFingersApartArePinchNotSweep() {
        let sweep = TwoFingerSweepGestureRecognizer(name: "sweep")
        let pinch = PinchGestureRecognizer()
        let log = StateLog()
        log.watch(sweep, pinch)
        let (arena, _) = makeArena(with: sweep, pinch)
        var trace = Trace(arena)
        trace.down((0, 200, 300), (1, 300, 300), at: 1000)
        trace.move((0, 190, 300), (1, 310, 300), at: 1020)
        trace.move((0, 150, 300), (1, 350, 300), at: 1040)
        trace.up(0, 1, at: 1060)
        #expect(log.states == ["pinch began", "pinch changed", "pinch ended"])
        // Begun at a distance of 110 (100 plus the hysteresis): 200 / 110.
        #expect(abs(pinch.scale - 1) < 1e-9, "reset after the sequence")
    }

    @Test func twoFingersTogetherAreSweepNotPinch() {
        let sweep = TwoFingerSweepGestureRecognizer(name: "sweep")
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        pinch.onStateChange = { scales.append(($0 as! PinchGestureRecognizer).scale) }
        let log = StateLog()
        log.watch(sweep)
        let (arena, _) = makeArena(with: sweep, pinch)
        var trace = Trace(arena)
        trace.down((0, 200, 300), (1, 240, 300), at: 1000)
        trace.move((0, 201, 306), (1, 241, 305), at: 1020)
        #expect(log.states.isEmpty, "under the 10 px hysteresis")
        trace.move((0, 202, 318), (1, 242, 316), at: 1040)
        #expect(log.states == ["sweep began"])
        #expect(sweep.location == Point(x: 222, y: 317))
        // Spreading the fingers now does not turn it into a pinch.
        trace.move((0, 180, 360), (1, 280, 360), at: 1060)
        trace.up(0, at: 1080)
        trace.up(1, at: 1090)
        #expect(log.states == ["sweep began", "sweep changed", "sweep ended"])
        #expect(scales.isEmpty)
    }

    @Test func aThirdFingerFailsTheSweep() {
        let sweep = TwoFingerSweepGestureRecognizer(name: "sweep")
        let log = StateLog()
        log.watch(sweep)
        let (arena, _) = makeArena(with: sweep)
        var trace = Trace(arena)
        trace.down((0, 200, 300), (1, 240, 300), (2, 280, 300), at: 1000)
        trace.move((0, 200, 330), (1, 240, 330), (2, 280, 330), at: 1020)
        #expect(log.states.isEmpty)
    }

    @Test func theSweepWinsOverAOneFingerScrollWhenASecondFingerLands() {
        let scroll = PanGestureRecognizer(name: "scroll", maximumTouches: 1)
        let sweep = TwoFingerSweepGestureRecognizer(name: "sweep")
        let log = StateLog()
        log.watch(scroll, sweep)
        let (arena, _) = makeArena(with: scroll, sweep)
        var trace = Trace(arena)
        trace.down((0, 200, 300), at: 1000)
        trace.down((1, 240, 300), at: 1010)
        trace.move((0, 200, 320), (1, 240, 320), at: 1030)
        trace.up(0, 1, at: 1040)
        #expect(log.states == ["sweep began", "sweep ended"])
    }

    @Test func pinchAndRotationRecognizeSimultaneously() {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        pinch.recognizesSimultaneously = { $0 === rotation }
        let log = StateLog()
        log.watch(pinch, rotation)
        let (arena, _) = makeArena(with: pinch, rotation)
        var trace = Trace(arena)
        trace.down((0, 100, 100), (1, 200, 100), at: 1000)
        // Turn by 45 degrees and spread to 2× the distance.
        trace.move((0, 150 - 100 * 0.7071067811865476, 100 - 100 * 0.7071067811865476),
                   (1, 150 + 100 * 0.7071067811865476, 100 + 100 * 0.7071067811865476), at: 1050)
        #expect(log.states.contains("pinch began") && log.states.contains("rotation began"))
        trace.move((0, 150 - 100 * 0.7071067811865476, 100 - 100 * 0.7071067811865476),
                   (1, 150 + 100 * 0.7071067811865476, 100 + 100 * 0.7071067811865476), at: 1060)
        // Measured from where each passed its threshold: 200 / (200 − 10) and 45° − 0.1 rad.
        #expect(abs(pinch.scale - 200.0 / 190) < 1e-9)
        #expect(abs(rotation.rotation - (0.7853981633974483 - 0.1)) < 1e-6)
    }

    @Test func aTouchpadPinchFeedsScaleAndRotationAndCanBeCancelled() {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        rotation.recognizesSimultaneously = { $0 === pinch }
        let log = StateLog()
        log.watch(pinch, rotation)
        let (arena, _) = makeArena(with: pinch, rotation)
        arena.pointerMoved(to: Point(x: 300, y: 200), time: 0)
        arena.handle(.pinchBegin(fingers: 2, time: 1000))
        arena.handle(.pinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 10, time: 1010))
        #expect(pinch.scale == 1.5)
        #expect(abs(rotation.rotation - 10 * 3.141592653589793 / 180) < 1e-12)
        #expect(pinch.location == Point(x: 300, y: 200))
        arena.handle(.pinchEnd(cancelled: true, time: 1020))
        #expect(log.states == ["pinch began", "rotation began", "pinch cancelled", "rotation cancelled"])
    }

    @Test func aCancelledTouchSequenceCancelsTheRunningGesture() {
        let sweep = TwoFingerSweepGestureRecognizer(name: "sweep")
        let log = StateLog()
        log.watch(sweep)
        let (arena, _) = makeArena(with: sweep)
        var trace = Trace(arena)
        trace.down((0, 200, 300), (1, 240, 300), at: 1000)
        trace.move((0, 200, 330), (1, 240, 330), at: 1020)
        trace.cancel()
        #expect(log.states == ["sweep began", "sweep cancelled"])
        #expect(sweep.state == .possible)
    }
}
