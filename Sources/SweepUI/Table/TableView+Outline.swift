import SweepGeometry
import SweepInput
import SweepViews

/// An outline table's rows opening and closing: by the disclosure
/// triangle, by keys, and by the app.
extension TableView {
    /// How far each level indents the first column.
    static var indentPerLevel: Double { 16 }
    /// The triangle's room before the first column's text.
    static var disclosureWidth: Double { 18 }

    /// Expands the row `id` names (loading its children if they are not),
    /// with `levels` more levels under it (`*` opens 16).
    public func expand(_ id: Row.ID, levels: Int = 0) {
        guard let index = shownIndex(of: id) else { return }
        expandRow(atSourceIndex: index, levels: levels)
    }

    /// Expands the row at source index `index`.
    func expandRow(atSourceIndex index: Int, levels: Int = 0) {
        guard let tree, let row = row(atSourceIndex: index) else { return }
        tree.expand(row, levels: max(0, levels), changed: { [weak self] change in self?.outlineChanged(change, hint: index) },
                    failed: { [weak self] row, error in self?.onChildrenError?(row, error) })
    }

    /// Where the row `id` names is among the shown rows (`hint` first).
    private func shownIndex(of id: Row.ID, hint: Int? = nil) -> Int? {
        let rows = source.rows
        guard let hint, rows.indices.contains(hint) else { return rows.firstIndex { $0.id == id } }
        // Rows opened under the hinted one (`*`) follow it: the search starts there.
        return rows[hint...].firstIndex { $0.id == id } ?? rows[..<hint].firstIndex { $0.id == id }
    }

    /// Shows what opened under a row, or hides what was under a row that closed.
    private func outlineChanged(_ change: OutlineTree<Row>.Change, hint: Int?) {
        let id: Row.ID
        switch change {
        case .opened(let opened):
            id = opened
            showSubtree(of: opened, hint: hint)
        case .closed(let closed):
            id = closed
            hideSubtree(of: closed, hint: hint)
        }
        if let index = shownIndex(of: id, hint: hint), let shown = shownRows.row(showing: index) {
            collectionView.accessibilityExpansionChanged(of: ItemPath(item: shown), expanded: isExpanded(id))
        }
        measuredWidths = [:]
        geometryCache = nil
        invalidate()
    }

    /// Inserts an open row's subtree under it (when it shows, and nothing shows under it yet).
    private func showSubtree(of id: Row.ID, hint: Int?) {
        guard let tree, let index = shownIndex(of: id, hint: hint), tree.depths.indices.contains(index) else { return }
        let depth = tree.depths[index]
        if index + 1 < tree.depths.count, tree.depths[index + 1] > depth { return }
        let (rows, depths) = tree.subtree(of: source.rows[index], depth: depth, ancestors: ancestorIDs(of: index),
                                          order: { [unowned self] group in order(of: group) })
        guard !rows.isEmpty else { return }
        // The rows below slide down to make room as the subtree fades in (interaction.md §11).
        collectionView.prepareChangeAnimation()
        // The depths first: the view reloads as the rows are told.
        tree.depths.insert(contentsOf: depths, at: index + 1)
        source.insertRows(rows, at: index + 1)
        if isIncluded != nil { showOrder() }
    }

    /// Removes the rows under a row that closed.
    private func hideSubtree(of id: Row.ID, hint: Int?) {
        guard let tree, let index = shownIndex(of: id, hint: hint), tree.depths.indices.contains(index) else { return }
        let depth = tree.depths[index]
        var end = index + 1
        while end < tree.depths.count && tree.depths[end] > depth { end += 1 }
        guard end > index + 1 else { return }
        // The subtree fades out under the rows below sliding up.
        collectionView.prepareChangeAnimation()
        tree.depths.removeSubrange(index + 1..<end)
        source.removeRows(index + 1..<end)
        if isIncluded != nil { showOrder() }
    }

    /// The identifiers of the rows above source index `index` in the tree, root first.
    private func ancestorIDs(of index: Int) -> [Row.ID] {
        guard let tree, tree.depths.indices.contains(index) else { return [] }
        var ids: [Row.ID] = [], level = tree.depths[index], row = index - 1
        while level > 0 && row >= 0 {
            if tree.depths[row] < level, let ancestor = self.row(atSourceIndex: row) {
                ids.append(ancestor.id)
                level = tree.depths[row]
            }
            row -= 1
        }
        return ids.reversed()
    }

    /// Collapses the row `id` names (with `recursively`, the rows under it too).
    public func collapse(_ id: Row.ID, recursively: Bool = false) {
        guard let tree, tree.isExpanded(id) else { return }
        // The focus on a row that goes away moves up to the row that closes, as in file managers.
        if let focus = collectionView.focusedItem, let shown = shownRows.row(showing: source.rows.firstIndex { $0.id == id } ?? -1),
           focus.item > shown, isDescendant(focus.item, of: shown) {
            collectionView.setFocus(ItemPath(item: shown))
        }
        tree.collapse(id, recursively: recursively)
        outlineChanged(.closed(id), hint: nil)
    }

