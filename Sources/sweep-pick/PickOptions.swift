import ArgumentParser
import Foundation
import PickCore
import SweepUI

/// sweep-pick's command line (fzf's and fuzzel's names where they have one).
struct PickOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep-pick",
        abstract: "Choose records from standard input (or files) with touch sweeps, touchpad, band and keyboard; print them.",
        discussion: """
        Records are lines (or NUL-separated with --read0), read as they arrive, kept as bytes and printed back \
        exactly. Select by sweeping two fingers, a three- or four-finger touchpad swipe, a pointer band (Shift \
        extends, Ctrl toggles), Shift/Ctrl+click, a tap, or the keyboard: Up/Down/Page Up/Page Down/Home/End move, \
        Tab and Shift+Tab toggle and move, Shift+arrows extend, Ctrl+A selects every matching record, Ctrl+Shift+A \
        or Ctrl+D clears, Ctrl+I inverts. Typing filters (smart case, accents ignored by terms without any) with fzf's \
        search syntax: space-separated terms must all match, 'term is a substring, ^term a prefix, term$ a suffix, \
        !term must not match, a | b matches either, and a backslash before a space makes it part of a term. Matches are ranked as fzf \
        ranks them (characters at word starts, runs and the whole text before scattered ones; ties by --tiebreak), with \
        --history's records first while the filter is empty; --no-sort keeps input order. Enter prints the selected \
        records in input order (--print-order ranked: as shown; the focused one when none is selected); Escape cancels.

        Default options come first from $XDG_CONFIG_HOME/sweep-pick/config (one or more options a line, as on the \
        command line; # starts a comment) and then SWEEP_PICK_DEFAULT_OPTS; the command line's come last and win.

        Exit status: 0 when records were printed, 1 when cancelled (nothing printed), 2 on an error (a usage error, \
        no display, an unreadable file, a configuration that cannot be read), 130 on SIGINT, as fzf.
        """,
        version: "0.1.0")

    @Argument(help: "Files to read records from (default: standard input).")
    var files: [String] = []

    @Flag(name: .customLong("read0"), help: "Records are separated by NUL, not newline.")
    var read0 = false

    @Flag(name: .customLong("print0"), help: "End each printed record with NUL, not newline.")
    var print0 = false

    @Flag(help: "Show the records in a grid of cells instead of a list.")
    var grid = false

    @Flag(help: "Records that are paths of PNG, JPEG or SVG files show as thumbnails.")
    var images = false

    @Option(name: .customLong("icon-theme"), help: ArgumentHelp("""
        The XDG icon theme that icons named in records' rofi and fuzzel metadata (the icon key after a NUL) are \
        found in, PNG or SVG, before the themes it inherits and hicolor (default: the desktop's, from GTK's \
        settings.ini or KDE's kdeglobals, else hicolor). An icon given as an absolute path is that file; one no \
        theme has leaves the picture's space blank.
        """, valueName: "NAME"))
    var iconTheme: String?

    @Flag(help: "Choose one record: Enter, a click or a tap chooses it (dmenu).")
    var single = false

    @Option(name: .customLong("multi"), help: ArgumentHelp("At most MAX records may be selected.", valueName: "MAX"))
    var multiMax: Int?

    @Option(help: ArgumentHelp("""
        Colours over the theme's, NAME:#RRGGBB separated by commas: bg (the records' background), fg (their text), \
        secondary (second lines and the status), accent (selection, checkmarks, matched characters, the caret, Done), \
        header (the filter's background), separator, border (--border's).
        """, valueName: "COLORS"))
    var color: String?

    @Flag(name: [.customLong("select-1"), .customLong("auto-select")], help: """
        When the records (read to their end first) leave exactly one match for --query, print it without a window.
        """)
    var select1 = false

    @Flag(name: .customLong("exit-0"), help: "When the records (read to their end first) leave no match for --query, exit 1 without a window.")
    var exit0 = false

    @Option(help: ArgumentHelp("""
        Where the overlay sits on the output: center, top, bottom, left, right, top-left, top-right, bottom-left or \
        bottom-right (fuzzel's --anchor); where the compositor has no layer shell it places the window itself.
        """, valueName: "WHERE"))
    var anchor: PickAnchor = .center

    @Option(help: ArgumentHelp("""
        The output (monitor) the overlay shows on, by name such as DP-1 (fuzzel's --output, rofi's -m); \
        by default the compositor's choice (the focused one). Needs layer shell.
        """, valueName: "NAME"))
    var monitor: String?

    @Option(help: ArgumentHelp("The overlay's layer: overlay (over fullscreen windows) or top (under them).", valueName: "LAYER"))
    var layer: PickLayer = .overlay

    @Option(help: ArgumentHelp("""
        How the overlay takes the keyboard: exclusive (all of it while shown) or on-demand (like a window, when \
        clicked; needs layer shell version 4).
        """, valueName: "MODE"))
    var keyboard: PickKeyboard = .exclusive

    @Option(help: ArgumentHelp("A border around the window, in logical pixels (its colour: --color border:#RRGGBB).", valueName: "PIXELS"))
    var border: Int = 0

    @Option(help: ArgumentHelp("The radius of the window's corners, in logical pixels (0: square).", valueName: "PIXELS"))
    var radius: Int = 0

    @Option(help: ArgumentHelp("Distance from the anchored edges in logical pixels: N, or TOP,RIGHT,BOTTOM,LEFT.", valueName: "PIXELS"))
    var margin: String = "0"

    @Option(help: ArgumentHelp("Lines of text shown under the filter (\\n starts another line), as fzf's --header.", valueName: "TEXT"))
    var header: String?

    @Option(name: .customLong("header-lines"), help: ArgumentHelp(
        "The first N records are header lines, shown under the filter: never matched, selected or printed.", valueName: "N"))
    var headerLines: Int = 0

    @Option(help: ArgumentHelp("The font family text is drawn in (fontconfig's name: \"Noto Sans\", \"DejaVu Serif\"); as SWEEP_FONT.",
                               valueName: "FAMILY"))
    var font: String?

    @Option(help: ArgumentHelp("The prompt before the filter.", valueName: "TEXT"))
    var prompt: String = "> "

    @Option(help: ArgumentHelp("Shown in the filter field while it is empty.", valueName: "TEXT"))
    var placeholder: String = ""

    @Option(name: [.customShort("q"), .customLong("query")], help: ArgumentHelp("Start with this filter text.", valueName: "TEXT"))
    var query: String = ""

    @Option(help: ArgumentHelp("How plain filter terms match: substring, prefix, exact (the whole text) or fuzzy.", valueName: "MODE"))
    var match: MatchOption = .substring

    @Flag(name: .customLong("exact"), help: "Plain filter terms match as substrings, whatever --match says (fzf's --exact).")
    var exactTerms = false

    @Flag(help: "Match accents as typed (by default \"cafe\" finds \"café\").")
    var literal = false

    @Flag(name: .customLong("no-sort"), help: "Show matches in input order, not ranked by how well they match.")
    var noSort = false

    @Option(help: ArgumentHelp("""
        What orders matches of equal score, comma-separated: length (shorter first), begin (match nearer the start), \
        end (match nearer the end), index (input order, which always decides last). Default: length (fzf's).
        """, valueName: "LIST"))
    var tiebreak: String = "length"

    @Option(name: .customLong("print-order"), help: ArgumentHelp("""
        The order Enter prints the chosen records in: input, or ranked (as shown, then chosen records the filter hides, \
        in input order).
        """, valueName: "ORDER"))
    var printOrder: PrintOrder = .input

    @Option(help: ArgumentHelp("""
        Remember chosen records in FILE: counted and aged (frecency), shown first while the filter is empty and \
        ranked before equally scored matches. --history alone (followed by another option, --, or nothing) uses \
        $XDG_CACHE_HOME/sweep-pick/history (~/.cache when unset).
        """, valueName: "FILE"))
    var history: String?

    @Option(name: .customLong("history-size"), help: ArgumentHelp("Records the history keeps (the least frecent go first).",
                                                                  valueName: "N"))
    var historySize: Int = 1000

    @Option(help: ArgumentHelp("Field delimiter for --with-nth and --accept-nth (a literal string; default: runs of blanks).",
                               valueName: "STRING"))
    var delimiter: String?

    @Option(name: .customLong("with-nth"), help: ArgumentHelp("Fields shown, fzf's syntax (1,3.., -1).", valueName: "FIELDS"))
    var withNth: String?

    @Option(name: .customLong("nth"), help: ArgumentHelp(
        "Fields the filter matches, fzf's syntax, of the record as read (default: the fields shown).", valueName: "FIELDS"))
    var nth: String?

    @Option(name: .customLong("accept-nth"), help: ArgumentHelp("Fields printed, fzf's syntax.", valueName: "FIELDS"))
    var acceptNth: String?

    @Option(help: ArgumentHelp("What Enter prints: lines (the records), indices (0-based input positions) or json.", valueName: "FORMAT"))
    var output: OutputOption = .lines

    @Flag(name: .customLong("print-query"), help: "Print the filter text first.")
    var printQuery = false

    @Option(name: .customLong("expect"), help: ArgumentHelp("Other keys that accept, comma-separated (ctrl-d, alt-enter); the key's name is printed first.", valueName: "KEYS"))
    var expect: String?

    @Option(name: .customLong("preselect-index"), help: ArgumentHelp("Records selected at the start: 0-based indices and ranges (1,4-9).", valueName: "LIST"))
    var preselectIndex: String?

    @Option(name: .customLong("preselect"), help: ArgumentHelp("Records selected at the start: those containing PATTERN.", valueName: "PATTERN"))
    var preselect: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The window's app id.", valueName: "ID"))
    var appID: String = "org.sweep.Pick"

    @Option(help: ArgumentHelp("The window's title.", valueName: "TEXT"))
    var title: String = "sweep-pick"

    @Option(help: ArgumentHelp("Window width in logical pixels, or N% of the output's.", valueName: "LENGTH"))
    var width: ScreenLength = .pixels(640)

    @Option(help: ArgumentHelp("Window height in logical pixels, or N% of the output's.", valueName: "LENGTH"))
    var height: ScreenLength?

    @Option(help: ArgumentHelp("Window height in list lines (overrides --height).", valueName: "LINES"))
    var lines: Int?

    @Option(help: ArgumentHelp("auto (dark when the desktop prefers dark, changing live), light or dark.", valueName: "NAME"))
    var theme: ThemeChoice = .auto

    @Option(name: .customLong("event-log"), help: ArgumentHelp("Append what happens as JSON Lines.", valueName: "FILE"))
    var eventLog: String?

    mutating func validate() throws {
        if let multiMax, multiMax < 1 { throw ValidationError("--multi must be at least 1") }
        if case .pixels(let pixels) = width, pixels < 100 || pixels > 16384 { throw ValidationError("--width must be between 100 and 16384, or a percentage") }
        if case .pixels(let pixels) = height, pixels < 100 || pixels > 16384 { throw ValidationError("--height must be between 100 and 16384, or a percentage") }
        if border < 0 || border > 100 { throw ValidationError("--border must be between 0 and 100") }
        if radius < 0 || radius > 1000 { throw ValidationError("--radius must be between 0 and 1000") }
        if let lines, lines < 1 || lines > 500 { throw ValidationError("--lines must be between 1 and 500") }
        if headerLines < 0 || headerLines > 20 { throw ValidationError("--header-lines must be between 0 and 20") }
        if margins == nil { throw ValidationError("--margin takes N or TOP,RIGHT,BOTTOM,LEFT, each 0 to 10000 (got \"\(margin)\")") }
        do { _ = try Tiebreak.parseList(tiebreak) } catch { throw ValidationError("--tiebreak: \(error)") }
        if historySize < 1 || historySize > 1_000_000 { throw ValidationError("--history-size must be between 1 and 1000000") }
        if let color {
            do { _ = try ColorOverrides(parsing: color, names: Self.colorNames) } catch { throw ValidationError("--color: \(error)") }
        }
    }

    /// The names --color takes.
    static let colorNames: Set<String> = ["bg", "fg", "secondary", "accent", "header", "separator", "border"]

    /// --color border:, else the theme's separator, which a border continues.
    func borderColor(_ theme: Theme) -> Color {
        guard let color, let overrides = try? ColorOverrides(parsing: color, names: Self.colorNames),
              let rgb = overrides.color("border") else { return theme.separator }
        return Color(rgb: rgb)
    }

    /// The theme with --color's colours over it.
    func themed(_ theme: Theme) -> Theme {
        guard let color, let overrides = try? ColorOverrides(parsing: color, names: Self.colorNames) else { return theme }
        var themed = theme
        if let rgb = overrides.color("bg") { themed.background = Color(rgb: rgb) }
        if let rgb = overrides.color("fg") { themed.primaryText = Color(rgb: rgb) }
        if let rgb = overrides.color("secondary") { themed.secondaryText = Color(rgb: rgb) }
        if let rgb = overrides.color("accent") { themed.accent = Color(rgb: rgb) }
        if let rgb = overrides.color("header") { themed.headerBackground = Color(rgb: rgb) }
        if let rgb = overrides.color("separator") { themed.separator = Color(rgb: rgb) }
        return themed
    }

    /// --margin as insets: one number for every edge, or four.
    var margins: LayerOptions.EdgeInsets? {
        let values = margin.split(separator: ",").map { Double($0.filter { $0 != " " }) }
        guard values.allSatisfy({ $0 != nil && (0...10_000).contains($0!) }) else { return nil }
        let numbers = values.compactMap { $0 }
        switch numbers.count {
        case 1: return LayerOptions.EdgeInsets(top: numbers[0], right: numbers[0], bottom: numbers[0], left: numbers[0])
        case 4: return LayerOptions.EdgeInsets(top: numbers[0], right: numbers[1], bottom: numbers[2], left: numbers[3])
        default: return nil
        }
    }

    /// The fields the filter matches: --nth's, else --with-nth's (what is shown), else the whole record.
    func matchFields() throws -> FieldSelector? {
        try (nth ?? withNth).map { try FieldSelector(parsing: $0) }
    }

    /// How matches are ranked: nil with --no-sort; the history's ranks come from the picker.
    func ranking(history: HistoryRanks?) -> Ranking? {
        guard !noSort else { return nil }
        return Ranking(tiebreaks: (try? Tiebreak.parseList(tiebreak)) ?? Tiebreak.defaultList, history: history)
    }

    /// The history file, --history's (bare, the cache's: `commandLineSyntax`).
    var historyPath: String? { history }

    /// The history file a bare --history names: $XDG_CACHE_HOME/sweep-pick/history, else ~/.cache's.
    static func defaultHistoryPath(_ environment: [String: String]) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.cache"
        return cache + "/sweep-pick/history"
    }

    /// How the command line's words divide (fzf's way, see `CommandLineSyntax`), read from the
    /// options declared here through the parser's own description of them, so the two never differ.
    static func commandLineSyntax(environment: [String: String] = ProcessInfo.processInfo.environment) -> CommandLineSyntax {
        struct Dump: Decodable {
            struct Command: Decodable { let arguments: [Argument]? }
            struct Argument: Decodable { let kind: String; let names: [Name]? }
            struct Name: Decodable { let kind: String; let name: String }
            let command: Command
        }
        var syntax = CommandLineSyntax(valueOptions: ["--generate-completion-script": "--generate-completion-script"],
                                       optionalValues: ["--history": defaultHistoryPath(environment)])
        let dump = try? JSONDecoder().decode(Dump.self, from: Data(_dumpHelp().utf8))
        for argument in dump?.command.arguments ?? [] {
            let spellings = (argument.names ?? []).map { $0.kind == "short" ? "-" + $0.name : "--" + $0.name }
            guard let long = spellings.first(where: { $0.hasPrefix("--") }) ?? spellings.first else { continue }
            for spelling in spellings {
                switch argument.kind {
                case "option": syntax.valueOptions[spelling] = long
                case "flag": syntax.flags[spelling] = long
                default: break
                }
            }
        }
        return syntax
    }

    /// How plain filter terms match (--exact, else --match).
    var plainMatchMode: MatchMode { exactTerms ? .substring : match.mode }

    /// The window's height: --lines rows under the header, --height, or a default.
    /// The window's size on an output of `outputSize` (logical pixels; nil: unknown, when
    /// percentages give way to the defaults). --lines wins over --height.
    /// Never larger than the output: a phone's 360 × 720 gets a picker that fits it.
    func windowSize(outputSize: Size?) -> Size {
        let width = Double(self.width.resolved(outputLength: outputSize?.width, fallback: 640, limits: 100...16384))
        let height = lines.map { PickHeader.height(headerLines: headerTextLines.count + headerLines) + Double(44 * $0 + 2 * border) }
            ?? Double(self.height?.resolved(outputLength: outputSize?.height, fallback: 480, limits: 100...16384) ?? 480)
        // Each side on its own; an output under 100 pixels (none is, but a compositor may say so) leaves it alone.
        func fitted(_ length: Double, _ output: Double?) -> Double {
            guard let output, output.isFinite, output >= 100 else { return length }
            return min(length, output.rounded(.down))
        }
        return Size(width: fitted(width, outputSize?.width), height: fitted(height, outputSize?.height))
    }

    /// --header's lines (a literal \n, as typed in a shell, starts a new one too).
    var headerTextLines: [String] {
        guard let header else { return [] }
        return header.replacingOccurrences(of: "\\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(20).map(String.init)
    }
}

