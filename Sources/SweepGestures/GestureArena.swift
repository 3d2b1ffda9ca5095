import SweepGeometry
import SweepInput

/// Delivers a window's input to the recognizers of the view it lands in and
/// arbitrates between them, as GTK claims and denies touch sequences:
///
/// - The first recognizer to begin (or recognize) claims the input; every
///   other undecided recognizer of the sequence fails, unless the two
///   recognize simultaneously.
/// - A recognizer cannot begin while another non-simultaneous one runs.
/// - A recognizer that requires another to fail waits in `.possible` until
///   that one fails, then reports what it reached meanwhile; if the other
///   begins instead, the waiting one fails.
///
/// Touches, touchpad gestures (with scrolling, which the hold-then-scroll
/// sweep reads) and the pointer button are three separate sequences.
///
/// Time: the compositor's 32-bit millisecond stamps wrap every 49.7 days.
/// The arena reads every stamp it is fed (touch frames, touchpad gestures)
/// on one `EventClock`, so recognizers see time go on across the wrap;
/// owners convert the stamps they pass as times (pointer, scrolling, the
/// deadline timer) with `eventTime(_:)`, on the same clock.
public final class GestureArena {
    public private(set) var views: [GestureView] = []
    private var touchSequence: [GestureRecognizer] = []
    private var touchpadSequence: [GestureRecognizer] = []
    private var pointerSequence: [GestureRecognizer] = []
    private var touchView: GestureView?
    private var touchpadView: GestureView?
    private var pointerView: GestureView?
    private var activeTouches: [Int32] = []
    private var buttonHeld = false
    /// The pointer's window position, for touchpad gestures and presses.
    public private(set) var pointerPosition: Point?
    /// The compositor's stamps as continuous milliseconds.
    public private(set) var clock = EventClock()

    public init() {}

    /// The clip the views added now take (`adding(clippedTo:_:)`), nil outside one.
    private var addingClip: (() -> Rect)?

    /// Adds a view on top of the others; inside `adding(clippedTo:_:)` it takes input only in that clip.
    public func add(_ view: GestureView) {
        view.arena = self
        for recognizer in view.recognizers { recognizer.arena = self }
        if let addingClip { view.clip = addingClip }
        views.append(view)
    }

    /// Runs `body` (a scroll view attaching its content), the views it adds
    /// taking input only inside `clip` (window coordinates, asked at each
    /// press) as well as their frames; nested, the clips intersect.
    public func adding(clippedTo clip: @escaping () -> Rect, _ body: () -> Void) {
        let outer = addingClip
        addingClip = outer.map { outer in { clip().intersection(outer()) } } ?? clip
        defer { addingClip = outer }
        body()
    }

    /// The topmost view under a window point that takes input.
    public func view(at point: Point) -> GestureView? {
        views.last { $0.takesInput(at: point) }
    }

    // MARK: - Touches

    /// A touch frame in window coordinates.
    public func handle(_ frame: TouchFrame) {
        let time = clock.time(of: frame.time)
        runOverdueDeadlines(before: time)
        if frame.cancelled {
            for recognizer in touchSequence { recognizer.receiveCancel() }
            activeTouches.removeAll()
            finish(touchSequence, everything: true)
            touchSequence.removeAll()
            return
        }
        if !frame.down.isEmpty {
            if activeTouches.isEmpty { startTouchSequence(at: frame.down[0].position) }
            activeTouches.append(contentsOf: frame.down.map(\.id))
            deliver(.touchesBegan(local(frame.down, in: touchView), time: time), to: touchSequence)
        }
        let moved = frame.moved.filter { activeTouches.contains($0.id) }
        if !moved.isEmpty { deliver(.touchesMoved(local(moved, in: touchView), time: time), to: touchSequence) }
        let lifted = frame.up.filter { activeTouches.contains($0) }
        if !lifted.isEmpty {
            activeTouches.removeAll { lifted.contains($0) }
            deliver(.touchesEnded(lifted, time: time), to: touchSequence)
        }
        if activeTouches.isEmpty { finish(touchSequence, everything: false) }
    }

    private func startTouchSequence(at point: Point) {
        let view = view(at: point)
        let fresh = view?.recognizers.filter(\.isEnabled) ?? []
        // A recognizer still counting taps elsewhere loses its chance.
        for recognizer in touchSequence where !fresh.contains(where: { $0 === recognizer }) {
            recognizer.cancel()
            recognizer.reset()
        }
        touchView = view
        touchSequence = fresh
        for recognizer in fresh where recognizer.state.isFinished { recognizer.reset() }
    }

    private func local(_ touches: [TouchPoint], in view: GestureView?) -> [TouchPoint] {
        guard let view else { return touches }
        return touches.map { TouchPoint(id: $0.id, position: view.convert($0.position)) }
    }

    // MARK: - Touchpad gestures and scrolling

    /// The pointer moved (window coordinates), or left the window (nil).
    public func pointerMoved(to point: Point?, time: Double) {
        pointerPosition = point
        guard buttonHeld, let point else { return }
        runOverdueDeadlines(before: time)
        deliver(.pointerMoved(to: pointerView?.convert(point) ?? point, time: time), to: pointerSequence)
    }

    /// A touchpad gesture; its begin picks the view under the pointer.
    public func handle(_ gesture: PointerGesture) {
        switch gesture {
        case .swipeBegin, .pinchBegin, .holdBegin:
            if !touchpadSequence.contains(where: { $0.state.isActive }) {
                finish(touchpadSequence, everything: true)
                touchpadView = pointerPosition.flatMap { view(at: $0) }
                touchpadSequence = touchpadView?.recognizers.filter(\.isEnabled) ?? []
                for recognizer in touchpadSequence where recognizer.state.isFinished { recognizer.reset() }
            }
        default:
            break
        }
        let pointer = pointerPosition.map { touchpadView?.convert($0) ?? $0 } ?? .zero
        let time = clock.time(of: gesture.time)
        runOverdueDeadlines(before: time)
        deliver(.touchpad(gesture, pointer: pointer, time: time), to: touchpadSequence)
    }

