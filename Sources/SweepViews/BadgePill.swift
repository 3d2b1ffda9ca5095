import SweepGeometry
import SweepGraphics

/// An item's badge (`ItemContent.badge`): short white text in an accent pill;
/// also the count on a drag's icon.
public enum BadgePill {
    static let role = FontRole.caption
    /// Text padding on each side, and the widest a pill grows before its text is cut.
    static let padding = 6.0
    static let maxWidth = 80.0

    /// The pill's size for `text`: at least as wide as tall, so one digit makes a circle.
    public static func size(of text: String, canvas: TextMeasuring) -> Size {
        let height = canvas.metrics(for: role).lineHeight + 4
        let width = min(maxWidth, max(height, canvas.measureText(text, role: role) + 2 * padding))
        return Size(width: width, height: height)
    }

    public static func draw(_ text: String, in rect: Rect, theme: Theme, canvas: Canvas) {
        canvas.fillRoundedRect(rect, radius: rect.height / 2, color: theme.accent)
        let textWidth = min(canvas.measureText(text, role: role), rect.width - 2 * padding)
        canvas.drawText(text, at: Point(x: rect.midX - textWidth / 2, y: rect.minY + 2), role: role, color: theme.accentForeground,
                        maxWidth: max(0, rect.width - 2 * padding))
    }
}
