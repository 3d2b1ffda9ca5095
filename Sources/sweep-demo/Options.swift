/// The command line of sweep-demo.
struct Options {
    var tour = false
    var grid = false
    var rows = 1_000_000
    var width = 800.0
    var height = 600.0
    var eventLog: String?

    static let usage = """
    Usage: sweep-demo [options]

    A list of generated rows in a Wayland window: scroll it with the wheel,
    touchpad fingers or a finger on a touchscreen (with a fling); sweep over
    rows to select them with two fingers on a touchscreen, one finger in the
    checkbox column while editing, a three- or four-finger touchpad swipe,
    or two touchpad fingers held still for a moment and then moved; tap to
    select, long-press to start editing; drag a band with the pointer to
    select (Shift extends, Ctrl toggles, Escape cancels); click (Ctrl
    toggles, Shift selects a range); arrows, Page Up / Down and Home / End
    move the focus, Shift extends, Space toggles, Ctrl+A selects all,
    Escape leaves editing mode. Ctrl+Q quits.

    Options:
      --tour          play a short scripted tour (scrolling, selection) with no input
                      needed, print "tour: <step>" after each step is on
                      screen, and exit 0 at the end
      --rows N        number of rows (default 1000000)
      --grid          show the rows as a grid of cells (pinch to zoom; one
                      finger across the cells sweeps while editing)
      --size WxH      initial window size in logical pixels (default 800x600)
      --event-log FILE
                      append what the app does to FILE, one JSON object a
                      line (ready, scroll, selection, band, editing,
                      multiselect, select, deselect, activate)
      -h, --help      show this help

    Exit status: 0 on close, 2 when there is no compositor or the connection
    to it breaks, 64 for a bad command line.
    """

    /// Parses `arguments` (without the program name); throws a message for a bad one.
    static func parse(_ arguments: [String]) throws(OptionError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--tour":
                options.tour = true
            case "--grid":
                options.grid = true
            case "--rows":
                guard let value = remaining.popFirst(), let rows = Int(value), rows >= 0, rows <= 1_000_000_000 else {
                    throw OptionError(message: "--rows needs a count from 0 to 1000000000")
                }
                options.rows = rows
            case "--size":
                let parts = remaining.popFirst()?.split(separator: "x").compactMap { Double($0) } ?? []
                guard parts.count == 2, parts[0] >= 100, parts[1] >= 100, parts[0] <= 16384, parts[1] <= 16384 else {
                    throw OptionError(message: "--size needs WIDTHxHEIGHT, each from 100 to 16384")
                }
                options.width = parts[0]
                options.height = parts[1]
            case "--event-log":
                guard let path = remaining.popFirst(), !path.isEmpty else { throw OptionError(message: "--event-log needs a file") }
                options.eventLog = path
            case "-h", "--help":
                throw OptionError(message: "", isHelp: true)
            default:
                throw OptionError(message: "unknown option '\(argument)'")
            }
        }
        return options
    }
}

struct OptionError: Error {
    var message: String
    var isHelp = false
}
