import SweepGeometry
import SweepGraphics
import SweepInput
import SweepLayout
import SweepSelection
import SweepViews

/// A table: rows of `Row` under a header of columns (GTK's
/// `GtkColumnView`, SwiftUI's `Table`), selected exactly as a list is —
/// it is a `CollectionView` of rows (`collectionView`: the delegate, the
/// selection, editing mode, menus and drags are its), each row drawn with
/// a cell per shown column.
///
/// A click on a column's title sorts by it, again the other way, with
/// Shift as one more key; the sort keeps the selection, the focused row
/// and the row at the top by identity. A column's edge is dragged to
/// resize it (double-clicked: fitted to its widest visible cell), a title
/// dragged to move its column, and the header's menu (right button, long
/// touch) hides and shows columns. What a person did to the columns is
/// `columnState`, a `Codable` value to save and give back; each change is
/// told to `onColumnStateChange`. Columns wider than the view scroll
/// sideways with the header: a horizontal wheel or Shift with the wheel,
/// touchpad fingers, a finger.
///
/// Rows are identified by their `id`: `setRows` keeps the selection, the
/// focus and the top row on the rows that stay, and sorts the new rows.
///
/// Given a `TableOutline`, the table is an outline: its rows are the
/// roots, and a row with children shows a disclosure triangle in the first
/// shown column. A click or tap on the triangle, Right and Left, or `*`
/// and Alt+Right for the whole subtree expand and collapse it; Left on a
/// collapsed row goes to its parent, Right on an expanded one to its first
/// child. Children load when first shown (`TableOutline.children`), and are
/// sorted among themselves. The selection, the focus and the top row stay
/// on their rows as rows open and close; collapsing a row deselects the
/// rows under it (as Finder and Nautilus do: a hidden row is not a
/// selected one). With one column and `headerHeight` 0, it is a plain tree.
@MainActor
public final class TableView<Row: Identifiable>: Component where Row.ID: Sendable {
    /// Every column, in their default order.
    public let columns: [TableColumn<Row>]
    /// The rows' list: selection, delegate, editing, menus, drag and drop.
    /// Its items are rows in the shown (sorted) order; `row(at:)` names them.
    public let collectionView: CollectionView
    /// Called after each change a person makes to the columns (sort, width,
    /// order, hidden), with the state to save.
    public var onColumnStateChange: ((TableColumnState) -> Void)?
    /// The header's height in logical pixels (44 at least on a compact window).
    public var headerHeight = 30.0 { didSet { setFrame(frame) } }
    /// The rows' height in logical pixels, as the table was made; on a compact window the rows
    /// are laid out 44 high when this is less (the table sets its layout's height at each layout).
    public let rowHeight: Double
    /// How far the columns are scrolled sideways.
    public private(set) var horizontalOffset = 0.0

