/// One record the history remembers: its bytes as read, how often it was
/// chosen and when last (seconds since the epoch).
public struct HistoryEntry: Hashable, Sendable {
    public var text: [UInt8]
    public var count: Int
    public var lastUsed: Int64

    public init(text: [UInt8], count: Int, lastUsed: Int64) {
        self.text = text
        self.count = count
        self.lastUsed = lastUsed
    }
}

/// The history file's text: a first line `# sweep-pick history 1`, then one
/// entry a line, `COUNT<TAB>LAST-USED<TAB>RECORD`: the count (1 or more),
/// the last use in seconds since the epoch, and the record's bytes with
/// `\\` for a backslash, `\n`, `\r`, `\t` and `\0` for newline, CR, tab and
/// NUL; every other byte as it is (ill-formed UTF-8 included). Lines
/// starting with `#` are comments.
public enum HistoryFormat {
    public static let header = "# sweep-pick history 1"

    /// The file's bytes for `entries`, in their order.
    /// - Complexity: O(total bytes).
    public static func encode(_ entries: [HistoryEntry]) -> [UInt8] {
        var bytes = Array((header + "\n").utf8)
        for entry in entries {
            bytes += Array("\(entry.count)\t\(entry.lastUsed)\t".utf8)
            for byte in entry.text {
                switch byte {
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                case 0x00: bytes += [0x5C, UInt8(ascii: "0")]
                default: bytes.append(byte)
                }
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The entries of a history file; throws `HistoryFileError` naming the
    /// first line that does not parse (a count or time that is not a number,
    /// a missing field, an unknown escape).
    /// - Complexity: O(total bytes).
    public static func decode(_ bytes: [UInt8]) throws(HistoryFileError) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let count = Int(String(decoding: fields[0], as: UTF8.self)), count >= 1,
                  let lastUsed = Int64(String(decoding: fields[1], as: UTF8.self)), lastUsed >= 0,
                  let text = unescape(fields[2]) else {
                throw HistoryFileError("line \(lineNumber) is not COUNT<TAB>TIME<TAB>RECORD")
            }
            entries.append(HistoryEntry(text: text, count: count, lastUsed: lastUsed))
        }
        return entries
    }

    private static func unescape(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        var text: [UInt8] = []
        text.reserveCapacity(field.count)
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case 0x5C: text.append(0x5C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "0"): text.append(0x00)
                default: return nil
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else if byte == 0x09 || byte == 0x0D {
                return nil   // written escaped, so never raw
            } else {
                text.append(byte)
            }
        }
        return escaping ? nil : text
    }
}
