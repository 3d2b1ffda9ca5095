/// A text view's undo and redo stacks: each step is an edit (what was
/// removed and inserted at a place) with the selection from before it, so a
/// megabyte of text costs nothing to keep. Typing is grouped by word and
/// runs of Backspace or Delete are one step, as in `EditHistory`.
struct TextHistory: Sendable {
    struct Step: Sendable {
        var start: TextPosition
        var removed: [TextParagraph]
        var inserted: [TextParagraph]
        var selectionBefore: (anchor: TextPosition, cursor: TextPosition)
    }

    static let depth = 200

    private var undoStack: [Step] = []
    private var redoStack: [Step] = []
    /// The step the next edit may join, and how: typing ending where, or deleting from where.
    private var group: (kind: EditHistory.Kind, end: TextPosition)?

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    mutating func closeGroup() { group = nil }

    mutating func clear() {
        undoStack.removeAll()
        redoStack.removeAll()
        group = nil
    }

    /// Records an edit that replaced `removed` at `start` with `inserted`.
    mutating func record(_ step: Step, kind: EditHistory.Kind) {
        redoStack.removeAll()
        if let group, var last = undoStack.last, joins(kind, group: group, step: step) {
            switch kind {
            case .typing:
                last.inserted[last.inserted.count - 1].append(step.inserted[0])
            case .backspace:
                // The character removed now stands before those removed so far.
                var removed = step.removed[0]
                removed.append(last.removed[0])
                last.removed = [removed]
                last.start = step.start
            case .forwardDelete:
                last.removed[0].append(step.removed[0])
            case .other:
                break
            }
            undoStack[undoStack.count - 1] = last
        } else {
            undoStack.append(step)
            if undoStack.count > Self.depth { undoStack.removeFirst(undoStack.count - Self.depth) }
        }
        switch kind {
        case .typing: group = (kind, TextDocument.end(of: step.inserted, insertedAt: step.start))
        case .backspace, .forwardDelete: group = (kind, step.start)
        case .other: group = nil
        }
    }

    private func joins(_ kind: EditHistory.Kind, group: (kind: EditHistory.Kind, end: TextPosition), step: Step) -> Bool {
        guard step.removed.count == 1, step.inserted.count == 1 else { return false }
        switch (group.kind, kind) {
        case let (.typing(last), .typing(typed)):
            return step.start == group.end && step.removed[0].count == 0 && !(typed.isWhitespace && !last.isWhitespace)
        case (.backspace, .backspace):
            return step.start.paragraph == group.end.paragraph && step.start.offset + 1 == group.end.offset
        case (.forwardDelete, .forwardDelete):
            return step.start == group.end
        default:
            return false
        }
    }

    /// The step to undo (its inverse is then redo's).
    mutating func popUndo() -> Step? {
        guard let step = undoStack.popLast() else { return nil }
        redoStack.append(step)
        group = nil
        return step
    }

    mutating func popRedo() -> Step? {
        guard let step = redoStack.popLast() else { return nil }
        undoStack.append(step)
        group = nil
        return step
    }
}
