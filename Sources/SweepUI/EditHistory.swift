/// A line's undo and redo stacks. Each entry is the text, cursor and
/// selection from before an edit. Typing is grouped by word, as GTK's and
/// Qt's entries group it: the characters of a word typed in a row are one
/// step, and a space that follows a word starts the next one. A run of
/// Backspaces, or of Deletes, is one step. Any other edit (a paste, a cut, a
/// word or line deleted, typing over a selection) is a step of its own, and
/// moving the cursor ends the group.
struct EditHistory: Equatable, Sendable {
    struct State: Equatable, Sendable {
        var characters: [Character]
        var cursor: Int
        var anchor: Int
    }

    /// What an edit was, for grouping.
    enum Kind: Equatable, Sendable {
        case typing(Character)
        case backspace
        case forwardDelete
        case other
    }

    /// Steps kept: a line is at most 8,192 characters, so at most about 13 MB.
    static let depth = 100

    private var undoStack: [State] = []
    private var redoStack: [State] = []
    /// The edit the next one may join: its kind and where the cursor is after it.
    private var group: (kind: Kind, end: Int)?

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    static func == (lhs: EditHistory, rhs: EditHistory) -> Bool {
        lhs.undoStack == rhs.undoStack && lhs.redoStack == rhs.redoStack
    }

    /// An edit at `position` is about to change `before`: a step is kept
    /// unless it joins the group before it.
    mutating func record(_ before: State, kind: Kind, at position: Int) {
        redoStack.removeAll()
        if !joins(kind, at: position) {
            undoStack.append(before)
            if undoStack.count > Self.depth { undoStack.removeFirst(undoStack.count - Self.depth) }
        }
        switch kind {
        case .typing: group = (kind, position + 1)
        case .backspace, .forwardDelete: group = (kind, position)
        case .other: group = nil
        }
    }

    /// The cursor moved or the selection changed: the next edit starts a new step.
    mutating func closeGroup() { group = nil }

    /// The state to go back to from `current`, which redo comes back to.
    mutating func undo(from current: State) -> State? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        group = nil
        return previous
    }

    /// The state an undo left, from `current`.
    mutating func redo(from current: State) -> State? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        group = nil
        return next
    }

    private func joins(_ kind: Kind, at position: Int) -> Bool {
        guard let group else { return false }
        switch (group.kind, kind) {
        case let (.typing(last), .typing(typed)):
            // A space after a word starts the next step; the word's letters join.
            return position == group.end && !(typed.isWhitespace && !last.isWhitespace)
        case (.backspace, .backspace):
            return position + 1 == group.end
        case (.forwardDelete, .forwardDelete):
            return position == group.end
        default:
            return false
        }
    }
}

/// Word boundaries in a line of characters: words are runs of letters,
/// digits and underscores; a double click takes the run of one class
/// (word, spaces or punctuation) under it.
enum TextBoundaries {
    enum Class { case word, space, punctuation }

    static func characterClass(_ character: Character) -> Class {
        if character.isWhitespace { return .space }
        if character.isLetter || character.isNumber || character == "_" { return .word }
        return .punctuation
    }

    /// Where the word before `offset` starts (spaces before it skipped).
    static func wordStart(before offset: Int, in characters: [Character]) -> Int {
        var start = offset
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where the word after `offset` ends (spaces before it skipped).
    static func wordEnd(after offset: Int, in characters: [Character]) -> Int {
        var end = offset
        while end < characters.count && characters[end].isWhitespace { end += 1 }
        while end < characters.count && !characters[end].isWhitespace { end += 1 }
        return end
    }

    /// The run of one class around `offset` (the character after it, or
    /// before it at the end of the line).
    static func word(at offset: Int, in characters: [Character]) -> Range<Int> {
        guard !characters.isEmpty else { return 0..<0 }
        let index = max(0, min(offset, characters.count - 1))
        let kind = characterClass(characters[index])
        var start = index, end = index + 1
        while start > 0 && characterClass(characters[start - 1]) == kind { start -= 1 }
        while end < characters.count && characterClass(characters[end]) == kind { end += 1 }
        return start..<end
    }
}
