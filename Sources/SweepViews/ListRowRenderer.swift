import SweepGeometry
import SweepGraphics

/// The default look of a list row: the selection tint (fading after a
/// deselect) or the hover highlight, a selection circle in editing mode, a
/// leading picture, the title (its highlighted characters on an accent
/// background) over an optional secondary line, a right-aligned detail, a
/// badge, the accessory, a hairline separator and the focus ring. A disabled
/// row's content is veiled.
public struct ListRowRenderer: ItemRenderer {
    /// Gap between the trailing parts (detail, badge) and what precedes them.
    static let trailingGap = 8.0
    /// Width of the checkbox column in editing mode.
    public static let checkboxColumnWidth: Double = 44
    /// Leading inset of text and separators.
    public static let textInset: Double = 16
    /// Width of the area at a row's trailing edge that an accessory takes.
    public static let accessoryWidth: Double = 44

    /// The default look.
    public init() {}

    /// Draws the row; it never throws.
    public func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
        ItemViewDecorations.drawBackground(state: state, in: rect, theme: theme, canvas: canvas)
        var textLeft = rect.minX + (state.isEditing ? ListRowRenderer.checkboxColumnWidth : 0) + ListRowRenderer.textInset
        if let image = content.image {
            // A square before the text, as tall as the row less a margin.
            let side = max(0, rect.height - 8)
            let square = Rect(x: textLeft, y: rect.minY + 4, width: side, height: side)
            switch image {
            case .bitmap(let bitmap): canvas.drawBitmap(bitmap, in: bitmap.aspectFit(in: square))
            case .icon(let icon): icon.draw(in: square.insetBy(dx: 2, dy: 2), theme: theme, canvas: canvas)
            }
            textLeft += side + 10
        }
        var trailing = rect.maxX - (content.accessory == .none ? ListRowRenderer.textInset : ListRowRenderer.accessoryWidth)
        if let badge = content.badge {
            let size = BadgePill.size(of: badge, canvas: canvas)
            let pill = Rect(x: trailing - size.width, y: rect.midY - size.height / 2, width: size.width, height: size.height)
            BadgePill.draw(badge, in: pill, theme: theme, canvas: canvas)
            trailing = pill.minX - Self.trailingGap
        }
        if let detail = content.detailText {
            // Right-aligned, never taking more than half the room the text has.
            let width = min(canvas.measureText(detail, role: .caption), max(0, trailing - textLeft) / 2)
            let line = canvas.metrics(for: .caption).lineHeight
            canvas.drawText(detail, at: Point(x: trailing - width, y: rect.midY - line / 2), role: .caption,
                            color: theme.secondaryText, maxWidth: width)
            trailing -= width + Self.trailingGap
        }
        drawText(content, left: textLeft, width: max(0, trailing - textLeft), rect: rect, theme: theme, canvas: canvas)
        ItemViewDecorations.drawAccessory(content.accessory, rowRect: rect, theme: theme, in: canvas)
        Self.drawRowFinish(state: state, in: rect, separatorFrom: textLeft, theme: theme, canvas: canvas)
    }

    /// What a row draws over its content: the disabled veil, the selection
    /// circle in editing mode, the focus ring, and the hairline separator
    /// from `separatorFrom` to the row's end (a table's rows draw it too).
    public static func drawRowFinish(state: ItemState, in rect: Rect, separatorFrom left: Double, theme: Theme, canvas: Canvas) {
        var veiled = state
        veiled.isFocused = false
        ItemViewDecorations.drawForeground(state: veiled, in: rect, theme: theme, canvas: canvas)
        ItemViewDecorations.drawSelectionMark(state: state, at: Point(x: rect.minX + checkboxColumnWidth / 2 + 4, y: rect.midY),
                                              theme: theme, canvas: canvas)
        if state.isFocused { ItemViewDecorations.drawFocusRing(around: rect.insetBy(dx: 1, dy: 1), theme: theme, canvas: canvas) }
        let hairline = 1 / canvas.scale
        canvas.fill(Rect(x: left, y: rect.maxY - hairline, width: max(0, rect.maxX - left), height: hairline), color: theme.separator)
    }

    /// The title, and under it the secondary line, centred together in the row.
    private func drawText(_ content: ItemContent, left: Double, width: Double, rect: Rect, theme: Theme, canvas: Canvas) {
        let titleLine = canvas.metrics(for: .body).lineHeight
        var top = rect.midY - titleLine / 2
        if content.secondaryText != nil { top = rect.midY - (titleLine + canvas.metrics(for: .caption).lineHeight) / 2 }
        let origin = Point(x: left, y: top)
        TitleHighlights.draw(content.titleHighlights, of: content.title, at: origin, role: .body, maxWidth: width,
                             color: theme.highlightBackground, canvas: canvas)
        canvas.drawText(content.title, at: origin, role: .body, color: theme.primaryText, maxWidth: width)
        if let secondary = content.secondaryText {
            canvas.drawText(secondary, at: Point(x: left, y: top + titleLine), role: .caption, color: theme.secondaryText,
                            maxWidth: width)
        }
    }
}
