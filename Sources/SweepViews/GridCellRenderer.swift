import SweepGeometry
import SweepGraphics

/// The default look of a grid cell: a rounded tile (tinted when selected),
/// the picture above a one-line title, the detail under the title, a badge
/// in the top-right corner, a selection circle in the bottom-right corner in
/// editing mode and the focus ring. A cell shows no secondary text and no
/// accessory; a disabled cell's content is veiled.
public struct GridCellRenderer: ItemRenderer {
    /// Radius of the tile's corners.
    static let cornerRadius = 8.0
    /// Radius of the selection circle, and its centre's inset from the cell's bottom-right corner.
    public static let circleRadius = 10.0
    public static let circleInset = 16.0

    /// The default look.
    public init() {}

    /// Draws the cell; it never throws.
    public func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
        canvas.fillRoundedRect(rect, radius: Self.cornerRadius, color: theme.rowHover)
        if state.tintOpacity > 0 {
            canvas.fillRoundedRect(rect, radius: Self.cornerRadius, color: theme.accent.withOpacity(0.16 * state.tintOpacity))
        }
        if state.isHighlighted {
            canvas.fillRoundedRect(rect, radius: Self.cornerRadius, color: theme.primaryText.withOpacity(0.06))
        }
        let line = canvas.metrics(for: .caption).lineHeight
        let textWidth = max(0, rect.width - 16)
        let textLines = content.detailText == nil ? 1.0 : 2.0
        var titleTop = rect.minY + 8
        if let image = content.image {
            // The picture above the text lines at the bottom of the cell.
            let area = Rect(x: rect.minX + 6, y: rect.minY + 6, width: max(0, rect.width - 12),
                            height: max(0, rect.height - 16 - textLines * line))
            switch image {
            case .bitmap(let bitmap): canvas.drawBitmap(bitmap, in: bitmap.aspectFit(in: area))
            case .icon(let icon): icon.draw(in: area.insetBy(dx: 4, dy: 4), theme: theme, canvas: canvas)
            }
            titleTop = rect.maxY - 6 - textLines * line
        }
        let origin = Point(x: rect.minX + 8, y: titleTop)
        TitleHighlights.draw(content.titleHighlights, of: content.title, at: origin, role: .caption, maxWidth: textWidth,
                             color: theme.highlightBackground, canvas: canvas)
        canvas.drawText(content.title, at: origin, role: .caption, color: theme.primaryText, maxWidth: textWidth)
        if let detail = content.detailText {
            canvas.drawText(detail, at: Point(x: origin.x, y: titleTop + line), role: .caption, color: theme.secondaryText,
                            maxWidth: textWidth)
        }
        if let badge = content.badge {
            let size = BadgePill.size(of: badge, canvas: canvas)
            BadgePill.draw(badge, in: Rect(x: rect.maxX - 6 - size.width, y: rect.minY + 6, width: size.width, height: size.height),
                           theme: theme, canvas: canvas)
        }
        if state.isDisabled {
            canvas.fillRoundedRect(rect, radius: Self.cornerRadius, color: theme.background.withOpacity(0.55))
        }
        if state.isEditing {
            let centre = Point(x: rect.maxX - GridCellRenderer.circleInset, y: rect.maxY - GridCellRenderer.circleInset)
            if state.isSelected {
                canvas.fillCircle(center: centre, radius: GridCellRenderer.circleRadius + 1, color: theme.accent)
                canvas.drawCheckmark(in: Rect(x: centre.x - 7, y: centre.y - 7, width: 14, height: 14), lineWidth: 2, color: .white)
            } else {
                canvas.fillCircle(center: centre, radius: GridCellRenderer.circleRadius, color: theme.background)
                canvas.strokeCircle(center: centre, radius: GridCellRenderer.circleRadius - 0.5, lineWidth: 1.5, color: theme.secondaryText)
            }
        }
        if state.isFocused { ItemViewDecorations.drawFocusRing(around: rect, theme: theme, canvas: canvas) }
    }

    /// Editing mode adds or removes only the selection circle: its square, with
    /// the selected circle's extra point and a pixel of antialiased edge.
    public func editingMarkBounds(in bounds: Rect) -> Rect? {
        let reach = GridCellRenderer.circleRadius + 2
        let centre = Point(x: bounds.maxX - GridCellRenderer.circleInset, y: bounds.maxY - GridCellRenderer.circleInset)
        return Rect(x: centre.x - reach, y: centre.y - reach, width: 2 * reach, height: 2 * reach).intersection(bounds)
    }

    /// A cell draws no accessory.
    public func accessoryBounds(for content: ItemContent, in bounds: Rect) -> Rect? { nil }
}
