import SweepGraphics

/// Thumbnails by path, the least recently used dropped past `limit`.
/// A failure is an entry too, so a bad file is not decoded again.
struct ThumbnailCache {
    enum Entry: Equatable {
        case loaded(Bitmap)
        case failed
    }

    let limit: Int
    private var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { entries.count }

    /// The entry for `path`, which becomes the most recently used; nil when absent.
    mutating func lookup(_ path: String) -> Entry? {
        guard let found = entries[path] else { return nil }
        clock += 1
        entries[path] = (found.entry, clock)
        return found.entry
    }

    /// Adds or replaces an entry; drops the least recently used past the limit
    /// (a scan of `limit` entries, once per decoded image).
    mutating func insert(_ entry: Entry, for path: String) {
        clock += 1
        entries[path] = (entry, clock)
        while entries.count > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}
