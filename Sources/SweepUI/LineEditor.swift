import SweepInput

/// One line of text and its cursor, edited as a text field edits it, apart
/// from drawing: `TextField` and sweep-pick's filter share it.
///
/// Keys (`apply(_:)`): typing inserts at the cursor; Left and Right move a
/// character, Ctrl+Left and Ctrl+Right a word; Home and End go to the ends;
/// Backspace and Delete remove the character before or after the cursor,
/// Ctrl+Backspace and Ctrl+W the word before it, Ctrl+Delete the word
/// after; Ctrl+U removes everything before the cursor and Ctrl+K everything
/// after (as readline, fzf and GTK's entries do).
public struct LineEditor: Equatable, Sendable {
    /// The text's characters.
    public private(set) var characters: [Character]
    /// The cursor, as a count of characters before it.
    public private(set) var cursor: Int

    /// The most characters a line holds: a paste of megabytes (or a huge
    /// primary selection) is cut here, before anything walks the rest of
    /// it, so the field, the filter behind it and the window stay quick.
    public static let maximumLength = 8192

    /// `text` (newlines dropped, at most `maximumLength` characters) with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text.lazy.filter { !$0.isNewline }.prefix(Self.maximumLength))
        cursor = characters.count
    }

    /// The text; setting it puts the cursor at its end.
    public var text: String {
        get { String(characters) }
        set { self = LineEditor(newValue) }
    }

    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        /// The text changed (the cursor may have moved too).
        case edited
        /// Only the cursor moved.
        case moved
        /// The key is not an editing key (Enter, Escape, Up, Ctrl+C…): someone else's.
        case ignored
    }

    /// Applies an editing key; `.ignored` for any other.
    public mutating func apply(_ key: KeyEvent) -> Outcome {
        let control = key.modifiers.contains(.control)
        let before = self
        switch key.keysym {
        case .left where control: cursor = wordStart(before: cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right where control: cursor = wordEnd(after: cursor)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .backspace where control: deleteWordBeforeCursor()
        case .backspace where cursor > 0:
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .backspace: break
        case .delete where control: characters.removeSubrange(cursor..<wordEnd(after: cursor))
        case .delete where cursor < characters.count: characters.remove(at: cursor)
        case .delete: break
        case .w where control: deleteWordBeforeCursor()
        case .u where control:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .k where control: characters.removeSubrange(cursor...)
        default:
            guard !control, !key.modifiers.contains(.alt), !key.text.isEmpty,
                  !key.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return .ignored }
            insert(key.text)
        }
        return characters != before.characters ? .edited : .moved
    }

    /// Inserts `typed` (newlines dropped) at the cursor and moves past it,
    /// as much of it as `maximumLength` leaves room for; false when some of
    /// it did not fit (say so: the paste was cut). Only what fits is read.
    @discardableResult
    public mutating func insert(_ typed: String) -> Bool {
        let room = max(0, Self.maximumLength - characters.count)
        let kept = typed.lazy.filter { !$0.isNewline }
        let added = Array(kept.prefix(room))
        characters.insert(contentsOf: added, at: cursor)
        cursor += added.count
        return kept.dropFirst(added.count).first == nil
    }

    /// Puts the cursor `offset` characters in, clamped to the text.
    public mutating func moveCursor(to offset: Int) {
        cursor = max(0, min(offset, characters.count))
    }

    /// The spaces before the cursor, then the word.
    private mutating func deleteWordBeforeCursor() {
        let start = wordStart(before: cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Where the word before `offset` starts (spaces before it skipped).
    private func wordStart(before offset: Int) -> Int {
        var start = offset
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where the word after `offset` ends (spaces before it skipped).
    private func wordEnd(after offset: Int) -> Int {
        var end = offset
        while end < characters.count && characters[end].isWhitespace { end += 1 }
        while end < characters.count && !characters[end].isWhitespace { end += 1 }
        return end
    }
}
