/// Where a filtered view was, by source item, so new rows can put it back:
/// the focused item (and where on screen it was), and the item at the top
/// of the viewport with how far the viewport's top is below that item's top.
@MainActor
struct FilteredViewportPlace {
    private var focusedItem: Int?
    /// The source item the focus was on.
    var focusedSourceItem: Int? { focusedItem }
    /// The focused row's top less the content offset, when it was in view.
    private var focusedY: Double?
    private var topItem: Int?
    private var topDelta = 0.0

    /// Reads the place before `adapter`'s rows change. `sourceChanged`: the
    /// source has changed already and the rows still name its old items, so
    /// they are read as they are (map them with `mapSourceItems`).
    init(view: CollectionView, adapter: FilteredDataSource, sourceChanged: Bool = false) {
        let offset = view.itemView.scroll.offset
        let rows = adapter.rows
        func item(atRow row: Int) -> Int? {
            guard sourceChanged else { return adapter.sourceItem(atRow: row) }
            return row >= 0 && row < rows.rowCount ? rows.sourceItem(atRow: row) : nil
        }
        if let focus = view.focusedItem, let item = item(atRow: focus.item) {
            focusedItem = item
            let y = view.geometry.frame(of: focus).minY - offset
            if y >= 0 && y < view.itemView.frame.height { focusedY = y }
        }
        if adapter.rowCount > 0, let top = view.geometry.nearestItem(to: Point(x: 1, y: offset + 1)),
           let item = item(atRow: top.item) {
            topItem = item
            topDelta = offset - view.geometry.frame(of: top).minY
        }
    }

    /// The source's items were renumbered (a snapshot): the focused and top
    /// items become what `map` says (their own new index, or a neighbour's).
    mutating func mapSourceItems(_ map: (Int) -> Int?) {
        focusedItem = focusedItem.flatMap(map)
        if focusedItem == nil { focusedY = nil }
        topItem = topItem.flatMap(map)
    }

    /// Focuses and scrolls the view over `adapter`'s new rows.
    func restore(in view: CollectionView, adapter: FilteredDataSource) {
        let rows = adapter.rows
        guard rows.rowCount > 0 else { return }
        let shownFocus = focusedItem.flatMap { rows.row(showing: $0) }
        if let focusedItem {
            let row = shownFocus ?? Self.nearestRow(to: focusedItem, in: rows) ?? 0
            view.setFocus(ItemPath(item: row))
        }
        var offset = 0.0
        if let shownFocus, let focusedY {
            offset = view.geometry.frame(of: ItemPath(item: shownFocus)).minY - focusedY
        } else if let topItem {
            if let row = rows.row(showing: topItem) {
                offset = view.geometry.frame(of: ItemPath(item: row)).minY + topDelta
            } else if let row = Self.nearestRow(to: topItem, in: rows) {
                offset = view.geometry.frame(of: ItemPath(item: row)).minY
            }
        }
        view.itemView.scrollImmediately(to: offset)
        view.setNeedsDisplay()
    }

    /// The row of the next shown item after `item` in source order (the
    /// last row when none follows), for rows that follow the source's
    /// order; nil for an arbitrary order.
    private static func nearestRow(to item: Int, in rows: any FilteredRows) -> Int? {
        guard rows.order != .arbitrary else { return nil }
        return min(rows.firstRow(atOrAfter: item), rows.rowCount - 1)
    }
}
