/// A text view's keys: moving and selecting, the clipboard, undo, and
/// editing when it is editable.
extension TextView {
    public func handleKey(_ key: KeyEvent) -> Bool {
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        let selected = selection
        switch key.keysym {
        case .left where control: move(to: document.wordStart(before: cursor), extending: shift)
        case .left where selected != nil && !shift: move(to: selected?.lowerBound ?? cursor, extending: false)
        case .left: move(to: document.position(before: cursor), extending: shift)
        case .right where control: move(to: document.wordEnd(after: cursor), extending: shift)
        case .right where selected != nil && !shift: move(to: selected?.upperBound ?? cursor, extending: false)
        case .right: move(to: document.position(after: cursor), extending: shift)
        case .up: moveVertically(lines: -1, extending: shift)
        case .down: moveVertically(lines: 1, extending: shift)
        case .pageUp: moveVertically(lines: -visibleLineCount, extending: shift)
        case .pageDown: moveVertically(lines: visibleLineCount, extending: shift)
        case .home where control: move(to: document.start, extending: shift)
        case .end where control: move(to: document.end, extending: shift)
        case .home: move(to: lineBoundary(of: cursor, end: false), extending: shift)
        case .end: move(to: lineBoundary(of: cursor, end: true), extending: shift)
        case .returnKey, .keypadEnter:
            if let target = document.link(at: cursor)?.target, !isEditable || control {
                onLinkActivated?(target)
            } else {
                guard isEditable else { return false }
                replaceSelection(with: "\n", kind: .other)
            }
        case .insert where control, _ where control && key.keysym.matches(letter: "c"):
            guard let copied = copiedText else { return false }
            host?.copy(.text(copied))
        case _ where control && key.keysym.matches(letter: "x"):
            guard isEditable, let cut = copiedText else { return false }
            host?.copy(.text(cut))
            replaceSelection(with: "", kind: .other)
        case .insert where shift, _ where control && key.keysym.matches(letter: "v"):
            guard isEditable else { return false }
            host?.paste { [weak self] pasted in
                guard let self, let pasted, !pasted.isEmpty else { return }
                replaceSelection(with: pasted, kind: .other)
            }
        case _ where control && key.keysym.matches(letter: "a"): selectAll()
        case _ where control && key.keysym.matches(letter: "z"):
            guard isEditable else { return false }
            if shift { redo() } else { undo() }
        case .backspace, .delete:
            guard isEditable else { return false }
            deleteKey(key.keysym == .delete, control: control)
        default:
            guard isEditable, !control, !key.modifiers.contains(.alt), !key.text.isEmpty,
                  !key.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
            let typed = key.text.count == 1 ? key.text.first : nil
            replaceSelection(with: key.text, kind: typed.map { .typing($0) } ?? .other)
        }
        if selection != nil, key.modifiers.contains(.shift) || control { host?.selectionDidChange(in: self) }
        return true
    }

    /// How many lines Page Up and Page Down move.
    private var visibleLineCount: Int { max(1, Int((frame.height - 2 * Self.padding) / lineHeight) - 1) }

    /// The start or end of `position`'s wrapped line.
    private func lineBoundary(of position: TextPosition, end: Bool) -> TextPosition {
        layOut(position.paragraph)
        guard let laid = layout.layout(of: position.paragraph) else { return position }
        let range = TextLayout.range(ofLine: TextLayout.line(of: position.offset, in: laid), in: laid)
        // A wrapped line ends before its breaking space, so End stays on the line.
        return TextPosition(paragraph: position.paragraph, offset: end ? TextLayout.lineEnd(range, in: laid) : range.lowerBound)
    }

    /// Up, Down, Page Up and Page Down: `lines` wrapped lines away, at the same x.
    private func moveVertically(lines: Int, extending: Bool) {
        guard let rect = lineRect(of: cursor) else { return }
        let x = goalX ?? rect.minX
        var paragraph = cursor.paragraph
        layOut(paragraph)
        guard var laid = layout.layout(of: paragraph) else { return }
        var line = TextLayout.line(of: cursor.offset, in: laid) + lines
        while line < 0 && paragraph > 0 {
            paragraph -= 1
            layOut(paragraph)
            guard let previous = layout.layout(of: paragraph) else { return }
            laid = previous
            line += laid.lineStarts.count
        }
        while line >= laid.lineStarts.count && paragraph < document.paragraphs.count - 1 {
            line -= laid.lineStarts.count
            paragraph += 1
            layOut(paragraph)
            guard let next = layout.layout(of: paragraph) else { return }
            laid = next
        }
        let target: TextPosition
        if line < 0 {
            target = document.start
        } else if line >= laid.lineStarts.count {
            target = document.end
        } else {
            target = TextPosition(paragraph: paragraph, offset: TextLayout.offset(nearestX: x, line: line, in: laid))
        }
        move(to: target, extending: extending, keepingGoalX: true)
        goalX = x
    }

