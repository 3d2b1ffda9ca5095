import SweepUI

/// Drag and drop in the list and the grid: the selection drags out as text
/// (its titles) and, when the items are paths (`--items` of files), as a
/// `text/uri-list`; a move that another app finished deletes them (Ctrl+Z
/// puts them back). A `text/uri-list` or text dropped in from another app
/// adds an item a line where it lands. In editing mode, dragging selected
/// items inside a view moves them there, in both views.
extension DemoApp {
    func installDragAndDrop(in pane: DemoPane) {
        let view = pane.view
        view.allowsReordering = true
        pane.logger.dragData = { [unowned self, unowned view] ranges in dragData(for: ranges, in: view) }
        pane.logger.onDragEnd = { [unowned self, unowned view] event, ranges in
            if event == .finished(.move) { deleteDragged(ranges, from: view) }
        }
        pane.logger.dropProposal = { drop, _ in DemoApp.proposal(for: drop) }
        pane.logger.onDrop = { [unowned self, unowned view] data, mime, location in dropped(data, mime: mime, at: location, in: view) }
        pane.logger.onMove = { [unowned self, unowned view] ranges, destination in move(ranges, to: destination, in: view) }
    }

    private func dragData(for ranges: [ItemRange], in view: CollectionView) -> DragData? {
        let source = view.dataSource
        var types: [(mimeType: String, content: ClipboardContent?)] = [
            ("text/plain;charset=utf-8", .lines(of: ranges) { source.copiedText(for: $0) }),
        ]
        // Items that are absolute paths go out as files too, first (file managers take those).
        if let first = ranges.first, source.copiedText(for: first.first).hasPrefix("/") {
            types.insert(("text/uri-list", .lines(of: ranges, terminator: "\r\n") { FileURI.encode(source.copiedText(for: $0)) }), at: 0)
        }
        return DragData(types: types, actions: [.copy, .move])
    }

    /// Other apps' files and text; the views' own items only reorder (the view does that).
    private static func proposal(for drop: DropSession) -> DropProposal? {
        guard !drop.isFromThisApp else { return nil }
        for type in ["text/uri-list", "text/plain;charset=utf-8", "text/plain"] where drop.types.contains(type) {
            return DropProposal(mimeType: type, actions: [.copy, .move], preferredAction: .copy, intent: .insert)
        }
        return nil
    }

    private func dropped(_ data: [UInt8]?, mime: String, at location: DropLocation, in view: CollectionView) {
        guard let data else {
            log?.log(view: view.name, event: "error", ["message": .string("the drop could not be read (over 64 MiB, or the other app stopped sending)")])
            return
        }
        let titles: [String]
        if mime == "text/uri-list" {
            titles = FileURI.lines(of: data).map { line in FileURI.decode(line).map { String(decoding: $0, as: UTF8.self) } ?? line }
        } else {
            titles = data.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0.last == 13 ? $0.dropLast() : $0, as: UTF8.self) }
                .filter { !$0.isEmpty }
        }
        guard let positions = items.add(titles, at: location.insertion.item) else { return }
        applyToItemViews(.insert(ItemRange(section: 0, items: positions)))
        log?.log(view: view.name, event: "drop", ["count": .int(titles.count), "mime": .string(mime), "at": .int(positions.lowerBound)])
    }

    /// A reorder in `view`: the store moves the rows, the other view hears the batch (`view` applies it itself).
    private func move(_ ranges: [ItemRange], to destination: ItemPath, in view: CollectionView) -> Bool {
        guard destination.section == 0, ranges.allSatisfy({ $0.section == 0 }),
              let placed = items.move(ranges.map(\.items), to: destination.item) else { return false }
        for other in itemViews where other !== view {
            do { try other.performBatchUpdates(.moving(ranges, to: destination)) } catch { other.reloadData(keepingSelection: false) }
        }
        log?.log(view: view.name, event: "move", ["count": .int(placed.count), "to": .int(placed.lowerBound)])
        return true
    }

    /// Another app took the dragged items (a move): they go from both views, as a delete that Ctrl+Z undoes.
    private func deleteDragged(_ ranges: [ItemRange], from view: CollectionView) {
        let rows = items.delete(ranges.map(\.items))
        undoStack.append(Deletion(rows: rows, view: view))
        applyToItemViews(.delete(ranges))
        log?.log(view: view.name, event: "delete", ["count": .int(rows.count)])
    }
}
