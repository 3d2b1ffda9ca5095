// two-windows: one application, two windows: a list of the lines of
// standard input (or Item 1 … Item 1000) and a grid of the same items.
// Each prints "<window>: N selected" after every change; closing a window
// closes only it, and the app quits after the last.
import Foundation
import SweepUI

StandardStreams.secure()   // descriptors 0-2 open, SIGPIPE ignored: writes never trap
var lines: [String] = []
if isatty(STDIN_FILENO) != 0 {
    lines = (1...1000).map { "Item \($0)" }
} else {
    while let line = readLine() { lines.append(line) }
}

do {
    let app = try Application()
    var open: [String: AppWindow] = [:]
    for (name, layout) in [("list", CollectionListLayout() as any CollectionViewLayout), ("grid", CollectionGridLayout())] {
        let window = try AppWindow(application: app, title: "Sweep: \(name)", appID: "org.sweep.TwoWindows")
        let view = CollectionView(layout: layout, dataSource: StringItems(lines))
        view.allowsMultipleSelection = true
        view.onSelectionChange = { [unowned view] event in
            guard !event.isProvisional else { return }
            StandardStreams.writeLine("\(name): \(view.selectedCount) selected", to: STDOUT_FILENO)
        }
        window.content = view
        // Dropping the window takes it off the screen (after the event being
        // handled, which is the window's own); the last one ends the app.
        window.onClose = {
            app.runAfterEvents {
                open[name] = nil
                StandardStreams.writeLine("\(name): closed", to: STDOUT_FILENO)
                if open.isEmpty { app.quit() }
            }
        }
        open[name] = window
    }
    try app.run()
} catch {
    StandardStreams.printError("\(error)", program: "two-windows")
    exit(2)
}