    private func deleteKey(_ forward: Bool, control: Bool) {
        if selection != nil { return replaceSelection(with: "", kind: .other) }
        let other: TextPosition
        switch (forward, control) {
        case (false, false): other = document.position(before: cursor)
        case (true, false): other = document.position(after: cursor)
        case (false, true): other = document.wordStart(before: cursor)
        case (true, true): other = document.wordEnd(after: cursor)
        }
        guard other != cursor else { return }
        let sameParagraph = other.paragraph == cursor.paragraph
        let kind: EditHistory.Kind = control || !sameParagraph ? .other : forward ? .forwardDelete : .backspace
        replace(min(other, cursor)..<max(other, cursor), with: [TextParagraph()], kind: kind)
    }

    // MARK: - Editing

    /// Replaces the selection (or inserts at the cursor) with `text`, in the style typing takes there.
    func replaceSelection(with text: String, kind: EditHistory.Kind) {
        let range = selection ?? cursor..<cursor
        let style = document.paragraphs[range.lowerBound.paragraph].style(at: range.lowerBound.offset)
        // Typing at a link's end does not extend the link.
        let typedStyle = TextStyle(bold: style.isBold, italic: style.isItalic, color: style.color, link: nil)
        replace(range, with: TextDocument.pieces(of: text, style: typedStyle), kind: kind)
    }

    /// Replaces `range` with `pieces`, recorded for undo; the cursor after them.
    func replace(_ range: Range<TextPosition>, with pieces: [TextParagraph], kind: EditHistory.Kind) {
        let removed = document.fragment(range)
        history.record(TextHistory.Step(start: range.lowerBound, removed: removed, inserted: pieces,
                                        selectionBefore: (anchor, cursor)), kind: kind)
        apply(range, with: pieces)
        let end = TextDocument.end(of: pieces, insertedAt: range.lowerBound)
        let old = (anchor, cursor)
        anchor = end
        cursor = end
        goalX = nil
        selectionDidChange(from: old)
        scrollToCursor()
        onChange?(self)
    }

    /// Changes the document and its layout, and tells screen readers. A drag under way ends: its positions were the old text's.
    private func apply(_ range: Range<TextPosition>, with pieces: [TextParagraph]) {
        endPress()
        let before = madeAccessibleObject == nil ? nil : document.string
        let low = document.clamped(range.lowerBound), high = document.clamped(range.upperBound)
        document.replace(low..<high, with: pieces)
        layout.replaceParagraphs(low.paragraph...high.paragraph,
                                 withCounts: document.paragraphs[low.paragraph...(low.paragraph + max(1, pieces.count) - 1)].map(\.count))
        invalidate()
        if let object = madeAccessibleObject, let before { accessibility?.textChanged(object, from: before, to: document.string) }
    }

    func undo() {
        guard let step = history.popUndo() else { return }
        apply(step.start..<TextDocument.end(of: step.inserted, insertedAt: step.start), with: step.removed)
        restoreSelection(step.selectionBefore)
        onChange?(self)
    }

    func redo() {
        guard let step = history.popRedo() else { return }
        apply(step.start..<TextDocument.end(of: step.removed, insertedAt: step.start), with: step.inserted)
        let end = TextDocument.end(of: step.inserted, insertedAt: step.start)
        restoreSelection((end, end))
        onChange?(self)
    }

    private func restoreSelection(_ selection: (anchor: TextPosition, cursor: TextPosition)) {
        let old = (anchor, cursor)
        anchor = document.clamped(selection.anchor)
        cursor = document.clamped(selection.cursor)
        goalX = nil
        selectionDidChange(from: old)
        scrollToCursor()
    }
}
