import Dispatch
import Glibc
import SweepGraphics
import Synchronization

/// The thread-safe half of a `ThumbnailLoader`: requests waiting, the
/// decoding threads (Dispatch work items, at most `workers` at once),
/// and results waiting for the loop, all behind one mutex. A pipe wakes
/// the loop when results arrive: one byte per batch, written only when
/// the loop has none pending. The pipe's two ends live and die with this
/// object, which the workers share with the loader, so no worker ever
/// writes into a closed (or reused) fd.
final class ThumbnailQueue: Sendable {
    /// A decode's outcome: the bitmap, or the error's message.
    enum Outcome: Sendable {
        case loaded(Bitmap)
        case failed(String)
    }

    typealias Decode = @Sendable (_ path: String, _ size: Int) throws -> Bitmap

    private struct State {
        /// Requests not yet started, oldest first; decoded newest first.
        var waiting: [String] = []
        /// Every path waiting, being decoded, or decoded and not yet taken by the loop.
        var pending: Set<String> = []
        var results: [(path: String, outcome: Outcome)] = []
        var wakePending = false
        var runningWorkers = 0
        var closed = false
    }

    let readFD: Int32
    private let writeFD: Int32
    private let size: Int
    private let queueLimit: Int
    private let workers: Int
    private let decode: Decode
    private let state = Mutex(State())

    /// nil when no pipe can be made (out of fds).
    init?(size: Int, queueLimit: Int, workers: Int, decode: @escaping Decode) {
        var fds: [Int32] = [-1, -1]
        // pipe2 is not in Glibc's Swift module: the flags follow at once (an exec in between is unlikely and harmless).
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        (readFD, writeFD) = (fds[0], fds[1])
        self.size = size
        self.queueLimit = max(1, queueLimit)
        self.workers = max(1, workers)
        self.decode = decode
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Queues `path` as the most recent request (moving it up if it waits
    /// already; nothing if it is being decoded or its result is on the way),
    /// drops the oldest request past the limit, and starts a worker if one is free.
    func request(_ path: String) {
        let startWorker = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            if let index = state.waiting.firstIndex(of: path) {
                state.waiting.remove(at: index)
                state.waiting.append(path)
                return false
            }
            guard state.pending.insert(path).inserted else { return false }
            state.waiting.append(path)
            if state.waiting.count > queueLimit { state.pending.remove(state.waiting.removeFirst()) }
            guard state.runningWorkers < workers else { return false }
            state.runningWorkers += 1
            return true
        }
        if startWorker {
            DispatchQueue.global(qos: .userInitiated).async { [self] in work() }
        }
    }

    /// On the loop: empties the pipe and takes the results that came.
    func takeResults() -> [(path: String, outcome: Outcome)] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ Glibc.read(readFD, $0.baseAddress, $0.count) }) > 0 {}
        return state.withLock { state in
            let results = state.results
            state.results.removeAll()
            for result in results { state.pending.remove(result.path) }
            state.wakePending = false
            return results
        }
    }

    /// Stops decoding: waiting requests are dropped; a decode under way finishes unseen.
    func shutDown() {
        state.withLock { state in
            state.closed = true
            state.waiting.removeAll()
        }
    }

    /// Paths waiting for a worker, oldest first (for tests).
    var waiting: [String] { state.withLock { $0.waiting } }

    /// A worker: decodes the newest request until none is left.
    private func work() {
        while let path = nextRequest() {
            let outcome: Outcome
            do {
                outcome = .loaded(try decode(path, size))
            } catch {
                outcome = .failed("\(error)")
            }
            let wake = state.withLock { state -> Bool in
                state.results.append((path, outcome))
                defer { state.wakePending = true }
                return !state.wakePending
            }
            if wake {
                var byte: UInt8 = 1
                while write(writeFD, &byte, 1) < 0 && errno == EINTR {}
            }
        }
    }

    private func nextRequest() -> String? {
        state.withLock { state -> String? in
            guard !state.closed, let path = state.waiting.popLast() else {
                state.runningWorkers -= 1
                return nil
            }
            return path
        }
    }
}
