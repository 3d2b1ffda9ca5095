internal import SweepWayland

/// What is under the pointer while items are dragged: the app's preview,
/// or the first item's title on a card; for several, their count in a
/// badge ("12").
@MainActor
final class DragIconView: @MainActor WindowContent {
    static let cardSize = Size(width: 220, height: 40)
    let title: String
    let count: Int
    let theme: Theme
    let preview: DragPreview?

    init(title: String, count: Int, theme: Theme, preview: DragPreview? = nil) {
        self.title = title
        self.count = count
        self.theme = theme
        self.preview = preview
    }

    /// The icon's size: the preview's, or the card's.
    var size: Size { preview?.size ?? Self.cardSize }

    func draw(in canvas: Canvas, damage: Region) {
        if let preview {
            let bounds = Rect(origin: .zero, size: preview.size)
            canvas.clear(bounds)
            preview.draw(canvas, bounds)
            guard count > 1 else { return }
            let text = NumberText.grouped(count)
            let badge = BadgePill.size(of: text, canvas: canvas)
            BadgePill.draw(text, in: Rect(x: max(0, bounds.maxX - 4 - badge.width), y: 4, width: badge.width, height: badge.height),
                           theme: theme, canvas: canvas)
            return
        }
        let bounds = Rect(origin: .zero, size: Self.cardSize)
        canvas.fill(bounds, color: theme.accent)
        canvas.fill(bounds.insetBy(dx: 1, dy: 1), color: theme.background)
        let metrics = canvas.metrics(for: .body)
        var room = bounds.width - 24
        if count > 1 {
            let text = NumberText.grouped(count)
            let size = BadgePill.size(of: text, canvas: canvas)
            let badge = Rect(x: bounds.maxX - 8 - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            BadgePill.draw(text, in: badge, theme: theme, canvas: canvas)
            room = badge.minX - 12 - 12
        }
        canvas.drawText(title, at: Point(x: 12, y: bounds.midY - metrics.lineHeight / 2), role: .body, color: theme.primaryText,
                        maxWidth: max(0, room))
    }

    var isAnimating: Bool { false }
    func advanceAnimations(to time: Double) -> Region { Region() }
    func windowShouldClose() {}
}
