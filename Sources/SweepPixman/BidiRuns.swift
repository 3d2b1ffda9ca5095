import CFribidi

/// One line of text split by the Unicode bidirectional algorithm (fribidi)
/// into runs of one direction, in the order they appear on screen.
struct BidiRuns {
    /// A stretch of code points with one embedding level.
    struct Run {
        var range: Range<Int>
        var level: UInt8
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    /// The code points, with brackets in right-to-left runs mirrored (rule L4).
    var codepoints: [UInt32]
    /// Runs left to right as drawn (rule L2 applied to whole runs).
    var visualRuns: [Run]
    /// The paragraph's direction, from its first strong character (rules P2, P3).
    var isRightToLeft: Bool

    init(_ scalars: [UInt32]) {
        codepoints = scalars
        let count = scalars.count
        var levels = [UInt8](repeating: 0, count: count)
        var types = [UInt32](repeating: 0, count: count)
        var brackets = [UInt32](repeating: 0, count: count)
        var rtl = false
        let highest = sweep_bidi_levels(&codepoints, Int32(count), &levels, &types, &brackets, &rtl)
        guard highest >= 0, count > 0 else {
            visualRuns = count > 0 ? [Run(range: 0..<count, level: 0)] : []
            isRightToLeft = false
            return
        }
        isRightToLeft = rtl
        var runs: [Run] = []
        var start = 0
        for index in 1...count where index == count || levels[index] != levels[start] {
            runs.append(Run(range: start..<index, level: levels[start]))
            start = index
        }
        // L2: from the highest level down to the lowest odd one, reverse every
        // maximal sequence of runs at that level or above.
        let lowestOdd = (runs.map(\.level).min() ?? 0) | 1
        var level = UInt8(highest)
        while level >= lowestOdd {
            var index = 0
            while index < runs.count {
                guard runs[index].level >= level else { index += 1; continue }
                var end = index
                while end < runs.count && runs[end].level >= level { end += 1 }
                runs[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        visualRuns = runs
    }
}
