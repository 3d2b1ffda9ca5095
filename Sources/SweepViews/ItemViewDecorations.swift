import SweepGeometry
import SweepGraphics
import SweepLayout

/// What lists and grids draw alike: the band, the focus ring, the scroll
/// indicator and section headers; and the marks of an item's state that
/// the default renderers draw (the selection tint or hover, the editing
/// mode's selection circle, the disabled veil, the focus ring), public so
/// an app's own `ItemRenderer` draws them the same way:
///
/// ```swift
/// struct MessageRenderer: ItemRenderer {
///     func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
///         ItemViewDecorations.drawBackground(state: state, in: rect, theme: theme, canvas: canvas)
///         let unread = content.value(as: Message.self)?.isUnread ?? false
///         canvas.drawText(content.title, at: Point(x: rect.minX + 44, y: rect.minY + 12),
///                         role: unread ? .title : .body, color: theme.primaryText, maxWidth: rect.width - 60)
///         ItemViewDecorations.drawSelectionMark(state: state, at: Point(x: rect.minX + 22, y: rect.midY), theme: theme, canvas: canvas)
///         ItemViewDecorations.drawForeground(state: state, in: rect, theme: theme, canvas: canvas)
///     }
/// }
/// ```
public enum ItemViewDecorations {
    /// The state's background: the selection tint (fading with
    /// `tintOpacity` after a deselect) or, unselected, the hover highlight.
    /// `cornerRadius` rounds it, as grid cells are. Draw it first.
    public static func drawBackground(state: ItemState, in rect: Rect, theme: Theme, cornerRadius: Double = 0, canvas: Canvas) {
        func fill(_ color: Color) {
            if cornerRadius > 0 { canvas.fillRoundedRect(rect, radius: cornerRadius, color: color) } else { canvas.fill(rect, color: color) }
        }
        if state.tintOpacity > 0 {
            // On the view's own opaque background (where items are drawn), the tint as one opaque colour.
            let tint = theme.accent.withOpacity(0.16 * state.tintOpacity)
            fill(theme.background.isOpaque ? tint.composited(over: theme.background) : tint)
        } else if state.isHighlighted {
            fill(theme.rowHover)
        }
    }

    /// In editing mode, the selection circle centred at `centre`: filled
    /// with a checkmark when selected, an outline when not; nothing outside
    /// editing mode.
    public static func drawSelectionMark(state: ItemState, at centre: Point, radius: Double = 10, theme: Theme, canvas: Canvas) {
        guard state.isEditing else { return }
        if state.isSelected {
            canvas.fillCircle(center: centre, radius: radius + 1, color: theme.accent)
            canvas.drawCheckmark(in: Rect(x: centre.x - 7, y: centre.y - 7, width: 14, height: 14), lineWidth: 2, color: theme.accentForeground)
        } else {
            canvas.strokeCircle(center: centre, radius: radius + 0.5, lineWidth: 1.5, color: theme.secondaryText)
        }
    }

    /// The marks drawn over the content: the veil of a disabled item and the
    /// keyboard focus ring (2 px of accent inside `rect`). Draw them last.
    public static func drawForeground(state: ItemState, in rect: Rect, theme: Theme, cornerRadius: Double = 0, canvas: Canvas) {
        if state.isDisabled {
            let veil = theme.background.withOpacity(0.55)
            if cornerRadius > 0 { canvas.fillRoundedRect(rect, radius: cornerRadius, color: veil) } else { canvas.fill(rect, color: veil) }
        }
        if state.isFocused { drawFocusRing(around: rect, theme: theme, canvas: canvas) }
    }

    /// The keyboard focus ring: 2 px of the accent just inside `rect`.
    public static func drawFocusRing(around rect: Rect, theme: Theme, canvas: Canvas) {
        strokeEdges(of: rect, width: 2, color: theme.accent, in: canvas)
    }


