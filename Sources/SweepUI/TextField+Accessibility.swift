/// A text field to screen readers: an entry (a password text for a
/// password field) with its text, caret and selection, editable.
extension TextField {
    /// The role for the style: a password field is a password text whatever `accessibleRole` says.
    var accessibleRoleForStyle: AccessibleRole { style == .password ? .passwordText : accessibleRole }

    func makeAccessibleObject() -> AccessibleObject {
        let entry = AccessibleObject(role: accessibleRoleForStyle)
        madeAccessibleEntry = entry
        entry.name = { [unowned self] in accessibleLabel ?? placeholder }
        entry.description = { [unowned self] in accessibleDescription ?? "" }
        entry.states = { [unowned self] in
            var states = AccessibleStates.usable.union([.focusable, .editable])
            if isFocused { states.insert(.focused) }
            return states
        }
        // A password's characters are dots to a screen reader too (GTK's entries say "bullet").
        entry.text = { [unowned self] in shownText }
        entry.setText = { [unowned self] newText in
            // As if typed: one undo step, and the app hears it through onChange.
            editor.selectAll()
            editor.insert(newText)
            edited()
            return true
        }
        // Offsets count the editor's own characters' scalars: a string made of them may group them otherwise.
        entry.caret = { [unowned self] in scalarOffset(ofCharacter: editor.cursor) }
        entry.setCaret = { [unowned self] offset in
            guard let index = characterIndex(ofScalar: offset) else { return false }
            editor.moveCursor(to: index)
            invalidate()
            return true
        }
        entry.textSelection = { [unowned self] in
            editor.selection.map { scalarOffset(ofCharacter: $0.lowerBound)..<scalarOffset(ofCharacter: $0.upperBound) }
        }
        entry.setTextSelection = { [unowned self] range in
            guard let range else {
                editor.moveCursor(to: editor.cursor)
                invalidate()
                return true
            }
            guard let low = characterIndex(ofScalar: range.lowerBound), let high = characterIndex(ofScalar: range.upperBound) else { return false }
            editor.select(low..<high)
            invalidate()
            return true
        }
        // Insertions and deletions edit the real characters (a password's too, never its dots), as one undo step.
        entry.replaceText = { [unowned self] range, new in
            guard let low = characterIndex(ofScalar: range.lowerBound), let high = characterIndex(ofScalar: range.upperBound) else { return false }
            editor.select(low..<high)
            editor.insert(new)
            edited()
            return true
        }
        entry.extents = { [unowned self] in frame }
        entry.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        return entry
    }

    /// The Unicode scalars before character `index` (a password's dots are one scalar each).
    private func scalarOffset(ofCharacter index: Int) -> Int {
        style == .password ? index : characters[..<min(index, characters.count)].reduce(0) { $0 + $1.unicodeScalars.count }
    }

    /// The character a screen reader's scalar `offset` falls in (its start); nil outside the text.
    private func characterIndex(ofScalar offset: Int) -> Int? {
        guard offset >= 0 else { return nil }
        if style == .password { return offset <= characters.count ? offset : nil }
        var remaining = offset
        for (index, character) in characters.enumerated() {
            if remaining < character.unicodeScalars.count { return index }
            remaining -= character.unicodeScalars.count
        }
        return remaining == 0 ? characters.count : nil
    }
}
