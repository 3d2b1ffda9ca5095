import SweepGraphics

/// The colours of Sweep's own title bar (drawn where the compositor draws
/// none): an app's theme gives them (`SweepUI` sets them from `Theme`), so
/// the title bar turns dark with the rest of the window.
public struct DecorationStyle: Hashable, Sendable {
    /// The bar while the window is active, and while another window is.
    public var background: Color
    public var inactiveBackground: Color
    public var title: Color
    public var inactiveTitle: Color
    /// Behind a button under the pointer, and while it is pressed.
    public var buttonHover: Color
    public var buttonPressed: Color
    /// The line between the bar and the content.
    public var separator: Color
    /// The shadow's colour next to the window; it fades to nothing outward.
    public var shadow: Color

    public init(background: Color, inactiveBackground: Color, title: Color, inactiveTitle: Color,
                buttonHover: Color, buttonPressed: Color, separator: Color, shadow: Color) {
        self.background = background
        self.inactiveBackground = inactiveBackground
        self.title = title
        self.inactiveTitle = inactiveTitle
        self.buttonHover = buttonHover
        self.buttonPressed = buttonPressed
        self.separator = separator
        self.shadow = shadow
    }

    /// Light grey, like Adwaita's header bar.
    public static let light = DecorationStyle(
        background: Color(rgb: 0xebebed), inactiveBackground: Color(rgb: 0xfafafa),
        title: Color(rgb: 0x1c1c1e), inactiveTitle: Color(rgb: 0x8e8e93),
        buttonHover: Color(red: 0, green: 0, blue: 0, alpha: 26), buttonPressed: Color(red: 0, green: 0, blue: 0, alpha: 56),
        separator: Color(rgb: 0xd0d0d4), shadow: Color(red: 0, green: 0, blue: 0, alpha: 64))

    /// Dark grey, like Adwaita's dark header bar.
    public static let dark = DecorationStyle(
        background: Color(rgb: 0x2e2e30), inactiveBackground: Color(rgb: 0x242426),
        title: Color(rgb: 0xf2f2f7), inactiveTitle: Color(rgb: 0x8e8e93),
        buttonHover: Color(red: 255, green: 255, blue: 255, alpha: 26), buttonPressed: Color(red: 255, green: 255, blue: 255, alpha: 56),
        separator: Color(rgb: 0x121214), shadow: Color(red: 0, green: 0, blue: 0, alpha: 110))
}
