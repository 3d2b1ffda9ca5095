/// A file of default options (sweep-pick's configuration): one or more
/// options a line in the command line's syntax (`ShellWords`), blank lines
/// and lines whose first non-blank character is `#` ignored. Lines end with
/// LF, CRLF or CR (a file saved on Windows reads the same), a UTF-8 byte
/// order mark is skipped, and the file is at most `maximumBytes` long.
public enum OptionsFile {
    /// A configuration, not a data file: larger files are refused unread.
    public static let maximumBytes = 1 << 20

    /// Why a file cannot be read as options.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case tooLarge
        case notUTF8
        case line(Int, ShellWords.SplitError)

        public var description: String {
            switch self {
            case .tooLarge: "over 1 MiB: not a configuration"
            case .notUTF8: "not UTF-8 text"
            case .line(let number, let error): "line \(number): \(error)"
            }
        }
    }

    /// The words of `bytes`, in order.
    public static func words(in bytes: [UInt8]) throws(Problem) -> [String] {
        guard bytes.count <= maximumBytes else { throw .tooLarge }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else { throw .notUTF8 }
        var words: [String] = []
        var number = 0
        // Lines by code units, not Characters ("\r\n" is one Character, never equal to "\n").
        let units = Array(text.utf8)
        var start = 0
        while start <= units.count {
            var end = start
            while end < units.count && units[end] != 0x0A && units[end] != 0x0D { end += 1 }
            number += 1
            let line = units[start..<end].drop { $0 == 0x20 || $0 == 0x09 }
            if let first = line.first, first != UInt8(ascii: "#") {
                do { words += try ShellWords.split(String(decoding: line, as: UTF8.self)) } catch {
                    throw .line(number, error)
                }
            }
            if end < units.count && units[end] == 0x0D && end + 1 < units.count && units[end + 1] == 0x0A { end += 1 }
            start = end + 1
        }
        return words
    }
}
