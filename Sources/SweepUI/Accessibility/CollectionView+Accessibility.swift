import SweepAccessibility
import SweepGeometry
import SweepViews

/// A list or grid for screen readers: a table whose rows and columns are
/// the items' (a list has one column; a grid's section header is a row of
/// its own), so a screen reader hears how many there are and where one is
/// ("row 50 of 1,000") without walking them. Its children are every header
/// and item, made when a reader asks for one and kept among the latest
/// `accessibleObjectLimit` (a row that scrolls away stays the same object
/// meanwhile; one let go answers as defunct). Each item has its title,
/// description, selected, checked and focused states, an "activate"
/// action and its extents. The table manages its descendants: a reader
/// follows the focused item's events rather than re-reading the selection
/// at each change. Selection asked for by an assistive technology goes
/// through the path a person's input takes (the delegate, the predicate,
/// the event log).
extension CollectionView {
    /// The app's accessibility bridge, when one serves.
    var accessibility: AccessibilityBridge? { (host as? AppWindow)?.application.accessibility }

    /// The most items listed at once (`GetChildren`, the Selection interface's): those on screen, up to this many.
    static let accessibleItemLimit = 500
    /// How many header and item objects are kept (the latest a reader asked for, and the focused item).
    static let accessibleObjectLimit = 1_000

    func makeAccessibleObject() -> AccessibleObject? {
        let list = AccessibleObject(role: accessibleRole)
        list.name = { [unowned self] in accessibleLabel ?? accessibilityState.controllerTitle ?? name }
        list.description = { [unowned self] in accessibleDescription ?? "" }
        list.states = { [unowned self] in
            var states = AccessibleStates.usable.union([.focusable, .managesDescendants])
            if isFocused { states.insert(.focused) }
            // Several items can be selected whenever some path of a person's selects them: Shift or
            // Ctrl with a click or arrow, a band or a sweep enter editing mode on their own.
            if allowsMultipleSelection || allowsMultipleSelectionDuringEditing { states.insert(.multiselectable) }
            return states
        }
        let table = CollectionAccessibleTable(view: self)
        list.childSource = table
        list.table = table
        list.extents = { [unowned self] in frame }
        list.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        list.selection = AccessibleItemSelection(view: self)
        return list
    }

    /// The table's shape for the items and headers as they are now (rebuilt when the counts or the columns change).
    var accessibleShape: AccessibleTableShape {
        let counts = selection.itemCounts, columns = geometry.columnCount
        if let shape = accessibilityState.cache.shape, shape.itemCounts == counts, shape.columns == columns { return shape }
        let headers = counts.indices.map { section in
            (geometry.headerFrame(ofSection: section)?.height ?? 0) > 0 && dataSource.headerTitle(forSection: section) != nil
        }
        let shape = AccessibleTableShape(itemCounts: counts, headers: headers, columns: columns)
        accessibilityState.cache.shape = shape
        return shape
    }

