import FuzzSupport
import PickCore

/// sweep-pick's readers of its input, on any bytes: the record store fed
/// in chunks of fuzzed sizes (lines, or NUL-separated with `--read0`), what
/// a record shows (dmenu metadata cut, its `icon`), fields (`--with-nth`,
/// `--accept-nth`) from a fuzzed expression and delimiter, and a filter
/// pass with a fuzzed query (fzf's syntax), ranked or not, incremental or
/// not, then the highlights.
///
/// Input: a flags byte, the query, a second query's suffix, the fields
/// expression and the delimiter (each a length byte and its bytes), the
/// chunk sizes (a count byte and one byte each), then the records' bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPickRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let flags = input.byte()
    let separator: UInt8 = flags & 1 == 0 ? 0x0A : 0
    let mode = MatchMode.allCases[Int(flags >> 1) % MatchMode.allCases.count]
    let foldsAccents = flags & 8 == 0
    let query = String(decoding: input.chunk(), as: UTF8.self)
    let narrower = query + String(decoding: input.chunk(), as: UTF8.self)
    let expression = String(decoding: input.chunk(), as: UTF8.self)
    let delimiterBytes = input.chunk()
    let delimiter: String? = delimiterBytes.isEmpty ? nil : String(decoding: delimiterBytes, as: UTF8.self)
    let splits = (0..<(input.byte() % 16)).map { _ in Int(input.byte()) }
    let records = input.rest()

    // The store, fed in chunks; what it holds must be the bytes split at the separator.
    let store = RecordStore(separator: separator)
    var offset = 0
    for split in splits + [records.count] where offset < records.count {
        let end = min(records.count, offset + split)
        records[offset..<end].withUnsafeBytes { store.append($0) }
        offset = end
    }
    if flags & 16 == 0 { store.finish() }
    var expected = records.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
    if expected.last?.isEmpty == true || !store.isFinished { expected.removeLast() }
    fuzzCheck(store.count == expected.count, "\(store.count) records for \(expected.count)")
    for record in 0..<store.count {
        let bytes = store.withBytes(of: record) { Array($0) }
        fuzzCheck(bytes == expected[record], "record \(record) holds other bytes")
        let shown = store.displayText(of: record)
        fuzzCheck(!shown.utf8.contains(separator), "record \(record) shows its separator")
        if store.isLineMode { fuzzCheck(!shown.utf8.contains(0), "record \(record) shows its dmenu metadata") }
        if let icon = store.icon(of: record) {
            fuzzCheck(store.isLineMode && bytes.contains(0), "an icon without metadata")
            fuzzCheck(!icon.utf8.contains(0x1F), "the icon's name holds the separator")
        }
    }

    // Fields: parsed from the fuzzed expression, shown and printed.
    let fields = try? FieldSelector(parsing: expression)
    if let fields {
        fuzzCheck((try? FieldSelector(parsing: fields.description)) == fields, "\(fields) does not read back")
        for record in 0..<min(store.count, 64) {
            let shown = store.displayText(of: record, fields: fields, delimiter: delimiter)
            fuzzCheck(!(shown.hasSuffix(" ") || shown.hasSuffix("\t")), "shown fields end in white space")
            let printed = store.withAcceptedBytes(of: record, fields: fields, delimiter: delimiter) { $0.count }
            let text = store.withTextBytes(of: record) { $0.count }
            fuzzCheck(printed >= 0 && (fields.parts.count > 1 || printed <= text), "printed \(printed) bytes of \(text)")
        }
    }

    // Filtering: indices in range and ascending, the same set however the pass is run.
    let useFields = flags & 32 != 0 ? fields : nil
    let pass = FilterPass(store: store, query: query, mode: mode, foldsAccents: foldsAccents, fields: useFields,
                          delimiter: delimiter)
    let budget = 1 + Int(flags >> 6) * 3
    var rounds = 0
    while !pass.run(budget: budget) {
        rounds += 1
        fuzzCheck(rounds <= store.count + 2, "the pass does not catch up")
    }
    let result = pass.result
    let matched = Array(result)
    fuzzCheck(zip(matched, matched.dropFirst()).allSatisfy { $0 < $1 }, "matches out of order: \(matched.prefix(20))")
    fuzzCheck(matched.allSatisfy { (0..<store.count).contains($0) }, "a match outside the records")
    if useFields == nil {
        // Documented: the bytes match as the text shown (ill-formed bytes as U+FFFD) would.
        let matcher = Matcher(query: query, mode: mode, foldsAccents: foldsAccents)
        let byText = (0..<store.count).filter { matcher.matches(store.displayText(of: $0)) }
        fuzzCheck(byText == matched, "the pass matched \(matched.prefix(20)), the shown texts \(byText.prefix(20))")
    }
    for row in matched.indices { fuzzCheck(result.row(ofRecord: matched[row]) == row, "row of record \(matched[row])") }

    // Ranked: the same matches in some order.
    let ranked = FilterPass(store: store, query: query, mode: mode, foldsAccents: foldsAccents, fields: useFields,
                            delimiter: delimiter, ranking: Ranking())
    while !ranked.run(budget: budget) {}
    let rankedRows = Array(ranked.rankedResult())
    fuzzCheck(rankedRows.sorted() == matched, "the ranked rows are not the matches")

    // Narrowed: an incremental pass from the result finds what a fresh one finds.
    let incremental = FilterPass(store: store, query: narrower, mode: mode, foldsAccents: foldsAccents,
                                 fields: useFields, delimiter: delimiter, previous: result)
    while !incremental.run(budget: budget) {}
    let fresh = FilterPass(store: store, query: narrower, mode: mode, foldsAccents: foldsAccents,
                           fields: useFields, delimiter: delimiter)
    while !fresh.run(budget: 1 << 20) {}
    fuzzCheck(Array(incremental.result) == Array(fresh.result),
              "incremental \(Array(incremental.result).prefix(20)) ≠ fresh \(Array(fresh.result).prefix(20))")

    // Highlights: in order, apart, inside the text.
    for record in matched.prefix(32) {
        let text = store.displayText(of: record)
        let length = min(text.utf8.count, Matcher.highlightedPrefix)
        var ranges = pass.matcher.highlights(in: text)
        if let useFields { ranges = pass.matcher.highlights(in: text, fields: useFields, delimiter: delimiter) }
        // Touching ranges are joined, except across fields.
        var previousEnd = useFields == nil ? -1 : 0
        for range in ranges {
            fuzzCheck((useFields == nil ? range.lowerBound > previousEnd : range.lowerBound >= previousEnd) && range.upperBound <= length && !range.isEmpty,
                      "highlight \(range) after \(previousEnd) in \(length) bytes")
            previousEnd = range.upperBound
        }
    }
    return 0
}

@main enum FuzzPickRecordsMain {
    static func main() { runFuzzer(fuzzPickRecords) }
}
