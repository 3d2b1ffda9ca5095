import SweepGeometry
import SweepInput

/// The base of every recognizer: a state machine fed `GestureInput`, with
/// UIKit's states and its arbitration hooks (should-begin, require-to-fail,
/// simultaneous recognition). Subclasses override `handle(_:)` and call
/// `begin()`, `change()`, `end()`, `recognize()` or `fail()`; the arena they
/// belong to decides whether a beginning is allowed, must wait for another
/// recognizer to fail, or is denied.
///
/// A recognizer reads no clock: time arrives in its input, and it asks for a
/// callback at `deadline`, which the owner's event loop arms.
open class GestureRecognizer {
    /// A name for logs and test failures.
    public var name: String
    public private(set) var state: GestureState = .possible
    /// A disabled recognizer is given no input and never begins.
    public var isEnabled = true
    /// The view the recognizer is attached to.
    public internal(set) weak var view: GestureView?
    weak var arena: GestureArena?
    /// The touches of the running sequence, in the order they went down.
    public private(set) var touches: [TouchPoint] = []
    /// Called for every state the recognizer reports: began, changed,
    /// ended, cancelled and recognized (never for failed).
    public var onStateChange: ((GestureRecognizer) -> Void)?
    /// Asked just before beginning (or recognizing); false fails the recognizer,
    /// so the input keeps its other meanings (UIKit's `gestureRecognizerShouldBegin`).
    public var shouldBegin: ((GestureRecognizer) -> Bool)?
    /// Whether this recognizer may run together with `other` (either side saying yes is enough).
    public var recognizesSimultaneously: ((_ other: GestureRecognizer) -> Bool)?
    /// Recognizers that must fail before this one may begin.
    private var requiredToFail: [WeakRecognizer] = []
    /// The state this recognizer reached while waiting for a required failure.
    var pendingState: GestureState?

    public init(name: String) {
        self.name = name
    }

    /// This recognizer begins only once `other` has failed (UIKit's `require(toFail:)`).
    public func require(toFail other: GestureRecognizer) {
        requiredToFail.append(WeakRecognizer(other))
    }

    var failureRequirements: [GestureRecognizer] { requiredToFail.compactMap(\.recognizer) }

    /// True while the recognizer has reached began or recognized but waits for a required failure.
    public var isWaitingForFailure: Bool { pendingState != nil }

    /// Where the gesture is, in view coordinates: the centroid of its touches.
    open var location: Point { centroid }

    /// The centroid of the touches (the origin when there are none).
    public var centroid: Point {
        guard !touches.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for touch in touches {
            x += touch.position.x
            y += touch.position.y
        }
        return Point(x: x / Double(touches.count), y: y / Double(touches.count))
    }

    /// The number of touches (or touchpad fingers) the gesture has now.
    open var numberOfTouches: Int { touches.count }

    /// When the recognizer wants `.deadline` input, on the input's clock.
    open var deadline: Double? { nil }

    // MARK: - Input

    /// Feeds one input: touches are updated first, then `handle(_:)` runs.
    public final func receive(_ input: GestureInput) {
        guard isEnabled, !state.isFinished else { return }
        switch input {
        case .touchesBegan(let added, _):
            for touch in added where !touches.contains(where: { $0.id == touch.id }) { touches.append(touch) }
        case .touchesMoved(let moved, _):
            for touch in moved {
                if let index = touches.firstIndex(where: { $0.id == touch.id }) { touches[index] = touch }
            }
        case .touchesEnded(let ids, _):
            touches.removeAll { ids.contains($0.id) }
        default:
            break
        }
        handle(input)
    }

    /// The compositor took the touches or the gesture away: a running gesture
    /// is cancelled, an undecided one fails.
    public final func receiveCancel() {
        guard isEnabled, !state.isFinished else { return }
        touches.removeAll()
        if state.isActive { cancel() } else { fail() }
    }

    /// Scrolling from the pointer; returns true when the recognizer used it
    /// (so it must not also scroll the view).
    public final func receive(_ scroll: ScrollMotion) -> Bool {
        guard isEnabled, !state.isFinished else { return false }
        return handle(scroll)
    }

    /// Overridden by subclasses to read input.
    open func handle(_ input: GestureInput) {}

    /// Overridden by recognizers that read scrolling; true when it was used.
    open func handle(_ scroll: ScrollMotion) -> Bool { false }

    /// Back to `.possible` with no touches, ready for the next sequence.
    /// Subclasses clear their own state and call `super.reset()`.
    open func reset() {
        state = .possible
        touches.removeAll()
        pendingState = nil
    }

    // MARK: - Transitions (for subclasses, and `cancel()` for owners)

    /// The continuous gesture starts.
    public final func begin() { move(to: .began) }
    /// The continuous gesture moved on.
    public final func change() { move(to: .changed) }
    /// The continuous gesture finished normally.
    public final func end() { move(to: .ended) }
    /// The discrete gesture happened.
    public final func recognize() { move(to: .recognized) }
    /// The input is not this gesture.
    public final func fail() { move(to: .failed) }
    /// Stops a running gesture so its work is undone (Escape during a band;
    /// the compositor cancelling the touches). An undecided gesture fails;
    /// a finished one is left as it is.
    public final func cancel() {
        guard !state.isFinished else { return }
        move(to: state.isActive ? .cancelled : .failed)
    }

    /// Moves to `target` as `GestureState.canTransition(to:)` allows, through
    /// the arena's arbitration. While the recognizer waits for a required
    /// failure it stays `.possible` and a began, changed or ended only
    /// updates what it will report. Any other transition is a bug in the
    /// recognizer: an assertion in debug builds, ignored in release builds.
    private func move(to target: GestureState) {
        switch (state, target) {
        case (.possible, .began), (.possible, .recognized):
            if pendingState != nil {
                pendingState = target
                return
            }
            if let shouldBegin, !shouldBegin(self) {
                markFailed()
                return
            }
            switch arena?.verdict(for: self) ?? .allow {
            case .deny:
                markFailed()
            case .wait:
                pendingState = target
            case .allow:
                report(target)
                arena?.claimed(by: self)
                if target == .recognized { arena?.finished(self) }
            }
        case (.possible, .changed) where pendingState == .began || pendingState == .ended:
            return   // still waiting for a required failure: stays pending as began
        case (.possible, .ended) where pendingState == .began || pendingState == .ended:
            pendingState = .ended
        case (.possible, .failed):
            markFailed()
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            report(target)
            if target.isFinished { arena?.finished(self) }
        default:
            assert(!state.canTransition(to: target))
            assertionFailure("\(name): \(state) → \(target) is not a transition UIKit allows (see GestureState.canTransition(to:))")
        }
    }

    private func report(_ target: GestureState) {
        state = target
        onStateChange?(self)
    }

    private func markFailed() {
        pendingState = nil
        state = .failed
        arena?.finished(self)
    }

    /// The arena lets a waiting recognizer go ahead: it reports what it reached meanwhile.
    func resumePending() {
        guard let pending = pendingState else { return }
        pendingState = nil
        let ended = pending == .ended
        move(to: pending == .recognized ? .recognized : .began)
        if ended {
            if state.isActive { move(to: .ended) } else if pendingState != nil { pendingState = .ended }
        }
    }

    /// The arena denies a recognizer because another claimed the input.
    func deny() {
        guard state == .possible else { return }
        markFailed()
    }
}

/// A weak reference, so recognizers that require each other do not leak.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
