/// How well one term matched a text, and where (byte offsets from the
/// text's start; for a term matched in a normalized copy, offsets in the copy).
struct TermScore: Equatable {
    var score: Int32
    var begin: Int
    var end: Int
}

/// Buffers the fuzzy scorer reuses between records, so scoring millions of
/// matches allocates only when a record is longer than any before it.
final class ScoreScratch {
    private(set) var capacity = 0
    /// Folded text, bonuses, and two rows each of scores, run bonuses and starts.
    private(set) var text = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var bonus = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rows = UnsafeMutablePointer<Int32>.allocate(capacity: 6)
    /// A normalized copy of a text that is not ASCII.
    var normalized: [UInt8] = []

    init() {}

    /// Room for texts of `count` bytes.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        let size = max(count, capacity * 2, 64)
        text.deallocate()
        bonus.deallocate()
        rows.deallocate()
        text = .allocate(capacity: size)
        bonus = .allocate(capacity: size)
        rows = .allocate(capacity: size * 6)
        capacity = size
    }

    deinit {
        text.deallocate()
        bonus.deallocate()
        rows.deallocate()
    }
}
