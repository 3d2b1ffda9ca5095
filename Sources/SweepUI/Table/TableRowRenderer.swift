import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews

/// Draws a table's row as a list row looks (selection tint, hover,
/// selection circle in editing mode, focus ring, separator), with a cell
/// for each shown column at its place, scrolled sideways with the header.
/// The row's content carries its index among the table's rows.
@MainActor
struct TableRowRenderer<Row: Identifiable>: @MainActor ItemRenderer where Row.ID: Sendable {
    unowned let table: TableView<Row>
    /// Space between a cell's edges and its text.
    static var cellInset: Double { 8 }

    func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
        ItemViewDecorations.drawBackground(state: state, in: rect, theme: theme, canvas: canvas)
        if let index = content.value(as: Int.self), let row = table.row(atSourceIndex: index) {
            let geometry = table.columnGeometry, origin = rect.minX + table.columnsOrigin
            let gutter = rect.minX + table.gutterWidth
            let columns = table.shownColumns, reach = canvas.clipBounds
            for position in columns.indices where position < geometry.widths.count {
                let column = columns[position]
                let cell = Rect(x: origin + geometry.starts[position], y: rect.minY, width: geometry.widths[position], height: rect.height)
                let visible = cell.intersection(Rect(x: gutter, y: rect.minY, width: max(0, rect.maxX - gutter), height: rect.height))
                // A cell outside the clip (a band's edge redraws a strip of each row) costs nothing.
                guard !visible.isEmpty, reach.map(visible.intersects) ?? true else { continue }
                canvas.withClip(visible) {
                    var textCell = cell
                    // An outline's first column: indented by depth, after the disclosure triangle.
                    if position == 0, let disclosure = table.disclosure(atSourceIndex: index) {
                        let triangleX = cell.minX + table.disclosureOffset(depth: disclosure.depth)
                        if disclosure.expandable {
                            drawDisclosure(expanded: disclosure.expanded, loading: disclosure.loading,
                                           centre: Point(x: triangleX + TableView<Row>.disclosureWidth / 2, y: cell.midY), theme: theme, canvas: canvas)
                        }
                        let inset = triangleX + TableView<Row>.disclosureWidth - cell.minX - Self.cellInset
                        textCell = Rect(x: cell.minX + inset, y: cell.minY, width: max(0, cell.width - inset), height: cell.height)
                    }
                    drawCell(column, row: row, in: textCell, theme: theme, disabled: content.isDisabled, canvas: canvas)
                }
            }
        }
        ListRowRenderer.drawRowFinish(state: state, in: rect, separatorFrom: rect.minX, theme: theme, canvas: canvas)
    }

    /// A disclosure triangle: pointing right when closed, down when open;
    /// a ring while the children load.
    private func drawDisclosure(expanded: Bool, loading: Bool, centre: Point, theme: Theme, canvas: Canvas) {
        if loading {
            canvas.strokeCircle(center: centre, radius: 4, lineWidth: 1.5, color: theme.secondaryText)
            return
        }
        let size = 4.5
        let points = expanded
            ? [Point(x: centre.x - size, y: centre.y - size / 2), Point(x: centre.x + size, y: centre.y - size / 2), Point(x: centre.x, y: centre.y + size / 2 + 1)]
            : [Point(x: centre.x - size / 2, y: centre.y - size), Point(x: centre.x + size / 2 + 1, y: centre.y), Point(x: centre.x - size / 2, y: centre.y + size)]
        canvas.fillConvexPolygon(points, color: theme.secondaryText)
    }

    /// An outline row's triangle takes a click or a tap (it opens or closes the row, selecting nothing).
    func accessoryBounds(for content: ItemContent, in bounds: Rect) -> Rect? {
        guard let index = content.value(as: Int.self), let disclosure = table.disclosure(atSourceIndex: index), disclosure.expandable,
              !table.columnGeometry.starts.isEmpty else { return nil }
        let columnStart = bounds.minX + table.columnsOrigin + table.columnGeometry.starts[0]
        let x = columnStart + table.disclosureOffset(depth: disclosure.depth)
        let triangle = Rect(x: x - 2, y: bounds.minY, width: TableView<Row>.disclosureWidth + 4, height: bounds.height)
        // Only where it shows: inside its column, past the editing gutter.
        let gutter = bounds.minX + table.gutterWidth
        let column = Rect(x: max(columnStart, gutter), y: bounds.minY,
                          width: max(0, columnStart + table.columnGeometry.widths[0] - max(columnStart, gutter)), height: bounds.height)
        let visible = triangle.intersection(column)
        return visible.isEmpty ? nil : visible
    }

    /// One cell: its picture, then its text placed by the column's alignment.
    private func drawCell(_ column: TableColumn<Row>, row: Row, in cell: Rect, theme: Theme, disabled: Bool, canvas: Canvas) {
        var left = cell.minX + Self.cellInset
        let right = cell.maxX - Self.cellInset
        if let image = column.image?(row) {
            let side = max(0, min(cell.height - 8, 24))
            let square = Rect(x: left, y: cell.midY - side / 2, width: side, height: side)
            switch image {
            case .bitmap(let bitmap): canvas.drawBitmap(bitmap, in: bitmap.aspectFit(in: square))
            case .icon(let icon): icon.draw(in: square.insetBy(dx: 1, dy: 1), theme: theme, canvas: canvas)
            }
            left += side + 6
        }
        let text = column.text(row)
        let room = max(0, right - left)
        let x: Double
        switch column.alignment {
        case .leading: x = left   // no need to measure
        case .center: x = left + (room - min(canvas.measureText(text, role: .body), room)) / 2
        case .trailing: x = right - min(canvas.measureText(text, role: .body), room)
        }
        let line = canvas.metrics(for: .body).lineHeight
        canvas.drawText(text, at: Point(x: x, y: cell.midY - line / 2), role: .body,
                        color: disabled ? theme.secondaryText : theme.primaryText, maxWidth: room)
    }
}
