/// Splits a line of options into words as a POSIX shell would, without
/// running anything: blanks separate words; 'single quotes' keep everything
/// literally; "double quotes" keep blanks, with a backslash escaping `"`,
/// `\`, `$` and a backquote; a backslash outside quotes keeps the next
/// character. What sweep-pick's `SWEEP_PICK_DEFAULT_OPTS` and config lines
/// are read with (fzf reads `FZF_DEFAULT_OPTS` the same way).
public enum ShellWords {
    /// Why a line cannot be split.
    public enum SplitError: Error, Equatable, CustomStringConvertible {
        case unclosedQuote(Unicode.Scalar)
        case trailingBackslash

        public var description: String {
            switch self {
            case .unclosedQuote(let quote): "a \(quote) quote is not closed"
            case .trailingBackslash: "a backslash ends the line"
            }
        }
    }

    public static func split(_ line: String) throws(SplitError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        // Scalars, not Characters: a combining mark after a quote or a blank would join it into one
        // Character that is neither.
        var iterator = line.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw .unclosedQuote("'") }
                    if next == "'" { break }
                    word.unicodeScalars.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw .unclosedQuote("\"") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw .unclosedQuote("\"") }
                        if !["\"", "\\", "$", "`"].contains(escaped) { word.append("\\") }
                        word.unicodeScalars.append(escaped)
                    } else {
                        word.unicodeScalars.append(next)
                    }
                }
            case "\\":
                guard let escaped = iterator.next() else { throw .trailingBackslash }
                inWord = true
                word.unicodeScalars.append(escaped)
            default:
                inWord = true
                word.unicodeScalars.append(scalar)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
