import SweepLoop
import Glibc

/// Reads a pasted selection from its pipe on the event loop, whatever is
/// there each time it is readable, so a slow selection owner never blocks
/// the app. It ends at end of file with the bytes, or with nil on an error,
/// past `limit` bytes, or when the owner has sent nothing for `stallTimeout`.
final class ClipboardReader {
    private let fd: Int32
    private let loop: EventLoop
    private let limit: Int
    private let completion: ([UInt8]?) -> Void
    private let onFinish: (ClipboardReader) -> Void
    private var data: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var watch: EventLoop.WatchID?
    private let watchdog: StallWatchdog
    private var finished = false
    private var closed = false

    /// Most bytes read per wakeup, so one fast owner does not hold the loop for long.
    static let readBudget = 1 << 20

    /// Takes over `fd` (the pipe's read end). `onFinish` is called once, after
    /// it is closed and before `completion`.
    init(fd: Int32, loop: EventLoop, limit: Int, stallTimeout: Double,
         completion: @escaping ([UInt8]?) -> Void, onFinish: @escaping (ClipboardReader) -> Void) {
        self.fd = fd
        self.loop = loop
        self.limit = limit
        watchdog = StallWatchdog(loop: loop, timeout: stallTimeout)
        self.completion = completion
        self.onFinish = onFinish
    }

    deinit { stop() }

    func start() {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watch = loop.watch(fd: fd, events: .readable) { [weak self] readiness in self?.ready(readiness) }
        watchdog.start { [weak self] in self?.finish(nil) }
    }

    /// Closes the pipe without calling back (the clipboard is going away).
    func cancel() {
        finished = true
        stop()
    }

    private func ready(_ readiness: EventLoop.Readiness) {
        guard !readiness.contains(.invalid) else { return finish(nil) }
        // A hang-up is read too: what is left in the pipe, then end of file.
        var budget = ClipboardReader.readBudget
        while budget > 0 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
                budget -= count
                watchdog.progress()
                if data.count > limit { return finish(nil) }
            } else if count == 0 {
                return finish(data)
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                return finish(nil)
            }
        }
    }


    private func finish(_ result: [UInt8]?) {
        guard !finished else { return }
        finished = true
        stop()
        onFinish(self)
        completion(result)
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
