import SweepGeometry
import SweepGraphics
import SweepLayout

/// A vertically scrolling list of uniform rows with titles and subtitles.
///
/// The view keeps its state (scroll position, hovered row) and answers each
/// change with the damage it causes, in window coordinates; drawing repaints
/// only what the caller says is damaged.
public final class ListView {
    public private(set) var frame: Rect
    public private(set) var layout: ListLayout
    public private(set) var scroll: ScrollModel
    public private(set) var hoveredRow: Int?
    /// Where the pointer is, so the highlight follows the content as it scrolls.
    private var hoverPoint: Point?
    public var theme: Theme
    public let dataSource: ListDataSource
    /// Whether a row is selected (asked only for rows being drawn).
    public var isSelected: (Int) -> Bool = { _ in false }
    /// Editing mode shows a selection circle in a leading column.
    public var isEditing = false
    /// The keyboard focus ring's row.
    public var focusedRow: Int?
    /// A band selection's rectangle in content coordinates, drawn over the rows.
    public var bandRect: Rect?

    /// Width of the checkbox column in editing mode.
    public static let checkboxColumnWidth: Double = 44

    /// Leading inset of text and separators.
    public static let textInset: Double = 16

    public init(frame: Rect, dataSource: ListDataSource, rowHeight: Double = 44, theme: Theme) {
        self.frame = frame
        self.dataSource = dataSource
        self.theme = theme
        layout = ListLayout(rowCount: dataSource.numberOfRows, rowHeight: rowHeight, width: frame.width)
        scroll = ScrollModel(contentHeight: layout.contentHeight, viewportHeight: frame.height)
    }

