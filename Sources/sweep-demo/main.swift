import Glibc
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
    let app = try DemoApp(connection: connection, options: options)
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