/// --layer: the layer-shell layers a picker belongs on.
enum PickLayer: String, ExpressibleByArgument, CaseIterable {
    case top, overlay

    var layer: LayerOptions.Layer { self == .top ? .top : .overlay }
}

/// --keyboard: how the overlay takes keyboard focus.
enum PickKeyboard: String, ExpressibleByArgument, CaseIterable {
    case exclusive
    case onDemand = "on-demand"

    var keyboard: LayerOptions.Keyboard { self == .exclusive ? .exclusive : .onDemand }
}

extension ScreenLength: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// --anchor: which output edges the overlay keeps to.
enum PickAnchor: String, ExpressibleByArgument, CaseIterable {
    case center, top, bottom, left, right
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    var edges: LayerOptions.Edges {
        switch self {
        case .center: []
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: [.top, .left]
        case .topRight: [.top, .right]
        case .bottomLeft: [.bottom, .left]
        case .bottomRight: [.bottom, .right]
        }
    }
}

enum MatchOption: String, ExpressibleByArgument, CaseIterable {
    case substring, prefix, exact, fuzzy
}

enum OutputOption: String, ExpressibleByArgument, CaseIterable {
    case lines, indices, json
}

/// --print-order: the chosen records in input order, or in the order shown.
enum PrintOrder: String, ExpressibleByArgument, CaseIterable {
    case input, ranked
}

extension MatchOption {
    var mode: MatchMode {
        switch self {
        case .substring: .substring
        case .prefix: .prefix
        case .exact: .exact
        case .fuzzy: .fuzzy
        }
    }
}

extension OutputOption {
    var format: OutputFormat {
        switch self {
        case .lines: .lines
        case .indices: .indices
        case .json: .json
        }
    }
}

extension PickOptions {
    /// `--preselect-index`: "1,4-9" as ranges of 0-based indices (bad parts are ignored).
    static func indexRanges(_ list: String) -> [ClosedRange<Int>] {
        list.split(separator: ",").compactMap { part -> ClosedRange<Int>? in
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int(String($0).trimming(" ")) }
            switch bounds.count {
            case 1: return bounds[0].flatMap { $0 >= 0 ? $0...$0 : nil }
            case 2:
                guard let low = bounds[0], let high = bounds[1], low >= 0, low <= high else { return nil }
                return low...high
            default: return nil
            }
        }
    }
}

extension ThemeChoice: ExpressibleByArgument {}
