/// Prints the chosen records in one of the `OutputFormat`s through a sink
/// that receives large chunks (64 KiB; never a write per record).
public struct OutputWriter {
    /// The records printed.
    public let store: RecordStore
    /// `--accept-nth`: the fields printed instead of the whole record.
    public let acceptFields: FieldSelector?
    /// The field delimiter (nil: fzf's AWK-style default).
    public let delimiter: String?

    /// A writer for `store`'s records, printing `acceptFields` of each when
    /// given (`--accept-nth`, cut with `delimiter`). - Complexity: O(1).
    public init(store: RecordStore, acceptFields: FieldSelector? = nil, delimiter: String? = nil) {
        self.store = store
        self.acceptFields = acceptFields
        self.delimiter = delimiter
    }

    /// Writes `records` (record indices, in the order given: pass them in
    /// input order) as `format`, each followed by `terminator` (newline, or
    /// NUL for `--print0`; JSON ends with a newline whatever it is).
    ///
    /// First, as fzf does, the query when `query` is given (`--print-query`),
    /// then the key that accepted when `key` is given (`--expect`), each
    /// followed by the terminator; in JSON each is a JSON string on a line
    /// of its own before the array (the output is then a sequence of JSON
    /// values, as `jq` reads them).
    /// - Complexity: O(total bytes written).
    public func write(records: [Int], format: OutputFormat, terminator: UInt8 = 0x0A, query: String? = nil,
                      key: String? = nil, to sink: (UnsafeRawBufferPointer) -> Void) {
        emit(records, format: format, terminator: terminator, query: query, key: key, sink: sink)
    }

    /// `write(records:…)` for a selection kept as sorted record ranges,
    /// without an array of every selected index.
    /// - Complexity: O(total bytes written + ranges).
    public func write(ranges: [ClosedRange<Int>], format: OutputFormat, terminator: UInt8 = 0x0A,
                      query: String? = nil, key: String? = nil, to sink: (UnsafeRawBufferPointer) -> Void) {
        emit(ranges.joined(), format: format, terminator: terminator, query: query, key: key, sink: sink)
    }

    /// `write(records:…)` for every record a filter kept.
    /// - Complexity: O(total bytes written).
    public func write(result: FilterResult, format: OutputFormat, terminator: UInt8 = 0x0A,
                      query: String? = nil, key: String? = nil, to sink: (UnsafeRawBufferPointer) -> Void) {
        emit(result, format: format, terminator: terminator, query: query, key: key, sink: sink)
    }

    /// `write(records:…)` for any sequence of record indices.
    /// - Complexity: O(total bytes written).
    public func write<Records: Sequence>(records: Records, format: OutputFormat, terminator: UInt8 = 0x0A,
                                         query: String? = nil, key: String? = nil,
                                         to sink: (UnsafeRawBufferPointer) -> Void) where Records.Element == Int {
        emit(records, format: format, terminator: terminator, query: query, key: key, sink: sink)
    }

    private func emit<Records: Sequence>(_ records: Records, format: OutputFormat, terminator: UInt8,
                                         query: String?, key: String?,
                                         sink: (UnsafeRawBufferPointer) -> Void) where Records.Element == Int {
        var emitter = RecordEmitter(format: format, terminator: terminator, acceptFields: acceptFields,
                                    delimiter: delimiter)
        emitter.begin(query: query, key: key, sink)
        store.withView { view in
            for record in records { emitter.emit(record, view: view, sink) }
        }
        emitter.end(sink)
    }
}

/// The output of one `write`: its buffer, format and field state.
private struct RecordEmitter: ~Copyable {
    let format: OutputFormat
    let terminator: UInt8
    var writer = ChunkWriter()
    var extractor: FieldExtractor?
    var buffer: [UInt8] = []
    var first = true

    init(format: OutputFormat, terminator: UInt8, acceptFields: FieldSelector?, delimiter: String?) {
        self.format = format
        self.terminator = terminator
        extractor = acceptFields.map { FieldExtractor(selector: $0, delimiter: delimiter) }
    }

    mutating func begin(query: String?, key: String?, _ sink: (UnsafeRawBufferPointer) -> Void) {
        for header in [query, key].compactMap({ $0 }) {
            if format == .json {
                var header = header
                header.withUTF8 { JSONString.append(UnsafeRawBufferPointer($0), to: &writer, sink) }
                writer.append(0x0A, sink)
            } else {
                writer.append(header, sink)
                writer.append(terminator, sink)
            }
        }
        if format == .json { writer.append(UInt8(ascii: "["), sink) }
    }

    @inline(__always)
    mutating func emit(_ record: Int, view: StoreView, _ sink: (UnsafeRawBufferPointer) -> Void) {
        precondition(record >= 0 && record < view.count, "record \(record) out of 0..<\(view.count)")
        switch format {
        case .lines:
            appendPrinted(record, view: view, json: false, sink)
            writer.append(terminator, sink)
        case .indices:
            writer.append(decimal: record, sink)
            writer.append(terminator, sink)
        case .json:
            if !first { writer.append(UInt8(ascii: ","), sink) }
            first = false
            writer.append("{\"index\":", sink)
            writer.append(decimal: record, sink)
            writer.append(",\"text\":", sink)
            appendPrinted(record, view: view, json: true, sink)
            writer.append(UInt8(ascii: "}"), sink)
        }
    }

    /// The bytes `lines` prints for `record` (its text, or its accepted
    /// fields), raw or as a JSON string.
    @inline(__always)
    private mutating func appendPrinted(_ record: Int, view: StoreView, json: Bool,
                                        _ sink: (UnsafeRawBufferPointer) -> Void) {
        var (start, end) = view.bounds(record)
        if !view.isPlain(record) { (start, end) = view.textRange(start, end) }
        guard extractor != nil else {
            let text = UnsafeRawBufferPointer(start: view.base + start, count: end - start)
            if json { JSONString.append(text, to: &writer, sink) } else { writer.append(text, sink) }
            return
        }
        buffer.removeAll(keepingCapacity: true)
        extractor!.appendFields(view.base, from: start, to: end, into: &buffer)
        let fields = buffer, accept = extractor!
        fields.withUnsafeBytes { fields in
            let text = UnsafeRawBufferPointer(rebasing: fields[..<accept.acceptedEnd(fields)])
            if json { JSONString.append(text, to: &writer, sink) } else { writer.append(text, sink) }
        }
    }

    mutating func end(_ sink: (UnsafeRawBufferPointer) -> Void) {
        if format == .json {
            writer.append(UInt8(ascii: "]"), sink)
            writer.append(0x0A, sink)
        }
        writer.flush(sink)
    }
}
