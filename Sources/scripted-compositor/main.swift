import FoundationEssentials
import Glibc
import ScriptedCompositor

let usage = """
Usage: scripted-compositor --script FILE [--shots DIR] [--ready-timeout MS] [--exit-timeout MS] [--without GLOBAL]… -- CLIENT [ARGS…]

A Wayland compositor for testing: it runs CLIENT on a private connection
(WAYLAND_SOCKET), plays the script in FILE (JSON Lines: pointer, keyboard
with a real xkb keymap, touch, output size and scale, screenshots as PNG),
asks the window to close, and exits with the client's status.

Exit status: the client's; 64 for a bad command line, 65 for a malformed
script (the line and what is wrong), 70 when the client crashed, hung or
never mapped a window.

--without GLOBAL hides a global (e.g. wl_subcompositor) to test how a client
copes with a compositor that lacks it.
"""

func fail(_ message: String, status: Int32) -> Never {
    let text = "scripted-compositor: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var scriptPath: String?
var shots = "."
var client: [String] = []
var readyTimeout = 15_000.0
var without: Set<String> = []
var exitTimeout = 10_000.0
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--script": scriptPath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--shots": shots = arguments.isEmpty ? "." : arguments.removeFirst()
    case "--ready-timeout":
        guard let value = arguments.first.flatMap(Double.init), value > 0 else { fail("--ready-timeout needs milliseconds", status: 64) }
        readyTimeout = value
        arguments.removeFirst()
    case "--exit-timeout":
        guard let value = arguments.first.flatMap(Double.init), value > 0 else { fail("--exit-timeout needs milliseconds", status: 64) }
        exitTimeout = value
        arguments.removeFirst()
    case "--without":
        guard let name = arguments.first, !name.isEmpty else { fail("--without needs a global's interface name", status: 64) }
        without.insert(name)
        arguments.removeFirst()
    case "--": client = arguments; arguments = []
    case "-h", "--help": print(usage); exit(0)
    default: fail("unknown option '\(argument)'\n\(usage)", status: 64)
    }
}
guard let scriptPath else { fail("--script FILE is required\n\(usage)", status: 64) }
guard !client.isEmpty else { fail("no client command after --\n\(usage)", status: 64) }

signal(SIGPIPE, SIG_IGN)
let text: String
do {
    let data = try Data(contentsOf: URL(filePath: scriptPath))
    guard data.count <= ScriptParser.maximumSize else { fail("\(scriptPath) is over \(ScriptParser.maximumSize) bytes", status: 65) }
    text = String(decoding: data, as: UTF8.self)
} catch {
    fail("cannot read \(scriptPath): \(error)", status: 65)
}
let steps: [(line: Int, step: ScriptStep)]
do {
    steps = try ScriptParser.parse(text)
} catch {
    fail("\(scriptPath): \(error)", status: 65)
}
do {
    let player = ScriptPlayer(steps: steps, shotsDirectory: shots)
    player.readyTimeout = readyTimeout
    player.withoutGlobals = without
    player.exitTimeout = exitTimeout
    let status = try player.run(client: client)
    exit(status)
} catch {
    fail("\(error)", status: 70)
}
