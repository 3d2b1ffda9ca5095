/// What a record shows and prints: lenient UTF-8, the trailing CR of a
/// CRLF line dropped, and rofi's / fuzzel's dmenu metadata cut off.
///
/// dmenu metadata (line mode only): a NUL inside a line ends the text and
/// starts `key\u{1f}value` pairs separated by `\u{1f}`, as rofi's
/// `-dmenu` reads them: "Firefox\0icon\u{1f}firefox\u{1f}meta\u{1f}web"
/// shows "Firefox" with the icon "firefox". With `--read0` a NUL ends the
/// record, so there is no metadata.
extension RecordStore {
    /// The record's text as shown: decoded leniently (ill-formed UTF-8
    /// shows as U+FFFD), a trailing CR dropped and dmenu metadata cut for
    /// lines.
    /// - Complexity: O(n) for the record's n bytes.
    public func displayText(of record: Int) -> String {
        withShownBytes(of: record) { String(decoding: $0, as: UTF8.self) }
    }

    /// The shown text with fields: `fields` of the shown text cut with
    /// `delimiter` (nil: fzf's AWK-style default), joined as fzf joins them,
    /// trailing white space dropped (see `FieldSelector`). Without `fields`
    /// this is `displayText(of:)`.
    /// - Complexity: O(n).
    public func displayText(of record: Int, fields: FieldSelector?, delimiter: String?) -> String {
        guard let fields else { return displayText(of: record) }
        var extractor = FieldExtractor(selector: fields, delimiter: delimiter)
        var output: [UInt8] = []
        withShownBytes(of: record) { shown in
            if let base = shown.baseAddress { extractor.appendFields(base, from: 0, to: shown.count, into: &output) }
        }
        return output.withUnsafeBytes { String(decoding: $0[..<FieldExtractor.shownEnd($0)], as: UTF8.self) }
    }

    /// The icon or image named in the record's dmenu metadata (the value of
    /// its `icon` key), or nil. Lines only.
    /// - Complexity: O(n).
    public func icon(of record: Int) -> String? {
        guard isLineMode else { return nil }
        return withBytes(of: record) { bytes -> String? in
            var end = bytes.count
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
            guard let nul = bytes[..<end].firstIndex(of: 0) else { return nil }
            // key, value, key, value, … separated by 0x1F.
            let fields = bytes[(nul + 1)..<end].split(separator: 0x1F, omittingEmptySubsequences: false)
            var index = 0
            while index + 1 < fields.count {
                if fields[index].elementsEqual("icon".utf8) {
                    return String(decoding: UnsafeRawBufferPointer(rebasing: fields[index + 1]), as: UTF8.self)
                }
                index += 2
            }
            return nil
        }
    }

    /// Calls `body` with the bytes the record shows, before decoding: for
    /// lines without a trailing CR and cut at a NUL (dmenu metadata).
    /// - Complexity: O(n).
    public func withShownBytes<R>(of record: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withBytes(of: record) { bytes in
            guard isLineMode, let base = bytes.baseAddress else { return try body(bytes) }
            var end = bytes.count
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
            end = SWAR.firstIndex(of: 0, in: base, from: 0, to: end)
            return try body(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
        }
    }

    /// Calls `body` with the bytes printed for the record by `lines` output:
    /// its exact bytes, except that a line's dmenu metadata is cut (rofi and
    /// fuzzel print the text without it). A CR stays: output is byte for byte.
    /// - Complexity: O(n).
    public func withTextBytes<R>(of record: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withBytes(of: record) { bytes in
            guard isLineMode, let base = bytes.baseAddress else { return try body(bytes) }
            let end = SWAR.firstIndex(of: 0, in: base, from: 0, to: bytes.count)
            return try body(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
        }
    }

    /// Calls `body` with the bytes printed for the record with
    /// `--accept-nth`: `fields` of its text (`withTextBytes`) joined as fzf
    /// joins them, without the last delimiter (trailing white space for the
    /// default delimiter). Without `fields`, the text bytes.
    /// - Complexity: O(n).
    public func withAcceptedBytes<R>(of record: Int, fields: FieldSelector?, delimiter: String?,
                                     _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let fields else { return try withTextBytes(of: record, body) }
        var extractor = FieldExtractor(selector: fields, delimiter: delimiter)
        var output: [UInt8] = []
        return try withAcceptedBytes(of: record, extractor: &extractor, buffer: &output, body)
    }

    /// `withAcceptedBytes` with a caller's extractor and buffer (reused
    /// across records by the output writer).
    func withAcceptedBytes<R>(of record: Int, extractor: inout FieldExtractor, buffer: inout [UInt8],
                              _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        buffer.removeAll(keepingCapacity: true)
        withTextBytes(of: record) { text in
            if let base = text.baseAddress { extractor.appendFields(base, from: 0, to: text.count, into: &buffer) }
        }
        let end = buffer.withUnsafeBytes { extractor.acceptedEnd($0) }
        return try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<end])) }
    }
}
