import SweepLoop

/// Ends a pipe transfer whose other side has moved nothing for `timeout` ms
/// (a paster that never reads, an owner that never writes). One timer at a
/// time on the loop: when it fires after some progress, it is armed again
/// for what is left of the timeout.
final class StallWatchdog {
    private let loop: EventLoop
    private let timeout: Double
    private var timer: EventLoop.TimerID?
    private var lastProgress = EventLoop.nowMilliseconds
    private var onStall: () -> Void = {}

    init(loop: EventLoop, timeout: Double) {
        self.loop = loop
        self.timeout = timeout
    }

    /// Starts watching; `onStall` runs once, on the loop, if nothing moves for the timeout.
    func start(onStall: @escaping () -> Void) {
        self.onStall = onStall
        arm()
    }

    /// Bytes moved: the timeout counts from now.
    func progress() {
        lastProgress = EventLoop.nowMilliseconds
    }

    func stop() {
        if let timer { loop.cancel(timer) }
        timer = nil
    }

    private func arm() {
        let remaining = timeout - (EventLoop.nowMilliseconds - lastProgress)
        timer = loop.schedule(after: remaining) { [weak self] in
            guard let self else { return }
            self.timer = nil
            if EventLoop.nowMilliseconds - self.lastProgress >= self.timeout { self.onStall() } else { self.arm() }
        }
    }
}
