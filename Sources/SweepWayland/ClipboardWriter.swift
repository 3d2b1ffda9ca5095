import SweepLoop
import Glibc

/// Writes one paster's copy of the clipboard into its pipe on the event
/// loop, a chunk each time the pipe can take one, so a slow or stalled
/// paster never blocks the app. The fd is closed when everything is
/// written, on an error (the paster closed its end: EPIPE), or when the
/// paster has taken nothing for `stallTimeout`.
final class ClipboardWriter {
    private let fd: Int32
    /// The chunk being written and the reader of the next ones.
    private var bytes: [UInt8] = []
    private let next: () -> [UInt8]?
    private var exhausted = false
    private let loop: EventLoop
    private let onFinish: (ClipboardWriter) -> Void
    private var offset = 0
    private var watch: EventLoop.WatchID?
    private let watchdog: StallWatchdog
    private var finished = false
    private var closed = false

    /// Most bytes written per wakeup, so one fast paster (a regular file)
    /// does not hold the loop for long.
    static let writeBudget = 1 << 20

    /// Takes over `fd`; `onFinish` is called once, after it is closed.
    init(fd: Int32, content: ClipboardContent, loop: EventLoop, stallTimeout: Double, onFinish: @escaping (ClipboardWriter) -> Void) {
        self.fd = fd
        next = content.makeReader()
        self.loop = loop
        watchdog = StallWatchdog(loop: loop, timeout: stallTimeout)
        self.onFinish = onFinish
    }

    deinit { stop() }

    func start() {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watch = loop.watch(fd: fd, events: .writable) { [weak self] readiness in self?.ready(readiness) }
        watchdog.start { [weak self] in self?.finish() }
    }

    /// Closes the pipe without calling `onFinish` (the clipboard is going away).
    func cancel() {
        finished = true
        stop()
    }

    private func ready(_ readiness: EventLoop.Readiness) {
        guard readiness.contains(.writable), readiness.isDisjoint(with: [.error, .invalid]) else { return finish() }
        var budget = ClipboardWriter.writeBudget
        while budget > 0 {
            if offset >= bytes.count {
                // This chunk is out: make the next one (nil: the end).
                guard !exhausted, let chunk = next() else { exhausted = true; break }
                bytes = chunk
                offset = 0
                continue
            }
            let count = min(bytes.count - offset, budget)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, count) }
            if written > 0 {
                offset += written
                budget -= written
                watchdog.progress()
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return   // the pipe is full: wait for the next writable
            } else {
                return finish()   // EPIPE: the paster closed its end
            }
        }
        if exhausted && offset >= bytes.count { finish() }
    }


    private func finish() {
        guard !finished else { return }
        finished = true
        stop()
        onFinish(self)
    }

    private func stop() {
        if let watch { loop.unwatch(watch) }
        watchdog.stop()
        watch = nil
        if !closed {
            closed = true
            close(fd)
        }
    }
}