    /// The headers and items on screen in order, with the focused item wherever it is.
    var exposedChildren: [AccessibleChild] {
        let visible = Rect(x: 0, y: itemView.visibleOffset, width: frame.width, height: frame.height)
        var ranges: [ItemRange] = []
        geometry.items(in: visible, into: &ranges)
        var children: [AccessibleChild] = []
        var headers = visibleHeaders(in: visible)[...]
        for range in ranges {
            while let header = headers.first, header <= range.section {
                children.append(.header(header))
                headers = headers.dropFirst()
            }
            let cells = accessibilityState.columns?.count ?? 1
            for item in range.items where children.count < Self.accessibleItemLimit {
                let path = ItemPath(section: range.section, item: item)
                children.append(.item(path))
                // A table's row: its other cells follow its first.
                for column in 1..<max(1, cells) { children.append(.cell(path, column)) }
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
        guard let sections = geometry.sections(in: visible) else { return [] }
        var headers: [Int] = []
        for section in sections.prefix(Self.accessibleItemLimit) {
            guard let frame = geometry.headerFrame(ofSection: section), frame.height > 0, frame.intersects(visible),
                  dataSource.headerTitle(forSection: section) != nil else { continue }
            headers.append(section)
        }
        return headers
    }

    /// The object of `child`: the one made before if it is still kept, else a new one.
    func accessibleObject(for child: AccessibleChild) -> AccessibleObject {
        if let object = accessibilityState.cache.use(child) { return object }
        let object: AccessibleObject
        switch child {
        case .header(let section): object = makeAccessibleHeader(section)
        case .item(let item): object = makeAccessibleItem(item)
        case .cell(let item, let column): object = makeAccessibleCell(item, column: column)
        }
        let keep = isFocused ? focusedItem.map(AccessibleChild.item) : nil
        accessibilityState.cache.insert(object, for: child, limit: Self.accessibleObjectLimit, keeping: keep)
        return object
    }

    /// The objects of the children on screen (and the focused item).
    func exposedAccessibleObjects() -> [AccessibleObject] {
        exposedChildren.map(accessibleObject(for:))
    }

    private func makeAccessibleHeader(_ section: Int) -> AccessibleObject {
        let header = AccessibleObject(role: .heading)
        header.parent = accessibleObject
        header.name = { [unowned self] in dataSource.headerTitle(forSection: section) ?? "" }
        header.text = { [unowned header] in header.name() }
        header.attributes = { ["level": "2"] }
        header.states = { AccessibleStates.usable.union(.transient) }
        header.extents = { [unowned self] in
            windowRect(ofContent: geometry.headerFrame(ofSection: section) ?? .zero)
        }
        return header
    }

    private func makeAccessibleItem(_ path: ItemPath) -> AccessibleObject {
        // The item it stands for, moved when data changes move the item (the object's path stays).
        let ref = AccessibleItemRef(path)
        let object = AccessibleObject(role: accessibleItemRole)
        accessibilityState.cache.refs[object.id] = ref
        object.parent = accessibleObject
        object.name = { [unowned self] in
            if let columns = accessibilityState.columns { return columns.text(of: ref.path, column: 0) }
            return dataSource.accessibleName(for: ref.path) ?? dataSource.content(for: ref.path).title
        }
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
            if let outline = accessibilityState.columns?.outline(of: item) { attributes["level"] = "\(outline.level)" }
            if accessibilityState.columns?.isEditing(item, column: 0) == true { attributes["editing"] = "true" }
            return attributes
        }
        object.actions = [("activate", { [unowned self] in
            apply([.activate(ref.path)])
            return true
        })]
        if accessibilityState.columns?.outline(of: path) != nil {
            // A tree's node is the child of its parent row's node, a root of the tree table itself.
            object.relations = { [unowned self] in
                guard let columns = accessibilityState.columns, let list = accessibleObject else { return [] }
                let parent = columns.parent(of: ref.path).map { accessibleObject(for: .item($0)) } ?? list
                return [(.nodeChildOf, [parent])]
            }
        }
        if accessibilityState.columns?.outline(of: path)?.expandable == true {
            // An outline row opens and closes (GTK's tree cells call it "expand or contract").
            object.actions.append(("expand", { [unowned self] in accessibilityState.columns?.setExpanded(ref.path, true) ?? false }))
            object.actions.append(("collapse", { [unowned self] in accessibilityState.columns?.setExpanded(ref.path, false) ?? false }))
        }
        if dataSource.content(for: path).accessory == .detailButton {
            // The row's "i" button, which a pointer or finger taps without selecting.
            object.actions.append(("show details", { [unowned self] in
                delegate?.collectionView(self, accessoryButtonTappedFor: ref.path)
                return true
            }))
        }
        // A row's swipe actions are its actions too, named when the reader first meets the row and
        // asked of the delegate again when performed (a Read action that became Unread toggles back).
        for (index, action) in allSwipeActions(for: path).enumerated() {
            object.actions.append((action.title, { [unowned self] in
                // The same action by its id, else the one in its place (a toggle whose id changed).
                let current = allSwipeActions(for: ref.path)
                guard let now = current.first(where: { $0.id == action.id }) ?? (current.indices.contains(index) ? current[index] : nil)
                else { return false }
                now.handler(ref.path)
                return true
            }))
        }
        object.extents = { [unowned self] in windowRect(ofContent: geometry.frame(of: ref.path)) }
        object.grabFocus = { [unowned self] in
            host?.focus(self)
            setFocus(ref.path)
            return true
        }
        return object
    }

    /// A table row's cell past its first (the first is the item's own object):
    /// its column's text, selected with its row, placed in its column.
    private func makeAccessibleCell(_ path: ItemPath, column: Int) -> AccessibleObject {
        let ref = AccessibleItemRef(path, column: column)
        let object = AccessibleObject(role: .tableCell)
        accessibilityState.cache.refs[object.id] = ref
        object.parent = accessibleObject
        object.name = { [unowned self] in accessibilityState.columns?.text(of: ref.path, column: ref.column) ?? "" }
        object.states = { [unowned self] in
            var states = accessibleStates(of: ref.path).subtracting([.focused, .focusable, .expandable, .expanded, .collapsed])
            if accessibilityState.columns?.isEditing(ref.path, column: ref.column) == true { states.insert(.editable) }
            return states
        }
        object.extents = { [unowned self] in
            let row = windowRect(ofContent: geometry.frame(of: ref.path))
            return accessibilityState.columns?.extents(ofColumn: ref.column, inRow: row) ?? row
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
        // Every item is a child; those scrolled away are not showing (a reader reads a row's showing
        // cells), except the focused one, which the next frame scrolls to (End is read before it draws).
        let visible = Rect(x: 0, y: itemView.visibleOffset, width: frame.width, height: frame.height)
        if focusedItem != item, !geometry.frame(of: item).intersects(visible) { states.remove(.showing) }
        // Transient, as GTK 3's cells: made on demand, so libatspi caches nothing of them.
        states.formUnion([.selectable, .focusable, .transient])
        if selection.isSelected(item) { states.insert(.selected) }
        if isFocused && focusedItem == item { states.insert(.focused) }
        if content.accessory == .checkmark { states.formUnion([.checkable, .checked]) }
        if let outline = accessibilityState.columns?.outline(of: item), outline.expandable {
            states.formUnion(outline.expanded ? [.expandable, .expanded] : [.expandable, .collapsed])
        }
        if accessibilityState.columns?.isEditing(item, column: 0) == true { states.insert(.editable) }
        if accessibleItemRole == .checkBox || accessibleItemRole == .radioButton { states.insert(.checkable) }
        return states
    }

    /// The items changed: each kept item's object follows its item
    /// (`map`: where an item is now, nil when deleted) or, deleted or with no
    /// map (a reload), becomes defunct and leaves the table, as announced.
    /// Headers stay with their sections, except through a reload.
    func accessibilityItemsChanged(map: ((ItemPath) -> ItemPath?)?) {
        accessibilityState.cache.shape = nil
        guard !accessibilityState.cache.objects.isEmpty else { return }
        var kept: [AccessibleChild: AccessibleObject] = [:]
        for (child, object) in accessibilityState.cache.objects {
            switch child {
            case .header where map != nil:
                kept[child] = object
            case .item(let item):
                if let moved = map?(item) {
                    accessibilityState.cache.refs[object.id]?.path = moved
                    kept[.item(moved)] = object
                } else {
                    retire(object)
                }
            case .cell(let item, let column):
                if let moved = map?(item) {
                    accessibilityState.cache.refs[object.id]?.path = moved
                    kept[.cell(moved, column)] = object
                } else {
                    retire(object)
                }
            case .header:
                retire(object)
            }
        }
        accessibilityState.cache.replaceObjects(with: kept)
    }

    /// A table's columns changed (shown, hidden, moved): its rows' cells past
    /// the first stand for other columns now, so they go (their rows' first
    /// cells stay, named anew when asked), and the reader hears of it.
    func accessibilityCellsChanged() {
        accessibilityState.cache.shape = nil
        var kept: [AccessibleChild: AccessibleObject] = [:]
        for (child, object) in accessibilityState.cache.objects {
            if case .cell = child { retire(object) } else { kept[child] = object }
        }
        accessibilityState.cache.replaceObjects(with: kept)
        accessibilityNamesChanged(of: nil)
    }

    /// The content of `items` (nil: of every kept item) changed in place:
    /// their names may have, and their checkmarks.
    func accessibilityNamesChanged(of items: [ItemPath]?) {
        guard let accessibility else { return }
        for (child, object) in accessibilityState.cache.objects {
            if let items, case .item(let item) = child, !items.contains(item) { continue }
            accessibility.nameChanged(object)
            if case .item = child { accessibility.stateChanged(object, "checked", object.states().contains(.checked)) }
        }
    }

    /// A child's object is done: defunct, announced, forgotten.
    private func retire(_ object: AccessibleObject) {
        object.states = { [.defunct] }
        object.actions = []
        accessibilityState.cache.refs[object.id] = nil
        guard let accessibility, let list = accessibleObject else { return }
        accessibility.stateChanged(object, "defunct", true)
        accessibility.childrenChanged(list, added: false, index: 0, child: object)
    }

    /// A committed selection change: one SelectionChanged for the list, and
    /// the selected state of each exposed item it changed.
    func accessibilitySelectionChanged(_ event: SelectionEvent) {
        guard !event.isProvisional, let accessibility, let list = accessibleObject else { return }
        let changed = event.change.added + event.change.removed
        for case (.item(let item), let object) in accessibilityState.cache.objects
        where changed.contains(where: { $0.section == item.section && $0.items.contains(item.item) }) {
            accessibility.stateChanged(object, "selected", selection.isSelected(item))
        }
        accessibility.selectionChanged(list)
        // A change by the person in editing mode (a toggle), that leaves several selected, that selects
        // several at once or clears the selection (a band, a sweep, Shift+arrows, Ctrl+A, Escape) says the
        // count: the rows' own events cannot, and the focus has often moved on (Tab toggles and moves).
        // A single selection moving with the focus (a click, an arrow) says nothing more than the row.
        let added = event.change.added.reduce(0) { $0 + $1.count }
        if event.cause == .input, isEditing || added > 1 || selectedCount > 1 || selectedCount == 0 && !event.change.removed.isEmpty,
           let window = host as? AppWindow {
            window.application.announce(selectedCount == 0 ? "Selection cleared" : "\(NumberText.grouped(selectedCount)) selected", in: window)
        }
    }

    /// Editing mode came or went: said, with the count.
    func accessibilityEditingChanged(_ editing: Bool) {
        guard let window = host as? AppWindow else { return }
        window.application.announce(editing ? "Selecting, \(NumberText.grouped(selectedCount)) selected" : "Done selecting", in: window)
    }

    /// An outline row opened or closed: its object says so (a reader speaks it for the focused row).
    func accessibilityExpansionChanged(of item: ItemPath, expanded: Bool) {
        guard let accessibility, let object = accessibilityState.cache.objects[.item(item)] else { return }
        accessibility.stateChanged(object, "expanded", expanded)
        accessibility.stateChanged(object, "collapsed", !expanded)
    }

    /// The focused item's object (once a screen reader has seen the table), else the table's.
    public var accessibleFocus: AccessibleObject? {
        guard let list = accessibleObject else { return nil }
        return focusedItem.map { accessibleObject(for: .item($0)) } ?? list
    }

    /// The view took or lost the keyboard focus: the table itself is focused
    /// to a screen reader while no item is (an item's own event says the rest).
    func accessibilityFocusChanged() {
        guard let accessibility, let list = accessibleObject, !isFocused || focusedItem == nil else { return }
        accessibility.stateChanged(list, "focused", isFocused)
        accessibilityState.cache.focusSaid = isFocused ? list : nil
    }

    /// The items changed under the focus (a folder opened, a snapshot replaced the rows): the
    /// focused item is said again when it is another object than the one last said (its item went),
    /// and the table itself when no item has the focus now, so a reader is not left on a dead row.
    func accessibilityFocusFollowedItems() {
        guard isFocused, let accessibility, let list = accessibleObject, accessibilityState.cache.saidFocus else { return }
        let now = focusedItem.map { accessibleObject(for: .item($0)) } ?? list
        guard now !== accessibilityState.cache.focusSaid else { return }
        accessibility.stateChanged(now, "focused", true)
        accessibilityState.cache.focusSaid = now
    }

    /// The focus ring moved from `old` to `new`: said by the new item's focused state (the
    /// old item's loss is implied, and one event fewer per arrow key keeps a reader's queue
    /// short while keys repeat); when the focus ring leaves every item, by the old one's.
    func accessibilityFocusMoved(from old: ItemPath?, to new: ItemPath?) {
        guard let accessibility, accessibleObject != nil else { return }
        guard let new else {
            if let old, let object = accessibilityState.cache.objects[.item(old)] { accessibility.stateChanged(object, "focused", false) }
            return
        }
        let object = accessibleObject(for: .item(new))
        accessibility.stateChanged(object, "focused", true)
        accessibilityState.cache.focusSaid = object
    }
}

/// One child of a list or grid's accessible object: a section's header or
/// an item, in the order they are shown (a section's header before its items).
enum AccessibleChild: Hashable, Comparable {
    case header(Int)
    /// An item; in a table, its row's first cell.
    case item(ItemPath)
    /// A table row's cell in `column` (1 on): the item's other cells.
    case cell(ItemPath, Int)

    private var order: (section: Int, item: Int, column: Int) {
        switch self {
        case .header(let section): (section, -1, 0)
        case .item(let path): (path.section, path.item, 0)
        case .cell(let path, let column): (path.section, path.item, column)
        }
    }

    static func < (lhs: AccessibleChild, rhs: AccessibleChild) -> Bool { lhs.order < rhs.order }
}

/// The item (and column, in a table) an accessible item object stands for now.
final class AccessibleItemRef {
    var path: ItemPath
    let column: Int
    init(_ path: ItemPath, column: Int = 0) {
        self.path = path
        self.column = column
    }
}

/// The header and item objects a list or grid made for screen readers:
/// the latest asked for are kept (so a path a reader holds keeps answering
/// as the same item), the oldest let go past a limit.
@MainActor
struct AccessibleObjectCache {
    private(set) var objects: [AccessibleChild: AccessibleObject] = [:]
    /// The item each item object stands for now, by object id.
    var refs: [Int: AccessibleItemRef] = [:]
    /// The table's shape, rebuilt when the items change.
    var shape: AccessibleTableShape?
    /// What a screen reader was last told has the focus: an item's object, or the table's
    /// (nil once that object is gone); `saidFocus` once it was told any.
    weak var focusSaid: AccessibleObject? { didSet { if focusSaid != nil { saidFocus = true } } }
    private(set) var saidFocus = false
    /// When each kept object was last asked for, by object id (ids stay put when items move).
    private var lastUse: [Int: Int] = [:]
    private var clock = 0

    /// The kept object of `child`, marked as just used.
    mutating func use(_ child: AccessibleChild) -> AccessibleObject? {
        guard let object = objects[child] else { return nil }
        clock += 1
        lastUse[object.id] = clock
        return object
    }

    /// Keeps `object` for `child`; past `limit`, lets the least recently used
    /// half go (except `keeping`), so making objects stays O(1) amortized.
    mutating func insert(_ object: AccessibleObject, for child: AccessibleChild, limit: Int, keeping: AccessibleChild?) {
        clock += 1
        objects[child] = object
        lastUse[object.id] = clock
        guard objects.count > limit else { return }
        let oldest = objects.sorted { lastUse[$0.value.id, default: 0] < lastUse[$1.value.id, default: 0] }
            .prefix(objects.count - limit / 2)
        for (old, gone) in oldest where old != keeping && old != child {
            objects[old] = nil
            refs[gone.id] = nil
            lastUse[gone.id] = nil
        }
    }

    /// After the items changed: `kept` replaces the objects (those left out were retired).
    mutating func replaceObjects(with kept: [AccessibleChild: AccessibleObject]) {
        objects = kept
        if lastUse.count > kept.count {
            let ids = Set(kept.values.map(\.id))
            lastUse = lastUse.filter { ids.contains($0.key) }
        }
    }
}

/// A list's or grid's Table interface and its children on demand, from
/// the view's shape: one row per list item, a grid's rows of columns.
@MainActor
final class CollectionAccessibleTable: AccessibleTable {
    private unowned let view: CollectionView

    init(view: CollectionView) {
        self.view = view
    }

    /// The cells of each item: a table's columns, else 1.
    private var cells: Int { max(1, view.accessibilityState.columns?.count ?? 1) }

    var childCount: Int { view.accessibleShape.childCount * cells }
    var rowCount: Int { view.accessibleShape.rowCount }
    var columnCount: Int { cells > 1 ? cells : view.accessibleShape.columns }

    /// The child at a table index: the shape's child (an item or header), or one of an item's cells.
    func tableChild(at index: Int) -> AccessibleChild? {
        let cells = cells
        guard index >= 0, let child = view.accessibleShape.child(at: index / cells) else { return nil }
        guard cells > 1, index % cells > 0, case .item(let item) = child else { return cells > 1 && index % cells > 0 ? nil : child }
        return .cell(item, index % cells)
    }

    func columnHeader(_ column: Int) -> AccessibleObject? { view.accessibilityState.columns?.header(column) }

    func child(at index: Int) -> AccessibleObject? {
        tableChild(at: index).map(view.accessibleObject(for:))
    }

    func index(of child: AccessibleObject) -> Int? {
        let shape = view.accessibleShape
        if let ref = view.accessibilityState.cache.refs[child.id] {
            return shape.index(of: .item(ref.path)).map { $0 * cells + ref.column }
        }
        guard let header = view.accessibilityState.cache.objects.first(where: { $0.value === child })?.key else { return nil }
        return shape.index(of: header).map { $0 * cells }
    }

    var listedChildren: [AccessibleObject] { view.exposedAccessibleObjects() }

    func childIndex(row: Int, column: Int) -> Int? {
        let cells = cells
        guard cells > 1 else { return view.accessibleShape.childIndex(row: row, column: column) }
        guard column >= 0, column < cells else { return nil }
        return view.accessibleShape.childIndex(row: row, column: 0).map { $0 * cells + column }
    }

    func cell(ofChildAt index: Int) -> (row: Int, column: Int, columnSpan: Int)? {
        let cells = cells
        guard cells > 1 else { return view.accessibleShape.cell(ofChildAt: index) }
        guard index >= 0, let row = view.accessibleShape.cell(ofChildAt: index / cells) else { return nil }
        return (row.row, index % cells, 1)
    }

    var selectedRowCount: Int {
        let shape = view.accessibleShape
        return shape.columns == 1 || cells > 1 ? view.selectedCount : shape.fullRows(in: view.selection.model.committed.ranges)
    }

    func isSelected(row: Int, column: Int) -> Bool {
        guard let index = childIndex(row: row, column: column) else { return false }
        switch tableChild(at: index) {
        case .item(let item)?, .cell(let item, _)?: return view.selection.isSelected(item)
        default: return false
        }
    }

    func setRow(_ row: Int, selected: Bool) -> Bool {
        guard let items = view.accessibleShape.items(inRow: row) else { return false }
        if selected {
            if view.selectedCount > 0 { view.enterEditingForMultipleSelection() }
            view.apply([.selection(view.selection.selectRanges([items], additive: true, source: .accessibility), provisional: false)])
        } else {
            for item in items.items {
                let path = ItemPath(section: items.section, item: item)
                if view.selection.isSelected(path) {
                    view.apply([.selection(view.selection.deselect(path, source: .accessibility), provisional: false)])
                }
            }
        }
        return items.items.allSatisfy { view.selection.isSelected(ItemPath(section: items.section, item: $0)) == selected }
    }
}

/// The Selection interface of a list or grid. Child indices are the
/// table's (headers count, and cannot be selected); the selected children
/// it lists are those on screen, as GTK 4's lists do, so a reader asking
/// for them after Ctrl+A on a million items gets a screenful (the table's
/// `NSelectedRows` has the count).
@MainActor
final class AccessibleItemSelection: AccessibleSelection {
    private unowned let view: CollectionView

    init(view: CollectionView) {
        self.view = view
    }

    private func item(at index: Int) -> ItemPath? {
        guard let table = view.accessibleObject?.table as? CollectionAccessibleTable else { return nil }
        switch table.tableChild(at: index) {
        case .item(let item)?, .cell(let item, _)?: return item
        default: return nil
        }
    }

    func selectedChildren() -> [AccessibleObject] {
        view.exposedChildren.filter { child in
            if case .item(let item) = child { view.selection.isSelected(item) } else { false }
        }.map(view.accessibleObject(for:))
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
