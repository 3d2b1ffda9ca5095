import SweepGeometry
import SweepGestures
import SweepInput
import Testing

/// The recognizer state machine: the transitions UIKit documents for
/// `UIGestureRecognizer.State`, and nothing else.
@Suite struct TransitionTests {
    /// UIKit's state machine ("About the gesture recognizer state machine"):
    /// discrete gestures go possible → recognized or failed; continuous ones
    /// possible → began → changed… → ended or cancelled, or possible →
    /// failed; every final state goes back to possible when the recognizer
    /// is reset.
    static let uikit: [GestureState: Set<GestureState>] = [
        .possible: [.began, .recognized, .failed],
        .began: [.changed, .ended, .cancelled],
        .changed: [.changed, .ended, .cancelled],
        .ended: [.possible],
        .cancelled: [.possible],
        .failed: [.possible],
        .recognized: [.possible],
    ]

    static let all: [GestureState] = [.possible, .began, .changed, .ended, .cancelled, .failed, .recognized]

    @Test func theAllowedTransitionsAreUIKits() {
        for from in Self.all {
            for to in Self.all {
                #expect(from.canTransition(to: to) == (Self.uikit[from]?.contains(to) ?? false), "\(from) → \(to)")
            }
        }
    }

    @Test func everyAllowedTransitionHappens() {
        let recognizer = GestureRecognizer(name: "r")
        var seen: [GestureState] = []
        recognizer.onStateChange = { seen.append($0.state) }
        recognizer.begin()
        recognizer.change()
        recognizer.change()
        recognizer.end()
        recognizer.reset()
        recognizer.begin()
        recognizer.end()
        recognizer.reset()
        recognizer.begin()
        recognizer.cancel()
        recognizer.reset()
        recognizer.begin()
        recognizer.change()
        recognizer.cancel()
        recognizer.reset()
        recognizer.recognize()
        recognizer.reset()
        recognizer.fail()
        #expect(seen == [.began, .changed, .changed, .ended, .began, .ended, .began, .cancelled,
                         .began, .changed, .cancelled, .recognized])
        #expect(recognizer.state == .failed)
    }

    @Test func cancellingAnUndecidedGestureFailsItAndAFinishedOneIsLeftAlone() {
        let recognizer = GestureRecognizer(name: "r")
        recognizer.cancel()
        #expect(recognizer.state == .failed)
        recognizer.cancel()
        #expect(recognizer.state == .failed, "nothing happens to a finished gesture")
        recognizer.reset()
        recognizer.recognize()
        recognizer.cancel()
        #expect(recognizer.state == .recognized)
    }

    @Test func aHoldBeginningDuringASweepLeavesTheSweepRunning() {
        let sweep = HoldScrollSweepGestureRecognizer(name: "sweep")
        let log = StateLog()
        log.watch(sweep)
        let (arena, _) = makeArena(with: sweep)
        arena.pointerMoved(to: Point(x: 200, y: 150), time: 0)
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        arena.handle(.holdEnd(cancelled: true, time: 1320))
        #expect(arena.handle(ScrollMotion(dy: 12, source: .finger, time: 1320)))
        // Before axis_stop, libinput reports another hold (a third finger rests).
        arena.handle(.holdBegin(fingers: 3, time: 1330))
        #expect(sweep.state == .began)
        #expect(arena.handle(ScrollMotion(dy: 0, source: .finger, stopped: true, time: 1340)))
        #expect(log.states == ["sweep began", "sweep ended"])
    }

    #if DEBUG
    // A transition UIKit does not allow is a bug in the recognizer: a debug
    // build stops at once (release builds keep ignoring it).

    @Test func changingAnUndecidedGestureIsAnAssertion() async {
        await #expect(processExitsWith: .failure) {
            GestureRecognizer(name: "r").change()
        }
    }

    @Test func endingAnUndecidedGestureIsAnAssertion() async {
        await #expect(processExitsWith: .failure) {
            GestureRecognizer(name: "r").end()
        }
    }

    @Test func failingARunningGestureIsAnAssertion() async {
        await #expect(processExitsWith: .failure) {
            let recognizer = GestureRecognizer(name: "r")
            recognizer.begin()
            recognizer.fail()
        }
    }

    @Test func recognizingARunningGestureIsAnAssertion() async {
        await #expect(processExitsWith: .failure) {
            let recognizer = GestureRecognizer(name: "r")
            recognizer.begin()
            recognizer.change()
            recognizer.recognize()
        }
    }

    @Test func beginningAFinishedGestureIsAnAssertion() async {
        await #expect(processExitsWith: .failure) {
            let recognizer = GestureRecognizer(name: "r")
            recognizer.begin()
            recognizer.end()
            recognizer.begin()
        }
    }
    #endif
}
