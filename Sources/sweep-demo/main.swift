import Glibc
import SweepEventLog
import SweepWayland

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if error.isHelp {
        writeLine(Options.usage, to: STDOUT_FILENO)
        exit(0)
    }
    printError("\(error.message)\n\(Options.usage)")
    exit(64)
}

// A compositor that goes away must not kill us with SIGPIPE before we can say so.
signal(SIGPIPE, SIG_IGN)

do {
    let connection = try Connection()
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
    let app = try DemoApp(connection: connection, options: options, log: log)
    let tour = options.tour ? Tour(app: app) : nil
    tour?.start()
    try connection.loop.run()
    exit(0)
} catch let error as WaylandError {
    printError("\(error)")
    exit(2)
} catch {
    printError("\(error)")
    exit(1)
}
