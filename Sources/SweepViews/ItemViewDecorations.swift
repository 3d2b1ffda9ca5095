import SweepGeometry
import SweepGraphics
import SweepLayout

/// What lists and grids draw alike: the band, the focus ring, the scroll indicator and section headers.
/// The band is public so other views (a canvas) draw the same one.
public enum ItemViewDecorations {
    /// Width of the scroll indicator, and its margin from the view's right edge.
    static let indicatorWidth = 4.0
    static let indicatorMargin = 3.0

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

    /// A pill in the right margin whose length and place show the visible part of the content.
    static func drawScrollIndicator(frame: Rect, scroll: ScrollModel, offset: Double, theme: Theme, in canvas: Canvas) {
        guard let bar = indicatorRect(frame: frame, scroll: scroll, offset: offset) else { return }
        canvas.fillRoundedRect(bar, radius: indicatorWidth / 2, color: theme.scrollIndicator)
    }

    /// Where the scroll indicator is at `offset`; nil when nothing scrolls.
    static func indicatorRect(frame: Rect, scroll: ScrollModel, offset: Double) -> Rect? {
        guard scroll.maxOffset > 0 else { return nil }
        let track = frame.insetBy(dx: 0, dy: indicatorMargin)
        let length = max(32, track.height * frame.height / scroll.contentHeight)
        let position = track.minY + (track.height - length) * min(1, max(0, offset / scroll.maxOffset))
        return Rect(x: frame.maxX - indicatorWidth - indicatorMargin, y: position, width: indicatorWidth, height: length)
    }

    /// A section header (window coordinates): its band and the title in
    /// capitals, on the baseline near its bottom.
    static func drawHeader(_ title: String, in rect: Rect, theme: Theme, canvas: Canvas) {
        canvas.fill(rect, color: theme.headerBackground)
        let metrics = canvas.metrics(for: .caption)
        canvas.drawText(title.uppercased(), at: Point(x: rect.minX + ListView.textInset, y: rect.maxY - metrics.lineHeight - 6),
                        role: .caption, color: theme.secondaryText, maxWidth: max(0, rect.width - 2 * ListView.textInset))
    }

    /// A row's accessory, centred in the trailing `ListView.accessoryWidth` of `rowRect`.
    static func drawAccessory(_ accessory: RowAccessory, rowRect: Rect, theme: Theme, in canvas: Canvas) {
        let centre = Point(x: rowRect.maxX - ListView.accessoryWidth / 2, y: rowRect.midY)
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
