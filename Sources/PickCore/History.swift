/// The records chosen before, counted and aged (frecency): an entry's
/// weight is its count halved every `halfLife` seconds since its last use,
/// `count · 2^(−age / halfLife)` (14 days), so a record chosen ten times a
/// month ago weighs as much as one chosen twice yesterday, about.
/// Pure: reading and writing the file is `HistoryFile`'s.
public struct History: Equatable, Sendable {
    /// Two weeks, in seconds.
    public static let halfLife = 14.0 * 86_400

    /// The entries, in no particular order.
    public private(set) var entries: [HistoryEntry]

    public init(entries: [HistoryEntry] = []) { self.entries = entries }

    /// An entry's weight at `now` (seconds since the epoch).
    public static func frecency(_ entry: HistoryEntry, now: Int64) -> Double {
        // Both come from the file: a time far in the past or future must not overflow.
        let (difference, overflow) = now.subtractingReportingOverflow(entry.lastUsed)
        let age = overflow ? (entry.lastUsed < 0 ? Double.greatestFiniteMagnitude : 0) : Double(max(0, difference))
        return Double(entry.count) * pow2(-age / halfLife)
    }

    /// The entries, the most frecent first (ties: the most recent, then the
    /// most often chosen, then by bytes, so the order never depends on the file's).
    public func ranked(now: Int64) -> [HistoryEntry] {
        entries.map { ($0, Self.frecency($0, now: now)) }.sorted { left, right in
            if left.1 != right.1 { return left.1 > right.1 }
            if left.0.lastUsed != right.0.lastUsed { return left.0.lastUsed > right.0.lastUsed }
            if left.0.count != right.0.count { return left.0.count > right.0.count }
            return left.0.text.lexicographicallyPrecedes(right.0.text)
        }.map(\.0)
    }

    /// Counts a choice of each of `texts` (a text chosen twice at once
    /// counts once) at `now`, then keeps the `limit` most frecent entries.
    /// - Complexity: O(e log e + t) for e entries and t texts.
    public mutating func record(_ texts: [[UInt8]], now: Int64, limit: Int) {
        var index: [[UInt8]: Int] = [:]
        for (position, entry) in entries.enumerated() { index[entry.text] = position }
        for text in Set(texts) {
            if let position = index[text] {
                // A count read from the file may already be the largest there is: it stays there.
                entries[position].count = entries[position].count == .max ? .max : entries[position].count + 1
                entries[position].lastUsed = now
            } else {
                index[text] = entries.count
                entries.append(HistoryEntry(text: text, count: 1, lastUsed: now))
            }
        }
        entries = Array(ranked(now: now).prefix(max(0, limit)))
    }

    /// 2^x for x ≤ 0 without Foundation: halvings, then a series for the fraction.
    static func pow2(_ x: Double) -> Double {
        guard x < 0 else { return 1 }
        if x < -1000 { return 0 }
        let whole = (-x).rounded(.down), fraction = -x - whole
        var result = 1.0
        for _ in 0..<Int(whole) { result /= 2 }
        // 2^(−f) = e^(−f · ln 2), f in [0, 1).
        let y = -fraction * 0.693_147_180_559_945_3
        var term = 1.0, sum = 1.0
        for k in 1...20 {
            term *= y / Double(k)
            sum += term
        }
        return result * sum
    }
}
