/// How much room a window has across, as UIKit's horizontal size class:
/// `compact` on a phone held upright (360 to 430 logical pixels) or a
/// narrow window, `regular` wider. Components read it from their host:
/// on a compact window a control a finger presses is at least
/// `minimumTouchTarget` across and high (Apple's 44 points, GNOME's
/// mobile guideline), and apps hide what does not fit
/// (`AppWindow.onSizeClassChange`).
public enum SizeClass: Sendable, Hashable {
    case compact, regular

    /// Windows narrower than this many logical pixels are compact (libadwaita's phone breakpoint is 550, UIKit's iPhones are below 430).
    public static let compactWidthLimit = 600.0
    /// The least width and height of a control on a compact window, in logical pixels.
    public static let minimumTouchTarget = 44.0

    /// The class of a window `width` logical pixels wide (0 or unknown: regular, the desktop's).
    public init(width: Double) {
        self = width > 0 && width < Self.compactWidthLimit ? .compact : .regular
    }

    /// `length`, raised to the touch target on a compact window.
    public func touchLength(_ length: Double) -> Double {
        self == .compact ? max(length, Self.minimumTouchTarget) : length
    }
}
