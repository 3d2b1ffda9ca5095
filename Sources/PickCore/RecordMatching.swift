/// Matches records of a store by their shown text (dmenu metadata and a
/// trailing CR cut, fields applied), with the buffers it reuses between
/// records so the loop does not allocate.
struct RecordMatching {
    private var extractor: FieldExtractor?
    private var fieldBuffer: [UInt8] = []
    private var foldBuffer: [UInt8] = []

    init(fields: FieldSelector?, delimiter: String?) {
        extractor = fields.map { FieldExtractor(selector: $0, delimiter: delimiter) }
    }

    /// - Complexity: O(n) for the record's n bytes.
    @inline(__always)
    mutating func matches<Kernel: TextMatching>(_ record: Int, in view: StoreView, kernel: Kernel) -> Bool {
        let (start, end) = view.bounds(record)
        let plain = view.isPlain(record)
        if extractor == nil {
            if plain { return kernel.matches(view.base, start, end, knownASCII: true, scratch: &foldBuffer) }
            let shown = view.shownRange(start, end)
            return kernel.matches(view.base, shown.start, shown.end, knownASCII: false, scratch: &foldBuffer)
        }
        let shown = plain ? (start: start, end: end) : view.shownRange(start, end)
        fieldBuffer.removeAll(keepingCapacity: true)
        extractor!.appendFields(view.base, from: shown.start, to: shown.end, into: &fieldBuffer)
        return fieldBuffer.withUnsafeBytes { fields in
            guard let base = fields.baseAddress else {
                return kernel.matches(view.base, 0, 0, knownASCII: true, scratch: &foldBuffer)
            }
            return kernel.matches(base, 0, FieldExtractor.shownEnd(fields), knownASCII: plain, scratch: &foldBuffer)
        }
    }
}

extension RecordMatching {
    /// The score of a record the query matched, over the same shown text
    /// `matches` looked at, and that text's length in bytes.
    /// - Complexity: O(t · n) for t terms and the record's n bytes (fuzzy terms O(n · m)).
    @inline(__always)
    mutating func score<Kernel: TextMatching>(_ record: Int, in view: StoreView, query: Kernel, _ tables: ScoreModel.Tables,
                                              _ scratch: ScoreScratch) -> (score: QueryScore, length: Int) {
        let (start, end) = view.bounds(record)
        let plain = view.isPlain(record)
        let shown = plain ? (start: start, end: end) : view.shownRange(start, end)
        guard extractor != nil else {
            return (query.score(view.base, shown.start, shown.end, knownASCII: plain, tables, scratch), shown.end - shown.start)
        }
        fieldBuffer.removeAll(keepingCapacity: true)
        extractor!.appendFields(view.base, from: shown.start, to: shown.end, into: &fieldBuffer)
        return fieldBuffer.withUnsafeBytes { fields in
            guard let base = fields.baseAddress else { return (QueryScore(score: 0, begin: 0, end: 0), 0) }
            let end = FieldExtractor.shownEnd(fields)
            return (query.score(base, 0, end, knownASCII: plain, tables, scratch), end)
        }
    }
}
