import SweepGeometry
import SweepGraphics
import SweepLayout

/// A vertically scrolling grid of equal cells ("collection view"): a title
/// in each cell, a selection circle in the bottom-right corner in editing
/// mode, a focus ring, the band, and pinch zoom through `setLayout`.
///
/// Like `ListView` it keeps its state and repaints only what the caller says
/// is damaged; points are window coordinates unless named otherwise.
public final class GridView {
    public private(set) var frame: Rect
    public private(set) var layout: GridLayout
    public private(set) var scroll: ScrollModel
    public var theme: Theme
    public let dataSource: ListDataSource
    /// Whether an item is selected (asked only for cells being drawn).
    public var isSelected: (ItemPath) -> Bool = { _ in false }
    /// Editing mode shows a selection circle in each cell.
    public var isEditing = false
    /// The keyboard focus ring's item.
    public var focusedItem: ItemPath?
    /// A band selection's rectangle in content coordinates.
    public var bandRect: Rect?

    /// The offset the pixels show (see `takeScrollChange`).
    private var reporter = ScrollReporter(offset: 0)

    /// Radius of the selection circle, and its centre's inset from the cell's bottom-right corner.
    public static let circleRadius = 10.0
    public static let circleInset = 16.0

    public init(frame: Rect, dataSource: ListDataSource, cellSize: Double = 100, theme: Theme) {
        self.frame = frame
        self.dataSource = dataSource
        self.theme = theme
        layout = GridLayout(itemCounts: dataSource.sectionCounts, cellSize: Size(width: cellSize, height: cellSize),
                            width: frame.width)
        scroll = ScrollModel(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
    }

    /// Moves or resizes the view; the columns follow the new width.
    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        layout = GridLayout(itemCounts: layout.itemCounts, cellSize: layout.cellSize, spacing: layout.spacing,
                            inset: layout.inset, width: newFrame.width)
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: newFrame.height)
    }

    /// Reads the sections' counts again (after the data source changed them).
    public func reloadData() {
        layout = GridLayout(itemCounts: dataSource.sectionCounts, cellSize: layout.cellSize, spacing: layout.spacing,
                            inset: layout.inset, width: frame.width)
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
    }

    /// Takes a zoomed layout and the offset that keeps the pinch centre's item in place.
    public func setLayout(_ newLayout: GridLayout, offset: Double) {
        layout = newLayout
        scroll.resize(contentHeight: newLayout.contentSize.height, viewportHeight: frame.height)
        scroll.jump(to: offset)
    }

    /// A cell's rectangle in window coordinates.
    public func windowRect(of item: ItemPath) -> Rect {
        layout.frame(of: item).offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset)
    }

    /// The offset the view draws at: the scroll offset on whole pixels, so
    /// a scroll moves pixels by whole pixels and they can be copied.
    public var visibleOffset: Double { scroll.offset.rounded() }

    /// What scrolling did to the pixels since the last call: the caller
    /// moves the view's pixels by its `dy` and repaints its damage, or
    /// repaints the whole view.
    public func takeScrollChange() -> ScrollChange? {
        reporter.take(frame: frame, scroll: scroll, offset: visibleOffset, band: bandRect)
    }

    // MARK: - Scrolling

    public func scroll(by delta: Double) {
        scroll.glide(by: delta)
    }

    public func scroll(toOffset offset: Double) {
        scroll.glide(to: offset)
    }

    public func scrollImmediately(to offset: Double) {
        scroll.jump(to: offset)
    }

    /// A fling at `velocity` px/ms from `time` on the animation clock.
    public func fling(velocity: Double, time: Double) {
        scroll.fling(velocity: velocity, time: time)
    }

    @discardableResult
    public func stopFling() -> Bool { scroll.stopFling() }

    public var isAnimating: Bool { scroll.isAnimating }

    /// Advances animations to `time` (ms); what the scroll did is for
    /// `takeScrollChange()`, so nothing else is damaged.
    public func advance(to time: Double) -> Region {
        scroll.advance(to: time)
        return Region()
    }

    // MARK: - Drawing

    /// Repaints each damaged rectangle (not their bounding box: a band step
    /// damages two thin strips and a few cells, far apart).
    public func draw(in canvas: Canvas, damage: Region) {
        for rect in damage.rects { draw(in: canvas, area: rect.intersection(frame)) }
    }

    private func draw(in canvas: Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        canvas.withClip(area) {
            canvas.fill(area, color: theme.background)
            let visible = Rect(x: 0, y: area.minY - frame.minY + visibleOffset, width: layout.width, height: area.height)
            for range in layout.items(in: visible) {
                for item in range.items { drawCell(ItemPath(section: range.section, item: item), in: canvas) }
            }
            drawBand(in: canvas)
            drawScrollIndicator(in: canvas)
        }
    }

    private func drawCell(_ item: ItemPath, in canvas: Canvas) {
        let rect = windowRect(of: item)
        let selected = isSelected(item)
        canvas.fillRoundedRect(rect, radius: 8, color: theme.rowHover)
        if selected { canvas.fillRoundedRect(rect, radius: 8, color: theme.selectionTint) }
        if let image = dataSource.image(for: item) {
            // The picture above a one-line title at the bottom of the cell.
            let line = canvas.metrics(for: .caption).lineHeight
            let area = Rect(x: rect.minX + 6, y: rect.minY + 6, width: max(0, rect.width - 12),
                            height: max(0, rect.height - 16 - line))
            canvas.drawBitmap(image, in: image.aspectFit(in: area))
            canvas.drawText(dataSource.title(for: item), at: Point(x: rect.minX + 8, y: rect.maxY - 6 - line),
                            role: .caption, color: theme.primaryText, maxWidth: max(0, rect.width - 16))
        } else {
            canvas.drawText(dataSource.title(for: item), at: Point(x: rect.minX + 8, y: rect.minY + 8),
                            role: .caption, color: theme.primaryText, maxWidth: max(0, rect.width - 16))
        }
        if isEditing {
            let centre = Point(x: rect.maxX - GridView.circleInset, y: rect.maxY - GridView.circleInset)
            if selected {
                canvas.fillCircle(center: centre, radius: GridView.circleRadius + 1, color: theme.accent)
                canvas.drawCheckmark(in: Rect(x: centre.x - 7, y: centre.y - 7, width: 14, height: 14), lineWidth: 2, color: .white)
            } else {
                canvas.fillCircle(center: centre, radius: GridView.circleRadius, color: theme.background)
                canvas.strokeCircle(center: centre, radius: GridView.circleRadius - 0.5, lineWidth: 1.5, color: theme.secondaryText)
            }
        }
        if item == focusedItem {
            ItemViewDecorations.strokeEdges(of: rect, width: 2, color: theme.accent, in: canvas)
        }
    }

    private func drawBand(in canvas: Canvas) {
        ItemViewDecorations.drawBand(bandRect, frame: frame, offset: visibleOffset, theme: theme, in: canvas)
    }

    private func drawScrollIndicator(in canvas: Canvas) {
        ItemViewDecorations.drawScrollIndicator(frame: frame, scroll: scroll, offset: visibleOffset, theme: theme, in: canvas)
    }
}
