import Synchronization

/// Finds icons by name in an XDG icon theme, as the freedesktop Icon Theme
/// Specification says: the theme, then the themes it inherits (depth
/// first, each once), then hicolor; in each, an icon in a directory that
/// matches the size and scale, else the one closest in device pixels; at
/// last an image of that name directly in a base directory
/// (/usr/share/pixmaps). PNG before SVG in the same directory; XPM is not
/// drawn and so not found.
///
/// Each theme's directories are listed once, the first time a lookup
/// reaches that theme, into a map from icon name to the files that hold
/// it; answers are memoized by name, size and scale. Nothing is stat'ed
/// per lookup, and a file added afterwards is not seen (make another
/// lookup). Thread-safe: decoding threads share one.
public final class IconLookup: Sendable {
    /// The theme asked for (hicolor when it is empty).
    public let themeName: String
    /// Where themes are looked for, in order (`IconSearchPaths.baseDirectories()`).
    public let baseDirectories: [String]
    /// The extensions found, in the order they are preferred (`IconTheme.split` knows them).
    public static let extensions = ["png", "svg"]

    private let state = Mutex(State())

    public init(theme: String, baseDirectories: [String]) {
        themeName = theme.isEmpty ? "hicolor" : theme
        self.baseDirectories = baseDirectories
    }

    /// The theme `--icon-theme` names, else the desktop's, else hicolor;
    /// the process's base directories.
    public convenience init(theme: String? = nil, environment: (String) -> String? = IconSearchPaths.processEnvironment) {
        self.init(theme: theme ?? IconSearchPaths.desktopThemeName(environment: environment) ?? "hicolor",
                  baseDirectories: IconSearchPaths.baseDirectories(environment: environment))
    }

    /// The file of the icon `name` (no extension, no slash: "firefox") for
    /// `size` logical pixels at `scale`; nil when no theme of the chain
    /// and no base directory has it.
    public func path(forIcon name: String, size: Int, scale: Int = 1) -> String? {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return nil }
        let key = Query(name: name, size: max(1, size), scale: max(1, scale))
        return state.withLock { state in
            if let answer = state.answers[key] { return answer }
            let answer = find(key, in: &state)
            state.answers[key] = answer
            return answer
        }
    }

    /// The themes searched, in order: the theme, what it inherits, hicolor (only those that exist).
    public var themeChain: [String] {
        state.withLock { state in chain(in: &state).map(\.name) }
    }

    // MARK: - The specification's algorithm

    private func find(_ query: Query, in state: inout State) -> String? {
        for theme in chain(in: &state) {
            if let path = theme.lookup(query, baseDirectories: baseDirectories) { return path }
        }
        return fallback(query.name, in: &state)
    }

    /// LookupFallbackIcon: `name.png` or `name.svg` directly in a base directory.
    private func fallback(_ name: String, in state: inout State) -> String? {
        if state.looseFiles == nil {
            // The first base directory wins, and in one, PNG before SVG.
            var files: [String: String] = [:]
            for base in baseDirectories {
                let found = (Files.names(in: base) ?? []).compactMap { file in IconTheme.split(file).map { ($0.0, $0.1, file) } }
                for (stem, _, file) in found.sorted(by: { $0.1 < $1.1 }) where files[stem] == nil {
                    files[stem] = base + "/" + file
                }
            }
            state.looseFiles = files
        }
        return state.looseFiles?[name]
    }

    /// The theme and those it inherits, depth first, each once, hicolor last; themes without an index.theme are skipped.
    /// The most themes of an inheritance chain looked in (before hicolor).
    static let mostThemes = 64

    private func chain(in state: inout State) -> [IconTheme] {
        if let chain = state.chain { return chain }
        var names: [String] = []
        var visiting = Set<String>()
        // Depth first, each theme once, with a stack rather than recursion: an index.theme is
        // anyone's file, and an Inherits chain 20,000 themes deep overflowed the stack. Past
        // `Self.mostThemes` themes the rest of the chain is not read.
        var pending = [themeName]
        while let name = pending.popLast(), names.count < Self.mostThemes {
            guard name != "hicolor", visiting.insert(name).inserted, let theme = loadTheme(name, in: &state) else { continue }
            names.append(name)
            pending.append(contentsOf: theme.index.inherits.reversed())
        }
        names.append("hicolor")
        let chain = names.compactMap { loadTheme($0, in: &state) }
        state.chain = chain
        return chain
    }

    private func loadTheme(_ name: String, in state: inout State) -> IconTheme? {
        if let loaded = state.themes[name] { return loaded }
        let theme = IconTheme.load(name: name, baseDirectories: baseDirectories)
        state.themes[name] = .some(theme)
        return theme
    }

    struct Query: Hashable {
        let name: String
        let size: Int
        let scale: Int
    }

    private struct State {
        /// Each theme read, or nil for one that has no index.theme in any base directory.
        var themes: [String: IconTheme?] = [:]
        var chain: [IconTheme]?
        var answers: [Query: String?] = [:]
        /// Images directly in the base directories, by name without extension.
        var looseFiles: [String: String]?
    }
}

