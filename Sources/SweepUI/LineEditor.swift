import SweepInput

/// One line of text, its cursor and selection, and its undo history, edited
/// as a text field edits it, apart from drawing: `TextField` and
/// sweep-pick's filter share it.
///
/// Keys (`apply(_:)`): typing inserts at the cursor, replacing the
/// selection; Left and Right move a character, Ctrl+Left and Ctrl+Right a
/// word, Home and End to the ends, each with Shift extending the selection
/// (without Shift, Left and Right over a selection go to its start or end);
/// Ctrl+A selects everything; Backspace and Delete remove the selection or
/// the character before or after the cursor, Ctrl+Backspace and Ctrl+W the
/// word before it, Ctrl+Delete the word after; Ctrl+U removes everything
/// before the cursor and Ctrl+K everything after (as readline, fzf and
/// GTK's entries do); Ctrl+Z undoes and Ctrl+Shift+Z redoes, typing grouped
/// by word (see `EditHistory`). The clipboard is the text field's: the
/// editor gives the selected text and removes it (`cutSelection`).
public struct LineEditor: Equatable, Sendable {
    /// The text's characters.
    public private(set) var characters: [Character]
    /// The cursor, as a count of characters before it.
    public private(set) var cursor: Int
    /// The selection's other end, where Shift+arrows and a drag started;
    /// equal to `cursor` when nothing is selected.
    public private(set) var anchor: Int
    /// The edits to undo and redo.
    private var history = EditHistory()

    /// The most characters a line holds: a paste of megabytes (or a huge
    /// primary selection) is cut here, before anything walks the rest of
    /// it, so the field, the filter behind it and the window stay quick.
    public static let maximumLength = 8192

