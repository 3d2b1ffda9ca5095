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
    /// Room for an icon or a mark before the titles, when any entry has one.
    static let leadingWidth = 26.0
    /// More height for an entry that says why it is disabled, under its title.
    static let reasonHeight = 16.0

    /// An entry's height (a separator's is less): `rowHeight`, 44 on a phone's window.
    let entryHeight: Double
    /// Each entry's row.
    let rows: [Rect]
    let size: Size
    /// Where shortcuts end (they are right aligned there).
    let shortcutRight: Double
    /// The room a title has before it is cut with an ellipsis.
    let titleWidth: Double
    /// Where titles start: after the icons and marks, when any entry has one.
    let titleLeft: Double

    /// Lays out `items`, measuring text with `measure` (logical pixels); entries are
    /// `entryHeight` high (a finger's 44 on a compact window).
    init(items: [MenuItem], entryHeight: Double = MenuLayout.rowHeight, measure: (String) -> Double) {
        self.entryHeight = entryHeight
        let titles = items.map { $0.kind == .separator ? 0 : max(measure($0.title), $0.shownDisabledReason.map(measure) ?? 0) }.max() ?? 0
        let shortcuts = items.compactMap { $0.shortcut.map { measure($0.label) } }.max()
        let hasSubmenu = items.contains { $0.submenuItems != nil }
        let leading = items.contains { $0.icon != nil || $0.mark != .none } ? MenuLayout.leadingWidth : 0
        var width = MenuLayout.textInset * 2 + leading + titles.rounded(.up)
        if let shortcuts { width += MenuLayout.shortcutGap + shortcuts.rounded(.up) }
        if hasSubmenu { width += MenuLayout.arrowWidth }
        width = min(MenuLayout.maximumWidth, max(MenuLayout.minimumWidth, width))
        var y = MenuLayout.padding
        var rows: [Rect] = []
        for item in items {
            let height = item.kind == .separator ? MenuLayout.separatorHeight
                : entryHeight + (item.shownDisabledReason == nil ? 0 : MenuLayout.reasonHeight)
            rows.append(Rect(x: 0, y: y, width: width, height: height))
            y += height
        }
        self.rows = rows
        size = Size(width: width, height: y + MenuLayout.padding)
        shortcutRight = width - MenuLayout.textInset - (hasSubmenu ? MenuLayout.arrowWidth : 0)
        let shortcutRoom = shortcuts.map { $0.rounded(.up) + MenuLayout.shortcutGap } ?? 0
        titleLeft = MenuLayout.textInset + leading
        titleWidth = max(0, shortcutRight - titleLeft - shortcutRoom)
    }

    /// The entry whose row holds `point` (popup coordinates).
    func index(at point: Point) -> Int? {
        guard point.x >= 0, point.x < size.width else { return nil }
        return rows.firstIndex { point.y >= $0.minY && point.y < $0.maxY }
    }
}
