import CSweepSystem
import CWaylandClient
import Glibc

/// The one loop of a client: polls the display connection and runs timers,
/// then the work queued for after dispatching (drawing). It sleeps in
/// `poll` while nothing is due, so an idle client uses no CPU.
public final class EventLoop {
    /// Identifies an armed timer, to cancel it.
    public struct TimerID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct Timer {
        let id: TimerID
        var deadline: UInt64   // ns, monotonic
        let callback: () -> Void
    }

    private let display: OpaquePointer
    private var timers: [Timer] = []
    private var nextTimerID: UInt64 = 0
    private var afterDispatch: [() -> Void] = []
    private var stopped = false
    private var failure: WaylandError?

    init(display: OpaquePointer) {
        self.display = display
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

    public func cancel(_ id: TimerID) {
        timers.removeAll { $0.id == id }
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
    func fail(_ error: WaylandError) {
        failure = failure ?? error
        stopped = true
    }

    /// Dispatches until `stop()`; throws when the connection breaks.
    public func run() throws {
        stopped = false
        while !stopped {
            try iterate()
        }
        if let failure { throw failure }
        _ = wl_display_flush(display)
    }

    private func iterate() throws {
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { throw connectionError() }
        }
        var events = Int16(POLLIN)
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN {
                events |= Int16(POLLOUT)
            } else {
                let code = errno
                wl_display_cancel_read(display)
                throw WaylandError.disconnected(errno: code)
            }
        }
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: events, revents: 0)
        let ready = poll(&descriptor, 1, pollTimeout())
        if ready > 0 && (descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR)) != 0 {
            guard wl_display_read_events(display) >= 0 else { throw connectionError() }
        } else {
            wl_display_cancel_read(display)
            if ready < 0 && errno != EINTR { throw WaylandError.disconnected(errno: errno) }
        }
        guard wl_display_dispatch_pending(display) >= 0 else { throw connectionError() }
        runDueTimers()
        let work = afterDispatch
        afterDispatch.removeAll()
        for item in work { item() }
        if let failure { throw failure }
    }

    private func pollTimeout() -> Int32 {
        guard !afterDispatch.isEmpty || !timers.isEmpty else { return -1 }
        if !afterDispatch.isEmpty { return 0 }
        let now = sweep_monotonic_ns()
        let nearest = timers.map(\.deadline).min()!
        guard nearest > now else { return 0 }
        return Int32(min((nearest - now + 999_999) / 1_000_000, UInt64(Int32.max)))
    }

    private func runDueTimers() {
        let now = sweep_monotonic_ns()
        let due = timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
        guard !due.isEmpty else { return }
        timers.removeAll { $0.deadline <= now }
        for timer in due { timer.callback() }
    }

    /// The error behind a failed dispatch: a protocol error if the compositor sent one.
    private func connectionError() -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: "\(name)@\(id)", code: protocolCode)
        }
        return .disconnected(errno: code != 0 ? code : EPIPE)
    }
}
