/// Which records of a store a history names, and their rank in it (0 is
/// the most frecent): records are named by their whole bytes as read, and
/// every record with an entry's text takes the entry's rank.
///
/// The store is indexed as it grows (`index(_:)` after each append): a
/// record is looked up only when an entry has its length and first byte
/// (a bit in a 128 KiB table), so ten million records that are not in the
/// history cost a table lookup each.
public final class HistoryRanks {
    /// The number of entries (ranks are `0..<entryCount`).
    public let entryCount: Int
    private var ranksByText: [[UInt8]: Int] = [:]
    /// Bit `min(length, 4095) << 8 | first byte` is set for each entry.
    private var shapes: [UInt64]
    /// Records checked so far: `0..<indexed`.
    private var indexed = 0
    /// Bit `r` set for each record found in the history.
    private var marked: [UInt64] = []
    private var ranksByRecord: [UInt32: Int] = [:]
    /// The records found, in input order, with their ranks.
    private var found: [(record: UInt32, rank: Int)] = []

    /// Ranks for `texts`, the most frecent first (a text named twice keeps its first rank).
    public init(rankedTexts texts: [[UInt8]]) {
        shapes = [UInt64](repeating: 0, count: (4096 * 256) / 64)
        var count = 0
        for text in texts where ranksByText[text] == nil {
            ranksByText[text] = count
            count += 1
            let shape = Self.shape(length: text.count, first: text.first ?? 0)
            shapes[shape >> 6] |= 1 << UInt64(shape & 63)
        }
        entryCount = count
    }

    @inline(__always)
    private static func shape(length: Int, first: UInt8) -> Int { min(length, 4095) << 8 | Int(first) }

    /// Looks up the records added to `store` since the last call.
    /// - Complexity: O(new records), plus O(n) for a record of n bytes whose shape an entry has.
    public func index(_ store: RecordStore) {
        let count = store.count
        guard count > indexed else { return }
        while marked.count * 64 < count { marked.append(0) }
        store.withView { view in
            for record in indexed..<count {
                let (start, end) = view.bounds(record)
                let first = end > start ? view.base.load(fromByteOffset: start, as: UInt8.self) : 0
                let shape = Self.shape(length: end - start, first: first)
                guard shapes[shape >> 6] & (1 << UInt64(shape & 63)) != 0 else { continue }
                let text = [UInt8](UnsafeRawBufferPointer(start: view.base + start, count: end - start))
                guard let rank = ranksByText[text] else { continue }
                marked[record >> 6] |= 1 << UInt64(record & 63)
                ranksByRecord[UInt32(record)] = rank
                found.append((UInt32(record), rank))
            }
        }
        indexed = count
    }

    /// The history rank of `record`, nil when the history does not name it
    /// (or it was not indexed yet). - Complexity: O(1).
    @inline(__always)
    public func rank(ofRecord record: Int) -> Int? {
        guard record >> 6 < marked.count, marked[record >> 6] & (1 << UInt64(record & 63)) != 0 else { return nil }
        return ranksByRecord[UInt32(record)]
    }

    /// The records below `count` that the history names, by rank (records of
    /// one rank in input order): what an empty query shows first.
    /// - Complexity: O(f log f) for f records found.
    public func leadingRecords(below count: Int) -> [UInt32] {
        found.filter { Int($0.record) < count }
            .sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.record < $1.record }
            .map(\.record)
    }
}