    let source: TableRowSource<Row>
    /// The rows shown, in order, as a filtered data source over `rows`:
    /// read the selection by index in `rows` (`selectedSourceIndices`,
    /// `selectedCount`), hear it change (`onSelectionChange`), find a row
    /// (`row(showing:)`, `sourceItem(atRow:)`). The table orders and
    /// filters it: set `isIncluded` and `sortDescriptors` here, not its own.
    public let shownRows: FilteredDataSource
    /// Which of `rows` (by index) are shown; nil: all. Setting it filters
    /// the sorted rows again, keeping the selection of the rows it hides
    /// (they show selected when shown again). Read the app's current
    /// model when called: new rows ask it again. In an outline `rows` are
    /// the shown tree, flattened, and a row kept shows the rows above it.
    public var isIncluded: ((Int) -> Bool)? { didSet { showOrder() } }
    /// The rows by the sort, before the filter: kept until the rows or the sort change.
    private var sortedOrder: [Int]?
    /// The tree of an outline table; nil for a flat one.
    let tree: OutlineTree<Row>?
    /// Rows sort by this before the columns' sort (or alone, the rows'
    /// own order kept within each value, when nothing is sorted), ascending
    /// whatever the columns' direction (folders before files, as file
    /// managers keep them); nil: by the columns alone.
    public var leadingSortKey: ((Row) -> Int64)? { didSet { applySort() } }
    /// Told when a row's children could not be loaded (the row collapses again).
    public var onChildrenError: ((Row, any Error) -> Void)?
    /// Renames a row in place (see TableView+Editing): called with the row
    /// and the name a person confirmed with Enter; return nil when the row
    /// was renamed (give the new rows with `setRows`), or a message saying
    /// why not, shown under the name while the editor stays open. Nil (the
    /// default): rows are not renamed in place.
    public var onRename: ((Row, String) -> String?)?
    /// The column renamed in place; nil: the first shown column.
    public var renameColumn: String?
    /// The editor over a cell while a name is edited.
    let nameEditor = TextField(name: "rename")
    var renameState = RenameState.idle
    /// Clicks in the rows so far: a pending rename waits for no other.
    var renameClicks = 0
    /// When the last click in the rows was (the first of a double click, maybe).
    var lastRowClick: Double?
    /// The shown columns a screen reader's cell objects stand for.
    private var accessibleColumnIDs: [String] = []
    let header = TableHeaderView()
    private var state: TableColumnState
    private(set) var shownColumns: [TableColumn<Row>] = []
    /// The widest visible cell of each column a person fitted or that fits its content.
    var measuredWidths: [String: Double] = [:]
    var geometryCache: (width: Double, geometry: TableColumnGeometry)?
    /// The gutter the header was last drawn with (editing mode's selection circles).
    private var drawnGutter = 0.0
    /// The sideways offset when a finger's pan began.
    private var panStartOffset: Double?
    public private(set) var frame: Rect = .zero
    public var isVisible = true {
        didSet {
            header.isVisible = isVisible
            collectionView.isVisible = isVisible
        }
    }
    private(set) weak var host: ComponentHost?

    /// A table of `rows` with `columns`, as `state` left them (a saved
    /// `columnState`; names it does not know are ignored), rows
    /// `rowHeight` high, named `name` (what a screen reader calls it).
    /// - Throws: `ItemIdentifierError` when two rows share an identifier.
    public init(columns: [TableColumn<Row>], rows: [Row], outline: TableOutline<Row>? = nil, state: TableColumnState = TableColumnState(),
                rowHeight: Double = 32, name: String = "table", theme: Theme? = nil) throws(ItemIdentifierError) {
        self.columns = columns
        source = try TableRowSource(rows: rows)
        tree = outline.map { OutlineTree(outline: $0) }
        tree?.roots = rows
        shownRows = FilteredDataSource(source: source)
        self.rowHeight = rowHeight.isFinite ? max(8, rowHeight) : 32
        collectionView = CollectionView(layout: CollectionListLayout(rowHeight: self.rowHeight, headerHeight: 0),
                                        dataSource: shownRows, name: name, theme: theme)
        self.state = state.normalized(for: columns.map(\.id), sortable: Set(columns.filter(\.isSortable).map(\.id)),
                                      hideable: Set(columns.filter(\.isHideable).map(\.id)))
        header.owner = self
        collectionView.renderer = TableRowRenderer(table: self)
        collectionView.scrollMode.sideways = { [unowned self] dx in scrollSideways(by: dx) }
        collectionView.scrollMode.sidewaysPan = { [unowned self] translation in panSideways(translation) }
        collectionView.behaviour.keyInterceptor = { [unowned self] key in handleOutlineKey(key) }
        collectionView.behaviour.accessoryTap = { [unowned self] item in toggleRow(at: item) }
        collectionView.behaviour.willClick = { [unowned self] point, modifiers in rowsWillClick(at: point, modifiers: modifiers) }
        // To a screen reader: a table (a tree table) of rows of cells, each column with its header.
        collectionView.accessibilityState.columns = TableAccessibleColumns(table: self)
        collectionView.accessibleRole = outline == nil ? .table : .treeTable
        nameEditor.isVisible = false
        nameEditor.accessibleLabel = "Name"
        nameEditor.onSubmit = { [unowned self] _ in commitRenaming() }
        nameEditor.onCancel = { [unowned self] in finishRenaming() }
        // The focus going anywhere else (a click elsewhere, Tab) cancels, as Escape does.
        nameEditor.onFocusChange = { [unowned self] focused in if !focused { finishRenaming() } }
        columnsChanged()
        applySort()
    }

    // MARK: - Rows

    /// The rows, in the app's order.
    public var rows: [Row] { source.rows }

