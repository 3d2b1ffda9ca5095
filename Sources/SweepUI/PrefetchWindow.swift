import SweepGeometry

/// The items a view wants pictures for, those on screen and the next
/// screen ahead, and what changed since the frame before: the items ahead
/// to prefetch, and those wanted before that no longer are. All in
/// ranges (a few per section shown), never item by item.
struct PrefetchWindow {
    /// On screen or ahead, as last moved to.
    private(set) var wanted: [ItemRange] = []
    /// The scroll offset last seen and the direction it last moved in.
    var lastOffset: Double?
    var scrollsDown = true
    /// The item counts the ranges were taken under.
    private var counts: [Int] = []

    /// Moves the window to `visible` and `ahead` (items numbered under
    /// `counts`). Items wanted before are not prefetched again, unless the
    /// counts changed (the items are others now); cancelled ranges are
    /// clipped to `counts`.
    mutating func move(visible: [ItemRange], ahead: [ItemRange], counts: [Int]) -> (prefetch: [ItemRange], cancel: [ItemRange]) {
        let sameItems = counts == self.counts
        let nowWanted = Self.normalized(visible + ahead)
        let prefetch = Self.subtracting(Self.normalized(ahead), Self.normalized(visible + (sameItems ? wanted : [])))
        let cancel = Self.clipped(Self.subtracting(wanted, nowWanted), to: counts)
        wanted = nowWanted
        self.counts = counts
        return (prefetch, cancel)
    }

    /// Sorted by section and start, overlapping or touching ranges merged.
    static func normalized(_ ranges: [ItemRange]) -> [ItemRange] {
        var result: [ItemRange] = []
        for range in ranges.sorted(by: { ($0.section, $0.items.lowerBound) < ($1.section, $1.items.lowerBound) }) {
            if let last = result.last, last.section == range.section, range.items.lowerBound <= last.items.upperBound + 1 {
                let upper = max(last.items.upperBound, range.items.upperBound)
                result[result.count - 1] = ItemRange(section: last.section, items: last.items.lowerBound...upper)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The items of `ranges` outside `removed`, both normalized.
    static func subtracting(_ ranges: [ItemRange], _ removed: [ItemRange]) -> [ItemRange] {
        var result: [ItemRange] = []
        for range in ranges {
            var start = range.items.lowerBound
            for cut in removed where cut.section == range.section && cut.items.overlaps(start...range.items.upperBound) {
                if cut.items.lowerBound > start { result.append(ItemRange(section: range.section, items: start...(cut.items.lowerBound - 1))) }
                start = cut.items.upperBound + 1
                if start > range.items.upperBound { break }
            }
            if start <= range.items.upperBound { result.append(ItemRange(section: range.section, items: start...range.items.upperBound)) }
        }
        return result
    }

    /// The parts of `ranges` within sections `0..<counts.count` and their counts.
    static func clipped(_ ranges: [ItemRange], to counts: [Int]) -> [ItemRange] {
        ranges.compactMap { range in
            guard counts.indices.contains(range.section), range.items.upperBound >= 0,
                  range.items.lowerBound < counts[range.section] else { return nil }
            return ItemRange(section: range.section, items: max(0, range.items.lowerBound)...min(range.items.upperBound, counts[range.section] - 1))
        }
    }
}
