import CSweepSystem
import Dispatch
import Glibc

/// A connection the loop polls first and hands its readiness to: the
/// Wayland display (`prepare` readies it to read, `finish` reads and
/// dispatches its events). The loop knows nothing else of it.
public protocol EventLoopSource: AnyObject {
    /// Before each `poll`: dispatch what is pending and say which fd to poll for which `poll` events.
    func prepare() throws -> (fd: Int32, events: Int16)
    /// After the `poll`: what it returned for the fd (0 when the fd was not ready, or the poll failed).
    func finish(revents: Int16) throws
    /// `run()` is ending (write out what is queued).
    func loopEnded()
}

/// The one loop of a client: polls its source (the display connection)
/// and the fds the app watches (standard input, clipboard pipes, D-Bus) in
/// one `poll`, runs timers, then the work queued for after dispatching
/// (drawing). It sleeps in `poll` while nothing is due, so an idle client
/// uses no CPU. It knows nothing of Wayland: the display plugs in as an
/// `EventLoopSource`.
///
/// Run on the main thread, it also runs the main dispatch queue's work
/// (`DispatchQueue.main.async`, and so the main actor's jobs: a
/// `Task { @MainActor in … }` resuming after an `await`) as it arrives:
/// libdispatch's main-queue eventfd is one more descriptor in the `poll`.
/// Its methods are for the loop's own thread; other threads hand work
/// to it through `DispatchQueue.main` (`Application.post`).
public final class EventLoop {
    /// Identifies an armed timer, to cancel it.
    public struct TimerID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    /// Identifies a watched fd, to stop watching it.
    public struct WatchID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct Timer {
        let id: TimerID
        var deadline: UInt64   // ns, monotonic
        let callback: () -> Void
    }

    private struct Watch {
        let id: WatchID
        let fd: Int32
        let events: Readiness
        let callback: (Readiness) -> Void
    }

    private var source: EventLoopSource?
    private var timers: [Timer] = []
    private var nextTimerID: UInt64 = 0
    private var watches: [Watch] = []
    private var nextWatchID: UInt64 = 0
    private var afterDispatch: [() -> Void] = []
    private var stopped = false
    private var failure: (any Error)?

    public init() {}

    /// Makes `source` the connection polled first (one at most: the display).
    public func add(_ source: EventLoopSource) {
        self.source = source
    }

    /// Milliseconds on the monotonic clock, the time base of animations.
    public static var nowMilliseconds: Double { Double(sweep_monotonic_ns()) / 1_000_000 }

    /// Runs `callback` once after `milliseconds`.
    @discardableResult
    public func schedule(after milliseconds: Double, _ callback: @escaping () -> Void) -> TimerID {
        nextTimerID += 1
        let id = TimerID(value: nextTimerID)
        let deadline = sweep_monotonic_ns() + UInt64(max(0, milliseconds) * 1_000_000)
        timers.append(Timer(id: id, deadline: deadline, callback: callback))
        return id
    }

    /// Stops a timer that has not fired yet; nothing happens for one that has.
    public func cancel(_ id: TimerID) {
        timers.removeAll { $0.id == id }
    }

    /// Calls `callback` whenever `fd` is ready for `events` (`.readable`,
    /// `.writable` or both), polled with the display in the same `poll`.
    /// Hang-up, error and a closed fd are reported too; when one comes
    /// without `.readable` the watch ends by itself before the callback runs
    /// (`poll` would report it again at once, forever), and the callback
    /// should close the fd. The fd stays the caller's: the loop never closes
    /// it, and it must stay open until `unwatch`. A callback may unwatch
    /// itself and add watches.
    @discardableResult
    public func watch(fd: Int32, events: Readiness, _ callback: @escaping (Readiness) -> Void) -> WatchID {
        precondition(fd >= 0, "watch(fd:) needs an open fd")
        nextWatchID += 1
        let id = WatchID(value: nextWatchID)
        watches.append(Watch(id: id, fd: fd, events: events.intersection([.readable, .writable]), callback: callback))
        return id
    }

    /// Stops watching; nothing happens for a watch that already ended.
    public func unwatch(_ id: WatchID) {
        watches.removeAll { $0.id == id }
    }

    /// Runs `work` after the events now being dispatched, once.
    public func runAfterDispatch(_ work: @escaping () -> Void) {
        afterDispatch.append(work)
    }

