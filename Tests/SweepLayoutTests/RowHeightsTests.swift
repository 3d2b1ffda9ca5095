import SweepLayout
import Testing

/// `RowHeights` against a plain array of every row's height: offsets, the
/// row at a point, totals and remapping agree after random measurements,
/// across block boundaries and in a run of a million rows.
struct RowHeightsTests {
    /// A small deterministic generator, so a failure repeats.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    private func model(_ heights: [Double]) -> [Double] {
        var tops = [0.0]
        for height in heights { tops.append(tops.last! + height) }
        return tops
    }

    @Test func estimatedRowsAreEvenlySpacedAndCostNothing() {
        let rows = RowHeights(count: 1_000_000, estimate: 30)
        #expect(rows.totalHeight == 30_000_000)
        #expect(rows.offset(of: 500_000) == 15_000_000)
        #expect(rows.row(at: 15_000_029) == 500_000)
        #expect(rows.row(at: -5) == 0 && rows.row(at: 1e12) == 999_999)
        #expect(rows.measuredCount == 0 && rows.measuredRows.isEmpty)
    }

    @Test(arguments: [1, 1023, 1024, 1025, 5000])
    func randomMeasurementsAgreeWithEveryRowsHeight(count: Int) {
        var generator = Generator(state: UInt64(count))
        var rows = RowHeights(count: count, estimate: 40)
        var heights = [Double](repeating: 40, count: count), measured = Set<Int>()
        for _ in 0..<(count * 2) {
            let row = Int.random(in: 0..<count, using: &generator)
            if Int.random(in: 0..<5, using: &generator) == 0 {
                let change = rows.forget(row: row)
                #expect(change == 40 - heights[row])
                heights[row] = 40
                measured.remove(row)
            } else {
                let height = Double(Int.random(in: 1...400, using: &generator))
                let change = rows.setHeight(height, ofRow: row)
                #expect(change == height - heights[row])
                heights[row] = height
                measured.insert(row)
            }
        }
        let tops = model(heights)
        #expect(rows.totalHeight == tops[count])
        for row in 0..<count {
            #expect(rows.offset(of: row) == tops[row], "row \(row)")
            #expect(rows.height(of: row) == heights[row])
            #expect(rows.row(at: tops[row]) == row, "the top of row \(row)")
            #expect(rows.row(at: tops[row] + heights[row] - 0.5) == row, "the bottom of row \(row)")
        }
        #expect(rows.measuredCount == measured.count)
        #expect(rows.measuredRows.map(\.row) == measured.sorted())
    }

    /// Past the end, with the last rows measured (the last block ending in a measured row): the last row.
    @Test(arguments: [40, 1024, 2048, 1500])
    func aPointPastEveryMeasuredRowIsTheLastRow(count: Int) {
        var rows = RowHeights(count: count, estimate: 60)
        for row in 0..<count { rows.setHeight(49, ofRow: row) }
        #expect(rows.row(at: rows.totalHeight + 10) == count - 1)
        #expect(rows.row(at: rows.totalHeight - 0.5) == count - 1)
        #expect(rows.row(at: 1e300) == count - 1)
        rows.forget(row: count - 1)
        #expect(rows.row(at: rows.totalHeight + 100) == count - 1)
    }

    @Test func heightsThatAreNoLengthAreIgnored() {
        var rows = RowHeights(count: 10, estimate: 20)
        for bad in [0, -4, .nan, .infinity, 1e9] { #expect(rows.setHeight(bad, ofRow: 3) == 0) }
        #expect(rows.setHeight(25, ofRow: 10) == 0 && rows.setHeight(25, ofRow: -1) == 0)
        #expect(rows.totalHeight == 200 && rows.measuredCount == 0)
        #expect(RowHeights(count: 3, estimate: .nan).estimate == 44)
    }

    @Test func remappingMovesMeasuredHeightsWithTheirRows() {
        var rows = RowHeights(count: 3000, estimate: 10)
        rows.setHeight(50, ofRow: 5)
        rows.setHeight(70, ofRow: 2000)
        rows.setHeight(90, ofRow: 2999)
        // Row 0 deleted: every row moves up one; a new row at the end.
        let moved = rows.remapped(count: 3000) { $0 == 0 ? nil : $0 - 1 }
        #expect(moved.height(of: 4) == 50 && moved.height(of: 1999) == 70 && moved.height(of: 2998) == 90)
        #expect(moved.height(of: 2999) == 10 && moved.measuredCount == 3)
    }

    @Test func aMillionMeasuredRowsStayExact() {
        var rows = RowHeights(count: 1_000_000, estimate: 44)
        var total = 0.0
        for row in stride(from: 0, to: 1_000_000, by: 7) {
            let height = Double(20 + row % 61)
            rows.setHeight(height, ofRow: row)
            total += height - 44
        }
        #expect(rows.totalHeight == 44_000_000 + total)
        let probe = 777_777
        let top = rows.offset(of: probe)
        #expect(rows.row(at: top) == probe && rows.row(at: top - 0.25) == probe - 1)
        #expect(rows.offset(of: 1_000_000) == rows.totalHeight)
    }
}
