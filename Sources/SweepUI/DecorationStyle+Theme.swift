import SweepGraphics
import SweepViews
internal import SweepWayland

extension DecorationStyle {
    /// The title bar for a theme: the dark or light bar by the theme's
    /// background, with the theme's own text colours.
    public init(theme: Theme) {
        self = theme.isDark ? .dark : .light
        title = theme.primaryText
        inactiveTitle = theme.secondaryText
    }
}