    /// `text` (newlines dropped, at most `maximumLength` characters) with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text.lazy.filter { !$0.isNewline }.prefix(Self.maximumLength))
        cursor = characters.count
        anchor = cursor
    }

    /// The text; setting it puts the cursor at its end and forgets the undo history.
    public var text: String {
        get { String(characters) }
        set { self = LineEditor(newValue) }
    }

    /// The selected characters' offsets, nil when nothing is selected.
    public var selection: Range<Int>? { anchor == cursor ? nil : min(anchor, cursor)..<max(anchor, cursor) }

    /// The selected text, nil when nothing is selected.
    public var selectedText: String? { selection.map { String(characters[$0]) } }

    /// Whether `undo()` has something to undo, and `redo()` to redo.
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        /// The text changed (the cursor may have moved too).
        case edited
        /// Only the cursor or the selection moved.
        case moved
        /// The key is not an editing key (Enter, Escape, Up, Ctrl+C…): someone else's.
        case ignored
    }

    /// Applies an editing key; `.ignored` for any other.
    public mutating func apply(_ key: KeyEvent) -> Outcome {
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        let before = self, selected = selection
        switch key.keysym {
        case .left where control: move(to: TextBoundaries.wordStart(before: cursor, in: characters), extending: shift)
        case .left where selected != nil && !shift: move(to: selected?.lowerBound ?? cursor, extending: false)
        case .left: move(to: max(0, cursor - 1), extending: shift)
        case .right where control: move(to: TextBoundaries.wordEnd(after: cursor, in: characters), extending: shift)
        case .right where selected != nil && !shift: move(to: selected?.upperBound ?? cursor, extending: false)
        case .right: move(to: min(characters.count, cursor + 1), extending: shift)
        case .home: move(to: 0, extending: shift)
        case .end: move(to: characters.count, extending: shift)
        case .backspace where selected != nil, .delete where selected != nil:
            replaceSelection(with: [], kind: .other)
        case .backspace where control: deleteWordBeforeCursor()
        case .backspace where cursor > 0: edit(cursor - 1..<cursor, with: [], kind: .backspace)
        case .backspace: break
        case .delete where control: edit(cursor..<TextBoundaries.wordEnd(after: cursor, in: characters), with: [], kind: .other)
        case .delete where cursor < characters.count: edit(cursor..<cursor + 1, with: [], kind: .forwardDelete)
        case .delete: break
        case _ where control && key.keysym.matches(letter: "z"):
            if shift { redo() } else { undo() }
        case _ where control && key.keysym.matches(letter: "a"): selectAll()
        case .w where control: deleteWordBeforeCursor()
        case .u where control: edit(0..<cursor, with: [], kind: .other)
        case .k where control: edit(cursor..<characters.count, with: [], kind: .other)
        default:
            guard !control, !key.modifiers.contains(.alt), !key.text.isEmpty,
                  !key.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return .ignored }
            _ = insert(key.text, typed: true)
        }
        return characters != before.characters ? .edited : .moved
    }

    /// Inserts `typed` (newlines dropped) at the cursor in place of the
    /// selection and moves past it, as much of it as `maximumLength` leaves
    /// room for; false when some of it did not fit (say so: the paste was
    /// cut). Only what fits is read. One undo step.
    @discardableResult
    public mutating func insert(_ typed: String) -> Bool {
        insert(typed, typed: false)
    }

    /// Applies an input method's edit (text-input-v3's `done`, steps 2 and
    /// 3): `deleteBefore` UTF-8 bytes before the cursor (before the
    /// selection, when there is one) and `deleteAfter` bytes after it go,
    /// then `commit` goes in at the cursor in place of the selection, the
    /// cursor after it. Lengths count Unicode scalars' bytes and stop at the
    /// text's ends and at a scalar they would cut; newlines are dropped and
    /// only what `maximumLength` leaves room for goes in. One undo step (a
    /// committed character joins the word being typed). Returns whether the
    /// text changed.
    @discardableResult
    public mutating func applyInputMethodEdit(deleteBefore: Int, deleteAfter: Int, commit: String?) -> Bool {
        let low = selection?.lowerBound ?? cursor, high = selection?.upperBound ?? cursor
        var before = Array(String(characters[..<low]).unicodeScalars)
        var after = Array(String(characters[high...]).unicodeScalars)
        before.removeLast(Self.scalars(in: before.reversed(), fitting: deleteBefore))
        after.removeFirst(Self.scalars(in: after, fitting: deleteAfter))
        let selected = String(characters[low..<high])
        var head = String(String.UnicodeScalarView(before))
        let tail = String(String.UnicodeScalarView(after))
        // What is committed fits the room left once the selection it replaces is gone.
        let kept = Self.characterCount(head) + Self.characterCount(tail) + (commit == nil ? high - low : 0)
        // Newlines and control characters are not a line's text (as typing them inserts none).
        let committed = commit.map { text in
            String(text.lazy.filter { character in
                !character.isNewline && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            }.prefix(max(0, Self.maximumLength - kept)))
        }
        let newCharacters = Array(head + (committed ?? selected) + tail)
        guard newCharacters != characters else { return false }
        let kind: EditHistory.Kind = committed.map { $0.count == 1 && deleteBefore == 0 && deleteAfter == 0 ? .typing($0.first ?? " ") : .other } ?? .other
        history.record(state, kind: kind, at: Self.characterCount(head))
        if let committed {
            head += committed
            characters = newCharacters
            cursor = min(Self.characterCount(head), characters.count)
            anchor = cursor
        } else {
            // Only deleted around it: the selection (or the cursor) stays on its characters.
            let start = min(Self.characterCount(head), newCharacters.count)
            let selectedCount = high - low
            characters = newCharacters
            let end = min(start + selectedCount, characters.count)
            (anchor, cursor) = cursor >= anchor ? (start, end) : (end, start)
        }
        return true
    }

    /// How many of `scalars`, from the first, fit in `bytes` of UTF-8.
    private static func scalars<S: Sequence>(in scalars: S, fitting bytes: Int) -> Int where S.Element == Unicode.Scalar {
        var count = 0, used = 0
        for scalar in scalars {
            let size = UTF8.width(scalar)
            guard used + size <= bytes else { break }
            used += size
            count += 1
        }
        return count
    }

    private static func characterCount(_ text: String) -> Int { text.count }

    /// The selected text, removed (Ctrl+X); nil when nothing is selected.
    public mutating func cutSelection() -> String? {
        guard let selected = selectedText else { return nil }
        replaceSelection(with: [], kind: .other)
        return selected
    }

    /// Puts the cursor `offset` characters in, clamped to the text; with
    /// `extending`, the selection runs from the anchor to it (a drag, a
    /// Shift+click), else nothing is selected.
    public mutating func moveCursor(to offset: Int, extending: Bool = false) {
        move(to: max(0, min(offset, characters.count)), extending: extending)
    }

    /// Selects `range` (clamped), the cursor at its end.
    public mutating func select(_ range: Range<Int>) {
        let low = max(0, min(range.lowerBound, characters.count)), high = max(low, min(range.upperBound, characters.count))
        history.closeGroup()
        anchor = low
        cursor = high
    }

    /// Selects the whole text (Ctrl+A, a triple click).
    public mutating func selectAll() { select(0..<characters.count) }

    /// Selects the word (or the run of spaces or of punctuation) at
    /// `offset`, as a double click does.
    public mutating func selectWord(at offset: Int) {
        select(TextBoundaries.word(at: offset, in: characters))
    }

    /// Goes back to before the last edit (a run of typing is one edit per word).
    public mutating func undo() {
        guard let state = history.undo(from: state) else { return }
        restore(state)
    }

    /// Goes forward again to after an undone edit.
    public mutating func redo() {
        guard let state = history.redo(from: state) else { return }
        restore(state)
    }

    // MARK: - Edits

    private var state: EditHistory.State { EditHistory.State(characters: characters, cursor: cursor, anchor: anchor) }

    private mutating func restore(_ state: EditHistory.State) {
        characters = state.characters
        cursor = min(state.cursor, characters.count)
        anchor = min(state.anchor, characters.count)
    }

    private mutating func move(to offset: Int, extending: Bool) {
        if offset != cursor || (!extending && anchor != cursor) { history.closeGroup() }
        cursor = offset
        if !extending { anchor = offset }
    }

    private mutating func insert(_ typed: String, typed isTyping: Bool) -> Bool {
        let replaced = selection?.count ?? 0
        let room = max(0, Self.maximumLength - characters.count + replaced)
        let kept = typed.lazy.filter { !$0.isNewline }
        let added = Array(kept.prefix(room))
        // Typing over a selection starts a step the rest of the word joins.
        let kind: EditHistory.Kind = isTyping && added.count == 1 ? .typing(added[0]) : .other
        if !added.isEmpty || selection != nil { replaceSelection(with: added, kind: kind) }
        return kept.dropFirst(added.count).first == nil
    }

    /// Replaces the selection (or inserts at the cursor) and leaves the cursor after the new text.
    private mutating func replaceSelection(with new: [Character], kind: EditHistory.Kind) {
        edit(selection ?? cursor..<cursor, with: new, kind: kind)
    }

    /// Replaces `range` with `new`, the cursor after it and nothing selected, recorded for undo.
    private mutating func edit(_ range: Range<Int>, with new: [Character], kind: EditHistory.Kind) {
        guard !range.isEmpty || !new.isEmpty else { return }
        history.record(state, kind: kind, at: range.lowerBound)
        characters.replaceSubrange(range, with: new)
        cursor = range.lowerBound + new.count
        anchor = cursor
    }

    /// The spaces before the cursor, then the word.
    private mutating func deleteWordBeforeCursor() {
        edit(TextBoundaries.wordStart(before: cursor, in: characters)..<cursor, with: [], kind: .other)
    }
}
