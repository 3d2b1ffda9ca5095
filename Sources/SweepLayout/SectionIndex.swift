/// Prefix sums over sections: where each section starts, found by binary search.
struct SectionIndex: Hashable, Sendable {
    /// starts[s] is the top of section s; starts[count] is the content height.
    private(set) var starts: [Double]

    init(heights: [Double]) {
        var starts = [0.0]
        starts.reserveCapacity(heights.count + 1)
        for height in heights { starts.append(starts.last! + height) }
        self.starts = starts
    }

    var count: Int { starts.count - 1 }
    var totalHeight: Double { starts.last! }

    func top(of section: Int) -> Double { starts[section] }
    func bottom(of section: Int) -> Double { starts[section + 1] }

    /// The section containing content `y`, clamped to the first and last. - Complexity: O(log s).
    func section(at y: Double) -> Int {
        guard count > 0 else { return 0 }
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The sections whose span meets `[minY, maxY)` (a section of height 0
    /// counts where it sits), nil when none does. - Complexity: O(log s).
    func sections(from minY: Double, to maxY: Double) -> ClosedRange<Int>? {
        guard count > 0, minY < maxY, maxY > 0, minY < totalHeight else { return nil }
        return section(at: max(0, minY))...section(at: maxY)
    }
}