    /// Shows `newRows`: rows that stay keep their selection, and the focus
    /// and the top row stay on their rows; the new rows are sorted.
    /// - Throws: `ItemIdentifierError` when two rows share an identifier
    ///   (the old rows stay shown).
    public func setRows(_ newRows: [Row]) throws(ItemIdentifierError) {
        if let tree {
            try TableRowSource<Row>.check(newRows)
            tree.roots = newRows
            tree.orders[nil] = nil
            tree.forgetUnreachable()
            reshowTree()
        } else {
            try source.setRows(newRows)
            if !state.sort.isEmpty || isIncluded != nil || leadingSortKey != nil { applySort() }
        }
        measuredWidths = [:]
        geometryCache = nil
    }

    /// The row shown as the collection view's `item` (its row in the shown order).
    public func row(at item: ItemPath) -> Row? {
        shownRows.sourceItem(atRow: item.item).flatMap { row(atSourceIndex: $0) }
    }

    /// The selected rows, in the app's order.
    public var selectedRows: [Row] {
        let rows = source.rows
        return shownRows.selectedSourceIndices.compactMap { rows.indices.contains($0) ? rows[$0] : nil }
    }

    func row(atSourceIndex index: Int) -> Row? { source.rows.indices.contains(index) ? source.rows[index] : nil }

    // MARK: - Columns

    /// What a person made of the columns: order, widths, hidden, sort.
    /// Setting it (a saved state) lays the columns out and sorts again.
    public var columnState: TableColumnState {
        get { state }
        set { changeState(newValue, notify: false) }
    }

    /// The sort keys, primary first (`columnState.sort`).
    public var sortDescriptors: [TableSortDescriptor] {
        get { state.sort }
        set {
            var next = state
            next.sort = newValue
            changeState(next, notify: false)
        }
    }

    private func changeState(_ next: TableColumnState, notify: Bool) {
        let normalized = next.normalized(for: columns.map(\.id), sortable: Set(columns.filter(\.isSortable).map(\.id)),
                                         hideable: Set(columns.filter(\.isHideable).map(\.id)))
        guard normalized != state else { return }
        let resort = normalized.sort != state.sort
        state = normalized
        columnsChanged()
        if resort { applySort() }
        if notify { onColumnStateChange?(state) }
    }

