import SweepAccessibility

/// A list or grid for screen readers: a list box whose children are the
/// items on screen (never a million of them), each a list item with its
/// title, secondary text, selected and focused states, its place in the
/// list (`posinset` / `setsize`), an "activate" action and its extents.
/// Selection asked for by an assistive technology goes through the path a
/// person's input takes (the delegate, the predicate, the event log).
extension CollectionView {
    /// The app's accessibility bridge, when one serves.
    var accessibility: AccessibilityBridge? { (host as? AppWindow)?.application.accessibility }

    /// The most items exposed at once (a zoomed-out grid shows many).
    static let accessibleItemLimit = 500

    func makeAccessibleObject() -> AccessibleObject? {
        let list = AccessibleObject(role: .listBox)
        list.name = { [unowned self] in accessibleLabel ?? name }
        list.states = { [unowned self] in
            var states = AccessibleStates.usable.union(.focusable)
            if isFocused { states.insert(.focused) }
            if allowsMultipleSelection || (isEditing && allowsMultipleSelectionDuringEditing) { states.insert(.multiselectable) }
            return states
        }
        list.children = { [unowned self] in visibleAccessibleItems() }
        list.extents = { [unowned self] in frame }
        list.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        list.selection = AccessibleItemSelection(view: self)
        return list
    }

    /// The items on screen, in order.
    var visibleItemPaths: [ItemPath] {
        var ranges: [ItemRange] = []
        let visible = Rect(x: 0, y: itemView.visibleOffset, width: frame.width, height: frame.height)
        viewport.layout.items(in: visible, into: &ranges)
        var items: [ItemPath] = []
        for range in ranges {
            for item in range.items where items.count < Self.accessibleItemLimit { items.append(ItemPath(section: range.section, item: item)) }
        }
        return items
    }

    /// The objects of the items on screen: kept while their items stay on screen, so their paths hold.
    func visibleAccessibleItems() -> [AccessibleObject] {
        let paths = visibleItemPaths
        let shown = Set(paths)
        accessibleItems = accessibleItems.filter { shown.contains($0.key) }
        return paths.map { item in
            if let object = accessibleItems[item] { return object }
            let object = makeAccessibleItem(item)
            accessibleItems[item] = object
            return object
        }
    }

    private func makeAccessibleItem(_ item: ItemPath) -> AccessibleObject {
        let object = AccessibleObject(role: .listItem)
        object.parent = accessibleObject
        object.name = { [unowned self] in dataSource.content(for: item).title }
        object.description = { [unowned self] in dataSource.content(for: item).secondaryText ?? "" }
        object.states = { [unowned self] in
            var states = AccessibleStates.usable.union([.selectable, .focusable])
            if selection.isSelected(item) { states.insert(.selected) }
            if isFocused && focusedItem == item { states.insert(.focused) }
            return states
        }
        object.attributes = { [unowned self] in
            let counts = selection.itemCounts
            let count = counts.indices.contains(item.section) ? counts[item.section] : 0
            return ["posinset": "\(item.item + 1)", "setsize": "\(count)"]
        }
        object.actions = [("activate", { [unowned self] in
            apply([.activate(item)])
            return true
        })]
        object.extents = { [unowned self] in windowRect(ofContent: viewport.layout.frame(of: item)) }
        object.grabFocus = { [unowned self] in
            host?.focus(self)
            setFocus(item)
            return true
        }
        return object
    }

    /// A committed selection change: one SelectionChanged for the list, and
    /// the selected state of each item on screen it changed.
    func accessibilitySelectionChanged(_ event: SelectionEvent) {
        guard !event.isProvisional, let accessibility, let list = accessibleObject else { return }
        let changed = event.change.added + event.change.removed
        for (item, object) in accessibleItems where changed.contains(where: { $0.section == item.section && $0.items.contains(item.item) }) {
            accessibility.stateChanged(object, "selected", selection.isSelected(item))
        }
        accessibility.selectionChanged(list)
    }

    /// The focus ring moved from `old` to `new`.
    func accessibilityFocusMoved(from old: ItemPath?, to new: ItemPath?) {
        guard let accessibility else { return }
        if let old, let object = accessibleItems[old] { accessibility.stateChanged(object, "focused", false) }
        if let new {
            if accessibleItems[new] == nil { _ = visibleAccessibleItems() }   // scrolled into view: make its object
            if let object = accessibleItems[new] { accessibility.stateChanged(object, "focused", true) }
        }
    }
}

/// The Selection interface of a list or grid, over its items on screen.
@MainActor
final class AccessibleItemSelection: AccessibleSelection {
    private unowned let view: CollectionView

    init(view: CollectionView) {
        self.view = view
    }

    private func item(at index: Int) -> ItemPath? {
        let items = view.visibleItemPaths
        return items.indices.contains(index) ? items[index] : nil
    }

    func selectedChildren() -> [AccessibleObject] {
        view.visibleAccessibleItems().enumerated().filter { view.selection.isSelected(view.visibleItemPaths[$0.offset]) }.map(\.element)
    }

    func selectChild(at index: Int) -> Bool {
        guard let item = item(at: index) else { return false }
        if !view.selection.isSelected(item) {
            view.apply([.selection(view.selection.select(item, source: .accessibility), provisional: false), .focus(item)])
        }
        return view.selection.isSelected(item)
    }

    func deselectChild(at index: Int) -> Bool {
        guard let item = item(at: index) else { return false }
        if view.selection.isSelected(item) {
            view.apply([.selection(view.selection.deselect(item, source: .accessibility), provisional: false)])
        }
        return !view.selection.isSelected(item)
    }

    func selectAll() -> Bool {
        view.enterEditingForMultipleSelection()
        view.apply([.selection(view.selection.selectAll(), provisional: false)])
        return view.selectedCount == view.itemCount
    }

    func clearSelection() -> Bool {
        view.apply([.selection(view.selection.deselectAll(), provisional: false)])
        return view.selectedCount == 0
    }
}
