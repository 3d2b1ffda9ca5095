import SweepViews

/// Tells `component` the theme it inherits, and everything inside it (its
/// `children`, theirs in turn) the theme they inherit: the component's own
/// (`themeOverride`) when it has one, else the same. Containers call it for
/// the children they hold but do not list (hidden, collapsed, pages not shown).
@MainActor
func tellTheme(_ theme: Theme, to component: Component, depth: Int = 0) {
    component.inheritedThemeDidChange(to: theme)
    guard depth < 32 else { return }
    let passed = component.themeOverride ?? theme
    for child in component.children where child !== component { tellTheme(passed, to: child, depth: depth + 1) }
}

/// Where a component's theme comes from: the app's choice for it
/// (`override`), else what it inherits from the window or the container
/// above. One value per component, so the two never disagree.
struct ThemeSource {
    /// The window's theme, or the nearest container's override, as last told.
    private(set) var inherited: Theme
    /// The component's own theme, for it and what is inside it.
    var override: Theme?

    /// `initial` is the inherited theme until the window tells one; a
    /// component made with a theme of its own passes it as `override`.
    init(initial: Theme = .light, override: Theme? = nil) {
        inherited = initial
        self.override = override
    }

    /// The theme to draw with.
    var current: Theme { override ?? inherited }

    /// Takes a newly inherited theme; true when the current theme changed (repaint).
    mutating func inherit(_ theme: Theme) -> Bool {
        let before = current
        inherited = theme
        return current != before
    }

    /// Sets or clears the override; true when the current theme changed.
    mutating func setOverride(_ theme: Theme?) -> Bool {
        let before = current
        override = theme
        return current != before
    }
}
