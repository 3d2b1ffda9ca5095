import SweepUI

/// The demo's tab bar as a stop in the Tab order: Left and Right (Home and
/// End) switch pages while the focus stays on the tabs, as GTK's notebook
/// tabs do, the selected tab showing the focus ring; a screen reader hears
/// the tab and its shortcut. The app draws the bar; this only takes keys.
final class TabStrip: Component {
    private unowned let app: DemoApp
    private(set) var isFocused = false

    init(app: DemoApp) {
        self.app = app
    }

    var frame: Rect { app.tabBar.frame }
    func setFrame(_ frame: Rect) {}
    var isVisible = true
    func attach(to host: ComponentHost) {}
    func draw(in canvas: Canvas, damage: Region) {}
    var acceptsFocus: Bool { true }
    func cursorShape(at point: Point) -> CursorShape { app.tabBar.tab(at: point) != nil ? .pointer : .default }

    func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        showFocus()
    }

    func handleKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isDisjoint(with: [.control, .alt, .shift]) else { return false }
        let count = app.tabBar.titles.count, current = app.tabBar.selectedIndex
        guard count > 0 else { return false }
        let next: Int
        switch key.keysym {
        case .left: next = max(0, current - 1)
        case .right: next = min(count - 1, current + 1)
        case .home: next = 0
        case .end: next = count - 1
        default: return false
        }
        app.select(tab: next, keepingFocus: true)
        showFocus()
        return true
    }

    var accessibleFocus: AccessibleObject? { app.accessibleTab(app.tabBar.selectedIndex) }

    /// The ring on the selected tab while the strip has the focus, and the tab's focused state said.
    private func showFocus() {
        let index = isFocused ? app.tabBar.selectedIndex : nil
        if app.tabBar.focusedIndex != index {
            app.tabBar.focusedIndex = index
            app.host.invalidate(Region(app.tabBar.frame))
        }
        if let index, let accessibility = app.application.accessibility, let tab = app.accessibleTab(index) {
            accessibility.stateChanged(tab, "focused", true)
        }
    }
}