    /// Scrolling; true when a recognizer used it, so the view must not scroll as well.
    public func handle(_ scroll: ScrollMotion) -> Bool {
        var used = false
        for recognizer in touchpadSequence where recognizer.receive(scroll) { used = true }
        if scroll.stopped && !touchpadSequence.contains(where: { $0.state.isActive }) {
            finish(touchpadSequence, everything: false)
        }
        return used
    }

    // MARK: - Pointer button

    /// The left button went down (true) or up (false) at the pointer position.
    public func pointerButton(pressed: Bool, modifiers: Modifiers, time: Double) {
        if pressed {
            guard !buttonHeld, let point = pointerPosition else { return }
            buttonHeld = true
            finish(pointerSequence, everything: true)
            pointerView = view(at: point)
            pointerSequence = pointerView?.recognizers.filter(\.isEnabled) ?? []
            for recognizer in pointerSequence where recognizer.state.isFinished { recognizer.reset() }
            deliver(.pointerPressed(at: pointerView?.convert(point) ?? point, modifiers: modifiers, time: time), to: pointerSequence)
        } else {
            guard buttonHeld else { return }
            buttonHeld = false
            runOverdueDeadlines(before: time)
            deliver(.pointerReleased(time: time), to: pointerSequence)
            finish(pointerSequence, everything: false)
        }
    }

    // MARK: - Time

    /// The compositor's `stamp` (32-bit milliseconds) as a time on the
    /// arena's clock, continuous across the wrap: what the pointer,
    /// scrolling and the deadline timer pass as `time`.
    public func eventTime(_ stamp: UInt32) -> Double { clock.time(of: stamp) }

    /// The earliest time a recognizer asked for; the loop arms a timer for it.
    public var nextDeadline: Double? {
        var earliest: Double?
        for sequence in [touchSequence, touchpadSequence, pointerSequence] {
            for recognizer in sequence where !recognizer.state.isFinished {
                if let deadline = recognizer.deadline, deadline < earliest ?? .infinity { earliest = deadline }
            }
        }
        return earliest
    }

    /// Whether touches are down now (a new one starts a sequence otherwise).
    public var hasTouches: Bool { !activeTouches.isEmpty }

    /// Deadlines that passed before an event's timestamp are run before the
    /// event: a loop too busy for its timer still sees a press held 800 ms
    /// as held, not as a tap.
    private func runOverdueDeadlines(before time: Double) {
        if let deadline = nextDeadline, deadline <= time { advance(to: time) }
    }

    /// Time has come to `time`: recognizers whose deadline passed are told.
    public func advance(to time: Double) {
        for sequence in [touchSequence, touchpadSequence, pointerSequence] {
            for recognizer in sequence where !recognizer.state.isFinished {
                if let deadline = recognizer.deadline, deadline <= time { recognizer.receive(.deadline(time: time)) }
            }
        }
        if activeTouches.isEmpty { finish(touchSequence, everything: false) }
    }

    // MARK: - Arbitration

    enum Verdict { case allow, wait, deny }

    private func deliver(_ input: GestureInput, to sequence: [GestureRecognizer]) {
        for recognizer in sequence { recognizer.receive(input) }
    }

    /// The recognizers that compete with `recognizer` now.
    private func peers(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        for sequence in [touchSequence, touchpadSequence, pointerSequence] where sequence.contains(where: { $0 === recognizer }) {
            return sequence
        }
        return []
    }

    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.recognizesSimultaneously?(b) == true || b.recognizesSimultaneously?(a) == true
    }

    func verdict(for recognizer: GestureRecognizer) -> Verdict {
        let peers = peers(of: recognizer)
        for other in peers where other !== recognizer && other.state.isActive && !simultaneous(recognizer, other) {
            return .deny
        }
        let blockers = recognizer.failureRequirements.filter { required in
            peers.contains { $0 === required } && required.state == .possible
        }
        return blockers.isEmpty ? .allow : .wait
    }

    /// `recognizer` began or recognized: the undecided others lose.
    func claimed(by recognizer: GestureRecognizer) {
        for other in peers(of: recognizer) where other !== recognizer && !simultaneous(recognizer, other) {
            other.deny()
        }
    }

    /// `recognizer` reached a final state: those waiting for its failure may go on.
    func finished(_ recognizer: GestureRecognizer) {
        guard recognizer.state == .failed else { return }
        for other in peers(of: recognizer) where other.isWaitingForFailure
            && other.failureRequirements.contains(where: { $0 === recognizer }) {
            switch verdict(for: other) {
            case .allow: other.resumePending()
            case .deny: other.deny()
            case .wait: break
            }
        }
    }

    /// The end of a sequence: finished recognizers are reset; undecided ones
    /// without a deadline can no longer happen and are reset too.
    private func finish(_ sequence: [GestureRecognizer], everything: Bool) {
        for recognizer in sequence {
            if everything {
                if !recognizer.state.isFinished { recognizer.cancel() }
                recognizer.reset()
            } else if recognizer.state.isFinished {
                recognizer.reset()
            } else if !recognizer.state.isActive && recognizer.deadline == nil && !recognizer.isWaitingForFailure {
                recognizer.fail()
                recognizer.reset()
            }
        }
    }
}
