import SweepAccessibility
import SweepGeometry
import SweepViews

/// A list or grid for screen readers: a list box whose children are the
/// section headers and items on screen (never a million of them), each
/// item a list item with its title, secondary text, selected, checked and
/// focused states, its place in its section (`posinset` / `setsize`), an
/// "activate" action and its extents. The focused item is always among
/// them, on screen or not. Selection asked for by an assistive technology
/// goes through the path a person's input takes (the delegate, the
/// predicate, the event log).
extension CollectionView {
    /// The app's accessibility bridge, when one serves.
    var accessibility: AccessibilityBridge? { (host as? AppWindow)?.application.accessibility }

    /// The most items exposed at once (a zoomed-out grid shows many).
    static let accessibleItemLimit = 500

    func makeAccessibleObject() -> AccessibleObject? {
        let list = AccessibleObject(role: accessibleRole)
        list.name = { [unowned self] in accessibleLabel ?? titleForAccessibility ?? name }
        list.description = { [unowned self] in accessibleDescription ?? "" }
        list.states = { [unowned self] in
            var states = AccessibleStates.usable.union(.focusable)
            if isFocused { states.insert(.focused) }
            // Several items can be selected whenever some path of a person's selects them: Shift or
            // Ctrl with a click or arrow, a band or a sweep enter editing mode on their own.
            if allowsMultipleSelection || allowsMultipleSelectionDuringEditing { states.insert(.multiselectable) }
            return states
        }
        list.children = { [unowned self] in exposedAccessibleObjects() }
        list.extents = { [unowned self] in frame }
        list.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        list.selection = AccessibleItemSelection(view: self)
        return list
    }

    /// The headers and items on screen in order, with the focused item wherever it is.
    var exposedChildren: [AccessibleChild] {
        let visible = Rect(x: 0, y: itemView.visibleOffset, width: frame.width, height: frame.height)
        let layout = viewport.layout
        var ranges: [ItemRange] = []
        layout.items(in: visible, into: &ranges)
        var children: [AccessibleChild] = []
        var headers = visibleHeaders(in: visible)[...]
        for range in ranges {
            while let header = headers.first, header <= range.section {
                children.append(.header(header))
                headers = headers.dropFirst()
            }
            for item in range.items where children.count < Self.accessibleItemLimit {
                children.append(.item(ItemPath(section: range.section, item: item)))
            }
        }
        children += headers.map(AccessibleChild.header)
        if isFocused, let focus = focusedItem, !children.contains(.item(focus)) {
            // Off screen, the focused item is still where a screen reader's attention is.
            children.insert(.item(focus), at: children.firstIndex { $0 > .item(focus) } ?? children.endIndex)
        }
        return children
    }

    /// The sections whose titled headers show in `visible` (content coordinates).
    private func visibleHeaders(in visible: Rect) -> [Int] {
        guard let sections = viewport.layout.sections(in: visible) else { return [] }
        var headers: [Int] = []
        for section in sections.prefix(Self.accessibleItemLimit) {
            guard let frame = viewport.layout.headerFrame(ofSection: section), frame.height > 0, frame.intersects(visible),
                  dataSource.headerTitle(forSection: section) != nil else { continue }
            headers.append(section)
        }
        return headers
    }

    /// The objects of the exposed children: kept while their children stay exposed, so their paths hold.
    func exposedAccessibleObjects() -> [AccessibleObject] {
        let children = exposedChildren
        let shown = Set(children)
        for (child, object) in accessibleChildren where !shown.contains(child) { accessibleRefs[object.id] = nil }
        accessibleChildren = accessibleChildren.filter { shown.contains($0.key) }
        return children.map { child in
            if let object = accessibleChildren[child] { return object }
            let object: AccessibleObject
            switch child {
            case .header(let section): object = makeAccessibleHeader(section)
            case .item(let item): object = makeAccessibleItem(item)
            }
            accessibleChildren[child] = object
            return object
        }
    }

    private func makeAccessibleHeader(_ section: Int) -> AccessibleObject {
        let header = AccessibleObject(role: .heading)
        header.parent = accessibleObject
        header.name = { [unowned self] in dataSource.headerTitle(forSection: section) ?? "" }
        header.text = { [unowned header] in header.name() }
        header.attributes = { ["level": "2"] }
        header.extents = { [unowned self] in
            windowRect(ofContent: viewport.layout.headerFrame(ofSection: section) ?? .zero)
        }
        return header
    }

