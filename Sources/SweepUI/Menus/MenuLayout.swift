import SweepGeometry

/// Where a menu's entries go, in the popup's logical pixels: one row per
/// entry (separators thinner), the titles on the left, shortcuts right
/// aligned, an arrow for submenus. Measured once, when the menu opens.
struct MenuLayout: Equatable {
    static let rowHeight = 30.0
    static let separatorHeight = 9.0
    static let padding = 5.0
    static let textInset = 14.0
    static let shortcutGap = 28.0
    static let arrowWidth = 18.0
    static let minimumWidth = 160.0
    static let maximumWidth = 420.0

    /// Each entry's row.
    let rows: [Rect]
    let size: Size
    /// Where shortcuts end (they are right aligned there).
    let shortcutRight: Double
    /// The room a title has before it is cut with an ellipsis.
    let titleWidth: Double

    /// Lays out `items`, measuring text with `measure` (logical pixels).
    init(items: [MenuItem], measure: (String) -> Double) {
        let titles = items.map { $0.kind == .separator ? 0 : measure($0.title) }.max() ?? 0
        let shortcuts = items.compactMap { $0.shortcut.map(measure) }.max()
        let hasSubmenu = items.contains { $0.submenuItems != nil }
        var width = MenuLayout.textInset * 2 + titles.rounded(.up)
        if let shortcuts { width += MenuLayout.shortcutGap + shortcuts.rounded(.up) }
        if hasSubmenu { width += MenuLayout.arrowWidth }
        width = min(MenuLayout.maximumWidth, max(MenuLayout.minimumWidth, width))
        var y = MenuLayout.padding
        var rows: [Rect] = []
        for item in items {
            let height = item.kind == .separator ? MenuLayout.separatorHeight : MenuLayout.rowHeight
            rows.append(Rect(x: 0, y: y, width: width, height: height))
            y += height
        }
        self.rows = rows
        size = Size(width: width, height: y + MenuLayout.padding)
        shortcutRight = width - MenuLayout.textInset - (hasSubmenu ? MenuLayout.arrowWidth : 0)
        let shortcutRoom = shortcuts.map { $0.rounded(.up) + MenuLayout.shortcutGap } ?? 0
        titleWidth = max(0, shortcutRight - MenuLayout.textInset - shortcutRoom)
    }

    /// The entry whose row holds `point` (popup coordinates).
    func index(at point: Point) -> Int? {
        guard point.x >= 0, point.x < size.width else { return nil }
        return rows.firstIndex { point.y >= $0.minY && point.y < $0.maxY }
    }
}