    /// Ends `run()` after the current iteration.
    public func stop() {
        stopped = true
    }

    /// Ends `run()` with an error (thrown from `run`).
    public func fail(_ error: any Error) {
        failure = failure ?? error
        stopped = true
    }

    /// Dispatches until `stop()`; throws when the connection breaks.
    public func run() throws {
        stopped = false
        let mainQueue = watchMainQueue()
        defer { if let mainQueue { unwatch(mainQueue) } }
        while !stopped {
            try iterate()
        }
        if let failure { throw failure }
        source?.loopEnded()
    }

    private func iterate() throws {
        // The source first (it may dispatch, and so change the watches), then the watches as they are now.
        let polledSource = try source?.prepare()
        let polled = watches
        var descriptors = polledSource.map { [pollfd(fd: $0.fd, events: $0.events, revents: 0)] } ?? []
        for watch in polled { descriptors.append(pollfd(fd: watch.fd, events: watch.events.pollEvents, revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout())
        let pollError = errno
        if let source {
            try source.finish(revents: ready > 0 ? descriptors[0].revents : 0)
        }
        if ready < 0 && pollError != EINTR { throw PollError(errno: pollError) }
        if ready > 0 { runReadyWatches(polled, descriptors.dropFirst(polledSource == nil ? 0 : 1)) }
        runDueTimers()
        let work = afterDispatch
        afterDispatch.removeAll()
        for item in work { item() }
        if let failure { throw failure }
    }

    /// On the main thread, polls the main dispatch queue's eventfd with the
    /// display and runs its work when it turns readable; work queued before
    /// the loop started runs at once.
    private func watchMainQueue() -> WatchID? {
        guard sweep_is_main_thread() != 0 else {
            onWarning?(Self.mainQueueWarning + "run() is not on the main thread")
            return nil
        }
        let fd = sweep_main_queue_fd()
        guard fd >= 0 else { return nil }
        // A drain nested in another (run() called from a main-queue block or a task, or under a
        // run loop that drains the queue) runs nothing: a probe block says whether ours does.
        let probe = MainQueueProbe()
        DispatchQueue.main.async { probe.ran = true }
        runAfterDispatch { [weak self] in
            sweep_main_queue_drain()
            if !probe.ran { self?.onWarning?(Self.mainQueueWarning + "run() was called from main-queue work (a task, a top-level await)") }
        }
        return watch(fd: fd, events: .readable) { _ in sweep_main_queue_drain() }
    }

    /// Told when the loop cannot run the main queue's work (a line for the person).
    public var onWarning: ((String) -> Void)?

    private static let mainQueueWarning = "main-actor tasks and DispatchQueue.main work will not run while the loop waits: "

    /// Set by a block on the main queue once a drain has run it.
    private final class MainQueueProbe: @unchecked Sendable {
        var ran = false
    }

    private func pollTimeout() -> Int32 {
        guard !afterDispatch.isEmpty || !timers.isEmpty else { return -1 }
        if !afterDispatch.isEmpty { return 0 }
        let now = sweep_monotonic_ns()
        guard let nearest = timers.map(\.deadline).min(), nearest > now else { return 0 }
        return Int32(min((nearest - now + 999_999) / 1_000_000, UInt64(Int32.max)))
    }

    private func runReadyWatches(_ polled: [Watch], _ results: ArraySlice<pollfd>) {
        for (watch, result) in zip(polled, results) where result.revents != 0 {
            // An earlier callback may have ended this watch.
            guard watches.contains(where: { $0.id == watch.id }) else { continue }
            let readiness = Readiness(pollEvents: result.revents)
            if !readiness.isDisjoint(with: [.hangUp, .error, .invalid]) && !readiness.contains(.readable) {
                unwatch(watch.id)
            }
            watch.callback(readiness)
        }
    }

    private func runDueTimers() {
        let now = sweep_monotonic_ns()
        let due = timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
        guard !due.isEmpty else { return }
        timers.removeAll { $0.deadline <= now }
        for timer in due { timer.callback() }
    }
}

/// `poll` failed (not interrupted): the loop cannot go on.
public struct PollError: Error, CustomStringConvertible {
    public let errno: Int32
    public var description: String { "poll failed: \(String(cString: strerror(errno)))" }
}
