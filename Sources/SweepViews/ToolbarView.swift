import SweepGeometry
import SweepGraphics

/// A bar with a centred title and a hairline under it.
public final class ToolbarView {
    public static let height: Double = 44

    public var frame: Rect
    public var title: String
    public var theme: Theme

    public init(frame: Rect, title: String, theme: Theme) {
        self.frame = frame
        self.title = title
        self.theme = theme
    }

    public func draw(in canvas: Canvas) {
        canvas.fill(frame, color: theme.toolbarBackground)
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: theme.separator)
        let metrics = canvas.metrics(for: .title)
        let maxWidth = max(0, frame.width - 32)
        let width = min(canvas.measureText(title, role: .title), maxWidth)
        let origin = Point(x: frame.midX - width / 2, y: frame.midY - metrics.lineHeight / 2)
        canvas.drawText(title, at: origin, role: .title, color: theme.toolbarText, maxWidth: maxWidth)
    }
}
