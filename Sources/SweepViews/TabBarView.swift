import SweepGeometry
import SweepGraphics

/// A bar of equal tabs at the bottom of a window; the selected one is in the accent colour.
public final class TabBarView {
    public static let height: Double = 49

    public var frame: Rect
    public var titles: [String]
    public var selectedIndex: Int
    public var theme: Theme
    /// The tab with the keyboard focus (a ring around it), nil for none.
    public var focusedIndex: Int?

    public init(frame: Rect, titles: [String], selectedIndex: Int = 0, theme: Theme) {
        self.frame = frame
        self.titles = titles
        self.selectedIndex = selectedIndex
        self.theme = theme
    }

    /// The rectangle of tab `index` (window coordinates).
    public func frame(ofTab index: Int) -> Rect {
        let width = frame.width / Double(max(1, titles.count))
        return Rect(x: frame.minX + width * Double(index), y: frame.minY, width: width, height: frame.height)
    }

    /// The tab under a window point.
    public func tab(at point: Point) -> Int? {
        guard frame.contains(point), !titles.isEmpty else { return nil }
        return min(titles.count - 1, Int((point.x - frame.minX) / (frame.width / Double(titles.count))))
    }

    public func draw(in canvas: Canvas) {
        canvas.fill(frame, color: theme.toolbarBackground)
        canvas.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1), color: theme.separator)
        // Narrow tabs (six on a phone) say their titles in the caption size, all alike, before cutting one short.
        let room = max(0, frame(ofTab: 0).width - 8)
        let role: FontRole = titles.allSatisfy { canvas.measureText($0, role: .body) <= room } ? .body : .caption
        for (index, title) in titles.enumerated() {
            let rect = frame(ofTab: index)
            let selected = index == selectedIndex
            if selected {
                canvas.fillRoundedRect(rect.insetBy(dx: 4, dy: 6), radius: 8, color: theme.accent.withOpacity(0.14))
            }
            let width = min(canvas.measureText(title, role: role), room)
            canvas.drawText(title, at: Point(x: rect.midX - width / 2, y: rect.midY - canvas.metrics(for: role).lineHeight / 2), role: role,
                            color: selected ? theme.accent : theme.secondaryText, maxWidth: room)
            if index == focusedIndex { ItemViewDecorations.drawFocusRing(around: rect.insetBy(dx: 2, dy: 3), theme: theme, canvas: canvas) }
        }
    }
}
