import Glibc

/// How long the toolkit's animations run (a data change's items moving, a
/// swiped row sliding; a deselected row's tint fades only while they are
/// on), following the person's choice: `SWEEP_ANIMATIONS` first (`0` or
/// `off`: none; a number: a factor on a data change's duration), else the
/// desktop's, heard through the settings portal
/// once the app follows the desktop's theme (`Application.followTheme`):
/// GNOME's `enable-animations` off or KDE's animation speed at instant
/// turn them off, KDE's speed scales them; else 1.
@MainActor
public enum Animations {
    /// The factor on every animation's duration; 0: nothing animates.
    public static var durationScale: Double { environmentScale ?? desktopScale ?? 1 }

    /// Whether anything animates.
    public static var areEnabled: Bool { durationScale > 0 }

    /// The desktop's factor, from the settings portal (nil: not known).
    static var desktopScale: Double?

    /// `SWEEP_ANIMATIONS`, read at start.
    static var environmentScale: Double? = parse(getenv("SWEEP_ANIMATIONS").map { String(cString: $0) })

    /// What `SWEEP_ANIMATIONS` means: `0`, `off`, `no`, `false`: 0; `on`,
    /// `yes`, `true`: 1; a finite number at least 0: that factor (at most
    /// 10); anything else (or unset): nil, the desktop decides.
    nonisolated static func parse(_ value: String?) -> Double? {
        guard let value else { return nil }
        switch value.lowercased() {
        case "off", "no", "false": return 0
        case "on", "yes", "true": return 1
        default:
            guard let factor = Double(value), factor.isFinite, factor >= 0 else { return nil }
            return min(factor, 10)
        }
    }
}
