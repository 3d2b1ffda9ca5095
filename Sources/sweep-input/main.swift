import ArgumentParser
import Glibc
import ScriptedCompositor
import SweepEventLog
import SweepXKB

// sweep-input: plays the input steps of a scripted-compositor script into a
// running compositor through its own way of taking input from a program
// (KWin's org_kde_kwin_fake_input protocol, mutter's remote-desktop D-Bus
// API), so the end-to-end tests drive real KWin and mutter as they drive the
// project's own compositor.

/// Which compositor API the input goes through.
enum InputVia: String, ExpressibleByArgument, CaseIterable {
    case fakeInput = "fake-input"
    case remoteDesktop = "remote-desktop"
    case virtualKeyboard = "virtual-keyboard"
    case inputMethod = "input-method"
    case virtualPointer = "virtual-pointer"
}

struct InputOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep-input",
        abstract: "Play a script's pointer, touch and key steps into a running compositor (KWin's fake input, mutter's remote desktop, a wlroots virtual keyboard).",
        discussion: """
        FILE holds JSON Lines in the scripted compositor's format (its README section); only input steps may \
        appear: wait, file.wait, pointer.move, pointer.down, pointer.up, pointer.drag, pointer.axis, key.down, key.up, \
        key.tap, touch.down, touch.move, touch.up, touch.frame, touch.cancel, touch.drag. Coordinates are the \
        compositor's global logical ones, moved by --offset. Keys are named by keysym and typed through the US \
        layout's key codes.

        --via fake-input (the default) connects to WAYLAND_DISPLAY and uses KWin's org_kde_kwin_fake_input, which \
        KWin offers to clients it trusts (KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 trusts all); its scrolls are all smooth. \
        --via remote-desktop uses mutter's org.gnome.Mutter.RemoteDesktop on the session bus, with a screen-cast \
        stream of the primary monitor for positions (mutter needs PipeWire for it); "wheel" scrolls are notches there. \
        --via virtual-keyboard connects to WAYLAND_DISPLAY and makes one zwp_virtual_keyboard_v1 (sway and other wlroots \
        compositors), for key steps only. --via input-method connects to WAYLAND_DISPLAY and becomes the seat's input \
        method (zwp_input_method_v2: sway, phoc), for the text input steps only: textInput.wait, textInput.send, \
        textInput.expect and textInput.status, as the scripted compositor plays them. --via virtual-pointer connects to \
        WAYLAND_DISPLAY and makes one zwlr_virtual_pointer_v1 (phoc, sway), for pointer steps only, positioned in the first \
        output's logical coordinates: it taps an on-screen keyboard such as squeekboard where no touch can be injected.

        --script - reads the script from standard input as it is written, plays each line as it arrives and prints \
        "played N" (N its line number) once the compositor has handled it, so a test can keep one device for all its \
        input and wait for each part.

        Exit status: 0 when every step was sent and handled; 1 when a file.wait step's file did not come to hold its \
        text in time; 64 for a bad command line; 65 for a malformed \
        script or a step that is not input; 69 when there is no compositor, it has no fake input, or it went away.
        """,
        version: "0.1.0")

    @Option(name: .long, help: ArgumentHelp("The script; - reads it from standard input, line by line.", valueName: "FILE"))
    var script: String

    @Option(name: .long, help: ArgumentHelp("The Wayland display to connect to (default: WAYLAND_DISPLAY).", valueName: "NAME"))
    var display: String?

    @Option(name: .long, help: "Where the input goes: fake-input (KWin), remote-desktop (mutter), virtual-keyboard (wlroots, keys only), input-method (wlroots, text input steps only) or virtual-pointer (wlroots, pointer steps only).")
    var via: InputVia = .fakeInput

    @Option(name: .long, help: ArgumentHelp("Added to every position (where a window's origin is on the output).", valueName: "X,Y"))
    var offset: String = "0,0"

    @Option(name: .long, help: ArgumentHelp("""
        First touch and release at X,Y (output coordinates: a spot no window covers) and tap Shift, then wait: \
        mutter makes its virtual touch screen and keyboard on first use, and a client sees them only after, \
        so a script's first touch or key would be lost. "primed" is printed once done.
        """, valueName: "X,Y"))
    var prime: String?

    func validate() throws {
        guard Self.point(offset) != nil else { throw ValidationError("--offset takes two numbers, X,Y (got \"\(offset)\")") }
        if let prime, Self.point(prime) == nil { throw ValidationError("--prime takes two numbers, X,Y (got \"\(prime)\")") }
    }

    /// "X,Y" as two finite numbers.
    private static func point(_ text: String) -> (x: Double, y: Double)? {
        let parts = text.split(separator: ",").compactMap { Double(String($0.filter { $0 != " " })) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite }) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        do {
            let steps = script == "-" ? [] : try readSteps()
            try InputPlayer.check(steps)
            guard let keyboard = try? Keyboard(defaultLayout: ()) else {
                throw InputFailure("cannot make the US keymap (xkeyboard-config missing?)", status: 69)
            }
            let input: any InputDevice = switch via {
            case .fakeInput: try FakeInput(display: display)
            case .remoteDesktop: try RemoteDesktopInput()
            case .virtualKeyboard: try VirtualKeyboardInput(display: display, keymap: keyboard)
            case .inputMethod: try InputMethodClient(display: display)
            case .virtualPointer: try VirtualPointerInput(display: display)
            }
            let player = InputPlayer(input: input, keyboard: keyboard, offset: Self.point(offset) ?? (0, 0))
            if let spot = prime.flatMap(Self.point) {
                try player.prime(at: spot)
                FileHandleStderr.write("primed\n", to: STDOUT_FILENO)
            }
            if script == "-" {
                try playStandardInput(with: player)
            } else {
                try player.play(steps)
            }
        } catch let failure as InputFailure {
            FileHandleStderr.say("sweep-input: \(failure.message)")
            throw ExitCode(failure.status)
        }
    }

    /// Plays each line of standard input as it arrives, answering "played N" after it.
    private func playStandardInput(with player: InputPlayer) throws(InputFailure) {
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            guard line.utf8.count <= ScriptParser.maximumSize else {
                throw InputFailure("script line \(number) is larger than a script may be", status: 65)
            }
            let step: ScriptStep?
            do {
                step = try ScriptParser.step(line: Substring(line), number: number)
            } catch {
                throw InputFailure("standard input: \(error)", status: 65)
            }
            if let step {
                try InputPlayer.check([(number, step)])
                try player.play([(number, step)])
            }
            FileHandleStderr.write("played \(number)\n", to: STDOUT_FILENO)
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

/// Writes lines to standard error (messages) and standard output ("primed").
enum FileHandleStderr {
    static func say(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

    static func write(_ text: String, to fd: Int32) {
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    }
}

StandardStreams.secure()
InputOptions.main()
