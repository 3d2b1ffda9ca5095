/// The numbers ranking is made of, after fzf's scoring (its "v2" fuzzy
/// algorithm; exact, prefix and suffix terms scored the same way over the
/// span they match): every matched character earns `match`; a character at
/// a word boundary earns a bonus (after white space or at the start of the
/// text the most, then after a delimiter `/ , : ; |`, then after other
/// punctuation; camelCase humps and the first digit of a number a little
/// less), the query's first character twice its bonus; characters in a run
/// keep the bonus of the run's first character (at least `consecutive`);
/// a gap between matched characters costs `gapStart` and `gapExtension` for
/// each further character, so a boundary bonus is worth a gap of about
/// eight characters.
///
/// Bytes are classified, not scalars: bytes from 0x80 are letters, so text
/// that is not ASCII gets boundaries at its ASCII punctuation and spaces
/// (and camelCase only where ASCII letters change case).
enum ScoreModel {
    static let match: Int32 = 16
    static let gapStart: Int32 = -3
    static let gapExtension: Int32 = -1
    static let boundary: Int32 = 8
    static let nonWord: Int32 = 8
    static let camel: Int32 = 7
    static let consecutive: Int32 = 4
    static let firstCharMultiplier: Int32 = 2
    static let boundaryWhite: Int32 = 10
    static let boundaryDelimiter: Int32 = 9

    /// A byte's class (what the bonus of the next byte depends on).
    enum CharClass: UInt8 {
        case white = 0, nonWord, delimiter, lower, upper, letter, number
    }

    /// The class of every byte value, then the bonus for each pair of
    /// classes (previous × current), in memory that lives as long as the
    /// process so hot loops read them through plain pointers.
    struct Tables {
        let classes: UnsafePointer<UInt8>
        let bonuses: UnsafePointer<Int8>

        /// The bonus for a byte of class `current` after one of class `previous`.
        @inline(__always)
        func bonus(_ previous: UInt8, _ current: UInt8) -> Int32 {
            Int32(bonuses[Int(previous) &* 7 &+ Int(current)])
        }

        @inline(__always)
        func charClass(_ byte: UInt8) -> UInt8 { classes[Int(byte)] }
    }

    nonisolated(unsafe) static let tables: Tables = {
        let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0..<256 {
            let byte = UInt8(value)
            let kind: CharClass
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): kind = .lower
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): kind = .upper
            case UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number
            case 0x20, 0x09...0x0D: kind = .white
            case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"): kind = .delimiter
            case 0x80...: kind = .letter
            default: kind = .nonWord
            }
            classes[value] = kind.rawValue
        }
        let bonuses = UnsafeMutablePointer<Int8>.allocate(capacity: 49)
        for previous in 0..<7 {
            for current in 0..<7 {
                bonuses[previous * 7 + current] = Int8(bonus(CharClass(rawValue: UInt8(previous))!, CharClass(rawValue: UInt8(current))!))
            }
        }
        return Tables(classes: UnsafePointer(classes), bonuses: UnsafePointer(bonuses))
    }()

    /// The bonus of a character of class `current` after one of class `previous`.
    static func bonus(_ previous: CharClass, _ current: CharClass) -> Int32 {
        // As fzf: a delimiter counts as a word character here (a "/" after a space starts a word).
        let isWord = current.rawValue > CharClass.nonWord.rawValue
        if isWord {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return boundary
            default: break
            }
        }
        if (previous == .lower && current == .upper) || (previous != .number && current == .number) { return camel }
        switch current {
        case .nonWord, .delimiter: return nonWord
        case .white: return boundaryWhite
        default: return 0
        }
    }
}
