/// Context menus on items: the delegate's menu for the item under a right
/// click, a long press in normal mode, or the focused item at the Menu key
/// or Shift+F10, shown in a popup by the window.
extension CollectionView {
    /// Asks the delegate for the menu of `item` (nil: empty space) and shows
    /// it at a window point, selecting `item` first unless it is selected
    /// (see `collectionView(_:contextMenuFor:trigger:)`). False when the
    /// delegate gives none or the view is busy with a sweep or band.
    @discardableResult
    public func showContextMenu(for item: ItemPath?, at windowPoint: Point, trigger: MenuTrigger) -> Bool {
        guard isVisible, sweepOrBandIdle, let host, let delegate else { return false }
        // The row's swipe actions are in its menu too, for a mouse and the keyboard (interaction.md §11).
        let (given, swipeActions) = menu(delegate.collectionView(self, contextMenuFor: item, trigger: trigger), addingSwipeActionsOf: item)
        guard var menu = given, !menu.items.isEmpty else { return false }
        // Named for screen readers after what it acts on, unless the app named it.
        if menu.title == nil, let item { menu.title = dataSource.title(for: item) }
        if let item { selectForMenu(item) }
        closeSwipedRow()
        // The item the swipe actions act on follows data changes while the menu is open.
        scrollMode.swipe.menuItem = item
        return host.showMenu(menu, at: windowPoint, theme: theme, trigger: trigger) { [weak self] event in
            guard let self else { return }
            if case .chosen(let id) = event, let action = swipeActions.first(where: { $0.id == id }) {
                // Gone with a data change: nothing to act on.
                if let item = scrollMode.swipe.menuItem { action.handler(item) }
                return
            }
            self.delegate?.collectionView(self, contextMenu: event)
        }
    }

    /// The Menu key or Shift+F10: the menu of the focused item, at it
    /// (scrolled into view), or of the empty view at its top-left corner.
    func showContextMenuFromKeyboard() -> Bool {
        var item = focusedItem
        if let focused = item, !(selection.itemCounts.indices.contains(focused.section)
                                 && focused.item < selection.itemCounts[focused.section]) { item = nil }
        var point = Point(x: frame.minX + 24, y: frame.minY + 24)
        if let item {
            scrollToItem(item)
            let rect = windowRect(ofContent: geometry.frame(of: item))
            if !rect.isEmpty { point = Point(x: rect.minX + min(24, rect.width / 2), y: rect.midY) }
        }
        return showContextMenu(for: item, at: point, trigger: .keyboard)
    }

    /// The item a menu acts on: a selected one keeps the selection; an
    /// unselected one becomes the selection (added to it nowhere: a menu on
    /// one item acts on that item).
    func selectForMenu(_ item: ItemPath) {
        guard !selection.isSelected(item), sweepOrBandIdle else { return }
        if isEditing && allowsMultipleSelectionDuringEditing || !isEditing && allowsMultipleSelection {
            var change = selection.deselectAll()
            change.formUnion(selection.select(item, source: .click))
            apply([.selection(change, provisional: false), .focus(item)])
        } else {
            apply([.selection(selection.select(item, source: .click), provisional: false), .focus(item)])
        }
    }
}
