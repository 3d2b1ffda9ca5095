/// Type-ahead find in a list or grid (Finder, Qt's `keyboardSearch`, the
/// Windows file dialog): letters typed in quick succession build a
/// prefix, and the focus goes to the next item whose title starts with it.
/// A pause longer than `resetInterval` starts a new prefix.
///
/// Typing one letter again and again ("s", "s", "s") steps through the
/// items starting with it instead of looking for "sss", as file managers do.
/// The state only; the caller searches its titles with `startsWith`.
public struct TypeAheadFind: Sendable {
    /// How long a pause (ms) ends the prefix being typed.
    public var resetInterval: Double
    /// The prefix typed so far.
    public private(set) var typed = ""
    private var lastTime = -Double.infinity

    public init(resetInterval: Double = 1000) {
        self.resetInterval = resetInterval
    }

    /// What to look for after a key.
    public struct Search: Equatable, Sendable {
        /// The prefix to find.
        public var prefix: String
        /// Whether the focused item itself may match (the prefix grew from
        /// it); false to start at the item after it (a new prefix, or the
        /// same letter again).
        public var includesFocused: Bool
    }

    /// Forgets the prefix (the view lost the focus, the app reset it).
    public mutating func reset() {
        typed = ""
        lastTime = -.infinity
    }

    /// `text` typed at `time` (ms): the search it asks for, or nil for text
    /// that finds nothing (control characters, a space that starts a prefix).
    public mutating func type(_ text: String, at time: Double) -> Search? {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return nil
        }
        if time - lastTime > resetInterval { typed = "" }
        // A space never starts a prefix. (A collection view gives Space to the
        // focused item's toggle first, so there it never reaches the prefix at all.)
        if typed.isEmpty && text.allSatisfy(\.isWhitespace) { return nil }
        lastTime = time
        typed += text
        let letters = Array(typed.lowercased())
        if letters.count > 1 && letters.allSatisfy({ $0 == letters[0] }) {
            return Search(prefix: String(letters[0]), includesFocused: false)
        }
        return Search(prefix: typed, includesFocused: typed.count > text.count)
    }

    /// Whether `title` starts with `prefix`, ignoring case: "report" is
    /// found by "Re" and "RE".
    public static func startsWith(_ title: String, _ prefix: String) -> Bool {
        var titleCharacters = title.makeIterator()
        for wanted in prefix {
            guard let next = titleCharacters.next() else { return false }
            if next != wanted && next.lowercased() != wanted.lowercased() { return false }
        }
        return true
    }
}
