import SweepGeometry
import SweepGraphics
import SweepInput
import SweepViews

/// Renaming in place (Finder's, Nautilus's): F2, or a second click on the
/// name of the one selected, focused row after the double-click time, opens
/// a `TextField` over the name's cell with the name selected (without its
/// extension). Enter asks `onRename`: nil accepts, a message refuses and is
/// shown under the cell with the editor left open. Escape, a click
/// elsewhere (or the focus going anywhere else) cancels: nothing is renamed
/// that the person did not confirm with Enter (Nautilus commits on a click
/// elsewhere; a lost edit is easier to redo than an unwanted rename is to
/// undo). While the editor is open, typing goes to it (no type-ahead) and
/// the band, the sweeps and dragging are off; the selection stays.
extension TableView {
    /// What renaming in place is doing.
    enum RenameState {
        case idle
        /// A click on the focused row's name, waiting out the double-click time.
        case pending(token: Int)
        /// The editor is open over `id`'s cell in `column` (fixed when it opened);
        /// `message` is why Enter was refused.
        case editing(id: Row.ID, column: String, message: String?)
    }

    /// Whether a row's name is being edited now.
    public var isEditingName: Bool {
        if case .editing = renameState { return true }
        return false
    }

    /// The column whose text is renamed: the one the editor opened over while
    /// it is open; else `renameColumn`'s, else the first shown one.
    var renamedColumn: TableColumn<Row>? {
        if case .editing(_, let column, _) = renameState { return shownColumns.first { $0.id == column } }
        return renameColumn.flatMap { id in shownColumns.first { $0.id == id } } ?? shownColumns.first
    }

    /// Opens the editor over the name of the row shown as `item` (F2 does
    /// this for the focused row). Nothing happens without `onRename`.
    public func beginRenaming(at item: ItemPath) {
        guard onRename != nil, let row = row(at: item), let column = renamedColumn, host != nil else { return }
        finishRenaming()
        revealNow(item)
        let text = column.text(row)
        nameEditor.text = text
        // Input methods and on-screen keyboards: a name, nothing corrected or capitalized.
        nameEditor.contentType = .fileName
        // The name without its extension, as file managers select it ("photo" of "photo.jpg").
        let characters = Array(text)
        let dot = characters.lastIndex(of: ".").flatMap { $0 > 0 ? $0 : nil }
        nameEditor.select(0..<(dot ?? characters.count))
        renameState = .editing(id: row.id, column: column.id, message: nil)
        guard let frame = nameEditorFrame() else { return finishRenaming() }
        nameEditor.setFrame(frame)
        nameEditor.isVisible = true
        collectionView.setSelectionGesturesEnabled(false)
        host?.focus(nameEditor)
        // A window that would not give the editor the keyboard (keys would reach the rows): no edit.
        if let window = host as? AppWindow, !window.isFocused(nameEditor) { return finishRenaming() }
        invalidate()
    }

    /// While renaming: scrolls the renamed row into sight and puts the editor over it again (the
    /// table was laid out anew, lower say, when an on-screen keyboard took the bottom of the screen).
    func keepRenamedRowInSight() {
        guard case .editing(let id, _, _) = renameState, let index = shownIndexOfRow(id),
              let shown = shownRows.row(showing: index) else { return }
        revealNow(ItemPath(item: shown))
        placeNameEditor()
    }

    /// Scrolls at once so `item` shows whole (the editor is placed over it now, not after a glide).
    private func revealNow(_ item: ItemPath) {
        let view = collectionView.itemView, rect = view.layout.frame(of: item), offset = view.scroll.offset
        if rect.minY < offset {
            view.scrollImmediately(to: rect.minY)
        } else if rect.maxY > offset + view.frame.height {
            view.scrollImmediately(to: rect.maxY - view.frame.height)
        }
        collectionView.setNeedsDisplay()
    }

    /// Closes the editor without renaming.
    public func cancelRenaming() { finishRenaming() }

    /// Enter: the app renames, or says why not.
    func commitRenaming() {
        guard case .editing(let id, let columnID, _) = renameState, let index = shownIndexOfRow(id), let row = row(atSourceIndex: index),
              let column = renamedColumn else { return finishRenaming() }
        let name = nameEditor.text
        // The name as it was: nothing to do (a name shown lossily, say, is never written back).
        guard name != column.text(row) else { return finishRenaming() }
        if let message = onRename?(row, name) {
            renameState = .editing(id: id, column: columnID, message: message)
            nameEditor.accessibleDescription = message
            invalidate()
            return
        }
        finishRenaming()
    }

    /// Hides the editor, gives the keyboard back to the rows and the gestures back to the view.
    func finishRenaming() {
        let wasEditing = isEditingName
        renameState = .idle
        guard wasEditing else { return }
        nameEditor.isVisible = false
        nameEditor.accessibleDescription = nil
        collectionView.setSelectionGesturesEnabled(true)
        if let host, host.isFocused(nameEditor) { host.focus(collectionView) }
        invalidate()
    }