    private func columnsChanged() {
        let byID = Dictionary(columns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        shownColumns = state.order.compactMap { state.hidden.contains($0) ? nil : byID[$0] }
        geometryCache = nil
        // Type-ahead and screen readers name a row by the sort column, when it sorts by its text, else the first.
        let primary = state.sort.first.flatMap { byID[$0.column] }
        source.titleColumn = primary.flatMap { $0.sortValue == nil ? $0 : nil } ?? shownColumns.first
        // The cells a reader holds stand for columns by place: when the shown columns change, they go.
        let ids = shownColumns.map(\.id)
        if ids != accessibleColumnIDs {
            accessibleColumnIDs = ids
            collectionView.accessibilityCellsChanged()
        }
        scrollSideways(by: 0)
        invalidate()
    }

    /// The selection circles' gutter in editing mode.
    var gutterWidth: Double { collectionView.isEditing ? ListRowRenderer.checkboxColumnWidth : 0 }

    /// Where the shown columns are across the content.
    var columnGeometry: TableColumnGeometry {
        let width = max(0, frame.width - gutterWidth)
        if let cached = geometryCache, cached.width == width { return cached.geometry }
        measureColumnsThatFitTheirContent()
        let sizing = shownColumns.map { column in
            ColumnSizing(width: column.width, chosenWidth: state.widths[column.id], measuredWidth: measuredWidths[column.id])
        }
        let geometry = TableColumnGeometry(columns: sizing, viewWidth: width)
        geometryCache = (width, geometry)
        return geometry
    }

    /// Measures the `fitContent` columns not measured since the rows last
    /// changed: their titles and the cells of the first 200 shown rows.
    private func measureColumnsThatFitTheirContent() {
        for column in shownColumns where measuredWidths[column.id] == nil {
            guard case .fitContent = column.width else { continue }
            measuredWidths[column.id] = fittedWidth(of: column, rows: 0..<min(200, shownRows.rowCount))
        }
    }

    /// Where the content's x = 0 is drawn, from the table's leading edge.
    var columnsOrigin: Double { gutterWidth - horizontalOffset }

    // MARK: - Sorting

    /// Sorts the rows again (the app's order without a sort) and shows them.
    private func applySort() {
        if let tree {
            // An outline sorts each row's children among themselves.
            tree.orders.removeAll()
            return reshowTree()
        }
        let rows = source.rows
        let keys = sortKeys(for: rows)
        sortedOrder = keys.isEmpty ? nil : RowSorter.sortedRows(count: rows.count, by: keys)
        showOrder()
    }

    /// Shows the sorted rows `isIncluded` keeps, keeping the selection, the
    /// focused row and the top row.
    func showOrder() {
        let count = source.rows.count
        // An outline shows the rows the filter keeps with the rows above them, so each keeps its place in the tree.
        let included = isIncluded.map { isIncluded in tree == nil ? isIncluded : withAncestors(of: isIncluded) }
        switch (sortedOrder, included) {
        case (nil, nil): shownRows.show(AllSourceItems(count: count))
        case (nil, let isIncluded?): shownRows.show(SortedSourceItems((0..<count).lazy.filter(isIncluded)))
        case (let order?, nil): shownRows.show(SourceItemList(order))
        case (let order?, let isIncluded?): shownRows.show(SourceItemList(order.filter(isIncluded)))
        }
        invalidate()
    }

    /// `isIncluded` widened to the rows above each included one in the
    /// outline (its folders), in one pass over the flattened rows.
    private func withAncestors(of isIncluded: @escaping (Int) -> Bool) -> (Int) -> Bool {
        guard let tree else { return isIncluded }
        let depths = tree.depths
        var kept = [Bool](repeating: false, count: source.rows.count)
        var path: [Int] = []
        for index in kept.indices {
            let depth = index < depths.count ? depths[index] : 0
            while path.count > depth { path.removeLast() }
            if isIncluded(index) {
                kept[index] = true
                for ancestor in path { kept[ancestor] = true }
            }
            // Deeper than the path (a level skipped by a cycle left out): stands at its own depth.
            if path.count == depth { path.append(index) }
        }
        return { index in kept.indices.contains(index) && kept[index] }
    }

    /// The order of one group of rows (roots, or a row's children) by the sort.
    func order(of group: [Row]) -> [Int] {
        let keys = sortKeys(for: group)
        return keys.isEmpty ? Array(group.indices) : RowSorter.sortedRows(count: group.count, by: keys)
    }

    /// The keys `rows` sort by: the leading key, then the sort's columns; none without either.
    private func sortKeys(for rows: [Row]) -> [SortOrderKey] {
        let byID = Dictionary(columns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var keys = state.sort.compactMap { descriptor in
            byID[descriptor.column].map { SortOrderKey(Self.sortKeys(of: $0, rows: rows), ascending: descriptor.ascending) }
        }
        if let leading = leadingSortKey { keys.insert(SortOrderKey(SortKeys(integers: rows.lazy.map(leading))), at: 0) }
        return keys
    }

    /// Shows the outline's rows as they are now (a row opened or closed,
    /// children arrived, the sort changed), each on its identity.
    func reshowTree() {
        guard let tree else { return }
        let flat = tree.flatten { [unowned self] group in order(of: group) }
        // The flattening leaves repeated identifiers out, so the rows are always accepted.
        try? source.setRows(flat)
        if isIncluded != nil { showOrder() }
        measuredWidths = [:]
        geometryCache = nil
        invalidate()
    }

    /// A column's keys for every row: texts, integers or numbers, as its first valued row has.
    static func sortKeys(of column: TableColumn<Row>, rows: [Row]) -> SortKeys {
        guard let sortValue = column.sortValue else { return SortKeys(texts: rows.lazy.map { column.text($0) }) }
        let values = rows.map(sortValue)
        switch values.first(where: { $0 != .none }) {
        case .integer?:
            return SortKeys(integers: values.lazy.map { if case .integer(let value) = $0 { value } else { nil } })
        case .number?:
            return SortKeys(numbers: values.lazy.map { if case .number(let value) = $0 { value } else { nil } })
        default:
            return SortKeys(texts: values.lazy.map { if case .text(let value) = $0 { value } else { nil } })
        }
    }

    // MARK: - Sideways scrolling

    /// The furthest the columns scroll sideways.
    private var maximumHorizontalOffset: Double { max(0, columnGeometry.contentWidth - max(0, frame.width - gutterWidth)) }

    /// Scrolls the columns sideways by `dx` (positive: towards the trailing columns).
    public func scrollSideways(by dx: Double) {
        let next = min(max(0, horizontalOffset + (dx.isFinite ? dx : 0)), maximumHorizontalOffset)
        guard next != horizontalOffset else { return }
        horizontalOffset = next
        invalidate()
    }

    /// A finger panning the rows: its sideways translation so far (nil: it lifted).
    private func panSideways(_ translation: Double?) {
        guard let translation else {
            panStartOffset = nil
            return
        }
        let start = panStartOffset ?? horizontalOffset
        panStartOffset = start
        scrollSideways(by: start - translation - horizontalOffset)
    }

    // MARK: - Component

    /// The header, the editor while a name is edited (over the rows, so it is hit first), the rows.
    public var children: [Component] { isEditingName ? [header, nameEditor, collectionView] : [header, collectionView] }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        header.attach(to: host)
        collectionView.attach(to: host)
        // Last: the editor's gesture view wins over the rows it lies on.
        nameEditor.attach(to: host)
    }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        // On a phone rows and column headers are touch targets: 44 high at least.
        let sizeClass = host?.horizontalSizeClass ?? .regular
        (collectionView.layout as? CollectionListLayout)?.rowHeight = sizeClass.touchLength(rowHeight)
        let wanted = max(0, self.headerHeight.isFinite ? self.headerHeight : 30)
        let headerHeight = min(wanted > 0 ? sizeClass.touchLength(wanted) : 0, newFrame.height)
        header.setFrame(Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: headerHeight))
        collectionView.setFrame(Rect(x: newFrame.minX, y: newFrame.minY + headerHeight, width: newFrame.width,
                                     height: max(0, newFrame.height - headerHeight)))
        scrollSideways(by: 0)
        // A lower table (an on-screen keyboard came up for the rename) scrolls the renamed row into the room left.
        keepRenamedRowInSight()
        invalidate()
    }

    func invalidate() { host?.invalidate(Region(frame)) }

    public func draw(in canvas: Canvas, damage: Region) {
        guard isVisible else { return }
        if gutterWidth != drawnGutter {
            // Editing mode came or went: the header moves with the rows' gutter.
            drawnGutter = gutterWidth
            geometryCache = nil
            scrollSideways(by: 0)
            header.invalidate()
        }
        header.draw(in: canvas, damage: damage)
        collectionView.draw(in: canvas, damage: damage)
        if isEditingName {
            canvas.withClip(collectionView.frame) {
                if damage.intersects(nameEditor.frame) { nameEditor.draw(in: canvas, damage: damage) }
                drawRenameMessage(in: canvas)
            }
        }
    }

    public var isAnimating: Bool { collectionView.isAnimating }

    /// After each frame: the rename editor follows its row (scrolled, columns moved), or closes.
    public func didCommitFrame() { placeNameEditor() }

    public func advanceAnimations(to time: Double) -> Region { collectionView.advanceAnimations(to: time) }

    public var scrollsItself: Bool { true }

    public func cursorShape(at point: Point) -> CursorShape {
        header.frame.contains(point) ? header.cursorShape(at: point) : collectionView.cursorShape(at: point)
    }

    public func handleSecondaryClick(at point: Point) {
        if header.frame.contains(point) { header.handleSecondaryClick(at: point) } else { collectionView.handleSecondaryClick(at: point) }
    }
}

