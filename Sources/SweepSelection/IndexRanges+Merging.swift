/// Whole-set operations on sorted lists of ranges, in one merging pass: a
/// filtered view shares its selection out between the view and its hidden
/// items with these, so re-sorting rows that keep 300,000 scattered items
/// selected costs O(r) rather than a tree insertion per range.
extension IndexRanges {
    /// The set of `ranges`: O(r) when they are sorted, disjoint and not
    /// adjacent (as these functions and `FilteredRows.sourceRanges(inRows:)`
    /// give them), else one insertion each.
    public init(sorted ranges: [ClosedRange<Int>]) {
        if Self.areSortedAndSeparate(ranges) {
            self.init(sortedRanges: ranges)
        } else {
            self.init(ranges)
        }
    }

    /// The items in `a` or in `b`, both sorted by their starts, as sorted,
    /// disjoint, non-adjacent ranges. - Complexity: O(a + b).
    public static func union(_ a: [ClosedRange<Int>], _ b: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var merged: [ClosedRange<Int>] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].lowerBound <= b[j].lowerBound) {
                append(a[i], to: &merged)
                i += 1
            } else {
                append(b[j], to: &merged)
                j += 1
            }
        }
        return merged
    }

    /// The items of `ranges` not in `removed`, both sorted, disjoint and
    /// not adjacent. - Complexity: O(r + r').
    public static func subtracting(_ removed: [ClosedRange<Int>], from ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        guard !removed.isEmpty else { return ranges }
        var result: [ClosedRange<Int>] = []
        var first = 0
        for range in ranges {
            var low = range.lowerBound
            let high = range.upperBound
            // Removed ranges wholly before this one are done with.
            while first < removed.count, removed[first].upperBound < low { first += 1 }
            var next = first
            var covered = false
            while low <= high, next < removed.count, removed[next].lowerBound <= high {
                if removed[next].lowerBound > low { result.append(low...(removed[next].lowerBound - 1)) }
                if removed[next].upperBound >= high {
                    covered = true
                    break
                }
                low = max(low, removed[next].upperBound + 1)
                next += 1
            }
            if !covered && low <= high { result.append(low...high) }
        }
        return result
    }

    /// Appends `range` (starting at or after the last one's start), merging
    /// it with the last one when they overlap or touch.
    private static func append(_ range: ClosedRange<Int>, to merged: inout [ClosedRange<Int>]) {
        if let last = merged.last, last.upperBound == Int.max || range.lowerBound <= last.upperBound + 1 {
            merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
        } else {
            merged.append(range)
        }
    }

    private static func areSortedAndSeparate(_ ranges: [ClosedRange<Int>]) -> Bool {
        for (a, b) in zip(ranges, ranges.dropFirst()) where a.upperBound == Int.max || a.upperBound + 1 >= b.lowerBound {
            return false
        }
        return true
    }
}