    /// Moves or resizes the view, keeping the first visible row in place.
    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        layout.width = newFrame.width
        scroll.resize(contentHeight: layout.contentHeight, viewportHeight: newFrame.height)
    }

    /// The rows at least partly visible now.
    public var visibleRows: Range<Int> {
        layout.rows(inContentRange: scroll.offset, height: frame.height)
    }

    /// The row under a window-coordinate point.
    public func row(at point: Point) -> Int? {
        guard frame.contains(point) else { return nil }
        return layout.row(atContentY: point.y - frame.minY + scroll.offset)
    }

    /// A row's rectangle in window coordinates.
    public func windowRect(ofRow row: Int) -> Rect {
        layout.rect(ofRow: row).offsetBy(dx: frame.minX, dy: frame.minY - scroll.offset)
    }

    // MARK: - State changes, each returning damage

    /// The pointer moved to `point` (nil when it left): highlights the row under it.
    public func hover(at point: Point?) -> Region {
        hoverPoint = point
        let newRow = point.flatMap { row(at: $0) }
        guard newRow != hoveredRow else { return Region() }
        var damage = Region()
        if let old = hoveredRow { damage.add(windowRect(ofRow: old).intersection(frame)) }
        if let new = newRow { damage.add(windowRect(ofRow: new).intersection(frame)) }
        hoveredRow = newRow
        return damage
    }

    /// Glides the content by `delta` logical pixels (positive scrolls down).
    public func scroll(by delta: Double) {
        scroll.glide(by: delta)
    }

    /// A fling after the fingers lifted: `velocity` in px/ms (positive scrolls
    /// down) from `time` on the animation clock, slowing down by itself.
    public func fling(velocity: Double, time: Double) {
        scroll.fling(velocity: velocity, time: time)
    }

    /// Stops a fling where it is (a touch, a touchpad hold); true if one ran.
    @discardableResult
    public func stopFling() -> Bool { scroll.stopFling() }

    public var isFlinging: Bool { scroll.isFlinging }

    /// Glides so row `row` is fully visible.
    public func scroll(toReveal row: Int) {
        let rect = layout.rect(ofRow: row)
        if rect.minY < scroll.target {
            scroll.glide(to: rect.minY)
        } else if rect.maxY > scroll.target + frame.height {
            scroll.glide(to: rect.maxY - frame.height)
        }
    }

    public func scroll(toOffset offset: Double) {
        scroll.glide(to: offset)
    }

    /// Moves the content at once (fingers, autoscroll).
    public func scrollImmediately(to offset: Double) {
        scroll.jump(to: offset)
        hoveredRow = hoverPoint.flatMap { row(at: $0) }
    }

    public var isAnimating: Bool { scroll.isAnimating }

    /// Advances animations to `time` (ms) and returns the damage.
    public func advance(to time: Double) -> Region {
        let before = scroll.offset
        scroll.advance(to: time)
        guard before != scroll.offset else { return Region() }
        hoveredRow = hoverPoint.flatMap { row(at: $0) }
        return Region(frame)
    }

    /// The first visible row and the page size in rows, for paging keys.
    public var rowsPerPage: Int { max(1, Int(frame.height / layout.rowHeight) - 1) }

    // MARK: - Drawing

    /// Draws the parts of the view inside `damage`.
    public func draw(in canvas: Canvas, damage: Region) {
        let area = damage.bounds.intersection(frame)
        guard !area.isEmpty else { return }
        canvas.withClip(area) {
            canvas.fill(area, color: theme.background)
            let contentTop = area.minY - frame.minY + scroll.offset
            for row in layout.rows(inContentRange: contentTop, height: area.height) {
                drawRow(row, in: canvas)
            }
            drawBand(in: canvas)
            drawScrollIndicator(in: canvas)
        }
    }

    private func drawRow(_ row: Int, in canvas: Canvas) {
        let rect = windowRect(ofRow: row)
        let selected = isSelected(row)
        if selected {
            canvas.fill(rect, color: theme.selectionTint)
        } else if row == hoveredRow {
            canvas.fill(rect, color: theme.rowHover)
        }
        let leading = isEditing ? ListView.checkboxColumnWidth : 0
        if isEditing {
            let centre = Point(x: rect.minX + ListView.checkboxColumnWidth / 2 + 4, y: rect.midY)
            if selected {
                canvas.fillCircle(center: centre, radius: 11, color: theme.accent)
                canvas.drawCheckmark(in: Rect(x: centre.x - 7, y: centre.y - 7, width: 14, height: 14), lineWidth: 2, color: .white)
            } else {
                canvas.strokeCircle(center: centre, radius: 10.5, lineWidth: 1.5, color: theme.secondaryText)
            }
        }
        if row == focusedRow {
            ItemViewDecorations.strokeEdges(of: rect.insetBy(dx: 1, dy: 1), width: 2, color: theme.accent, in: canvas)
        }
        let textLeft = rect.minX + leading + ListView.textInset
        let textWidth = max(0, rect.maxX - textLeft - ListView.textInset)
        let title = dataSource.title(forRow: row)
        let titleMetrics = canvas.metrics(for: .body)
        if let subtitle = dataSource.subtitle(forRow: row) {
            let captionMetrics = canvas.metrics(for: .caption)
            let total = titleMetrics.lineHeight + captionMetrics.lineHeight
            let top = rect.midY - total / 2
            canvas.drawText(title, at: Point(x: textLeft, y: top),
                            role: .body, color: theme.primaryText, maxWidth: textWidth)
            canvas.drawText(subtitle, at: Point(x: textLeft, y: top + titleMetrics.lineHeight),
                            role: .caption, color: theme.secondaryText, maxWidth: textWidth)
        } else {
            canvas.drawText(title, at: Point(x: textLeft, y: rect.midY - titleMetrics.lineHeight / 2),
                            role: .body, color: theme.primaryText, maxWidth: textWidth)
        }
        let hairline = 1 / canvas.scale
        canvas.fill(Rect(x: textLeft, y: rect.maxY - hairline,
                         width: rect.maxX - textLeft, height: hairline), color: theme.separator)
    }

    private func drawBand(in canvas: Canvas) {
        ItemViewDecorations.drawBand(bandRect, frame: frame, offset: scroll.offset, theme: theme, in: canvas)
    }

    private func drawScrollIndicator(in canvas: Canvas) {
        ItemViewDecorations.drawScrollIndicator(frame: frame, scroll: scroll, theme: theme, in: canvas)
    }
}
