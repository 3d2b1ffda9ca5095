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
        list.description = { [unowned self] in accessibleDescription ?? "" }
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
        for (item, object) in accessibleItems where !shown.contains(item) { accessibleRefs[object.id] = nil }
        accessibleItems = accessibleItems.filter { shown.contains($0.key) }
        return paths.map { item in
            if let object = accessibleItems[item] { return object }
            let object = makeAccessibleItem(item)
            accessibleItems[item] = object
            return object
        }
    }

    private func makeAccessibleItem(_ path: ItemPath) -> AccessibleObject {
        // The item it stands for, moved when data changes move the item (the object's path stays).
        let ref = AccessibleItemRef(path)
        let object = AccessibleObject(role: .listItem)
        accessibleRefs[object.id] = ref
        object.parent = accessibleObject
        object.name = { [unowned self] in dataSource.accessibleName(for: ref.path) ?? dataSource.content(for: ref.path).title }
        object.description = { [unowned self] in dataSource.content(for: ref.path).secondaryText ?? "" }
        object.states = { [unowned self] in
            var states = AccessibleStates.usable.union([.selectable, .focusable])
            if selection.isSelected(ref.path) { states.insert(.selected) }
            if isFocused && focusedItem == ref.path { states.insert(.focused) }
            return states
        }
        object.attributes = { [unowned self] in
            let counts = selection.itemCounts
            let item = ref.path
            let count = counts.indices.contains(item.section) ? counts[item.section] : 0
            return ["posinset": "\(item.item + 1)", "setsize": "\(count)"]
        }
        object.actions = [("activate", { [unowned self] in
            apply([.activate(ref.path)])
            return true
        })]
        object.extents = { [unowned self] in windowRect(ofContent: viewport.layout.frame(of: ref.path)) }
        object.grabFocus = { [unowned self] in
            host?.focus(self)
            setFocus(ref.path)
            return true
        }
        return object
    }

    /// The items changed: each exposed item's object follows its item
    /// (`map`: where an item is now, nil when deleted) or, deleted or with no
    /// map (a reload), becomes defunct and leaves the list, as announced.
    func accessibilityItemsChanged(map: ((ItemPath) -> ItemPath?)?) {
        guard !accessibleItems.isEmpty else { return }
        var kept: [ItemPath: AccessibleObject] = [:]
        for (item, object) in accessibleItems {
            if let moved = map?(item) {
                accessibleRefs[object.id]?.path = moved
                kept[moved] = object
            } else {
                retire(object)
            }
        }
        accessibleItems = kept
    }

    /// The items' content changed in place (reconfigured): their names may have.
    func accessibilityNamesChanged() {
        guard let accessibility else { return }
        for object in accessibleItems.values { accessibility.nameChanged(object) }
    }

    /// An item's object is done: defunct, announced, forgotten.
    private func retire(_ object: AccessibleObject) {
        object.states = { [.defunct] }
        object.actions = []
        accessibleRefs[object.id] = nil
        guard let accessibility, let list = accessibleObject else { return }
        accessibility.stateChanged(object, "defunct", true)
        accessibility.childrenChanged(list, added: false, index: 0, child: object)
    }

    /// After a frame that scrolled: items that left the screen leave the
    /// list, items that came on join it, each announced (screen readers
    /// cache children). Only once a reader has asked for the children.
    func accessibilityScrolled() {
        guard let accessibility, let list = accessibleObject, !accessibleItems.isEmpty else { return }
        let visible = visibleItemPaths
        let shown = Set(visible)
        for (item, object) in accessibleItems where !shown.contains(item) {
            accessibleItems[item] = nil
            accessibleRefs[object.id] = nil
            accessibility.childrenChanged(list, added: false, index: 0, child: object)
        }
        let added = visible.enumerated().filter { accessibleItems[$0.element] == nil }
        let children = visibleAccessibleItems()
        for (index, _) in added { accessibility.childrenChanged(list, added: true, index: index, child: children[index]) }
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

/// The item an accessible item object stands for now.
final class AccessibleItemRef {
    var path: ItemPath
    init(_ path: ItemPath) { self.path = path }
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