    private func makeAccessibleItem(_ path: ItemPath) -> AccessibleObject {
        // The item it stands for, moved when data changes move the item (the object's path stays).
        let ref = AccessibleItemRef(path)
        let object = AccessibleObject(role: accessibleItemRole)
        accessibleRefs[object.id] = ref
        object.parent = accessibleObject
        object.name = { [unowned self] in dataSource.accessibleName(for: ref.path) ?? dataSource.content(for: ref.path).title }
        object.description = { [unowned self] in
            dataSource.accessibleDescription(for: ref.path) ?? Self.accessibleDescription(of: dataSource.content(for: ref.path))
        }
        object.states = { [unowned self] in accessibleStates(of: ref.path) }
        object.attributes = { [unowned self] in
            let counts = selection.itemCounts
            let item = ref.path
            let count = counts.indices.contains(item.section) ? counts[item.section] : 0
            var attributes = ["posinset": "\(item.item + 1)", "setsize": "\(count)"]
            if case .icon(let icon) = dataSource.content(for: item).image { attributes["kind"] = "\(icon)" }
            return attributes
        }
        object.actions = [("activate", { [unowned self] in
            apply([.activate(ref.path)])
            return true
        })]
        if dataSource.content(for: path).accessory == .detailButton {
            // The row's "i" button, which a pointer or finger taps without selecting.
            object.actions.append(("show details", { [unowned self] in
                delegate?.collectionView(self, accessoryButtonTappedFor: ref.path)
                return true
            }))
        }
        object.extents = { [unowned self] in windowRect(ofContent: viewport.layout.frame(of: ref.path)) }
        object.grabFocus = { [unowned self] in
            host?.focus(self)
            setFocus(ref.path)
            return true
        }
        return object
    }

    /// What a row shows besides its title, read after it: a folder says so, then the
    /// secondary and detail text ("folder, 2026-11-28 23:29"; "12 KB · 2026-11-28").
    static func accessibleDescription(of content: ItemContent) -> String {
        var parts: [String] = []
        if case .icon(.folder) = content.image { parts.append("folder") }
        for text in [content.secondaryText, content.detailText] {
            if let text, !text.isEmpty { parts.append(text) }
        }
        return parts.joined(separator: ", ")
    }

    /// An item's states: selectable and focusable; selected, focused,
    /// checked (a checkmark row) as it is now; checkable when items are
    /// check boxes or radio buttons; not enabled when disabled.
    private func accessibleStates(of item: ItemPath) -> AccessibleStates {
        let content = dataSource.content(for: item)
        var states = content.isDisabled ? AccessibleStates([.visible, .showing]) : AccessibleStates.usable
        states.formUnion([.selectable, .focusable])
        if selection.isSelected(item) { states.insert(.selected) }
        if isFocused && focusedItem == item { states.insert(.focused) }
        if content.accessory == .checkmark { states.formUnion([.checkable, .checked]) }
        if accessibleItemRole == .checkBox || accessibleItemRole == .radioButton { states.insert(.checkable) }
        return states
    }

    /// The items changed: each exposed item's object follows its item
    /// (`map`: where an item is now, nil when deleted) or, deleted or with no
    /// map (a reload), becomes defunct and leaves the list, as announced.
    /// Headers stay with their sections, except through a reload.
    func accessibilityItemsChanged(map: ((ItemPath) -> ItemPath?)?) {
        guard !accessibleChildren.isEmpty else { return }
        var kept: [AccessibleChild: AccessibleObject] = [:]
        for (child, object) in accessibleChildren {
            switch child {
            case .header where map != nil:
                kept[child] = object
            case .item(let item):
                if let moved = map?(item) {
                    accessibleRefs[object.id]?.path = moved
                    kept[.item(moved)] = object
                } else {
                    retire(object)
                }
            case .header:
                retire(object)
            }
        }
        accessibleChildren = kept
    }

    /// The content of `items` (nil: of every exposed item) changed in place:
    /// their names may have, and their checkmarks.
    func accessibilityNamesChanged(of items: [ItemPath]?) {
        guard let accessibility else { return }
        for (child, object) in accessibleChildren {
            if let items, case .item(let item) = child, !items.contains(item) { continue }
            accessibility.nameChanged(object)
            if case .item = child { accessibility.stateChanged(object, "checked", object.states().contains(.checked)) }
        }
    }

    /// A child's object is done: defunct, announced, forgotten.
    private func retire(_ object: AccessibleObject) {
        object.states = { [.defunct] }
        object.actions = []
        accessibleRefs[object.id] = nil
        guard let accessibility, let list = accessibleObject else { return }
        accessibility.stateChanged(object, "defunct", true)
        accessibility.childrenChanged(list, added: false, index: 0, child: object)
    }

    /// After a frame that scrolled: headers and items that left the screen
    /// leave the list, those that came on join it, each announced (screen
    /// readers cache children). Only once a reader has asked for the children.
    func accessibilityScrolled() {
        guard let accessibility, let list = accessibleObject, !accessibleChildren.isEmpty else { return }
        let exposed = exposedChildren
        let shown = Set(exposed)
        for (child, object) in accessibleChildren where !shown.contains(child) {
            accessibleChildren[child] = nil
            accessibleRefs[object.id] = nil
            accessibility.childrenChanged(list, added: false, index: 0, child: object)
        }
        let added = exposed.enumerated().filter { accessibleChildren[$0.element] == nil }
        let objects = exposedAccessibleObjects()
        for (index, _) in added { accessibility.childrenChanged(list, added: true, index: index, child: objects[index]) }
    }

