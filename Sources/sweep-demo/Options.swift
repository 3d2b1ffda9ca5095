import SweepViews

/// The command line of sweep-demo.
struct Options {
    var tour = false
    var page = DemoApp.Destination.list
    var arrangement = DemoApp.Arrangement.auto
    var rows = 1_000_000
    var itemsFile: String?
    var theme = Theme.light
    var width = 800.0
    var height = 600.0
    var eventLog: String?
    /// How many times slower the deselect fade runs (`--slow-animations`).
    var animationScale = 1.0

    static let usage = """
    Usage: sweep-demo [options]

    UIKit-style selection in a Wayland window. At 700 px wide and more the
    list and the grid of items show side by side (a split view); narrower,
    one at a time. A tab bar at the bottom leads to the other pages:

      Trails     tap a trail for its page, Back (or Escape) returns and the
                 row fades out; the (i) button shows its facts, selecting nothing
      Packing    tap to check or uncheck; kept in $XDG_STATE_HOME/sweep
                 (~/.local/state/sweep), saved atomically after each change
      Filters    one choice per section
      Canvas     drag on empty space for a band (Shift extends), drag a piece
                 to move the selected pieces, Escape puts them back

    In the list and the grid: Edit (Select) starts editing mode, where Select
    All and Done appear. Sweep over items to select them: two fingers on a
    touchscreen, one finger in the checkbox column (across the cells of the
    grid), a three- or four-finger touchpad swipe, or two touchpad fingers
    held still for a moment and then moved. Tap to select, long-press to start
    editing; drag a band with the pointer (Shift extends, Ctrl toggles,
    Escape cancels); click (Ctrl toggles, Shift selects a range). Scroll with
    the wheel, touchpad fingers or a finger (with a fling); pinch the grid to
    zoom. Arrows, Page Up / Down and Home / End move the focus, Shift extends,
    Space toggles, Enter activates, Ctrl+A selects all, Escape leaves editing
    mode, Ctrl+C copies the selected titles, Ctrl+Q quits.

    Options:
      --items FILE    show the lines of FILE as the items (any size; bytes that
                      are not UTF-8 show as U+FFFD)
      --rows N        without --items: number of generated items (default 1000000)
      --page NAME     start on list, grid, trails, packing, filters or canvas
      --grid          the same as --page grid
      --layout MODE   auto (split view from 700 px wide), split or tabs
      --theme NAME    light (default) or dark
      --size WxH      initial window size in logical pixels (default 800x600)
      --slow-animations FACTOR
                      run the deselect fade (300 ms) FACTOR times slower, from 1 to
                      100, to watch it (or screenshot it)
      --tour          play a short tour with no input needed (scrolling,
                      editing, a sweep, a band), print "tour: <step>" once each
                      step is on screen, and exit 0 at the end
      --event-log FILE
                      append what the app does to FILE, one JSON object a line:
                      ready, layout, navigate, scroll, selection, editing,
                      multiselect, band, select, deselect, activate, accessory,
                      zoom, pan, check, choice, button, copy, saved, error
      -h, --help      show this help

    Exit status: 0 on close, 1 when a file cannot be read, 2 when there is no
    compositor or the connection to it breaks, 64 for a bad command line.
    """

    /// Parses `arguments` (without the program name); throws a message for a bad one.
    static func parse(_ arguments: [String]) throws(OptionError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(_ option: String, _ what: String) throws(OptionError) -> String {
            guard let value = remaining.popFirst(), !value.isEmpty else { throw OptionError(message: "\(option) needs \(what)") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--tour":
                options.tour = true
            case "--grid":
                options.page = .grid
            case "--page":
                let name = try value(argument, "a page name")
                guard let page = DemoApp.Destination(rawValue: name) else {
                    throw OptionError(message: "--page needs one of list, grid, trails, packing, filters, canvas (not '\(name)')")
                }
                options.page = page
            case "--layout":
                let name = try value(argument, "auto, split or tabs")
                guard let arrangement = DemoApp.Arrangement(rawValue: name) else {
                    throw OptionError(message: "--layout needs auto, split or tabs (not '\(name)')")
                }
                options.arrangement = arrangement
            case "--theme":
                let name = try value(argument, "light or dark")
                guard let theme = Theme.named(name) else { throw OptionError(message: "--theme needs light or dark (not '\(name)')") }
                options.theme = theme
            case "--items":
                options.itemsFile = try value(argument, "a file")
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
            case "--slow-animations":
                guard let value = remaining.popFirst(), let factor = Double(value), factor >= 1, factor <= 100 else {
                    throw OptionError(message: "--slow-animations needs a factor from 1 to 100")
                }
                options.animationScale = factor
            case "--event-log":
                options.eventLog = try value(argument, "a file")
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
