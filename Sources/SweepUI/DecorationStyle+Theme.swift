import SweepGraphics
import SweepViews
internal import SweepWayland

extension DecorationStyle {
    /// The title bar for a theme: the dark or light bar by the theme's
    /// background, with the theme's own text colours.
    public init(theme: Theme) {
        let background = theme.background
        let luminance = 0.2126 * Double(background.red) + 0.7152 * Double(background.green) + 0.0722 * Double(background.blue)
        self = luminance < 128 ? .dark : .light
        title = theme.primaryText
        inactiveTitle = theme.secondaryText
    }
}
