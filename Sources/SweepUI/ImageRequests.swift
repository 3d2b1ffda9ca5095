import SweepGeometry

/// The requests of an `ImageLoader` not yet answered, and the items that
/// want each one: which key to load next, and which requests to drop when
/// their items scroll away. Requests of items on screen go first, newest
/// first (the cells just drawn); prefetches follow in the order asked.
/// Each list drops its oldest past its limit. Not thread-safe: the
/// workers keep it behind their lock.
struct ImageRequests<Key: Hashable> {
    enum Place: Equatable {
        case onScreen, prefetch, loading
        /// Loaded (or failed) and waiting for the loop to take the result.
        case done
    }

    /// What becomes of a finished load.
    enum Completion: Equatable {
        /// The loop gets the result.
        case deliver
        /// Nothing: the load was stopped because no item wanted it, and none does now.
        case drop
        /// The load was stopped, but an item asked again since: it waits to be loaded again.
        case retry
    }

    private struct Request {
        var place: Place
        /// The items that asked; the request is dropped when the last one scrolls away.
        var items: [ItemPath]
        /// Asked for without an item, or by more items than are worth
        /// tracking (one icon for every row): never dropped for scrolling.
        var isPinned: Bool
        /// A load under way was told to stop (an `async` source's task was cancelled).
        var wasInterrupted = false

        var isWanted: Bool { isPinned || !items.isEmpty }
    }

    /// Past this many items asking for one key, the key is pinned.
    static var itemLimit: Int { 64 }

    let onScreenLimit: Int
    let prefetchLimit: Int
    /// Keys of items on screen waiting, oldest first.
    private(set) var onScreen: [Key] = []
    /// Keys prefetched and waiting, in the order asked.
    private(set) var prefetches: [Key] = []
    private var requests: [Key: Request] = [:]

    init(onScreenLimit: Int, prefetchLimit: Int) {
        self.onScreenLimit = max(1, onScreenLimit)
        self.prefetchLimit = max(0, prefetchLimit)
    }

    /// Whether a key waits for a worker.
    var hasWaiting: Bool { !onScreen.isEmpty || !prefetches.isEmpty }

    /// A drawn item (nil: one the loader cannot track) asks for `key`: it
    /// becomes the newest request on screen (a prefetch is promoted); one
    /// being loaded or delivered stays as it is, with the item added.
    mutating func ask(_ key: Key, item: ItemPath?) {
        if var request = requests[key] {
            add(item, to: &request)
            switch request.place {
            case .onScreen:
                onScreen.removeAll { $0 == key }
                onScreen.append(key)
            case .prefetch:
                prefetches.removeAll { $0 == key }
                onScreen.append(key)
                request.place = .onScreen
            case .loading, .done:
                break
            }
            requests[key] = request
            trimOnScreen()
            return
        }
        var request = Request(place: .onScreen, items: [], isPinned: false)
        add(item, to: &request)
        requests[key] = request
        onScreen.append(key)
        trimOnScreen()
    }

    /// An item about to come on screen wants `key`: it waits after every
    /// request on screen. A key already requested only gains the item.
    mutating func prefetch(_ key: Key, item: ItemPath) {
        guard prefetchLimit > 0 else { return }
        if var request = requests[key] {
            add(item, to: &request)
            requests[key] = request
            return
        }
        requests[key] = Request(place: .prefetch, items: [item], isPinned: false)
        prefetches.append(key)
        if prefetches.count > prefetchLimit { requests[prefetches.removeFirst()] = nil }
    }

    /// The items in `ranges` no longer want anything: requests left with no
    /// item are dropped before they are loaded. Returns the keys being
    /// loaded that no item wants now (a task to cancel).
    /// - Complexity: O(requests × ranges); both are small.
    mutating func cancel(in ranges: [ItemRange]) -> [Key] {
        guard !ranges.isEmpty else { return [] }
        var unwanted: Set<Key> = []
        var stopLoading: [Key] = []
        let tracked = requests.filter { !$0.value.isPinned && !$0.value.items.isEmpty && $0.value.place != .done }
        for (key, request) in tracked {
            let items = request.items.filter { item in !ranges.contains { $0.section == item.section && $0.items.contains(item.item) } }
            guard items.count < request.items.count else { continue }
            requests[key]?.items = items
            guard items.isEmpty else { continue }
            if request.place == .loading {
                stopLoading.append(key)
            } else {
                unwanted.insert(key)
            }
        }
        guard !unwanted.isEmpty else { return stopLoading }
        onScreen.removeAll { unwanted.contains($0) }
        prefetches.removeAll { unwanted.contains($0) }
        for key in unwanted { requests[key] = nil }
        return stopLoading
    }

    /// Whether an item (or nobody in particular) still wants `key`.
    func isWanted(_ key: Key) -> Bool { requests[key]?.isWanted ?? false }

    /// The load of `key` was told to stop.
    mutating func markInterrupted(_ key: Key) {
        requests[key]?.wasInterrupted = true
    }

    /// The key a free worker loads next, now `loading`; nil when none waits.
    mutating func next() -> Key? {
        guard let key = onScreen.popLast() ?? (prefetches.isEmpty ? nil : prefetches.removeFirst()) else { return nil }
        requests[key]?.place = .loading
        return key
    }

    /// A load ended. A failure of a load that was stopped is no failure of
    /// the image (the cancellation may be the error), so it is not delivered.
    mutating func finish(_ key: Key, failed: Bool) -> Completion {
        guard var request = requests[key] else { return .drop }
        if failed && request.wasInterrupted {
            guard request.isWanted else {
                requests[key] = nil
                return .drop
            }
            request.wasInterrupted = false
            request.place = .onScreen
            requests[key] = request
            onScreen.append(key)
            return .retry
        }
        request.place = .done
        requests[key] = request
        return .deliver
    }

    /// The loop took the result of `key`.
    mutating func remove(_ key: Key) {
        requests[key] = nil
    }

    /// Drops every request waiting (the loader is going away).
    mutating func removeWaiting() {
        for key in onScreen + prefetches { requests[key] = nil }
        onScreen.removeAll()
        prefetches.removeAll()
    }

    private mutating func add(_ item: ItemPath?, to request: inout Request) {
        guard !request.isPinned else { return }
        guard let item else { return request.isPinned = true }
        guard !request.items.contains(item) else { return }
        if request.items.count >= Self.itemLimit {
            request.isPinned = true
            request.items.removeAll()
        } else {
            request.items.append(item)
        }
    }

    private mutating func trimOnScreen() {
        if onScreen.count > onScreenLimit { requests[onScreen.removeFirst()] = nil }
    }
}
