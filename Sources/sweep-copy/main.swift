import Glibc
import SweepGeometry
import SweepGraphics
import SweepWayland

// sweep-copy: puts its arguments (or standard input) on the Wayland
// clipboard, as wl-copy does, from a small window: a compositor hands the
// clipboard only to a client with keyboard focus. It serves the text until
// another client copies something or the window is closed.

func say(_ text: String) {
    _ = (text + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "-h" || arguments.first == "--help" {
    print("Usage: sweep-copy [TEXT…]    (without TEXT, standard input is copied)")
    exit(0)
}
var text = arguments.joined(separator: " ")
if arguments.isEmpty {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(STDIN_FILENO, &chunk, chunk.count)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    text = String(decoding: bytes, as: UTF8.self)
}

/// The window's content: one line saying what is on the clipboard.
final class CopyWindow: WindowContent {
    var message = "Waiting for keyboard focus…"
    var onClose: () -> Void = {}
    func windowDidResize(to size: Size) {}
    func draw(in canvas: Canvas, damage: Region) {
        canvas.fill(Rect(origin: .zero, size: canvas.size), color: Color(rgb: 0xf4f4f6))
        canvas.drawText(message, at: Point(x: 12, y: 12), role: .body, color: Color(rgb: 0x1c1c1e), maxWidth: canvas.size.width - 24)
    }
    var isAnimating: Bool { false }
    func advanceAnimations(to time: Double) -> Region { Region() }
    func windowShouldClose() { onClose() }
}

signal(SIGPIPE, SIG_IGN)
do {
    let connection = try Connection()
    let content = CopyWindow()
    let window = try Window(connection: connection, title: "sweep-copy", appID: "org.sweep.Copy",
                            size: Size(width: 360, height: 48), minimumSize: Size(width: 120, height: 48))
    window.content = content
    var clipboards: [Clipboard] = []
    func attach(_ seat: Seat) {
        seat.ownsSurface = { window.owns(surface: $0) }
        seat.onKeyboardFocus = { focused in
            guard focused, clipboards.isEmpty else { return }
            guard let clipboard = Clipboard(connection: connection, seat: seat) else {
                say("sweep-copy: the compositor offers no clipboard (wl_data_device_manager)")
                exit(1)
            }
            clipboard.onCancelled = { connection.loop.stop() }
            clipboard.copy(text, serial: seat.latestInputSerial)
            clipboards.append(clipboard)
            content.message = "Copied \(text.utf8.count) bytes"
            window.invalidateAll()
            say("sweep-copy: copied \(text.utf8.count) bytes")
        }
    }
    for seat in connection.seats.values { attach(seat) }
    connection.onSeatAdded = { attach($0) }
    content.onClose = { connection.loop.stop() }
    try connection.loop.run()
    exit(0)
} catch let error as WaylandError {
    say("sweep-copy: \(error)")
    exit(2)
} catch {
    say("sweep-copy: \(error)")
    exit(1)
}
