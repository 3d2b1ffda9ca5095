import SweepTestSupport
import Testing
@testable import PickCore

/// Model: sets of indices.
private func ranges(_ set: [Int]) -> [ClosedRange<Int>] {
    var result: [ClosedRange<Int>] = []
    for value in set.sorted() {
        if let last = result.last, last.upperBound + 1 == value { result[result.count - 1] = last.lowerBound...value }
        else if result.last?.contains(value) != true { result.append(value...value) }
    }
    return result
}

@Suite struct RowMappingTests {
    @Test func mapsRecordsToRowsAndBack() {
        let store = makeStore("a\nb\na\na\nb\na\n")
        let pass = FilterPass(store: store, query: "a", mode: .substring)
        pass.run(budget: .max)
        let mapping = RowMapping(result: pass.result)   // rows show records 0, 2, 3, 5
        #expect(mapping.rows(for: [0...0, 2...5]) == [0...3])
        #expect(mapping.rows(for: [1...1, 4...4]) == [])
        #expect(mapping.rows(for: [3...4]) == [2...2])
        #expect(mapping.records(for: [0...3]) == [0...0, 2...3, 5...5])
        #expect(mapping.records(for: [1...2, 7...9]) == [2...3])
    }

    @Test func allResultMapsOneToOne() {
        let store = makeStore("a\nb\nc\n")
        let pass = FilterPass(store: store, query: "", mode: .substring)
        pass.run(budget: .max)
        let mapping = RowMapping(result: pass.result)
        #expect(mapping.rows(for: [1...10]) == [1...2])
        #expect(mapping.records(for: [0...0, 1...2]) == [0...2])
        #expect(mapping.rows(for: [0...Int.max]) == [0...2])
    }

    /// Property: against sets of indices, for random filters and selections.
    @Test func agreesWithTheBruteForceModel() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<300 {
            let count = random.below(80)
            let text = (0..<count).map { _ in random.below(3) == 0 ? "hit" : "miss" }.joined(separator: "\n")
            let store = makeStore(text)
            let pass = FilterPass(store: store, query: random.below(5) == 0 ? "" : "hit", mode: .substring)
            pass.run(budget: .max)
            let result = pass.result
            let shown = Array(result)
            let mapping = RowMapping(result: result)

            let selected = (0..<count).filter { _ in random.below(3) == 0 }
            let recordRanges = ranges(selected)
            let expectedRows = ranges(shown.indices.filter { selected.contains(shown[$0]) })
            #expect(mapping.rows(for: recordRanges) == expectedRows)

            let rows = (0..<shown.count).filter { _ in random.below(2) == 0 }
            let expectedRecords = ranges(rows.map { shown[$0] })
            #expect(mapping.records(for: ranges(rows)) == expectedRecords)
            // Unmerged, touching row ranges give the same.
            #expect(mapping.records(for: rows.map { $0...$0 }) == expectedRecords)
            // Round trip: the records of rows map back to those rows.
            #expect(mapping.rows(for: mapping.records(for: ranges(rows))) == ranges(rows))
        }
    }
}