    /// A committed selection change: one SelectionChanged for the list, and
    /// the selected state of each exposed item it changed.
    func accessibilitySelectionChanged(_ event: SelectionEvent) {
        guard !event.isProvisional, let accessibility, let list = accessibleObject else { return }
        let changed = event.change.added + event.change.removed
        for case (.item(let item), let object) in accessibleChildren
        where changed.contains(where: { $0.section == item.section && $0.items.contains(item.item) }) {
            accessibility.stateChanged(object, "selected", selection.isSelected(item))
        }
        accessibility.selectionChanged(list)
        // A change by the person in editing mode (a toggle), that leaves several selected, or that changes
        // several at once (a band, a sweep, Shift+arrows, Ctrl+A, Escape) says the count: the rows' own
        // events cannot, and the focus has often moved on (Tab toggles and moves).
        let touched = changed.reduce(0) { $0 + $1.count }
        if event.cause == .input, isEditing || touched > 1 || selectedCount > 1 || selectedCount == 0 && !event.change.removed.isEmpty,
           let window = host as? AppWindow {
            window.application.announce(selectedCount == 0 ? "Selection cleared" : "\(NumberText.grouped(selectedCount)) selected", in: window)
        }
    }

    /// Editing mode came or went: said, with the count.
    func accessibilityEditingChanged(_ editing: Bool) {
        guard let window = host as? AppWindow else { return }
        window.application.announce(editing ? "Selecting, \(NumberText.grouped(selectedCount)) selected" : "Done selecting", in: window)
    }

    /// The focused item's object when a screen reader has been shown it, else the list's.
    public var accessibleFocus: AccessibleObject? {
        focusedItem.flatMap { accessibleChildren[.item($0)] } ?? accessibleObject
    }

    /// The view took or lost the keyboard focus: the list itself is focused
    /// to a screen reader while no item is (an item's own event says the rest).
    func accessibilityFocusChanged() {
        guard let accessibility, let list = accessibleObject, !isFocused || focusedItem == nil else { return }
        accessibility.stateChanged(list, "focused", isFocused)
    }

    /// The focus ring moved from `old` to `new`: the new item joins the children if it was not among them.
    func accessibilityFocusMoved(from old: ItemPath?, to new: ItemPath?) {
        guard let accessibility else { return }
        if let old, let object = accessibleChildren[.item(old)] { accessibility.stateChanged(object, "focused", false) }
        guard let new else { return }
        if accessibleChildren[.item(new)] == nil, !accessibleChildren.isEmpty, let list = accessibleObject {
            let objects = exposedAccessibleObjects()
            if let index = exposedChildren.firstIndex(of: .item(new)) {
                accessibility.childrenChanged(list, added: true, index: index, child: objects[index])
            }
        }
        if let object = accessibleChildren[.item(new)] { accessibility.stateChanged(object, "focused", true) }
    }
}

/// One child of a list or grid's accessible object: a section's header or
/// an item, in the order they are shown (a section's header before its items).
enum AccessibleChild: Hashable, Comparable {
    case header(Int)
    case item(ItemPath)

    private var order: (section: Int, item: Int) {
        switch self {
        case .header(let section): (section, -1)
        case .item(let path): (path.section, path.item)
        }
    }

    static func < (lhs: AccessibleChild, rhs: AccessibleChild) -> Bool { lhs.order < rhs.order }
}

/// The item an accessible item object stands for now.
final class AccessibleItemRef {
    var path: ItemPath
    init(_ path: ItemPath) { self.path = path }
}

/// The Selection interface of a list or grid, over its exposed children
/// (child indices count headers, which cannot be selected).
@MainActor
final class AccessibleItemSelection: AccessibleSelection {
    private unowned let view: CollectionView

    init(view: CollectionView) {
        self.view = view
    }

    private func item(at index: Int) -> ItemPath? {
        let children = view.exposedChildren
        guard children.indices.contains(index), case .item(let item) = children[index] else { return nil }
        return item
    }

    func selectedChildren() -> [AccessibleObject] {
        let children = view.exposedChildren
        return view.exposedAccessibleObjects().enumerated().filter { index, _ in
            if case .item(let item) = children[index] { view.selection.isSelected(item) } else { false }
        }.map(\.element)
    }

    /// Adds the item to the selection where several may be selected (as
    /// Ctrl+click does, entering editing mode where multiple selection
    /// needs it), else selects it alone.
    func selectChild(at index: Int) -> Bool {
        guard let item = item(at: index) else { return false }
        if !view.selection.isSelected(item) {
            if view.selectedCount > 0 { view.enterEditingForMultipleSelection() }
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
