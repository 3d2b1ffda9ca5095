/// Prints the chosen records in one of the `OutputFormat`s through a sink
/// that receives large chunks (64 KiB; never a write per record).
public struct OutputWriter {
    public let store: RecordStore
    /// `--accept-nth`: the fields printed instead of the whole record.
    public let acceptFields: FieldSelector?
    /// The field delimiter (nil: fzf's AWK-style default).
    public let delimiter: String?

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
    public func write<Records: Sequence>(records: Records, format: OutputFormat, terminator: UInt8 = 0x0A,
                                         query: String? = nil, key: String? = nil,
                                         to sink: (UnsafeRawBufferPointer) -> Void) where Records.Element == Int {
        var writer = ChunkWriter()
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
        var extractor = acceptFields.map { FieldExtractor(selector: $0, delimiter: delimiter) }
        var buffer: [UInt8] = []
        func withPrinted(_ record: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
            if extractor != nil {
                store.withAcceptedBytes(of: record, extractor: &extractor!, buffer: &buffer, body)
            } else {
                store.withTextBytes(of: record, body)
            }
        }
        switch format {
        case .lines:
            for record in records {
                withPrinted(record) { writer.append($0, sink) }
                writer.append(terminator, sink)
            }
        case .indices:
            for record in records {
                writer.append(decimal: record, sink)
                writer.append(terminator, sink)
            }
        case .json:
            writer.append(UInt8(ascii: "["), sink)
            var first = true
            for record in records {
                if !first { writer.append(UInt8(ascii: ","), sink) }
                first = false
                writer.append("{\"index\":", sink)
                writer.append(decimal: record, sink)
                writer.append(",\"text\":", sink)
                withPrinted(record) { JSONString.append($0, to: &writer, sink) }
                writer.append(UInt8(ascii: "}"), sink)
            }
            writer.append(UInt8(ascii: "]"), sink)
            writer.append(0x0A, sink)
        }
        writer.flush(sink)
    }
}
