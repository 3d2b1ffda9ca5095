// hello-select: the lines of standard input (or Item 1 … Item 1000) in a
// list with multiple selection; prints "N selected" after every change.
import Foundation
import SweepUI

StandardStreams.secure()   // descriptors 0-2 open, SIGPIPE ignored: writes below never trap
var lines: [String] = []
if isatty(STDIN_FILENO) != 0 {
    lines = (1...1000).map { "Item \($0)" }
} else {
    while let line = readLine() { lines.append(line) }
}

do {
    let app = try Application()
    let window = try AppWindow(application: app, title: "Hello, Sweep", appID: "org.sweep.HelloSelect")
    let list = CollectionView(layout: .list, dataSource: StringItems(lines))
    list.allowsMultipleSelection = true
    list.onSelectionChange = { event in
        guard !event.isProvisional else { return }
        StandardStreams.writeLine("\(list.selectedCount) selected", to: STDOUT_FILENO)
    }
    window.content = list
    try app.run()
} catch {
    StandardStreams.printError("\(error)", program: "hello-select")
    exit(2)
}
