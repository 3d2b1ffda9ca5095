import SweepGeometry
import SweepInput
import Testing

@Suite struct FrameAccumulatorTests {
    @Test func pointerEventsFoldIntoOneFrame() {
        var events = PointerFrameAccumulator()
        #expect(events.take() == nil, "an empty frame is no frame")
        events.enter(at: Point(x: 1, y: 2))
        events.motion(to: Point(x: 5, y: 6), time: 10)
        events.motion(to: Point(x: 7, y: 8), time: 11)
        events.button(0x110, pressed: true, time: 12)
        events.button(0x111, pressed: false, time: 12)
        let frame = events.take()
        #expect(frame?.entered == Point(x: 1, y: 2))
        #expect(frame?.position == Point(x: 7, y: 8), "the latest position")
        #expect(frame?.buttons.map { "\($0.code) \($0.pressed)" } == ["272 true", "273 false"])
        #expect(frame?.time == 12)
        #expect(events.take() == nil, "taken frames start afresh")
    }

    @Test func scrollingKeepsItsSourceStopAndNotches() {
        var events = PointerFrameAccumulator()
        events.axisSource(.finger)
        events.axis(vertical: true, value: 3.5, time: 20)
        events.axis(vertical: true, value: 1.5, time: 21)
        events.axis(vertical: false, value: -2, time: 21)
        let fingers = events.take()
        #expect(fingers?.source == .finger)
        #expect(fingers?.vertical == AxisMotion(value: 5))
        #expect(fingers?.horizontal == AxisMotion(value: -2))
        events.axisSource(.finger)
        events.axisStop(vertical: true, time: 30)
        #expect(events.take()?.vertical?.stopped == true)
        // A wheel: axis_discrete, then axis_value120 for the same notch (which wins).
        events.axisSource(.wheel)
        events.axisDiscrete(vertical: true, steps: 1)
        events.axisValue120(vertical: true, value: 60)
        events.axisValue120(vertical: true, value: 60)
        events.axis(vertical: true, value: 15, time: 40)
        let wheel = events.take()
        #expect(wheel?.vertical == AxisMotion(value: 15, value120: 120))
        // An older compositor: discrete only.
        events.axisDiscrete(vertical: true, steps: -2)
        events.axis(vertical: true, value: -30, time: 50)
        #expect(events.take()?.vertical?.value120 == -240)
    }

    @Test func aLeaveIsAFrameOfItsOwn() {
        var events = PointerFrameAccumulator()
        events.leave()
        let frame = events.take()
        #expect(frame?.left == true && frame?.position == nil)
    }

    @Test func touchEventsFoldWithOneMotionPerTouch() {
        var events = TouchFrameAccumulator()
        events.down(0, at: Point(x: 10, y: 10), time: 1)
        events.down(1, at: Point(x: 50, y: 10), time: 1)
        events.motion(1, to: Point(x: 52, y: 12), time: 2)
        let first = events.take()
        #expect(first?.down == [TouchPoint(id: 0, position: Point(x: 10, y: 10)), TouchPoint(id: 1, position: Point(x: 52, y: 12))])
        #expect(first?.moved.isEmpty == true)
        events.motion(0, to: Point(x: 11, y: 20), time: 3)
        events.motion(0, to: Point(x: 12, y: 30), time: 4)
        events.motion(1, to: Point(x: 53, y: 30), time: 4)
        events.up(1, time: 5)
        let second = events.take()
        #expect(second?.moved == [TouchPoint(id: 0, position: Point(x: 12, y: 30)), TouchPoint(id: 1, position: Point(x: 53, y: 30))])
        #expect(second?.up == [1])
        #expect(second?.time == 5)
        events.motion(0, to: Point(x: 1, y: 1), time: 6)
        let cancelled = events.cancel()
        #expect(cancelled.cancelled && cancelled.moved.isEmpty, "a cancel drops what was pending")
        #expect(events.take() == nil)
    }
}
