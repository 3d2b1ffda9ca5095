import ArgumentParser
import Glibc
import ScriptedCompositor
import SweepXKB

// sweep-input: plays the input steps of a scripted-compositor script into a
// running compositor through its input-injection protocol (KWin's
// org_kde_kwin_fake_input), so the end-to-end tests drive real KWin as they
// drive the project's own compositor.

struct InputOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep-input",
        abstract: "Play a script's pointer, touch and key steps into a running compositor (KWin's fake input).",
        discussion: """
        FILE holds JSON Lines in the scripted compositor's format (docs/testing.md); only input steps may \
        appear: wait, pointer.move, pointer.down, pointer.up, pointer.drag, pointer.axis, key.down, key.up, \
        key.tap, touch.down, touch.move, touch.up, touch.frame, touch.cancel, touch.drag. Coordinates are the \
        compositor's global logical ones. Keys are named by keysym and typed through the US layout's key codes. \
        KWin offers fake input to clients it trusts (KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 trusts all).

        Exit status: 0 when every step was sent and handled; 64 for a bad command line; 65 for a malformed \
        script or a step that is not input; 69 when there is no compositor, it has no fake input, or it went away.
        """,
        version: "0.1.0")

    @Option(name: .long, help: ArgumentHelp("The script.", valueName: "FILE"))
    var script: String

    @Option(name: .long, help: ArgumentHelp("The Wayland display to connect to (default: WAYLAND_DISPLAY).", valueName: "NAME"))
    var display: String?

    func run() throws {
        do {
            let steps = try readSteps()
            try InputPlayer.check(steps)
            guard let keyboard = try? Keyboard(defaultLayout: ()) else {
                throw InputFailure("cannot make the US keymap (xkeyboard-config missing?)", status: 69)
            }
            let input = try FakeInput(display: display)
            try InputPlayer(input: input, keyboard: keyboard).play(steps)
        } catch let failure as InputFailure {
            FileHandleStderr.say("sweep-input: \(failure.message)")
            throw ExitCode(failure.status)
        }
    }

    private func readSteps() throws(InputFailure) -> [(line: Int, step: ScriptStep)] {
        guard let file = fopen(script, "r") else {
            throw InputFailure("cannot read \(script): \(String(cString: strerror(errno)))", status: 66)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > ScriptParser.maximumSize { throw InputFailure("\(script) is larger than a script may be", status: 65) }
        }
        do {
            return try ScriptParser.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw InputFailure("\(script): \(error)", status: 65)
        }
    }
}

/// Writes a line to standard error.
enum FileHandleStderr {
    static func say(_ text: String) {
        _ = (text + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}

InputOptions.main()
