import ArgumentParser
import SweepUI

/// The command line of sweep-demo (swift-argument-parser: `--opt=value`,
/// one-line errors with a hint and status 64, `--help`, `--version`,
/// completions through `--generate-completion-script`).
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep-demo",
        abstract: "UIKit-style multi-selection and gestures in a Wayland window.",
        discussion: """
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
        mode, Ctrl+C copies the selected titles, Ctrl+Q quits. Outside editing
        mode too, Shift/Ctrl+click, Shift+arrows and Ctrl+A select several items
        (and start editing). In editing mode Delete removes the selected items
        and Ctrl+Z puts them back.

        Exit status: 0 on close, 1 when a file cannot be read, 2 when there is no
        compositor or the connection to it breaks, 64 for a bad command line.
        """,
        version: "0.1.0")

    @Option(help: ArgumentHelp("Show the lines of FILE as the items (any size; bytes that are not UTF-8 show as U+FFFD).", valueName: "FILE"))
    var items: String?

    @Option(help: ArgumentHelp("Without --items: the number of generated items, from 0 to 1000000000.", valueName: "N"))
    var rows = 1_000_000

    @Option(help: ArgumentHelp("Start on list, grid, trails, packing, filters or canvas.", valueName: "NAME"))
    var page: DemoApp.Destination = .list

    @Flag(help: "The same as --page grid.")
    var grid = false

    @Option(help: ArgumentHelp("auto (split view from 700 px wide), split or tabs.", valueName: "MODE"))
    var layout: DemoApp.Arrangement = .auto

    @Option(help: ArgumentHelp("auto (dark when the desktop prefers dark, through the settings portal, changing live), light or dark.",
                               valueName: "NAME"))
    var theme: ThemeChoice = .auto

    @Option(help: ArgumentHelp("The initial window size in logical pixels, each side from 100 to 16384.", valueName: "WxH"))
    var size = "800x600"

    @Option(name: .customLong("slow-animations"),
            help: ArgumentHelp("Run the deselect fade (300 ms) FACTOR times slower, from 1 to 100, to watch or screenshot it.",
                               valueName: "FACTOR"))
    var animationScale = 1.0

    @Flag(help: "Give the list's and the grid's items pictures: with --items, its lines are paths of PNG or JPEG files; else each generated item gets a generated landscape.")
    var images = false

    @Flag(name: .customLong("no-context-menu"),
          help: "Give the list and the grid no context menu: a long press enters editing mode and selects, as in a view without one.")
    var noContextMenu = false

    @Flag(help: "Play a short tour with no input needed (scrolling, editing, a sweep, a band, the pages), print \"tour: <step>\" once each step is on screen, and exit 0 at the end.")
    var tour = false

    @Option(name: .customLong("event-log"),
            help: ArgumentHelp("Append what the app does to FILE, one JSON object a line: ready, layout, navigate, scroll, selection, editing, multiselect, band, select, deselect, activate, accessory, zoom, pan, check, choice, button, copy, saved, items, delete, undo, menu, error.",
                               valueName: "FILE"))
    var eventLog: String?

    mutating func validate() throws {
        guard (0...1_000_000_000).contains(rows) else { throw ValidationError("--rows needs a count from 0 to 1000000000") }
        guard sizeValue != nil else { throw ValidationError("--size needs WIDTHxHEIGHT, each from 100 to 16384 (not '\(size)')") }
        guard (1...100).contains(animationScale) else { throw ValidationError("--slow-animations needs a factor from 1 to 100") }
        if grid { page = .grid }
    }

    private var sizeValue: (Double, Double)? {
        let parts = size.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, (100...16384).contains(parts[0]), (100...16384).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    var itemsFile: String? { items }
    var arrangement: DemoApp.Arrangement { layout }
    var width: Double { sizeValue?.0 ?? 800 }
    var height: Double { sizeValue?.1 ?? 600 }
}

extension DemoApp.Destination: ExpressibleByArgument {}
extension DemoApp.Arrangement: ExpressibleByArgument {}
extension ThemeChoice: ExpressibleByArgument {}
