import DemoPages
import Testing

/// RowRuns against a plain array of ids, over random removes, inserts and moves.
@Suite struct RowRunsTests {
    /// A small seeded generator, so a failure repeats.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    private func ids(_ order: RowRuns) -> [Int] { (0..<order.count).map { order.id(at: $0) } }

    /// Sorted disjoint position ranges inside 0 ..< count.
    private func positions(_ random: inout Random, count: Int) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var position = random.next(4)
        while position < count && ranges.count < 5 {
            let end = min(count - 1, position + random.next(6))
            ranges.append(position...end)
            position = end + 2 + random.next(8)
        }
        return ranges
    }

    @Test func removesInsertsAndMovesLikeAnArray() {
        for seed in 1...200 {
            var random = Random(state: UInt64(seed))
            var order = RowRuns(count: 40)
            var model = Array(0..<40)
            var nextID = 1000
            for _ in 0..<30 {
                switch random.next(4) {
                case 0:
                    let cut = positions(&random, count: model.count)
                    let removed = order.remove(cut).flatMap { Array($0) }
                    let flat = cut.flatMap { Array($0) }
                    #expect(removed == flat.map { model[$0] }, "seed \(seed)")
                    model = model.enumerated().filter { !flat.contains($0.offset) }.map(\.element)
                case 1:
                    let at = random.next(model.count + 1), length = 1 + random.next(5)
                    order.insert([nextID...(nextID + length - 1)], at: at)
                    model.insert(contentsOf: nextID...(nextID + length - 1), at: at)
                    nextID += length + 3
                case 2:
                    let cut = positions(&random, count: model.count)
                    let flat = cut.flatMap { Array($0) }
                    guard !flat.isEmpty else { continue }
                    let insertion = random.next(model.count + 1)
                    let placed = order.move(cut, to: insertion)
                    let moving = flat.map { model[$0] }
                    let before = flat.filter { $0 < insertion }.count
                    var rest = model.enumerated().filter { !flat.contains($0.offset) }.map(\.element)
                    rest.insert(contentsOf: moving, at: insertion - before)
                    model = rest
                    #expect(placed == (insertion - before)...(insertion - before + moving.count - 1), "seed \(seed)")
                default:
                    let length = 1 + random.next(3)
                    order.append(nextID...(nextID + length - 1))
                    model += Array(nextID...(nextID + length - 1))
                    nextID += length
                }
                #expect(ids(order) == model, "seed \(seed)")
                #expect(order.count == model.count)
            }
        }
    }

    @Test func aMillionRowsMoveAsAFewRuns() {
        var order = RowRuns(count: 10_000_000)
        let moved = order.move([100...1_000_099], to: 9_000_000)
        #expect(moved == 8_000_000...8_999_999)
        #expect(order.runs == [0...99, 1_000_100...8_999_999, 100...1_000_099, 9_000_000...9_999_999])
        #expect(order.id(at: 8_000_000) == 100 && order.id(at: 99) == 99 && order.id(at: 100) == 1_000_100)
    }
}