    /// Where the editor goes: over the renamed column's text in the row's cell, within the rows' frame.
    func nameEditorFrame() -> Rect? {
        guard case .editing(let id, _, _) = renameState, let column = renamedColumn,
              let position = shownColumns.firstIndex(where: { $0.id == column.id }), let index = shownIndexOfRow(id),
              let shown = shownRows.row(showing: index), position < columnGeometry.starts.count else { return nil }
        let rowRect = collectionView.itemView.windowRect(of: ItemPath(item: shown))
        var left = collectionView.frame.minX + columnsOrigin + columnGeometry.starts[position]
        var width = columnGeometry.widths[position]
        var lead = 2.0
        if position == 0, let disclosure = disclosure(atSourceIndex: index) {
            lead += disclosureOffset(depth: disclosure.depth) + Self.disclosureWidth - TableRowRenderer<Row>.cellInset
        }
        if let row = row(atSourceIndex: index), column.image?(row) != nil { lead += min(24, rowRect.height - 8) + 6 }
        left += lead
        width -= lead + 2
        // Inside the rows (not over the header, the sidebar), and only while the row shows whole enough to type in.
        let frame = Rect(x: left, y: rowRect.minY, width: max(40, width), height: rowRect.height).intersection(collectionView.frame)
        return frame.width >= 24 && frame.height >= rowRect.height / 2 ? frame : nil
    }

    /// Puts the editor over its row again after a frame (the rows scrolled, the columns moved);
    /// a row gone, scrolled out of sight or its column hidden cancels the edit.
    func placeNameEditor() {
        guard isEditingName else { return }
        guard case .editing(let id, _, _) = renameState, shownIndexOfRow(id) != nil, renamedColumn != nil,
              let frame = nameEditorFrame() else { return finishRenaming() }
        guard frame != nameEditor.frame else { return }
        host?.invalidate(Region(nameEditor.frame.union(messageFrame(under: nameEditor.frame) ?? .zero)))
        nameEditor.setFrame(frame)
        host?.invalidate(Region(frame.union(messageFrame(under: frame) ?? .zero)))
    }

    /// Where a refusal's message shows: under the editor, inside the rows.
    func messageFrame(under editor: Rect) -> Rect? {
        guard case .editing(_, _, _?) = renameState, !editor.isEmpty else { return nil }
        let width = min(max(editor.width, 160), collectionView.frame.maxX - editor.minX)
        let below = editor.maxY + 26 <= collectionView.frame.maxY
        return Rect(x: editor.minX, y: below ? editor.maxY : editor.minY - 26, width: max(0, width), height: 26)
    }

    /// The refusal's message under the editor, in a warning pill.
    func drawRenameMessage(in canvas: Canvas) {
        guard case .editing(_, _, let message?) = renameState, let rect = messageFrame(under: nameEditor.frame) else { return }
        canvas.fillRoundedRect(rect, radius: 6, color: MenuPopup.destructiveRed)
        canvas.drawText(message, at: Point(x: rect.minX + 8, y: rect.midY - canvas.metrics(for: .caption).lineHeight / 2), role: .caption,
                        color: .white, maxWidth: max(0, rect.width - 16))
    }

    /// A click in the rows: on the name of the row that was already the one
    /// selected and focused, renaming starts after the double-click time
    /// (a second click in that time is a double click, which activates).
    func rowsWillClick(at point: Point, modifiers: Modifiers) {
        renameClicks &+= 1
        let now = host?.now ?? 0
        // The second click of a double click activates: it starts no rename.
        let isSecondOfDouble = lastRowClick.map { now - $0 <= collectionView.doubleClickInterval } ?? false
        lastRowClick = isSecondOfDouble ? nil : now
        guard !isSecondOfDouble, onRename != nil, modifiers.isDisjoint(with: [.shift, .control]), !isEditingName,
              let item = collectionView.itemView.item(at: Point(x: point.x + collectionView.frame.minX, y: point.y + collectionView.frame.minY)),
              collectionView.focusedItem == item, collectionView.selectedCount == 1, collectionView.isSelected(item),
              let text = nameTextFrame(of: item), text.contains(Point(x: point.x + collectionView.frame.minX, y: point.y + collectionView.frame.minY)),
              let host else { return }
        let token = renameClicks
        renameState = .pending(token: token)
        host.schedule(after: collectionView.doubleClickInterval) { [weak self] in
            guard let self, case .pending(let pending) = renameState, pending == token, renameClicks == token,
                  collectionView.focusedItem == item, collectionView.selectedCount == 1 else { return }
            // The keyboard went elsewhere meanwhile (a click in a text field): no rename takes it back.
            if let window = host as? AppWindow, !window.isFocused(collectionView) { return renameState = .idle }
            renameState = .idle
            beginRenaming(at: item)
        }
    }

    /// The name's text in a row (window coordinates): the renamed column's cell after its picture and indent.
    private func nameTextFrame(of item: ItemPath) -> Rect? {
        guard let column = renamedColumn, let position = shownColumns.firstIndex(where: { $0.id == column.id }),
              let row = row(at: item), position < columnGeometry.starts.count else { return nil }
        let rowRect = collectionView.itemView.windowRect(of: item)
        var left = collectionView.frame.minX + columnsOrigin + columnGeometry.starts[position] + TableRowRenderer<Row>.cellInset
        if position == 0, let index = shownRows.sourceItem(atRow: item.item), let disclosure = disclosure(atSourceIndex: index) {
            left += disclosureOffset(depth: disclosure.depth) + Self.disclosureWidth - TableRowRenderer<Row>.cellInset
        }
        if column.image?(row) != nil { left += min(24, rowRect.height - 8) + 6 }
        let width = min(TextMeasure.width(of: column.text(row), role: .body, scale: host?.scale ?? 1, family: host?.fontFamily),
                        max(0, collectionView.frame.minX + columnsOrigin + columnGeometry.starts[position] + columnGeometry.widths[position] - left))
        return Rect(x: left, y: rowRect.minY, width: max(width, 8), height: rowRect.height)
    }

    /// Where the row `id` names is among `rows` (its source index).
    func shownIndexOfRow(_ id: Row.ID) -> Int? { source.rows.firstIndex { $0.id == id } }
}
