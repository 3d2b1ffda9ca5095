import SweepTestSupport
import Testing
@testable import SweepPresentation

/// The pacer's promises: nothing drawn while idle or unconfigured, at most
/// one frame per frame callback, and configures answered at once.
@Suite struct FramePacerTests {
    /// A pacer that has drawn its first frame and waits for its callback.
    private func waitingPacer() -> FramePacer {
        var pacer = FramePacer()
        _ = pacer.configured()
        pacer.committed()
        return pacer
    }

    @Test func startsUnconfiguredAndIdle() {
        let pacer = FramePacer()
        #expect(!pacer.isConfigured && !pacer.needsRedraw && !pacer.isWaitingForFrameCallback)
    }

    @Test func drawsNothingBeforeTheFirstConfigure() {
        var pacer = FramePacer()
        #expect(pacer.invalidate() == .none)
        #expect(pacer.frameCallbackDone() == .none)
        #expect(pacer.invalidate() == .none)
        #expect(pacer.configured() == .draw)
        #expect(pacer.isConfigured && pacer.needsRedraw)
    }

    @Test func committingClearsTheRedrawAndWaits() {
        let pacer = waitingPacer()
        #expect(!pacer.needsRedraw)
        #expect(pacer.isWaitingForFrameCallback)
    }

    @Test func idleUntilInvalidated() {
        var pacer = waitingPacer()
        // Callbacks with nothing changed: stay idle, however many come.
        for _ in 0..<5 { #expect(pacer.frameCallbackDone() == .none) }
        #expect(!pacer.isWaitingForFrameCallback)
        // A change with no callback pending draws at once.
        #expect(pacer.invalidate() == .draw)
    }

    @Test func atMostOneFramePerCallback() {
        var pacer = waitingPacer()
        for _ in 0..<3 {
            #expect(pacer.invalidate() == .none)
            #expect(pacer.invalidate() == .none)
            #expect(pacer.needsRedraw, "the change is remembered for the callback")
            #expect(pacer.frameCallbackDone() == .draw)
            pacer.committed()
        }
        #expect(pacer.frameCallbackDone() == .none, "everything has been drawn")
    }

    @Test func aConfigureIsAnsweredEvenWhileACallbackIsPending() {
        var pacer = waitingPacer()
        #expect(pacer.isWaitingForFrameCallback)
        #expect(pacer.configured() == .draw)
    }

    @Test func aLostCallbackCanBeReset() {
        var pacer = waitingPacer()
        #expect(pacer.invalidate() == .none)
        pacer.resetFrameCallback()
        #expect(!pacer.isWaitingForFrameCallback)
        #expect(pacer.invalidate() == .draw)
    }

    @Test(arguments: 1...20)
    func randomEventsNeverDrawTwicePerCallback(seed: Int) {
        var random = SplitMix64(seed: seed)
        var pacer = FramePacer()
        var configured = false, callbackPending = false, dirty = false
        for step in 0..<300 {
            var action = FramePacer.Action.none
            let isConfigure: Bool
            switch random.below(10) {
            case 0:
                action = pacer.configured(); configured = true; dirty = true; isConfigure = true
            case 1...5:
                action = pacer.invalidate(); dirty = true; isConfigure = false
            default:
                guard callbackPending else { continue }
                action = pacer.frameCallbackDone(); callbackPending = false; isConfigure = false
            }
            if isConfigure {
                #expect(action == .draw, "step \(step): a configure must be answered")
            } else {
                // Draw exactly when something changed, the window is configured and no callback is pending.
                #expect((action == .draw) == (configured && dirty && !callbackPending), "step \(step)")
            }
            if action == .draw {
                pacer.committed(); callbackPending = true; dirty = false
            }
        }
    }
}