extension TableView: TableHeaderOwner {
    var headerColumns: [(title: String, alignment: CellAlignment, isSortable: Bool)] {
        shownColumns.map { ($0.title, $0.alignment, $0.isSortable) }
    }

    var shownSort: [(column: Int, ascending: Bool)] {
        state.sort.compactMap { descriptor in
            shownColumns.firstIndex { $0.id == descriptor.column }.map { ($0, descriptor.ascending) }
        }
    }

    func headerClicked(column: Int, extend: Bool) {
        guard shownColumns.indices.contains(column), shownColumns[column].isSortable else { return }
        let id = shownColumns[column].id
        var sort = state.sort
        if let index = sort.firstIndex(where: { $0.column == id }), extend || index == 0 {
            sort[index].ascending.toggle()
        } else if extend {
            sort.append(TableSortDescriptor(column: id))
        } else {
            sort = [TableSortDescriptor(column: id)]
        }
        var next = state
        next.sort = sort
        changeState(next, notify: true)
    }

    func resizeColumn(_ column: Int, to width: Double, final: Bool = true) {
        guard shownColumns.indices.contains(column), width.isFinite else { return }
        var next = state
        next.widths[shownColumns[column].id] = min(max(width.rounded(), TableColumnGeometry.minimumWidth), TableColumnGeometry.maximumWidth)
        changeState(next, notify: final)
    }