/// One theme: its index and, from listing each of its directories once, where each icon is.
final class IconTheme: Sendable {
    let name: String
    let index: IconThemeIndex
    /// Icon name → the files that hold it, in the order the specification visits them
    /// (directory, then base directory, then extension).
    let icons: [String: [Candidate]]

    struct Candidate: Sendable {
        /// Indices into the index's directories, the base directories and `IconLookup.extensions`.
        let directory: Int32
        let base: Int16
        let ext: Int16
    }

    private init(name: String, index: IconThemeIndex, icons: [String: [Candidate]]) {
        self.name = name
        self.index = index
        self.icons = icons
    }

    /// The theme from the first base directory with its index.theme; its
    /// directories are those of that name in every base directory.
    static func load(name: String, baseDirectories: [String]) -> IconTheme? {
        guard let bytes = baseDirectories.lazy.compactMap({ Files.contents(of: $0 + "/" + name + "/index.theme") }).first else {
            return nil
        }
        let index = IconThemeIndex(parsing: bytes)
        var icons: [String: [Candidate]] = [:]
        // Only the base directories that hold the theme are listed.
        let bases = baseDirectories.indices.filter { Files.isDirectory(baseDirectories[$0] + "/" + name) }
        for (directoryIndex, directory) in index.directories.enumerated() {
            for base in bases {
                guard let files = Files.names(in: baseDirectories[base] + "/" + name + "/" + directory.path) else { continue }
                var found: [(String, Int)] = []
                for file in files { if let (stem, ext) = split(file) { found.append((stem, ext)) } }
                // PNG before SVG within one directory, whatever order readdir gave.
                found.sort { $0.1 < $1.1 }
                for (stem, ext) in found {
                    icons[stem, default: []].append(Candidate(directory: Int32(directoryIndex), base: Int16(base), ext: Int16(ext)))
                }
            }
        }
        return IconTheme(name: name, index: index, icons: icons)
    }

    /// LookupIcon: the first file in a directory that matches, else the closest one (the first of equals).
    func lookup(_ query: IconLookup.Query, baseDirectories: [String]) -> String? {
        guard let candidates = icons[query.name] else { return nil }
        var closest: Candidate?
        var closestDistance = Int.max
        for candidate in candidates {
            let directory = index.directories[Int(candidate.directory)]
            if directory.matches(size: query.size, scale: query.scale) { return path(of: candidate, query.name, baseDirectories) }
            let distance = directory.distance(size: query.size, scale: query.scale)
            if distance < closestDistance {
                closest = candidate
                closestDistance = distance
            }
        }
        return closest.map { path(of: $0, query.name, baseDirectories) }
    }

    private func path(of candidate: Candidate, _ icon: String, _ baseDirectories: [String]) -> String {
        baseDirectories[Int(candidate.base)] + "/" + name + "/" + index.directories[Int(candidate.directory)].path + "/"
            + icon + "." + IconLookup.extensions[Int(candidate.ext)]
    }

    /// "name.png" → ("name", 0): a file with an extension the lookup draws; nil otherwise.
    static func split(_ file: String) -> (String, Int)? {
        // Bytes, not characters: a theme holds tens of thousands of files.
        let utf8 = file.utf8
        guard utf8.count > 4 else { return nil }
        let ext: Int
        if utf8.reversed().starts(with: "gnp.".utf8) {
            ext = 0
        } else if utf8.reversed().starts(with: "gvs.".utf8) {
            ext = 1
        } else {
            return nil
        }
        return (String(decoding: utf8.dropLast(4), as: UTF8.self), ext)
    }
}
