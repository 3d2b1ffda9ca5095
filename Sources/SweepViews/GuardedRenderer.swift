import SweepGeometry
import SweepGraphics

/// Draws items through an app's renderer for a list or grid: each clipped to
/// its bounds, so a renderer cannot paint other items; when the renderer
/// throws, a placeholder (the title in the secondary colour) stands in for
/// the item and the error is reported once per item.
struct GuardedRenderer {
    var renderer: any ItemRenderer {
        didSet { reported.removeAll() }
    }
    /// Called with the item and the error the first time its drawing fails.
    var onError: ((ItemPath, any Error) -> Void)?
    /// Where the placeholder's title starts, from the item's leading edge.
    let placeholderInset: Double
    private var reported: Set<ItemPath> = []

    init(_ renderer: any ItemRenderer, placeholderInset: Double) {
        self.renderer = renderer
        self.placeholderInset = placeholderInset
    }

    /// Forgets which items failed: positions name other items after a data change.
    mutating func forgetFailures() { reported.removeAll() }

    mutating func draw(_ item: ItemPath, content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme,
                       canvas: Canvas) {
        var failure: (any Error)?
        canvas.withClip(bounds) {
            do {
                try renderer.draw(content, state: state, in: bounds, theme: theme, canvas: canvas)
            } catch {
                failure = error
                drawPlaceholder(content.title, in: bounds, theme: theme, canvas: canvas)
            }
        }
        // (An item that left the data source, drawn fading out, has no index path to report.)
        if let failure, item.section >= 0, reported.insert(item).inserted { onError?(item, failure) }
    }

    /// The item's height from the renderer, nil when it leaves it to the layout's estimate.
    func height(for content: ItemContent, width: Double, theme: Theme, measurer: TextMeasuring) -> Double? {
        renderer.height(for: content, width: width, theme: theme, measurer: measurer)
    }

    /// Paints over whatever the failed renderer drew, then the title.
    private func drawPlaceholder(_ title: String, in bounds: Rect, theme: Theme, canvas: Canvas) {
        canvas.fill(bounds, color: theme.background)
        let line = canvas.metrics(for: .body).lineHeight
        canvas.drawText(title, at: Point(x: bounds.minX + placeholderInset, y: bounds.midY - line / 2), role: .body,
                        color: theme.secondaryText, maxWidth: max(0, bounds.width - 2 * placeholderInset))
    }
}
