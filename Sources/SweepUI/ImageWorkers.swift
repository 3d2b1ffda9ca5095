import Dispatch
import SweepGeometry
import SweepGraphics
import Synchronization

/// The thread-safe half of an `ImageLoader`: the requests waiting, the
/// loads under way (Dispatch work items for a blocking source, tasks for
/// an `async` one, at most the source's concurrency at once) and the
/// results waiting for the loop, all behind one mutex. When results
/// arrive, `deliver` is called once per batch (the loader then takes them
/// on the main actor); not again until the loop has taken them.
final class ImageWorkers<Key: Hashable & Sendable>: Sendable {
    typealias Outcome = Result<Bitmap, any Error>

    private struct State {
        var requests: ImageRequests<Key>
        var results: [(key: Key, outcome: Outcome)] = []
        /// The tasks of an `async` source's loads under way, to cancel.
        var tasks: [Key: Task<Bitmap, any Error>] = [:]
        var running = 0
        var deliveryPending = false
        var closed = false
        var deliver: (@Sendable () -> Void)?
    }

    private let source: ImageSource<Key>
    private let size: Int
    private let state: Mutex<State>

    init(source: ImageSource<Key>, size: Int, onScreenLimit: Int, prefetchLimit: Int) {
        self.source = source
        self.size = size
        state = Mutex(State(requests: ImageRequests(onScreenLimit: onScreenLimit, prefetchLimit: prefetchLimit)))
    }

    /// What to call, from any thread, when results are waiting.
    func setDelivery(_ deliver: @escaping @Sendable () -> Void) {
        state.withLock { $0.deliver = deliver }
    }

    /// A drawn item asks for `key` (see `ImageRequests.ask`).
    func ask(_ key: Key, item: ItemPath?) {
        startWorkerIfFree { $0.ask(key, item: item) }
    }

    /// Items about to come on screen want these keys.
    func prefetch(_ wanted: [(key: Key, item: ItemPath)]) {
        guard !wanted.isEmpty else { return }
        startWorkerIfFree { requests in
            for (key, item) in wanted { requests.prefetch(key, item: item) }
        }
    }

    /// The items in `ranges` scrolled away: their requests are dropped, and
    /// the tasks of loads no item wants now are cancelled.
    func cancel(in ranges: [ItemRange]) {
        let stopping = state.withLock { state -> [Task<Bitmap, any Error>] in
            state.requests.cancel(in: ranges).compactMap { key in
                guard let task = state.tasks[key] else { return nil }
                state.requests.markInterrupted(key)
                return task
            }
        }
        for task in stopping { task.cancel() }
    }

    /// On the loop: the results that came since the last call.
    func takeResults() -> [(key: Key, outcome: Outcome)] {
        state.withLock { state in
            let results = state.results
            state.results.removeAll()
            for result in results { state.requests.remove(result.key) }
            state.deliveryPending = false
            return results
        }
    }

    /// Stops: waiting requests are dropped and tasks cancelled; a blocking
    /// load under way finishes unseen.
    func shutDown() {
        let tasks = state.withLock { state in
            state.closed = true
            state.requests.removeWaiting()
            state.deliver = nil
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
    }

    /// Keys waiting for a worker, on screen (oldest first) and prefetched (for tests).
    var waiting: (onScreen: [Key], prefetches: [Key]) {
        state.withLock { ($0.requests.onScreen, $0.requests.prefetches) }
    }

    private func startWorkerIfFree(_ change: (inout ImageRequests<Key>) -> Void) {
        let start = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            change(&state.requests)
            guard state.requests.hasWaiting, state.running < source.concurrency else { return false }
            state.running += 1
            return true
        }
        guard start else { return }
        switch source.load {
        case .blocking(let load):
            DispatchQueue.global(qos: .userInitiated).async { [self] in runBlocking(load) }
        case .async(let load):
            Task.detached(priority: .userInitiated) { [self] in await runAsync(load) }
        }
    }

    /// A worker thread: loads the next key until none waits.
    private func runBlocking(_ load: @Sendable (Key, Int) throws -> Bitmap) {
        while let key = next() {
            finish(key, Result { try load(key, size) })
        }
    }

    /// A worker task: the same, each load in a task of its own, so
    /// cancelling one load leaves the worker running.
    private func runAsync(_ load: @escaping @Sendable (Key, Int) async throws -> Bitmap) async {
        while let key = next() {
            let size = size
            // Made and registered under the lock, so a cancel from the loop always finds it.
            let task = state.withLock { state -> Task<Bitmap, any Error> in
                let task = Task { try await load(key, size) }
                state.tasks[key] = task
                if state.closed || !state.requests.isWanted(key) {
                    state.requests.markInterrupted(key)
                    task.cancel()
                }
                return task
            }
            let outcome = await task.result
            state.withLock { _ = $0.tasks.removeValue(forKey: key) }
            finish(key, outcome)
        }
    }

    private func next() -> Key? {
        state.withLock { state -> Key? in
            guard !state.closed, let key = state.requests.next() else {
                state.running -= 1
                return nil
            }
            return key
        }
    }

    private func finish(_ key: Key, _ outcome: Outcome) {
        let failed = if case .failure = outcome { true } else { false }
        let deliver = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.closed, state.requests.finish(key, failed: failed) == .deliver else { return nil }
            state.results.append((key, outcome))
            guard !state.deliveryPending else { return nil }
            state.deliveryPending = true
            return state.deliver
        }
        deliver?()
    }
}
