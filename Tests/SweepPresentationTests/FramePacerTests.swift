import Testing
@testable import SweepPresentation

@Suite struct FramePacerTests {
    @Test func drawsNothingBeforeTheFirstConfigure() {
        var pacer = FramePacer()
        #expect(pacer.invalidate() == .none)
        #expect(pacer.configured() == .draw)
    }

    @Test func idleMeansNoDrawing() {
        var pacer = FramePacer()
        _ = pacer.configured()
        pacer.committed()
        // The callback fires with nothing changed: stay idle.
        #expect(pacer.frameCallbackDone() == .none)
    }

    @Test func atMostOneFramePerCallback() {
        var pacer = FramePacer()
        _ = pacer.configured()
        pacer.committed()
        #expect(pacer.invalidate() == .none)
        #expect(pacer.invalidate() == .none)
        #expect(pacer.frameCallbackDone() == .draw)
    }

    @Test func aConfigureIsAnsweredEvenWhileACallbackIsPending() {
        var pacer = FramePacer()
        _ = pacer.configured()
        pacer.committed()
        #expect(pacer.configured() == .draw)
    }

    @Test func aChangeAfterTheCallbackDrawsAtOnce() {
        var pacer = FramePacer()
        _ = pacer.configured()
        pacer.committed()
        _ = pacer.frameCallbackDone()
        #expect(pacer.invalidate() == .draw)
    }
}
