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
    /// milliseconds; nil to draw now. Only with `lateLatchMargin` set, a
    /// known refresh period and a presentation clock that is the loop's own.
    func lateLatchDelay(now: UInt64 = sweep_monotonic_ns()) -> Double? {
        guard let margin = lateLatchMargin, let timing = lastPresentation,
              connection.presentationClock == CLOCK_MONOTONIC else { return nil }
        return LateLatch.delay(now: now, lastPresented: timing.presentedNanoseconds, refresh: timing.refreshNanoseconds,
                               margin: margin)
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
                request.window?.presented(PresentationTiming(presentedNanoseconds: seconds * 1_000_000_000 + UInt64(nanoseconds),
                                                             refreshNanoseconds: UInt64(refresh), frame: request.frame))
            },
            discarded: { data, feedback in
                if let feedback { wp_presentation_feedback_destroy(feedback) }
                guard let data else { return }
                Unmanaged<PresentationRequest>.fromOpaque(data).takeRetainedValue().window?.unansweredFeedback -= 1
            }
        ))
        return listener
    }()
}
