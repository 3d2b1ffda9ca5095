import SweepEventLog
import SweepUI

extension DemoApp {
    /// Draws every page in `theme`: at the start, and whenever the desktop's
    /// colour scheme changes under `--theme auto`. Logged as a `theme` event
    /// with the desktop's preference when one was read.
    func apply(theme: Theme, colorScheme: ColorScheme?) {
        for controller in [list, grid, trails.list, packing.list, filters.list] { controller.theme = theme }
        trails.detail?.toolbar.theme = theme
        canvasPage.theme = theme
        tabBar.theme = theme
        window.invalidateAll()
        let name = EventLog.Value.string(theme.isDark ? "dark" : "light")
        let accent = EventLog.Value.string([theme.accent.red, theme.accent.green, theme.accent.blue]
            .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        if let colorScheme {
            log?.log(view: "window", event: "theme", ["name": name, "desktop": .string("\(colorScheme)"), "accent": accent])
        } else {
            log?.log(view: "window", event: "theme", ["name": name, "accent": accent])
        }
    }
}