    /// The four edges of `rect`, `width` thick, inside it.
    static func strokeEdges(of rect: Rect, width: Double, color: Color, in canvas: Canvas) {
        for edge in [Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width),
                     Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width),
                     Rect(x: rect.minX, y: rect.minY, width: width, height: rect.height),
                     Rect(x: rect.maxX - width, y: rect.minY, width: width, height: rect.height)] {
            canvas.fill(edge, color: color)
        }
    }

    /// The band (`band` in content coordinates, `offset` the scroll offset of a view at
    /// `frame`): a translucent accent fill with a 1 px accent border, clipped to the frame.
    /// `overContent` is for a band over shapes that may themselves be the accent colour
    /// (the canvas's selected pieces), where an accent tint and border would vanish and the
    /// band would look to be under them: a veil of the background colour lightens (or, dark,
    /// darkens) whatever the band covers, and a light line runs inside the border.
    public static func drawBand(_ band: Rect?, frame: Rect, offset: Double, theme: Theme, overContent: Bool = false,
                                in canvas: Canvas) {
        guard let band else { return }
        let rect = band.offsetBy(dx: frame.minX, dy: frame.minY - offset).intersection(frame)
        guard !rect.isEmpty else { return }
        canvas.fill(rect, color: theme.accent.withOpacity(0.18))
        if overContent { canvas.fill(rect, color: theme.background.withOpacity(0.3)) }
        strokeEdges(of: rect, width: 1, color: theme.accent, in: canvas)
        if overContent && rect.width > 2 && rect.height > 2 {
            strokeEdges(of: rect.insetBy(dx: 1, dy: 1), width: 1, color: theme.background.withOpacity(0.85), in: canvas)
        }
    }

    /// A pill in the right margin whose length and place show the visible
    /// part of the content; `expanded` (the pointer over it), a wider thumb
    /// on a trough, to drag or click.
    static func drawScrollIndicator(frame: Rect, scroll: ScrollModel, offset: Double, expanded: Bool = false,
                                    theme: Theme, in canvas: Canvas) {
        let geometry = ScrollbarGeometry(frame: frame, contentHeight: scroll.contentHeight)
        guard let bar = geometry.thumb(at: offset, wide: expanded) else { return }
        if expanded {
            canvas.fillRoundedRect(geometry.track, radius: ScrollbarGeometry.wideWidth / 2, color: theme.scrollIndicator.withOpacity(0.35))
        }
        canvas.fillRoundedRect(bar, radius: bar.width / 2, color: theme.scrollIndicator)
    }

    /// Where the scroll indicator is at `offset`; nil when nothing scrolls.
    static func indicatorRect(frame: Rect, scroll: ScrollModel, offset: Double) -> Rect? {
        ScrollbarGeometry(frame: frame, contentHeight: scroll.contentHeight).thumb(at: offset, wide: false)
    }

    /// A section header (window coordinates): its band and the title in
    /// capitals, on the baseline near its bottom.
    static func drawHeader(_ title: String, in rect: Rect, theme: Theme, canvas: Canvas) {
        canvas.fill(rect, color: theme.headerBackground)
        let metrics = canvas.metrics(for: .caption)
        canvas.drawText(title.uppercased(), at: Point(x: rect.minX + ListRowRenderer.textInset, y: rect.maxY - metrics.lineHeight - 6),
                        role: .caption, color: theme.secondaryText, maxWidth: max(0, rect.width - 2 * ListRowRenderer.textInset))
    }

    /// A row's accessory (a checkmark, a detail button, a disclosure
    /// chevron), centred in the trailing `ListRowRenderer.accessoryWidth` of `rowRect`.
    public static func drawAccessory(_ accessory: RowAccessory, rowRect: Rect, theme: Theme, in canvas: Canvas) {
        let centre = Point(x: rowRect.maxX - ListRowRenderer.accessoryWidth / 2, y: rowRect.midY)
        switch accessory {
        case .none:
            return
        case .checkmark:
            canvas.drawCheckmark(in: Rect(x: centre.x - 8, y: centre.y - 8, width: 16, height: 16), lineWidth: 2.5, color: theme.accent)
        case .detailButton:
            canvas.strokeCircle(center: centre, radius: 10, lineWidth: 1.5, color: theme.accent)
            canvas.fill(Rect(x: centre.x - 1, y: centre.y - 2, width: 2, height: 7), color: theme.accent)
            canvas.fillCircle(center: Point(x: centre.x, y: centre.y - 5), radius: 1.3, color: theme.accent)
        case .disclosure:
            canvas.drawLine(from: Point(x: centre.x - 3, y: centre.y - 6), to: Point(x: centre.x + 3, y: centre.y), lineWidth: 2, color: theme.secondaryText)
            canvas.drawLine(from: Point(x: centre.x + 3, y: centre.y), to: Point(x: centre.x - 3, y: centre.y + 6), lineWidth: 2, color: theme.secondaryText)
        }
    }
}
