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
        entry.caret = { [unowned self] in AccessibleObject.scalarOffset(ofCharacter: editor.cursor, in: shownText) }
        entry.setCaret = { [unowned self] offset in
            let text = shownText
            guard (0...text.unicodeScalars.count).contains(offset) else { return false }
            editor.moveCursor(to: AccessibleObject.characterIndex(ofScalar: offset, in: text))
            invalidate()
            return true
        }
        entry.textSelection = { [unowned self] in
            guard let selected = editor.selection else { return nil }
            let text = shownText
            return AccessibleObject.scalarOffset(ofCharacter: selected.lowerBound, in: text)
                ..< AccessibleObject.scalarOffset(ofCharacter: selected.upperBound, in: text)
        }
        entry.setTextSelection = { [unowned self] range in
            let text = shownText, count = text.unicodeScalars.count
            guard let range else {
                editor.moveCursor(to: editor.cursor)
                invalidate()
                return true
            }
            guard range.lowerBound >= 0, range.upperBound <= count else { return false }
            editor.select(AccessibleObject.characterIndex(ofScalar: range.lowerBound, in: text)
                          ..< AccessibleObject.characterIndex(ofScalar: range.upperBound, in: text))
            invalidate()
            return true
        }
        entry.extents = { [unowned self] in frame }
        entry.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        return entry
    }
}