    /// A resize drag ended: its last width is told once (not at every motion).
    func resizeEnded() { onColumnStateChange?(state) }

    func fitColumn(_ column: Int) {
        guard shownColumns.indices.contains(column) else { return }
        let fitted = fittedWidth(of: shownColumns[column])
        resizeColumn(column, to: fitted)
    }

    /// The widest of the column's title (with a sort arrow's room) and its cells in the visible rows.
    func fittedWidth(of column: TableColumn<Row>) -> Double {
        let rows = collectionView.itemView.visibleItems.filter { $0.section == 0 }.map { $0.items.lowerBound..<$0.items.upperBound + 1 }
        return fittedWidth(of: column, rows: rows.first ?? 0..<0)
    }

    /// The widest of the column's title and its cells in `rows` (shown rows).
    func fittedWidth(of column: TableColumn<Row>, rows: Range<Int>) -> Double {
        let scale = host?.scale ?? 1, family = host?.fontFamily
        var widest = TextMeasure.width(of: column.title, role: .caption, scale: scale, family: family) + TableHeaderView.arrowWidth
        let isTreeColumn = tree != nil && shownColumns.first?.id == column.id
        for shown in rows {
            guard let row = row(at: ItemPath(item: shown)) else { continue }
            var picture = column.image?(row) == nil ? 0.0 : 30
            if isTreeColumn { picture += disclosureOffset(depth: depth(at: ItemPath(item: shown))) + Self.disclosureWidth - TableRowRenderer<Row>.cellInset }
            widest = max(widest, TextMeasure.width(of: column.text(row), role: .body, scale: scale, family: family) + picture)
        }
        return (widest + 2 * TableRowRenderer<Row>.cellInset).rounded(.up)
    }

    func moveColumn(_ column: Int, before index: Int) {
        guard shownColumns.indices.contains(column) else { return }
        let id = shownColumns[column].id
        var order = state.order.filter { $0 != id }
        if index < shownColumns.count, shownColumns[index].id != id, let place = order.firstIndex(of: shownColumns[index].id) {
            order.insert(id, at: place)
        } else if index >= shownColumns.count, let last = shownColumns.last(where: { $0.id != id }), let place = order.firstIndex(of: last.id) {
            order.insert(id, at: place + 1)
        } else {
            return
        }
        var next = state
        next.order = order
        changeState(next, notify: true)
    }

    func headerMenu() -> Menu {
        let byID = Dictionary(columns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let shownCount = shownColumns.count
        var items: [MenuItem] = state.order.compactMap { id in
            guard let column = byID[id] else { return nil }
            let shown = !state.hidden.contains(id)
            // The last shown column stays: a table without columns shows nothing to bring them back.
            return .action(column.title, id: "column:" + id, isEnabled: column.isHideable && !(shown && shownCount == 1),
                           mark: .checkmark(isOn: shown))
        }
        items.append(.separator)
        items.append(.action("Reset Columns", id: "reset-columns"))
        return Menu(items, title: "Columns")
    }

    func headerPressed() { finishRenaming() }

    func headerMenuChosen(_ id: String) {
        var next = state
        if id == "reset-columns" {
            next = TableColumnState(sort: state.sort)
        } else if id.hasPrefix("column:") {
            let column = String(id.dropFirst("column:".count))
            if next.hidden.contains(column) { next.hidden.remove(column) } else { next.hidden.insert(column) }
        }
        changeState(next, notify: true)
    }
}
