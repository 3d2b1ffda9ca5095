/// What an input method (fcitx5, IBus, an on-screen keyboard) asks of the
/// focused text, in the order `zwp_text_input_v3.done` applies it: the
/// preedit shown so far goes, `deleteBefore` / `deleteAfter` bytes of UTF-8
/// around the cursor (or the selection) go, `commit` goes in at the cursor,
/// and `preedit` shows at the cursor, not yet part of the text.
public struct TextInputUpdate: Sendable, Hashable {
    /// Text being composed (pinyin, a kana run, a half-built Hangul
    /// syllable), shown at the cursor with an underline; nil for none.
    public var preedit: Preedit?
    /// Text to insert at the cursor; nil for none.
    public var commit: String?
    /// UTF-8 bytes to delete before and after the cursor (the input method
    /// counts them in the surrounding text it was sent).
    public var deleteBefore: Int
    public var deleteAfter: Int

    public init(preedit: Preedit? = nil, commit: String? = nil, deleteBefore: Int = 0, deleteAfter: Int = 0) {
        self.preedit = preedit
        self.commit = commit
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
    }

    /// Whether it changes the text itself (rather than only the preedit).
    public var editsText: Bool { commit != nil || deleteBefore > 0 || deleteAfter > 0 }

    /// Text being composed and where the input method's cursor is in it.
    public struct Preedit: Sendable, Hashable {
        public var text: String
        /// The input method's cursor or highlighted part, as UTF-8 byte
        /// offsets into `text` clamped to its characters; nil hides the cursor.
        public var cursor: Range<Int>?

        /// `text` with a cursor from `begin` to `end` (bytes, as the protocol
        /// sends them: -1 for both hides it). Offsets outside the text or
        /// inside a character are moved to the nearest character boundary.
        public init(text: String, begin: Int, end: Int) {
            self.text = text
            if begin < 0 && end < 0 {
                cursor = nil
            } else {
                let low = Self.boundary(atOrBefore: max(0, min(begin, end)), in: text)
                let high = Self.boundary(atOrBefore: max(0, max(begin, end)), in: text)
                cursor = low..<max(low, high)
            }
        }

        /// The last character boundary at or before `offset` bytes in `text`.
        static func boundary(atOrBefore offset: Int, in text: String) -> Int {
            var position = 0
            for character in text {
                let next = position + character.utf8.count
                if next > offset { break }
                position = next
            }
            return position
        }
    }
}

/// What a text field holds, for an input method and an on-screen keyboard
/// to choose their behaviour: the keyboard a phone shows, whether it
/// suggests words or capitalizes, whether what is typed may be kept.
public enum TextContentType: Sendable, Hashable {
    /// Prose: suggestions, spell checking and capitals at sentence starts.
    case normal
    /// A filter or search box: words as typed, no spell checking, no capitals.
    case search
    /// A file name being given or changed: nothing corrected, nothing capitalized.
    case fileName
    /// A secret: hidden and sensitive, never suggested, learnt or shown.
    case password
    /// A number.
    case number
    /// A web address.
    case url
    /// An email address.
    case email
    /// A person's name: capitals at word starts.
    case name
    /// A command line: text as typed, a terminal's keys.
    case terminal
}
