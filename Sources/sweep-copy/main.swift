import ArgumentParser
import Glibc
import SweepUI

// sweep-copy: puts its arguments (or standard input) on the Wayland
// clipboard, as wl-copy does, from a small window: a compositor hands the
// clipboard only to a client with keyboard focus. It serves the text until
// another client copies something or the window is closed. With --paste it
// writes the clipboard's text to standard output, as wl-paste does, and exits.
// With --drag the text is dragged out of the window instead of copied.

func say(_ text: String) {
    _ = (text + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// Writes all of `bytes` to standard output; false on an error (a closed pipe).
func writeOut(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
        if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return false }
    }
    return true
}

/// The command line: TEXT to copy (standard input without it), or --paste.
struct CopyOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep-copy",
        abstract: "Copy text to the Wayland clipboard (as wl-copy), or paste it (--paste, as wl-paste).",
        discussion: """
        Without TEXT, standard input is copied, byte for byte (it need not be UTF-8); it is offered as \
        text/plain;charset=utf-8, text/plain, UTF8_STRING, TEXT and STRING. Put -- before TEXT that starts with a dash.

        Exit status: 0; 1 when there is nothing to paste or no clipboard; 2 when the Wayland connection \
        fails; 64 for a bad command line.
        """,
        version: "0.1.0")

    @Flag(help: "Write the clipboard's text to standard output and exit.")
    var paste = false

    @Flag(help: "Instead of copying, let the text be dragged out of the window (press and move) into another app, as copy or move; print how each drag ended (\"finished copy\", \"cancelled\").")
    var drag = false

    @Option(name: .customLong("drag-type"),
            help: ArgumentHelp("With --drag, also offer MIME, but with no data: a receiver that asks for it reads nothing (how receivers cope).",
                               valueName: "MIME"))
    var dragTypes: [String] = []

    @Argument(help: "The text to copy (joined with spaces).")
    var text: [String] = []

    func validate() throws {
        if paste && !text.isEmpty { throw ValidationError("--paste takes no text") }
        if paste && drag { throw ValidationError("--paste and --drag do not go together") }
        if !drag && !dragTypes.isEmpty { throw ValidationError("--drag-type needs --drag") }
    }
}

// Descriptors 0-2 open before anything else is, SIGPIPE ignored.
StandardStreams.secure()

let options: CopyOptions
do {
    options = try CopyOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if CopyOptions.exitCode(for: error) == .success {
        print(CopyOptions.fullMessage(for: error))
        exit(0)
    }
    say("sweep-copy: \(CopyOptions.message(for: error)) (see sweep-copy --help)")
    exit(64)
}
let pasting = options.paste
let dragging = options.drag
let arguments = options.text

/// The window's content: one line saying what is on the clipboard; with
/// --drag, a press that moves 4 px drags the text out of it.
final class CopyView: Component {
    let label = Label("Waiting for keyboard focus…", role: .body, isSecondary: false)
    private let dragArea = GestureView(name: "drag text", frame: .zero)
    private let press = BandGestureRecognizer(name: "drag text")
    var onDrag: (() -> Void)?
    var frame: Rect { label.frame }
    var isVisible = true

    init() {
        dragArea.addRecognizer(press)
        press.onStateChange = { [unowned self] recognizer in
            if recognizer.state == .began { onDrag?() }
        }
    }

    func attach(to host: ComponentHost) {
        label.attach(to: host)
        host.gestureArena.add(dragArea)
    }

    func setFrame(_ frame: Rect) {
        label.setFrame(frame)
        dragArea.frame = frame
    }

    func draw(in canvas: Canvas, damage: Region) { label.draw(in: canvas, damage: damage) }
    var accessibleObject: AccessibleObject? { label.accessibleObject }
}

do {
    let application = try Application()
    let window = try AppWindow(application: application, title: "sweep-copy", appID: "org.sweep.Copy",
                               size: Size(width: 360, height: 48), minimumSize: Size(width: 120, height: 48))
    let content = CopyView()
    window.content = content
    window.onClose = { application.quit() }
    func show(_ message: String) { content.label.text = message }

    // What to copy: the arguments, or standard input read on the loop, so
    // the window is answered while a slow producer is still writing.
    var text: [UInt8]? = pasting ? [] : Array(arguments.joined(separator: " ").utf8)
    var focusedOnce = false
    var copied = false
    var pasted: [UInt8]?

    func copyIfReady() {
        guard !dragging, !copied, focusedOnce, let text else { return }
        copied = true
        window.copy(.bytes(text))
        show("Copied \(text.count) bytes")
        say("sweep-copy: copied \(text.count) bytes")
    }

    if !pasting && arguments.isEmpty {
        text = nil
        var input: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var stdinWatch: Application.WatchID?
        // Standard input stays blocking (its file may be shared, a terminal);
        // one read per wakeup does not block.
        stdinWatch = application.watch(fd: STDIN_FILENO, events: .readable) { _ in
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 { input.append(contentsOf: chunk[0..<count]); return }
            if count < 0 && errno == EINTR { return }
            if count < 0 {
                say("sweep-copy: cannot read standard input: \(String(cString: strerror(errno)))")
                exit(1)
            }
            if let stdinWatch { application.unwatch(stdinWatch) }
            text = input
            copyIfReady()
        }
    }

    if dragging {
        show("Drag the text out of this window")
        content.onDrag = {
            guard let text, application.offersClipboard else { return }
            let types = ClipboardContent.textMimeTypes.map { (mimeType: $0, content: ClipboardContent?.some(.bytes(text))) }
                + options.dragTypes.map { (mimeType: $0, content: ClipboardContent?.none) }
            let title = String(decoding: text.prefix(80), as: UTF8.self)
            window.startDrag(DragData(types: types, actions: [.copy, .move]), title: title, count: 1) { event in
                switch event {
                case .finished(let action): _ = writeOut(Array("finished \(action.name)\n".utf8))
                case .cancelled: _ = writeOut(Array("cancelled\n".utf8))
                default: break
                }
            }
            show("Dragging \(text.count) bytes")
        }
    }

    // Compositors hand the clipboard only to a client with the keyboard focus.
    window.onActiveChange = { active in
        guard active, !focusedOnce else { return }
        focusedOnce = true
        guard application.offersClipboard else {
            say("sweep-copy: the compositor offers no clipboard (wl_data_device_manager)")
            exit(1)
        }
        if pasting {
            window.pasteBytes { bytes in
                pasted = bytes
                application.quit()
            }
        } else if !dragging {
            window.onClipboardLost = { application.quit() }
            if text == nil { show("Reading standard input…") }
            copyIfReady()
        }
    }
    try application.run()
    if pasting {
        guard let pasted else {
            say("sweep-copy: the clipboard holds no text")
            exit(1)
        }
        guard writeOut(pasted) else {
            say("sweep-copy: cannot write standard output: \(String(cString: strerror(errno)))")
            exit(1)
        }
    }
    exit(0)
} catch let error as WaylandError {
    say("sweep-copy: \(error)")
    exit(2)
} catch {
    say("sweep-copy: \(error)")
    exit(1)
}
