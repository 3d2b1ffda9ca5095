import Glibc

/// Where icon themes are looked for, and which theme the desktop uses.
public enum IconSearchPaths {
    /// The Icon Theme Specification's base directories, in order: the
    /// user's ($XDG_DATA_HOME/icons, else ~/.local/share/icons; ~/.icons),
    /// then $XDG_DATA_DIRS' (default /usr/local/share:/usr/share) icons,
    /// then /usr/share/pixmaps. Relative entries are skipped, as the base
    /// directory specification says; repeats are dropped.
    public static func baseDirectories(environment: (String) -> String? = processEnvironment) -> [String] {
        func absolute(_ value: String?) -> String? {
            guard let value, value.hasPrefix("/") else { return nil }
            return value
        }
        var paths: [String] = []
        let home = absolute(environment("HOME"))
        if let dataHome = absolute(environment("XDG_DATA_HOME")) ?? home.map({ $0 + "/.local/share" }) {
            paths.append(trimmed(dataHome) + "/icons")
        }
        if let home { paths.append(trimmed(home) + "/.icons") }
        let dataDirs = environment("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for directory in dataDirs.split(separator: ":") where directory.hasPrefix("/") {
            paths.append(trimmed(String(directory)) + "/icons")
        }
        paths.append("/usr/share/pixmaps")
        var seen = Set<String>()
        return paths.filter { seen.insert(trimmed($0)).inserted }
    }

    /// The icon theme the desktop set, read from files (no D-Bus, no
    /// gsettings): KDE's kdeglobals `[Icons] Theme=` first under KDE
    /// ($XDG_CURRENT_DESKTOP), else GTK 4's and GTK 3's settings.ini
    /// `gtk-icon-theme-name`, then kdeglobals; nil when none says.
    public static func desktopThemeName(environment: (String) -> String? = processEnvironment) -> String? {
        let configHome: String
        if let value = environment("XDG_CONFIG_HOME"), value.hasPrefix("/") {
            configHome = value
        } else if let home = environment("HOME"), home.hasPrefix("/") {
            configHome = home + "/.config"
        } else {
            return nil
        }
        func setting(_ file: String, _ group: String, _ key: String) -> String? {
            guard let bytes = Files.contents(of: configHome + "/" + file, maxBytes: 1 << 20),
                  let value = KeyFile(bytes).value(key, in: group), !value.isEmpty, !value.contains("/") else { return nil }
            // GTK's files may quote the value.
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
        }
        let kde = { setting("kdeglobals", "Icons", "Theme") }
        let gtk = { setting("gtk-4.0/settings.ini", "Settings", "gtk-icon-theme-name")
            ?? setting("gtk-3.0/settings.ini", "Settings", "gtk-icon-theme-name") }
        let desktops = (environment("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":")
        return desktops.contains("KDE") ? kde() ?? gtk() : gtk() ?? kde()
    }

    /// The process's environment variable.
    public static let processEnvironment: @Sendable (String) -> String? = { name in
        getenv(name).map { String(cString: $0) }
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
