import CSweepSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import SweepPresentation

/// When the compositor showed a frame (`wp_presentation`).
public struct PresentationTiming: Sendable, Equatable {
    /// When the frame was shown, in nanoseconds on the compositor's presentation clock.
    public var presentedNanoseconds: UInt64
    /// The output's refresh period in nanoseconds; 0 when the compositor does not know it.
    public var refreshNanoseconds: UInt64
    /// The number of committed frames when this one was committed.
    public var frame: Int
}

/// One frame's feedback request: holds its window weakly, since the window
/// may close before the compositor answers.
private final class PresentationRequest {
    weak var window: Window?
    let frame: Int
    init(window: Window, frame: Int) {
        self.window = window
        self.frame = frame
    }
}

extension Window {
    static let maximumUnansweredFeedback = 4

    /// Asks to be told when the frame about to be committed is shown (or
    /// discarded). A compositor that leaves requests unanswered (headless
    /// sway 1.7 answers almost none) gets no more than a few at a time, so
    /// unanswered ones do not pile up frame after frame.
    func requestPresentationFeedback(frame: Int) {
        guard unansweredFeedback < Window.maximumUnansweredFeedback, let presentation = connection.presentation,
              let feedback = wp_presentation_feedback(presentation, surface) else { return }
        unansweredFeedback += 1
        let request = Unmanaged.passRetained(PresentationRequest(window: self, frame: frame))
        wp_presentation_feedback_add_listener(feedback, Window.feedbackListener, request.toOpaque())
    }

    /// How long to wait before drawing so that the frame is drawn as late as
    /// is safe before the compositor's next repaint (late latching), in
    /// milliseconds, and that repaint (ns); nil to draw now. Only with late
    /// latching on, a frame shown before, a known refresh period and a
    /// presentation clock that is the loop's own.
    func lateLatchPlan(now: UInt64 = sweep_monotonic_ns()) -> (delay: Double, repaint: UInt64)? {
        guard let lateLatcher, let timing = lastPresentation,
              connection.presentationClock == CLOCK_MONOTONIC else { return nil }
        return lateLatcher.plan(now: now, lastPresented: timing.presentedNanoseconds,
                                refresh: refreshNanoseconds(reported: timing.refreshNanoseconds))
    }

    /// Notes the repaint the frame about to be committed is meant for (the
    /// one it was drawn late for, or else the next predicted), so that its
    /// presentation tells late latching whether it made it.
    func noteRepaintMeant(frame: Int) {
        defer { latchedRepaint = nil }
        guard lateLatcher != nil else { return }
        let late = latchedRepaint != nil
        guard let repaint = latchedRepaint ?? predictedRepaint() else { return }
        framesMeant.append((frame, repaint, late))
        if framesMeant.count > Window.maximumUnansweredFeedback { framesMeant.removeFirst() }
    }

    private func predictedRepaint(now: UInt64 = sweep_monotonic_ns()) -> UInt64? {
        guard let timing = lastPresentation, connection.presentationClock == CLOCK_MONOTONIC else { return nil }
        return DrawMargin.repaint(after: now, lastPresented: timing.presentedNanoseconds,
                                   refresh: refreshNanoseconds(reported: timing.refreshNanoseconds))
    }

    /// A frame was shown (`wp_presentation`); the newest one is kept, and the
    /// frame tells late latching how long after its repaint it was shown.
    func presented(_ timing: PresentationTiming) {
        if let meant = framesMeant.first(where: { $0.frame == timing.frame }) {
            lateLatcher?.shown(at: timing.presentedNanoseconds, meantFor: meant.repaint,
                               refresh: refreshNanoseconds(reported: timing.refreshNanoseconds), late: meant.late)
        }
        framesMeant.removeAll { $0.frame <= timing.frame }
        if let lastPresentation, lastPresentation.frame > timing.frame { return }
        lastPresentation = timing
    }

    /// A frame was not shown: a later one replaced it.
    func discarded(frame: Int) {
        framesMeant.removeAll { $0.frame == frame }
    }

    /// The refresh period: as the presentation feedback gave it, or else (a
    /// compositor may answer 0, "unknown", as wlroots' headless output does)
    /// from the current mode of the outputs the window is on, the fastest.
    func refreshNanoseconds(reported: UInt64) -> UInt64 {
        if reported > 0 { return reported }
        let fastest = enteredOutputs.compactMap { connection.output(for: $0)?.refreshMillihertz }.max() ?? 0
        return fastest > 0 ? 1_000_000_000_000 / UInt64(fastest) : 0
    }

    nonisolated(unsafe) static let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
                if let feedback { wp_presentation_feedback_destroy(feedback) }
                guard let data else { return }
                let request = Unmanaged<PresentationRequest>.fromOpaque(data).takeRetainedValue()
                request.window?.unansweredFeedback -= 1
                let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
                // A time past what 64-bit nanoseconds hold is the compositor's mistake: not a presentation.
                let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                guard !overflow, nanoseconds < 1_000_000_000, whole <= UInt64.max - UInt64(nanoseconds) else { return }
                request.window?.presented(PresentationTiming(presentedNanoseconds: whole + UInt64(nanoseconds),
                                                             refreshNanoseconds: UInt64(refresh), frame: request.frame))
            },
            discarded: { data, feedback in
                if let feedback { wp_presentation_feedback_destroy(feedback) }
                guard let data else { return }
                let request = Unmanaged<PresentationRequest>.fromOpaque(data).takeRetainedValue()
                request.window?.unansweredFeedback -= 1
                request.window?.discarded(frame: request.frame)
            }
        ))
        return listener
    }()
}
