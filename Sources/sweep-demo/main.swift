import DemoPages
import Glibc
import SweepEventLog
import SweepUI
import SweepWayland

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if Options.exitCode(for: error) == .success {
        writeLine(Options.fullMessage(for: error), to: STDOUT_FILENO)
        exit(0)
    }
    // One line and a hint, not the whole help.
    printError("\(Options.message(for: error)) (see sweep-demo --help)")
    exit(64)
}

// A compositor that goes away must not kill us with SIGPIPE before we can say so.
signal(SIGPIPE, SIG_IGN)

/// The process environment as a dictionary.
func environment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") { result[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        entry += 1
    }
    return result
}

do {
    // The items are read before connecting, so a bad file is reported even without a compositor.
    let items: RowDataSource
    if let path = options.itemsFile {
        do {
            items = FileRows(file: try ItemsFile(path: path))
        } catch {
            printError("\(error)")
            exit(1)
        }
    } else {
        items = GeneratedRows(count: options.rows)
    }
    let application = try Application()
    var log: EventLog?
    if let path = options.eventLog {
        do {
            log = try EventLog(path: path)
            log?.onError = { printError($0) }
        } catch {
            printError("\(error)")
            exit(1)
        }
    }
    let store = PackingStore.defaultDirectory(environment: environment()).map { PackingStore(directory: $0) }
    let app = try DemoApp(application: application, options: options, items: ItemStore(base: items), store: store, log: log)
    let tour = options.tour ? Tour(app: app) : nil
    tour?.start()
    try application.run()
    exit(0)
} catch let error as WaylandError {
    printError("\(error)")
    exit(2)
} catch {
    printError("\(error)")
    exit(1)
}
