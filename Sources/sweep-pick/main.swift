import Foundation
import PickCore
import SweepUI

// sweep-pick: choose records with touch sweeps, the touchpad, a band or the
// keyboard, and print them (see PickOptions for the command line).

/// One line on stderr (never a trap: standard error may be closed or a broken pipe).
func printError(_ message: String) {
    StandardStreams.printError(message, program: "sweep-pick")
}

// Descriptors 0-2 open before anything else is (or the event log could become standard output), SIGPIPE ignored.
StandardStreams.secure()

let options: PickOptions
do {
    // Sorted fzf's way (values may start with -, the last of an option wins) and in linear time;
    // the configuration file's and SWEEP_PICK_DEFAULT_OPTS's options first, the command line's last.
    let syntax = PickOptions.commandLineSyntax()
    let defaults: [String]
    do { defaults = try PickDefaults.options(syntax: syntax) } catch {
        printError("\(error)")
        exit(2)
    }
    let commandLine = syntax.sort(Array(CommandLine.arguments.dropFirst()))
    var parsed = try PickOptions.parse(syntax.sort(defaults + commandLine.options).options)
    // Files bypass the parser, whose time grows with the square of their number.
    parsed.files = commandLine.operands
    options = parsed
} catch {
    let code = PickOptions.exitCode(for: error)
    if code == .success {
        StandardStreams.writeLine(PickOptions.fullMessage(for: error), to: STDOUT_FILENO)
        exit(0)
    }
    // fzf's convention: 2 for a usage error, with one line and a hint.
    printError(PickOptions.message(for: error) + " (see sweep-pick --help)")
    exit(2)
}

// Filtering spreads each slice of records over every core (PickCore starts no threads itself).
FilterPass.parallelism = FilterParallelism(width: ProcessInfo.processInfo.activeProcessorCount) { count, body in
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}

// Ctrl+C in the terminal: nothing printed, 130 as shells expect.
signal(SIGINT) { _ in _exit(130) }
// A parent may have left SIGINT blocked (some process launchers do): it must reach the handler.
var interrupt = sigset_t()
sigemptyset(&interrupt)
sigaddset(&interrupt, SIGINT)
sigprocmask(SIG_UNBLOCK, &interrupt, nil)
signal(SIGPIPE, SIG_IGN)

// The sources open before the window, so an unreadable file is reported without a display.
var sources: [InputReader.Source] = []
if options.files.isEmpty {
    if isatty(STDIN_FILENO) != 0 {
        printError("no records: pipe them in (ls | sweep-pick) or name files")
        exit(2)
    }
    sources = [InputReader.Source(name: "standard input", fd: STDIN_FILENO)]
} else {
    for path in options.files {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            printError("cannot read \(path): \(String(cString: strerror(errno)))")
            exit(2)
        }
        sources.append(InputReader.Source(name: path, fd: fd))
    }
}

// --history: the records chosen before, read once; a file that cannot be used is moved aside.
var history = PickHistory(options: options)

// --select-1 / --exit-0: the whole input first, and perhaps no window at all.
var readFirst: StartDecision.Input?
if options.select1 || options.exit0 {
    guard let input = StartDecision.readAll(sources) else { exit(2) }
    do {
        if let decision = try StartDecision.decide(input, options: options) {
            if decision.status == 0, let chosen = decision.chosen { history?.record([chosen]) }
            exit(decision.status)
        }
    } catch {
        printError("\(error)")
        exit(2)
    }
    readFirst = input
}

// --font: the family every font is loaded in (SweepPixman's FontSet reads SWEEP_FONT).
if let font = options.font { setenv("SWEEP_FONT", font, 1) }

do {
    let log = try options.eventLog.map { try PickLog(path: $0) }
    let app = try Application()
    app.onError = { printError($0) }
    let placement = try PickPlacement(options: options, application: app)
    if let note = placement.note { printError(note) }
    let window = try AppWindow(application: app, title: options.title, appID: options.appID, size: placement.size,
                               role: .layerIfAvailable(placement.layer))
    let picker = try Picker(options: options, window: window, log: log, history: history?.ranks())
    app.followTheme(options.theme) { theme, _ in picker.apply(theme: theme) }
    // Regular files say how big they are: the store makes room once instead of doubling.
    var expected = 0
    for source in sources {
        var info = stat()
        if fstat(source.fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            // Sparse files may claim 2^63 bytes each: the sum saturates rather than traps.
            let (sum, overflow) = expected.addingReportingOverflow(Int(info.st_size))
            expected = overflow ? .max : sum
        }
    }
    if expected > 0 { picker.expect(bytes: expected) }
    var status: Int32 = 1
    var output: PickOutput?
    picker.onFinish = { code, chosen in
        status = code
        output = chosen
        app.quit()
    }
    let reader = InputReader(sources: sources, separator: options.read0 ? 0 : 0x0A, application: app,
                             onBytes: { picker.receive($0) }, onEnd: { picker.inputEnded() },
                             onError: { printError($0) })
    if let input = readFirst {
        // Read already: the records arrive at once.
        input.bytes.withUnsafeBytes { picker.receive($0) }
        picker.inputEnded()
    } else {
        reader.start()
    }
    window.onCommit = { frame in
        if frame == 1 { log?.write("ready", ["width": Int(placement.size.width), "height": Int(placement.size.height)]) }
    }
    try app.run()
    if let output, status == 0 {
        guard picker.write(output, to: STDOUT_FILENO) else {
            printError("cannot write the output: \(String(cString: strerror(errno)))")
            exit(2)
        }
        // The choice is counted after it is printed.
        history?.record(picker.recordBytes(output))
    }
    exit(status)
} catch let error as WaylandError {
    printError("\(error)")
    exit(2)
} catch {
    printError("\(error)")
    exit(2)
}
