import ArgumentParser
import FoundationEssentials
import Glibc
import ScriptedCompositor
import SweepEventLog

/// The command line (swift-argument-parser: `--opt=value`, one-line errors
/// with a hint and status 64, `--help`, `--version`).
struct CompositorOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scripted-compositor",
        abstract: "A Wayland compositor for testing: plays a script of input against a real client.",
        discussion: """
        It runs CLIENT on a private connection (WAYLAND_SOCKET), plays the script in FILE (JSON Lines: pointer, \
        keyboard with a real xkb keymap, touch, touchpad gestures, output size and scale, clipboard, screenshots \
        as PNG), asks the window to close, and exits with the client's status. The client's standard input, \
        output and error are the compositor's own; the compositor writes only to standard error.

        Exit status: the client's; 64 for a bad command line, 65 for a malformed script (the line and what is \
        wrong), 70 when the client crashed, hung or never mapped a window.
        """,
        version: "0.1.0")

    @Option(help: ArgumentHelp("The script: one JSON object a line.", valueName: "FILE"))
    var script: String

    @Option(help: ArgumentHelp("Where screenshots go (made if missing).", valueName: "DIR"))
    var shots = "."

    @Option(name: .customLong("ready-timeout"), help: ArgumentHelp("How long the client may take to map its window.", valueName: "MS"))
    var readyTimeout = 15_000.0

    @Option(name: .customLong("exit-timeout"), help: ArgumentHelp("How long the client may take to exit after the close.", valueName: "MS"))
    var exitTimeout = 10_000.0

    @Option(help: ArgumentHelp("Leave a global out (e.g. wl_subcompositor), to test a client without it; repeatable.",
                               valueName: "GLOBAL"))
    var without: [String] = []

    @Flag(name: .customLong("report-keys"),
          help: "Report each key to the accessibility registry first and keep one a screen reader consumed from the client, as GNOME Shell does.")
    var reportKeys = false

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The client and its arguments, after --.", valueName: "CLIENT"))
    var client: [String] = []

    func validate() throws {
        guard readyTimeout > 0, exitTimeout > 0 else { throw ValidationError("timeouts need milliseconds above 0") }
        guard !client.isEmpty else { throw ValidationError("no client command after --") }
        if let unknown = Set(without).subtracting(CompositorServer.globalNames).sorted().first {
            throw ValidationError("--without: no global \"\(unknown)\" (the compositor offers "
                                  + CompositorServer.globalNames.sorted().joined(separator: ", ") + ")")
        }
    }
}

func fail(_ message: String, status: Int32) -> Never {
    let text = "scripted-compositor: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

// Descriptors 0-2 open before any file is (a step's file must never become standard output), SIGPIPE ignored.
StandardStreams.secure()

let options: CompositorOptions
do {
    options = try CompositorOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if CompositorOptions.exitCode(for: error) == .success {
        print(CompositorOptions.fullMessage(for: error))
        exit(0)
    }
    fail("\(CompositorOptions.message(for: error)) (see scripted-compositor --help)", status: 64)
}

/// The script's steps: a file is read and checked whole before the client starts; a pipe
/// (a FIFO, `<(generator)`, /dev/stdin) is played line by line as it is written.
func scriptSource(_ path: String) -> any ScriptSource {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { fail("cannot read the script \(path): \(String(cString: strerror(errno)))", status: 65) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
        return ScriptStream(fd: fd, name: path)
    }
    close(fd)
    let text: String
    do {
        let data = try Data(contentsOf: URL(filePath: path))
        guard data.count <= ScriptParser.maximumSize else { fail("\(path) is over \(ScriptParser.maximumSize) bytes", status: 65) }
        text = String(decoding: data, as: UTF8.self)
    } catch {
        fail("cannot read the script \(path): \(String(cString: strerror(errno != 0 ? errno : ENOENT)))", status: 65)
    }
    do {
        return ScriptList(try ScriptParser.parse(text))
    } catch {
        fail("\(path): \(error)", status: 65)
    }
}
let source = scriptSource(options.script)
/// Makes `path` and its parents, as `mkdir -p` does; false on an error.
func makeFolders(_ path: String) -> Bool {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
        prefix += part
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return false }
        prefix += "/"
    }
    return true
}
// Screenshots need their folder (the README's own example names a new one).
if !makeFolders(options.shots) {
    fail("cannot make the screenshot folder \(options.shots): \(String(cString: strerror(errno)))", status: 64)
}
do {
    let player = ScriptPlayer(source: source, shotsDirectory: options.shots)
    player.readyTimeout = options.readyTimeout
    player.withoutGlobals = Set(options.without)
    player.exitTimeout = options.exitTimeout
    if options.reportKeys {
        guard let reporter = RegistryKeyReporter() else { fail("--report-keys: no accessibility bus on the session bus", status: 64) }
        player.keyReporter = reporter
    }
    let status = try player.run(client: options.client)
    exit(status)
} catch {
    fail("\(error)", status: error.exitStatus)   // run throws only CompositorFailure
}
