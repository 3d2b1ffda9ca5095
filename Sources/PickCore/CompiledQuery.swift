/// The query's terms in memory that stays put, so kernels can point into it
/// for as long as the matcher lives.
final class CompiledQuery: @unchecked Sendable {
    let groups: [[TermMatcher]]
    private let needles: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<Int>
    private let terms: UnsafeMutableBufferPointer<MatchKernel>
    private let negated: UnsafeMutableBufferPointer<Bool>
    private let groupEnds: UnsafeMutableBufferPointer<Int>

    init(groups: [[TermMatcher]]) {
        self.groups = groups
        let all = groups.flatMap { $0 }
        needles = .allocate(capacity: all.reduce(0) { $0 + $1.needle.count })
        starts = .allocate(capacity: all.reduce(0) { $0 + $1.scalarStarts.count })
        terms = .allocate(capacity: all.count)
        negated = .allocate(capacity: all.count)
        groupEnds = .allocate(capacity: groups.count)
        var needleAt = 0, startAt = 0
        for (index, term) in all.enumerated() {
            let needle = UnsafeMutableBufferPointer(rebasing: needles[needleAt..<(needleAt + term.needle.count)])
            _ = needle.initialize(from: term.needle)
            let scalarStarts = UnsafeMutableBufferPointer(rebasing: starts[startAt..<(startAt + term.scalarStarts.count)])
            _ = scalarStarts.initialize(from: term.scalarStarts)
            needleAt += term.needle.count
            startAt += term.scalarStarts.count
            (terms.baseAddress! + index).initialize(to: MatchKernel(
                needle: UnsafeBufferPointer(needle), scalarStarts: UnsafeBufferPointer(scalarStarts), kind: term.kind, foldASCII: !term.isCaseSensitive,
                needleIsASCII: term.needleIsASCII, decodesText: term.decodesText, normalization: term.normalization))
            negated[index] = term.isNegated
        }
        var end = 0
        for (index, group) in groups.enumerated() {
            end += group.count
            groupEnds[index] = end
        }
    }

    deinit {
        needles.deallocate()
        starts.deallocate()
        terms.deallocate()
        negated.deallocate()
        groupEnds.deallocate()
    }

    var kernel: QueryKernel {
        QueryKernel(terms: UnsafeBufferPointer(terms), negated: UnsafeBufferPointer(negated),
                    groupEnds: UnsafeBufferPointer(groupEnds),
                    isSingleTerm: groups.count == 1 && groups[0].count == 1 && !groups[0][0].isNegated)
    }
}
