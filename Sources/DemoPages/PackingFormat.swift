/// The packing file's format, version 1:
///
///     # sweep packing list 1
///     Boots
///     Map
///
/// UTF-8 text of at most 1 MiB without NUL bytes; every line, the header
/// first, ends with a line feed. Each line after the header is an entry:
/// the name of a packed item. Empty lines are ignored. A version writes
/// back, unchanged, the entries it does not know (an item only a newer
/// version has), so versions can share a file. A header with a higher
/// number is a format this version cannot read: the file is left alone.
enum PackingFormat {
    static let headerPrefix = "# sweep packing list "
    static let version = 1
    static let header = headerPrefix + String(version)
    /// Larger files are not packing lists.
    static let maximumSize = 1 << 20

    enum Contents: Equatable {
        /// A version 1 list: its entries, in file order.
        case entries([String])
        /// A list in a newer format (its version number).
        case newer(Int)
        /// Not a packing list, and why.
        case corrupt(String)
    }

    static func parse(_ bytes: [UInt8]) -> Contents {
        if bytes.count > maximumSize { return .corrupt("larger than \(maximumSize) bytes") }
        guard String(validating: bytes, as: UTF8.self) != nil else { return .corrupt("not UTF-8 text") }
        // Lines end at line feed bytes, not at Characters: "\r\n" is one Character, so a CR
        // before a line feed would join two lines into one entry. A CR stays in its line.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self)[...] }
        guard bytes.last == 0x0A, let first = lines.first else {
            return .corrupt("no \"\(header)\" header line, or an unfinished last line")
        }
        if bytes.contains(0) { return .corrupt("contains a NUL byte") }
        if first != Substring(header) {
            let digits = first.hasPrefix(headerPrefix) ? first.dropFirst(headerPrefix.count) : ""
            if !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(digits), number > version {
                return .newer(number)
            }
            return .corrupt("no \"\(header)\" header line")
        }
        lines.removeFirst()
        return .entries(lines.filter { !$0.isEmpty }.map(String.init))
    }

    /// The file's bytes for `entries` (each one line: no line feeds or NULs in them).
    static func bytes(_ entries: [String]) -> [UInt8] {
        var text = header + "\n"
        for entry in entries where !entry.isEmpty { text += entry + "\n" }
        return Array(text.utf8)
    }

    /// Whether `entry` can be one line of the file.
    static func isValid(_ entry: String) -> Bool {
        !entry.utf8.contains(0x0a) && !entry.utf8.contains(0)
    }
}
