import SweepLoop
import Glibc
import SweepDesktop
import SweepViews
import SweepGraphics
internal import SweepWayland

/// Which theme an app draws with: the desktop's choice, or one fixed.
public enum ThemeChoice: String, CaseIterable, Sendable {
    /// Dark when the desktop prefers dark (xdg-desktop-portal's colour-scheme), else light; changes live.
    case auto
    case light
    case dark
}

extension Application {
    /// Sets `theme` (and so every window's) to what `choice` means now and,
    /// for `.auto`, again whenever the desktop's colour-scheme preference or
    /// accent colour changes, from the app's loop, calling `apply` after
    /// each (an app's own drawing, a log). With `.auto` the desktop's accent
    /// colour (the portal's `accent-color`, GNOME 47 and Plasma 6) replaces
    /// the theme's where it sends one. With `.auto` it first waits up to `firstAnswerWait`
    /// milliseconds for the settings portal, or `startingPortalWait` when
    /// the portal is being started for the question (the first app after
    /// login), so that a dark desktop does not see a light window flash
    /// first (GTK asks synchronously too); after that the portal is followed
    /// without blocking. With no session bus or no portal the theme is light.
    /// The windows' own title bars (`decorationStyle`) follow the theme too.
    public func followTheme(_ choice: ThemeChoice, firstAnswerWait: Double = 250, startingPortalWait: Double = 1000,
                            _ apply: ((Theme, ColorScheme?) -> Void)? = nil) {
        themeFollower = nil
        let apply: (Theme, ColorScheme?) -> Void = { [weak self] theme, scheme in
            self?.theme = theme
            apply?(theme, scheme)
        }
        guard choice == .auto else {
            apply(choice == .dark ? .dark : .light, nil)
            return
        }
        guard let follower = ThemeFollower(loop: loop, apply: apply) else {
            apply(.light, nil)
            return
        }
        themeFollower = follower
        follower.start(waiting: firstAnswerWait, orWhileStarting: startingPortalWait)
    }
}

/// Keeps an `AppearancePortal`'s bus connection in the app's loop (a `BusPump`).
@MainActor
final class ThemeFollower {
    private let portal: AppearancePortal
    private let pump: BusPump
    private let apply: (Theme, ColorScheme?) -> Void

    init?(loop: EventLoop, apply: @escaping (Theme, ColorScheme?) -> Void) {
        guard let portal = AppearancePortal() else { return nil }
        self.portal = portal
        pump = BusPump(loop: loop, fd: { portal.fd }, events: { portal.pollEvents }, timeout: { portal.timeoutMilliseconds },
                       process: { portal.process() })
        self.apply = apply
    }

    func start(waiting milliseconds: Double, orWhileStarting startingMilliseconds: Double) {
        portal.waitForAnswer(milliseconds: milliseconds, startingMilliseconds: startingMilliseconds)
        apply(theme, portal.colorScheme)
        portal.onChange = { [unowned self] scheme in apply(theme, scheme) }
        portal.onAccentColorChange = { [unowned self] _ in apply(theme, portal.colorScheme) }
        // The animation settings come with the same answers (or later, alone).
        Animations.desktopScale = portal.animationScale
        portal.onAnimationScaleChange = { scale in Animations.desktopScale = scale }
        pump.rearm()
    }

    /// The desktop's theme now: dark or light by its preference, with its accent colour when it has one.
    private var theme: Theme {
        let base: Theme = portal.colorScheme?.prefersDark == true ? .dark : .light
        guard let accent = portal.accentColor?.rgb else { return base }
        return base.withAccent(Color(red: accent.red, green: accent.green, blue: accent.blue))
    }
}