    /// Whether the row `id` names is expanded.
    public func isExpanded(_ id: Row.ID) -> Bool { tree?.isExpanded(id) ?? false }

    /// How deep the row shown as `item` is in the outline (0: a root).
    public func depth(at item: ItemPath) -> Int {
        guard let tree, let index = shownRows.sourceItem(atRow: item.item), tree.depths.indices.contains(index) else { return 0 }
        return tree.depths[index]
    }

    /// Reads the children of `id` again (a folder changed): an open row keeps
    /// showing the old ones until the new arrive, which then take their
    /// place, the selection and the focus kept on the rows that stay, and
    /// `then` is called; a closed row's are read at its next opening.
    public func reloadChildren(of id: Row.ID, then done: (() -> Void)? = nil) {
        guard let tree else { return }
        guard tree.isExpanded(id), let row = shownIndex(of: id).flatMap(row(atSourceIndex:)) else { return tree.forgetChildren(of: id) }
        tree.reload(row, arrived: { [weak self] in
            self?.reshowTree()
            done?()
        }, failed: { [weak self] row, error in self?.onChildrenError?(row, error) })
    }

    /// Selects the row `id` names alone, focuses it and scrolls to it (a file just renamed).
    public func selectOnly(_ id: Row.ID) {
        guard let index = shownIndex(of: id), let shown = shownRows.row(showing: index) else { return }
        moveFocus(to: shown)
    }

    /// Whether shown row `row` is under shown row `ancestor` (deeper, with no row between as shallow).
    private func isDescendant(_ row: Int, of ancestor: Int) -> Bool {
        let level = depth(at: ItemPath(item: ancestor))
        return (ancestor + 1...row).allSatisfy { depth(at: ItemPath(item: $0)) > level }
    }

    /// The disclosure state of the row at source index `index`, for drawing.
    func disclosure(atSourceIndex index: Int) -> (depth: Int, expandable: Bool, expanded: Bool, loading: Bool)? {
        guard let tree, let row = row(atSourceIndex: index) else { return nil }
        let depth = tree.depths.indices.contains(index) ? tree.depths[index] : 0
        return (depth, tree.hasChildren(row), tree.isExpanded(row.id), tree.isLoading(row.id))
    }

    /// Where the triangle of a row at `depth` is, across the first shown column.
    func disclosureOffset(depth: Int) -> Double {
        // Deep trees stop indenting at 40 levels: the names stay on screen.
        TableRowRenderer<Row>.cellInset + Double(min(depth, 40)) * Self.indentPerLevel
    }

    /// A click or tap on a row's triangle: it opens or closes.
    func toggleRow(at item: ItemPath) -> Bool {
        guard let row = row(at: item), tree?.hasChildren(row) == true, let index = shownRows.sourceItem(atRow: item.item) else { return false }
        if isExpanded(row.id) { collapse(row.id) } else { expandRow(atSourceIndex: index) }
        return true
    }

    /// F2 on the focused row (renaming), and Right, Left, `*` and Alt+Right/Left on the focused row of an outline.
    func handleOutlineKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .f2 && key.modifiers.isEmpty, onRename != nil, let focus = collectionView.focusedItem {
            beginRenaming(at: focus)
            return true
        }
        guard tree != nil, let focus = collectionView.focusedItem, let row = row(at: focus) else { return false }
        let mods = key.modifiers
        let asterisk = key.keysym == KeySym(rawValue: 0x2a) || key.keysym == KeySym(rawValue: 0xffaa)
        switch key.keysym {
        case _ where asterisk || (key.keysym == .right && mods == .alt):
            expand(row.id, levels: OutlineTree<Row>.deepestExpansion)
        case .left where mods == .alt:
            collapse(row.id, recursively: true)
        case .right where mods.isEmpty:
            if tree?.hasChildren(row) == true && !isExpanded(row.id) {
                expand(row.id)
            } else if isExpanded(row.id), depth(at: ItemPath(item: focus.item + 1)) > depth(at: focus), focus.item + 1 < shownRows.rowCount {
                moveFocus(to: focus.item + 1)
            }
        case .left where mods.isEmpty:
            if isExpanded(row.id) {
                collapse(row.id)
            } else {
                // To the parent: the nearest row above that is one level up.
                let level = depth(at: focus)
                guard level > 0, let parent = (0..<focus.item).reversed().first(where: { depth(at: ItemPath(item: $0)) < level }) else { return true }
                moveFocus(to: parent)
            }
        default:
            return false
        }
        return true
    }

    /// Focuses and selects the shown row `row`, as an arrow key would, and scrolls to it.
    private func moveFocus(to row: Int) {
        let item = ItemPath(item: row)
        collectionView.selectRanges([ItemRange(section: 0, items: row...row)])
        collectionView.setFocus(item)
        collectionView.itemView.scroll(toReveal: item)
    }
}
