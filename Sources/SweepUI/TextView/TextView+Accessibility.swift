/// A text view to screen readers: a multi-line text (editable or read-only)
/// with its caret and selection, in Unicode scalars through the whole text.
extension TextView {
    public var accessibleObject: AccessibleObject? {
        if let made = madeAccessibleObject { return made }
        let object = AccessibleObject(role: .text)
        madeAccessibleObject = object
        object.name = { [unowned self] in accessibleLabel ?? "" }
        object.states = { [unowned self] in
            var states = AccessibleStates.usable.union([.focusable, .multiLine, .selectableText])
            states.insert(isEditable ? .editable : .readOnly)
            if isFocused { states.insert(.focused) }
            return states
        }
        object.text = { [unowned self] in document.string }
        updateEditing(object)
        object.caret = { [unowned self] in accessibleOffset(of: cursor) }
        object.setCaret = { [unowned self] offset in
            guard let position = position(ofAccessibleOffset: offset) else { return false }
            move(to: position, extending: false)
            return true
        }
        object.textSelection = { [unowned self] in
            selection.map { accessibleOffset(of: $0.lowerBound)..<accessibleOffset(of: $0.upperBound) }
        }
        object.setTextSelection = { [unowned self] range in
            guard let range else {
                move(to: cursor, extending: false)
                return true
            }
            guard let low = position(ofAccessibleOffset: range.lowerBound),
                  let high = position(ofAccessibleOffset: range.upperBound) else { return false }
            select(low..<high)
            return true
        }
        object.extents = { [unowned self] in frame }
        object.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        return object
    }

    /// An editable view is EditableText to screen readers (a read-only one is not): the whole text
    /// replaced, or a range (its styles around it kept).
    func updateEditing(_ object: AccessibleObject) {
        guard isEditable else {
            (object.setText, object.replaceText) = (nil, nil)
            return
        }
        object.setText = { [unowned self] newText in
            select(document.start..<document.end)
            replaceSelection(with: newText, kind: .other)
            return true
        }
        object.replaceText = { [unowned self] range, newText in
            guard let low = position(ofAccessibleOffset: range.lowerBound),
                  let high = position(ofAccessibleOffset: range.upperBound), low <= high else { return false }
            select(low..<high)
            replaceSelection(with: newText, kind: .other)
            return true
        }
    }

    /// `position` as a count of Unicode scalars from the text's start (a newline between paragraphs is one).
    func accessibleOffset(of position: TextPosition) -> Int {
        var offset = 0
        for index in 0..<position.paragraph { offset += Self.scalarCount(document.paragraphs[index].characters) + 1 }
        let characters = document.paragraphs[position.paragraph].characters
        return offset + Self.scalarCount(characters[..<min(position.offset, characters.count)])
    }

    /// The position `offset` scalars from the text's start (inside a character: its start); nil past the end.
    func position(ofAccessibleOffset offset: Int) -> TextPosition? {
        guard offset >= 0 else { return nil }
        var remaining = offset
        for (index, paragraph) in document.paragraphs.enumerated() {
            var characterIndex = 0
            for character in paragraph.characters {
                let scalars = character.unicodeScalars.count
                if remaining < scalars { return TextPosition(paragraph: index, offset: characterIndex) }
                remaining -= scalars
                characterIndex += 1
            }
            if remaining == 0 { return TextPosition(paragraph: index, offset: paragraph.count) }
            remaining -= 1   // the newline
        }
        return nil
    }

    private static func scalarCount<C: Collection>(_ characters: C) -> Int where C.Element == Character {
        characters.reduce(0) { $0 + $1.unicodeScalars.count }
    }
}
