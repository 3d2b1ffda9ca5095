import DemoPages
import Glibc
import SweepEventLog
import SweepUI

// Descriptors 0-2 open before anything else is (a log opened as descriptor 1 would get the output), SIGPIPE ignored:
// a compositor that goes away must not kill us before we can say so.
StandardStreams.secure()

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
    // The items file is opened before connecting, so a bad path is reported even without a compositor;
    // it is read once the window exists, as its lines arrive.
    let items: RowDataSource
    var itemsFile: ItemsFile?
    if let path = options.itemsFile {
        do {
            itemsFile = try ItemsFile(path: path)
        } catch {
            printError("\(error)")
            exit(1)
        }
        items = FileRows(file: itemsFile!)
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
    application.followTheme(options.theme) { theme, scheme in app.apply(theme: theme, colorScheme: scheme) }
    if let itemsFile { ItemsReader(file: itemsFile, application: application) { app.showArrivedItems() }.start() }
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
