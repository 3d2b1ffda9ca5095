/// The desktop's colour-scheme preference, as xdg-desktop-portal's
/// `org.freedesktop.appearance` `color-scheme` setting gives it (0, 1, 2).
public enum ColorScheme: UInt32, Sendable, CustomStringConvertible {
    case noPreference = 0
    case dark = 1
    case light = 2

    /// The portal's number; an unknown one counts as no preference, as the portal's documentation asks.
    public init(portalValue: UInt32) {
        self = ColorScheme(rawValue: portalValue) ?? .noPreference
    }

    /// Whether an app should draw dark: only when the desktop prefers it.
    public var prefersDark: Bool { self == .dark }

    public var description: String {
        switch self {
        case .noPreference: "no preference"
        case .dark: "dark"
        case .light: "light"
        }
    }
}
