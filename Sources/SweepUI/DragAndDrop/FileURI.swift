/// `file://` URIs for `text/uri-list` (RFC 8089, RFC 2483): paths encoded
/// byte by byte as percent escapes where they are not unreserved, and
/// decoded back (any bytes, so names that are not UTF-8 survive).
public enum FileURI {
    /// `file:///path`, the path's bytes percent-encoded except letters, digits, `-._~` and `/`.
    public static func encode(_ path: String) -> String { encode(bytes: Array(path.utf8)) }

    /// `file:///path` for a path of any bytes (a name that is not UTF-8 survives: `%FF`).
    public static func encode(bytes path: [UInt8]) -> String {
        var uri = "file://"
        for byte in path {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                uri += String(decoding: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return uri
    }

    /// The path of a `file:` URI (with an empty or `localhost` host), its
    /// escapes decoded; nil for another scheme, a malformed escape, or a
    /// NUL or slash escaped (`%00`, `%2F`) or a raw NUL, which no path holds.
    public static func decode(_ uri: String) -> [UInt8]? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file:".utf8)
        guard bytes.count > scheme.count, bytes[..<scheme.count].map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 }) else { return nil }
        var rest = bytes[scheme.count...]
        if rest.starts(with: "//".utf8) {
            rest = rest.dropFirst(2)
            // The authority: empty or localhost; the path starts at its slash.
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
            let host = String(decoding: rest[rest.startIndex..<slash], as: UTF8.self).lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        var path: [UInt8] = []
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < rest.endIndex, let high = hexValue(rest[index + 1]), let low = hexValue(rest[index + 2]) else { return nil }
                // An escaped NUL would end the path early, an escaped slash would be another path:
                // GLib's g_filename_from_uri refuses both, and so does this.
                let decoded = high << 4 | low
                guard decoded != 0, decoded != UInt8(ascii: "/") else { return nil }
                path.append(decoded)
                index += 3
            } else {
                // A raw NUL is no part of a URI.
                guard byte != 0 else { return nil }
                path.append(byte)
                index += 1
            }
        }
        return path
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The lines of a `text/uri-list`: comments (`#`) and blank lines left out, CRs removed.
    public static func lines(of list: [UInt8]) -> [String] {
        list.split(separator: UInt8(ascii: "\n")).compactMap { line in
            var line = line[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard !line.isEmpty, line.first != UInt8(ascii: "#") else { return nil }
            return String(decoding: line, as: UTF8.self)
        }
    }
}

extension ClipboardContent {
    /// One line for each item of `ranges`, in order, each followed by
    /// `terminator`, made a chunk at a time when read (a million items cost
    /// nothing until a receiver reads them).
    public static func lines(of ranges: [ItemRange], terminator: String = "\n",
                             _ line: @escaping (ItemPath) -> String) -> ClipboardContent {
        lines(of: ranges, terminator: terminator) { Array(line($0).utf8) }
    }

    /// One line of bytes for each item of `ranges` (a file's path as it is, UTF-8 or not).
    public static func lines(of ranges: [ItemRange], terminator: String = "\n",
                             bytes line: @escaping (ItemPath) -> [UInt8]) -> ClipboardContent {
        let count = ranges.reduce(0) { $0 + $1.count }
        let end = Array(terminator.utf8)
        return ClipboardContent(lineCount: count) {
            var rangeIndex = 0
            var item = ranges.first?.items.lowerBound ?? 0
            return {
                var chunk: [UInt8] = []
                chunk.reserveCapacity(1 << 16)
                while rangeIndex < ranges.count && chunk.count < 1 << 16 {
                    let range = ranges[rangeIndex]
                    chunk += line(ItemPath(section: range.section, item: item))
                    chunk += end
                    if item < range.items.upperBound {
                        item += 1
                    } else {
                        rangeIndex += 1
                        if rangeIndex < ranges.count { item = ranges[rangeIndex].items.lowerBound }
                    }
                }
                return chunk.isEmpty ? nil : chunk
            }
        }
    }
}
