import SweepEventLog
import FoundationEssentials

/// One step of a script (JSON Lines; the README's scripted-compositor section lists them).
public enum ScriptStep: Equatable, Sendable {
    case output(width: Int, height: Int, scale: Int)
    case waitReady
    /// Waits up to `ms` for the client to exit by itself (a client that
    /// prints and quits); the run then ends with the client's status.
    case waitExit(ms: Double)
    case wait(ms: Double)
    case pointerMove(x: Double, y: Double)
    /// A relative motion (a mouse, not a tablet): from wherever the pointer is.
    case pointerMoveBy(dx: Double, dy: Double)
    case pointerButton(button: UInt32, pressed: Bool)
    case pointerAxis(dx: Double, dy: Double, source: String)
    case pointerAxisStop
    /// The pointer leaves the window (a compositor hiding it for a touch sends this).
    case pointerLeave
    case pointerDrag(from: [Double], to: [Double], steps: Int, ms: Double)
    case key(name: String, pressed: Bool)
    case keyTap(name: String)
    case touchDown(id: Int32, x: Double, y: Double, frame: Bool)
    case touchMove(id: Int32, x: Double, y: Double, frame: Bool)
    case touchUp(id: Int32, frame: Bool)
    case touchFrame
    case touchCancel
    case touchDrag(points: [[Double]], by: [Double], steps: Int, ms: Double)
    case swipeBegin(fingers: Int)
    case swipeUpdate(dx: Double, dy: Double)
    case swipeEnd(cancelled: Bool)
    case pinchBegin(fingers: Int)
    case pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double)
    case pinchEnd(cancelled: Bool)
    case holdBegin(fingers: Int)
    case holdEnd(cancelled: Bool)
    /// The seat's devices: false unplugs one, true plugs it back.
    case seat(pointer: Bool, keyboard: Bool, touch: Bool)
    /// A second (third…) seat appears.
    case seatAdd
    /// Later input steps go through seat `index` (0 is the first).
    case seatUse(index: Int)
    /// Waits up to `ms` until the client has exactly `count` mapped windows;
    /// the run fails when it does not.
    case windowWait(count: Int, ms: Double)
    /// Waits up to `ms` until the window has committed a buffer of `width` × `height` surface pixels
    /// (after a configure: a client that is slow to get there is waited for, not screenshotted early).
    case windowSize(width: Int, height: Int, ms: Double)
    /// Later steps act on window `index` (0 is the oldest), which takes the seats' focus.
    case windowUse(index: Int)
    /// Writes the client's clipboard selection (as `mime`) to `file`; the
    /// client has `timeout` ms to send all of it.
    case clipboardSave(file: String, mime: String, timeout: Double = 5000)
    /// Makes the selection `text`, or the bytes of `file`, offered as `mimes`,
    /// as if another client had copied them (the client's own copy is
    /// cancelled); a `silent` one never sends its data (a hung source).
    case clipboardSet(text: String?, file: String?, mimes: [String], silent: Bool = false)
    /// Writes the client's primary selection (what it selected) as `mime` to `file`.
    case primarySave(file: String, mime: String, timeout: Double = 5000)
    /// Makes the primary selection `text`, as if another client had selected it.
    case primarySet(text: String)
    /// The run fails unless the client's cursor (cursor-shape-v1) is now `shape`.
    case cursorExpect(shape: String)
    /// Asks for the selection (as `mime`) into a pipe the compositor holds
    /// without reading it: a paster that stalls.
    case clipboardStall(mime: String)
    /// Reads the oldest stalled paste until the client closes its end (it
    /// gave up on the paster) and writes what had arrived to `file`.
    case clipboardDrain(file: String, timeout: Double)
    case screenshot(file: String)
    /// Waits up to `ms` until the client has exactly `count` popups (menus)
    /// on screen; the run fails when it does not.
    case popupWait(count: Int, ms: Double)
    /// The compositor dismisses every popup (`popup_done`), as when the
    /// person clicks elsewhere on the desktop or the screen locks.
    case popupDismiss
    /// Another app's window over part of the client's (window coordinates)
    /// that takes drops of `accepts` types with `actions`, reads them as
    /// `mode` says (read, slow, stall, close) and writes the outcome to
    /// `file` (JSON) and the bytes to `data`.
    case dragTarget(DropZone)
    /// Waits up to `ms` until the client is dragging.
    case dragWait(ms: Double)
    /// Another app drags `text` (or the bytes of `file`) as `mimes` with
    /// `actions` into the client at (x, y); `pointer.move` moves it.
    case dragOffer(text: String?, file: String?, mimes: [String], actions: UInt32, x: Double, y: Double)
    /// Waits up to `ms` until the client under the script's drag accepts it (a type and an
    /// action), as a person waits for the cursor to say so before letting go.
    case dragAccepted(ms: Double)
    /// Drops the script's drag and waits up to `timeout` ms for the client to finish it.
    case dragDrop(timeout: Double)
    /// The compositor cancels the drag running now.
    case dragCancel
    case close
    /// From here on the client may exit by itself (a picker does on Enter):
    /// playing stops when it does, and the run ends with its status.
    case expectExit
    /// The compositor drops the client's connection, as a crashed compositor would.
    case disconnect
    /// The window is configured at `width` × `height` (0 × 0: the client picks).
    /// A toplevel configure; `states` are xdg_toplevel states ("maximized", "fullscreen", "activated", "tiled").
    case configure(width: Int, height: Int, states: [String])
    /// The output is unplugged (`remove`) or plugged back.
    case outputPlug(present: Bool)
    /// The keyboards get a broken keymap (see `SeatServer.KeymapFault`).
    case badKeymap(fault: String)
    /// Frame callbacks go unanswered until `framesRelease`, as from a compositor
    /// busy compositing.
    case framesHold
    /// The held frame callbacks are answered. With `pressing`, that button is
    /// pressed first and both leave in one flush, so the client reads the press
    /// before the `done`: a `done` already on its way when a press closes a window.
    case framesRelease(pressing: UInt32?)
    /// Waits up to `ms` until `file` (an app's event log, say) holds the text
    /// `contains`; the run fails when it does not. Scripts played into another
    /// compositor (`sweep-input`) wait on the app this way, with a button still held.
    case fileWait(file: String, contains: String, ms: Double)
    /// The keyboards get the keymap of xkb `layouts` ("ru,us"): the first is active.
    case keymap(layouts: String)
    /// Appends one JSON line to `file`: the script line, the client's process id and
    /// its live protocol objects by interface (`wl_buffer`, `wl_shm_pool`, …), for a
    /// long run that watches them, and the window's damage since the last status
    /// (`DamageStatistics`); a script fed through a pipe also learns from it
    /// that everything before it has been played.
    case status(file: String)
    /// tablet-v2: the pen comes over the window at (x, y), moves, touches down or lifts,
    /// presses or lets go of a barrel button, leaves, or is unplugged (even mid-stroke).
    case penIn(x: Double, y: Double)
    case penMove(x: Double, y: Double)
    case penTip(down: Bool)
    case penButton(button: UInt32, pressed: Bool)
    case penOut
    case penRemove
    /// The pen comes in at `from`, touches down, moves to `to` in `steps` over `ms`, lifts and leaves.
    case penDrag(from: [Double], to: [Double], steps: Int, ms: Double)
    /// text-input-v3: waits until a text input of the client is enabled (or none is).
    case textInputWait(enabled: Bool, ms: Double)
    /// text-input-v3: the script's input method sends an update and `done`.
    case textInputSend(TextInputScriptUpdate)
    /// text-input-v3: waits until the client's committed state says what is given.
    case textInputExpect(TextInputExpectation, ms: Double)
    /// text-input-v3: appends the text input's committed state to a file, as one JSON line.
    case textInputStatus(file: String)
}

/// A script line that cannot be played: where and why.
public struct ScriptError: Error, CustomStringConvertible, Equatable {
    public let line: Int
    public let message: String
    public var description: String { "script line \(line): \(message)" }
}

/// Reads scripts: one JSON object a line, `#` lines and blank lines ignored.
public enum ScriptParser {
    /// Scripts past this many bytes are refused rather than read into memory.
    public static let maximumSize = 16 << 20

    public static func parse(_ text: String) throws(ScriptError) -> [(line: Int, step: ScriptStep)] {
        guard text.utf8.count <= maximumSize else { throw ScriptError(line: 0, message: "the script is over \(maximumSize) bytes") }
        var steps: [(Int, ScriptStep)] = []
        // "\r\n" is one Character in Swift: split on it as well, so CRLF scripts have lines.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            if let step = try step(line: raw, number: index + 1) { steps.append((index + 1, step)) }
        }
        return steps
    }

    /// The step on one line (without its line end; `number` is for messages), or nil for a
    /// blank or `#` line: `parse` for a whole script, `ScriptStream` for a line as it arrives.
    public static func step(line raw: Substring, number: Int) throws(ScriptError) -> ScriptStep? {
        let line = raw.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            .reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed()
            .map(String.init).joined()
        if line.isEmpty || line.hasPrefix("#") { return nil }
        return try parseLine(line, number: number)
    }

    static func parseLine(_ line: String, number: Int) throws(ScriptError) -> ScriptStep {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            throw ScriptError(line: number, message: "not valid JSON")
        }
        guard case .object(let fields) = value else { throw ScriptError(line: number, message: "a step must be a JSON object") }
        guard case .string(let op)? = fields["op"] else { throw ScriptError(line: number, message: "missing \"op\"") }
        let get = Fields(fields: fields, line: number, op: op)
        // A misspelt field ("yy" for "y") is named first: it is why another would be missing.
        if let allowed = allowedFields[op], let unknown = fields.keys.filter({ $0 != "op" && !allowed.contains($0) }).sorted().first {
            let known = allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw get.fail("unknown field \"\(unknown)\"" + (known.isEmpty ? " (it takes none)" : " (it takes \(known))"))
        }
        return try parseStep(op, get: get, fields: fields, number: number)
    }

    /// The fields each step takes besides "op".
    static let allowedFields: [String: Set<String>] = [
        "output": ["width", "height", "scale"], "waitReady": [], "waitExit": ["ms"], "wait": ["ms"], "expectExit": [],
        "pointer.move": ["x", "y"], "pointer.moveBy": ["dx", "dy"], "pointer.down": ["button"], "pointer.up": ["button"],
        "pointer.axis": ["dx", "dy", "source"], "pointer.axisStop": [], "pointer.leave": [], "pointer.drag": ["from", "to", "steps", "ms"],
        "key.down": ["key"], "key.up": ["key"], "key.tap": ["key"],
        "touch.down": ["id", "x", "y", "frame"], "touch.move": ["id", "x", "y", "frame"], "touch.up": ["id", "frame"],
        "touch.frame": [], "touch.cancel": [], "touch.drag": ["points", "by", "steps", "ms"],
        "swipe.begin": ["fingers"], "swipe.update": ["dx", "dy"], "swipe.end": ["cancelled"],
        "pinch.begin": ["fingers"], "pinch.update": ["dx", "dy", "scale", "rotation"], "pinch.end": ["cancelled"],
        "hold.begin": ["fingers"], "hold.end": ["cancelled"],
        "seat": ["pointer", "keyboard", "touch"], "seat.add": [], "seat.use": ["index"],
        "window.wait": ["count", "ms"], "window.use": ["index"], "window.size": ["width", "height", "ms"],
        "clipboard.save": ["file", "mime", "timeout"], "clipboard.set": ["text", "file", "mimes", "silent"],
        "clipboard.stall": ["mime"], "primary.save": ["file", "mime", "timeout"], "primary.set": ["text"], "cursor.expect": ["shape"], "clipboard.drain": ["file", "timeout"],
        "screenshot": ["file"], "close": [], "disconnect": [], "popup.wait": ["count", "ms"], "popup.dismiss": [],
        "drag.target": ["x", "y", "width", "height", "accepts", "actions", "preferred", "mode", "file", "data"], "drag.wait": ["ms"], "drag.accepted": ["ms"],
        "drag.offer": ["text", "file", "mimes", "actions", "x", "y"], "drag.drop": ["timeout"], "drag.cancel": [],
        "configure": ["width", "height", "states"], "output.remove": [], "output.add": [], "keymap.bad": ["fault"], "keymap": ["layout"],
        "status": ["file"], "frames.hold": [], "frames.release": ["button"],
        "file.wait": ["file", "contains", "ms"],
        "pen.in": ["x", "y"], "pen.move": ["x", "y"], "pen.down": [], "pen.up": [], "pen.button": ["button", "pressed"],
        "pen.out": [], "pen.remove": [], "pen.drag": ["from", "to", "steps", "ms"],
        "textInput.wait": ["enabled", "ms"], "textInput.status": ["file"],
        "textInput.send": ["preedit", "cursor", "commit", "delete", "stale", "bytes", "repeat"],
        "textInput.expect": ["text", "cursor", "anchor", "hint", "purpose", "rectangle", "ms"],
    ]

    private static func parseStep(_ op: String, get: Fields, fields: [String: JSONValue], number: Int) throws(ScriptError) -> ScriptStep {
        switch op {
        case "output":
            return .output(width: try get.int("width", 1...16384), height: try get.int("height", 1...16384),
                           scale: try get.int("scale", 1...8, default: 1))
        case "waitReady": return .waitReady
        case "waitExit": return .waitExit(ms: try get.number("ms", 0...600_000, default: 10_000))
        case "wait": return .wait(ms: try get.number("ms", 0...600_000))
        case "pointer.move": return .pointerMove(x: try get.coordinate("x"), y: try get.coordinate("y"))
        case "pointer.moveBy": return .pointerMoveBy(dx: try get.coordinate("dx"), dy: try get.coordinate("dy"))
        case "pointer.down", "pointer.up":
            return .pointerButton(button: try get.button(), pressed: op == "pointer.down")
        case "pointer.axis":
            let source = try get.string("source", default: "wheel")
            guard ["wheel", "finger", "continuous", "wheelTilt"].contains(source) else {
                throw ScriptError(line: number, message: "\"source\" must be wheel, finger, continuous or wheelTilt")
            }
            return .pointerAxis(dx: try get.coordinate("dx", default: 0), dy: try get.coordinate("dy", default: 0), source: source)
        case "pointer.axisStop": return .pointerAxisStop
        case "pointer.leave": return .pointerLeave
        case "pointer.drag":
            return .pointerDrag(from: try get.point("from"), to: try get.point("to"),
                                steps: try get.int("steps", 1...10_000, default: 20), ms: try get.number("ms", 0...600_000, default: 200))
        case "key.down", "key.up": return .key(name: try get.string("key"), pressed: op == "key.down")
        case "key.tap": return .keyTap(name: try get.string("key"))
        case "touch.down", "touch.move":
            let id = Int32(try get.int("id", 0...1000))
            let x = try get.coordinate("x"), y = try get.coordinate("y"), frame = try get.bool("frame", default: true)
            return op == "touch.down" ? .touchDown(id: id, x: x, y: y, frame: frame) : .touchMove(id: id, x: x, y: y, frame: frame)
        case "touch.up": return .touchUp(id: Int32(try get.int("id", 0...1000)), frame: try get.bool("frame", default: true))
        case "touch.frame": return .touchFrame
        case "touch.cancel": return .touchCancel
        case "touch.drag":
            guard case .array(let list)? = fields["points"], !list.isEmpty, list.count <= 10 else {
                throw ScriptError(line: number, message: "\"points\" must be a list of 1 to 10 [x, y] pairs")
            }
            var points: [[Double]] = []
            for item in list { points.append(try get.pair(item, name: "points")) }
            return .touchDrag(points: points, by: try get.point("by"), steps: try get.int("steps", 1...10_000, default: 20),
                              ms: try get.number("ms", 0...600_000, default: 300))
        case "swipe.begin": return .swipeBegin(fingers: try get.int("fingers", 1...5, default: 3))
        case "swipe.update": return .swipeUpdate(dx: try get.coordinate("dx", default: 0), dy: try get.coordinate("dy", default: 0))
        case "swipe.end": return .swipeEnd(cancelled: try get.bool("cancelled", default: false))
        case "pinch.begin": return .pinchBegin(fingers: try get.int("fingers", 2...5, default: 2))
        case "pinch.update":
            return .pinchUpdate(dx: try get.coordinate("dx", default: 0), dy: try get.coordinate("dy", default: 0),
                                scale: try get.number("scale", 0.01...100, default: 1), rotation: try get.number("rotation", -36_000...36_000, default: 0))
        case "pinch.end": return .pinchEnd(cancelled: try get.bool("cancelled", default: false))
        case "hold.begin": return .holdBegin(fingers: try get.int("fingers", 1...5, default: 2))
        case "hold.end": return .holdEnd(cancelled: try get.bool("cancelled", default: false))
        case "seat.add": return .seatAdd
        case "seat.use": return .seatUse(index: try get.int("index", 0...15))
        case "window.wait":
            return .windowWait(count: try get.int("count", 0...64), ms: try get.number("ms", 0...600_000, default: 5000))
        case "window.use": return .windowUse(index: try get.int("index", 0...63))
        case "window.size":
            return .windowSize(width: try get.int("width", 1...16384), height: try get.int("height", 1...16384),
                               ms: try get.number("ms", 0...600_000, default: 5000))
        case "configure":
            let states = try get.strings("states", default: ["activated"])
            let known = Set(Toplevel.stateNames.keys)
            if let unknown = states.first(where: { !known.contains($0) }) {
                throw get.fail("\"states\" has \"\(unknown)\"; known: " + known.sorted().joined(separator: ", "))
            }
            return .configure(width: try get.int("width", 0...65535), height: try get.int("height", 0...65535), states: states)
        case "output.remove", "output.add": return .outputPlug(present: op == "output.add")
        case "keymap.bad":
            let fault = try get.string("fault", default: "short")
            guard SeatServer.KeymapFault(rawValue: fault) != nil else {
                throw get.fail("\"fault\" must be " + SeatServer.KeymapFault.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return .badKeymap(fault: fault)
        case "keymap":
            let layouts = try get.string("layout", default: "us")
            guard !layouts.isEmpty, layouts.allSatisfy({ $0.isLetter || $0.isNumber || ",_()".contains($0) }) else {
                throw get.fail("\"layout\" must be xkb layout names separated by commas, variants in brackets (\"ru,us(intl)\")")
            }
            return .keymap(layouts: layouts)
        case "seat":
            return .seat(pointer: try get.bool("pointer", default: true), keyboard: try get.bool("keyboard", default: true),
                         touch: try get.bool("touch", default: true))
        case "clipboard.save":
            let file = try get.string("file")
            guard !file.isEmpty else { throw ScriptError(line: number, message: "clipboard.save: \"file\" is empty") }
            return .clipboardSave(file: file, mime: try get.string("mime", default: "text/plain;charset=utf-8"),
                                  timeout: try get.number("timeout", 1...600_000, default: 5000))
        case "clipboard.set":
            var text: String?, file: String?
            if fields["text"] != nil { text = try get.string("text") }
            if fields["file"] != nil { file = try get.string("file") }
            guard (text == nil) != (file == nil) else { throw get.fail("give either \"text\" or \"file\"") }
            guard file?.isEmpty != true else { throw get.fail("\"file\" is empty") }
            let mimes = try get.mimeTypes("mimes", default: ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"])
            return .clipboardSet(text: text, file: file, mimes: mimes, silent: try get.bool("silent", default: false))
        case "primary.save":
            let file = try get.string("file")
            guard !file.isEmpty else { throw ScriptError(line: number, message: "primary.save: \"file\" is empty") }
            return .primarySave(file: file, mime: try get.string("mime", default: "text/plain;charset=utf-8"),
                                timeout: try get.number("timeout", 1...600_000, default: 5000))
        case "primary.set":
            return .primarySet(text: try get.string("text"))
        case "cursor.expect":
            let shape = try get.string("shape")
            guard CursorShapeServer.names[shape] != nil else {
                throw get.fail("\"shape\" must be " + CursorShapeServer.names.keys.sorted().joined(separator: ", "))
            }
            return .cursorExpect(shape: shape)
        case "clipboard.stall":
            return .clipboardStall(mime: try get.string("mime", default: "text/plain;charset=utf-8"))
        case "clipboard.drain":
            let file = try get.string("file")
            guard !file.isEmpty else { throw ScriptError(line: number, message: "clipboard.drain: \"file\" is empty") }
            return .clipboardDrain(file: file, timeout: try get.number("timeout", 1...600_000, default: 10_000))
        case "screenshot":
            let file = try get.string("file")
            guard !file.isEmpty else { throw ScriptError(line: number, message: "screenshot: \"file\" is empty") }
            return .screenshot(file: file)
        case "popup.wait":
            return .popupWait(count: try get.int("count", 0...64, default: 1), ms: try get.number("ms", 0...600_000, default: 5000))
        case "popup.dismiss": return .popupDismiss
        case "frames.hold": return .framesHold
        case "frames.release": return .framesRelease(pressing: fields["button"] == nil ? nil : try get.button())
        case "drag.target":
            let mode = try get.string("mode", default: "read")
            guard ["read", "slow", "stall", "close"].contains(mode) else { throw get.fail("\"mode\" must be read, slow, stall or close") }
            let file = try get.string("file")
            guard !file.isEmpty else { throw get.fail("\"file\" is empty") }
            let actions = try parseActions(get.strings("actions", default: ["copy"]), get: get)
            let preferred = try parseActions([get.string("preferred", default: "copy")], get: get)
            return .dragTarget(DropZone(x: try get.coordinate("x"), y: try get.coordinate("y"),
                                                   width: try get.number("width", 1...16384), height: try get.number("height", 1...16384),
                                                   accepts: try get.mimeTypes("accepts", default: ["text/uri-list", "text/plain;charset=utf-8"]),
                                                   actions: actions, preferred: preferred, mode: mode, file: file,
                                                   dataFile: fields["data"] == nil ? nil : try get.string("data")))
        case "drag.wait": return .dragWait(ms: try get.number("ms", 0...600_000, default: 5000))
        case "drag.accepted": return .dragAccepted(ms: try get.number("ms", 0...600_000, default: 5000))
        case "drag.offer":
            var text: String?, file: String?
            if fields["text"] != nil { text = try get.string("text") }
            if fields["file"] != nil { file = try get.string("file") }
            guard (text == nil) != (file == nil) else { throw get.fail("give either \"text\" or \"file\"") }
            return .dragOffer(text: text, file: file, mimes: try get.mimeTypes("mimes", default: ["text/uri-list"]),
                              actions: try parseActions(get.strings("actions", default: ["copy", "move"]), get: get),
                              x: try get.coordinate("x"), y: try get.coordinate("y"))
        case "drag.drop": return .dragDrop(timeout: try get.number("timeout", 0...600_000, default: 5000))
        case "drag.cancel": return .dragCancel
        case "file.wait":
            let file = try get.string("file"), text = try get.string("contains")
            guard !file.isEmpty, !text.isEmpty else { throw get.fail("\"file\" and \"contains\" must not be empty") }
            return .fileWait(file: file, contains: text, ms: try get.number("ms", 0...600_000, default: 10_000))
        case "status":
            let file = try get.string("file")
            guard !file.isEmpty else { throw get.fail("\"file\" is empty") }
            return .status(file: file)
        case "pen.in", "pen.move":
            let x = try get.coordinate("x"), y = try get.coordinate("y")
            return op == "pen.in" ? .penIn(x: x, y: y) : .penMove(x: x, y: y)
        case "pen.down", "pen.up": return .penTip(down: op == "pen.down")
        case "pen.button":
            let name = try get.string("button", default: "stylus")
            guard let code = TabletServer.buttons[name] else { throw get.fail("\"button\" must be stylus or stylus2") }
            return .penButton(button: code, pressed: try get.bool("pressed", default: true))
        case "pen.out": return .penOut
        case "pen.remove": return .penRemove
        case "pen.drag":
            return .penDrag(from: try get.point("from"), to: try get.point("to"), steps: try get.int("steps", 1...10_000, default: 20),
                            ms: try get.number("ms", 0...600_000, default: 200))
        case "textInput.wait":
            return .textInputWait(enabled: try get.bool("enabled", default: true), ms: try get.number("ms", 0...600_000, default: 5000))
        case "textInput.status":
            let file = try get.string("file")
            guard !file.isEmpty else { throw get.fail("\"file\" is empty") }
            return .textInputStatus(file: file)
        case "textInput.send": return .textInputSend(try TextInputScriptUpdate(get))
        case "textInput.expect": return .textInputExpect(try TextInputExpectation(get), ms: try get.number("ms", 0...600_000, default: 5000))
        case "close": return .close
        case "expectExit": return .expectExit
        case "disconnect": return .disconnect
        default:
            throw ScriptError(line: number, message: "unknown op \"\(op)\"")
        }
    }

    /// Drag action names ("copy", "move", "ask") as `wl_data_device_manager` bits.
    static func parseActions(_ names: [String], get: Fields) throws(ScriptError) -> UInt32 {
        var bits: UInt32 = 0
        for name in names {
            switch name {
            case "copy": bits |= 1
            case "move": bits |= 2
            case "ask": bits |= 4
            default: throw get.fail("an action must be copy, move or ask, not \"\(name)\"")
            }
        }
        return bits
    }

    /// Typed access to a step's fields, with errors that name the field.
    final class Fields {
        let fields: [String: JSONValue]
        let line: Int
        let op: String

        init(fields: [String: JSONValue], line: Int, op: String) {
            self.fields = fields
            self.line = line
            self.op = op
        }

        /// Surface coordinates and motions: pixman's and wl_fixed's ranges hold them.
        func coordinate(_ name: String, default value: Double? = nil) throws(ScriptError) -> Double {
            try number(name, -1_000_000...1_000_000, default: value)
        }

        func fail(_ message: String) -> ScriptError { ScriptError(line: line, message: "\(op): \(message)") }

        func number(_ name: String, _ range: ClosedRange<Double> = -1e9...1e9, default value: Double? = nil) throws(ScriptError) -> Double {
            guard let field = fields[name] else {
                if let value { return value }
                throw fail("missing \"\(name)\"")
            }
            guard case .number(let number) = field, range.contains(number) else {
                throw fail("\"\(name)\" must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }

        func int(_ name: String, _ range: ClosedRange<Int>, default value: Int? = nil) throws(ScriptError) -> Int {
            let number = try self.number(name, Double(range.lowerBound)...Double(range.upperBound), default: value.map(Double.init))
            guard number == number.rounded() else { throw fail("\"\(name)\" must be a whole number") }
            return Int(number)
        }

        func string(_ name: String, default value: String? = nil) throws(ScriptError) -> String {
            guard let field = fields[name] else {
                if let value { return value }
                throw fail("missing \"\(name)\"")
            }
            guard case .string(let text) = field else { throw fail("\"\(name)\" must be a string") }
            return text
        }

        func strings(_ name: String, default value: [String]) throws(ScriptError) -> [String] {
            guard let field = fields[name] else { return value }
            guard case .array(let items) = field else { throw fail("\"\(name)\" must be a list of strings") }
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw fail("\"\(name)\" must be a list of strings") }
                result.append(text)
            }
            return result
        }

        /// MIME types as Wayland carries them: each sent in one message (at most
        /// 4,096 bytes with its header), so at most 255 bytes of printable ASCII
        /// without spaces, and at most 64 of them. Past that libwayland drops the
        /// client's connection, which looked like a hung client.
        func mimeTypes(_ name: String, default value: [String]) throws(ScriptError) -> [String] {
            let types = try strings(name, default: value)
            guard types.count <= 64 else { throw fail("\"\(name)\" must name at most 64 types") }
            for type in types where type.utf8.count > 255 || type.isEmpty || type.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7f }) {
                throw fail("\"\(name)\": \"\(type.prefix(40))\" is not a type (1 to 255 printable ASCII bytes, no spaces)")
            }
            return types
        }

        func bool(_ name: String, default value: Bool) throws(ScriptError) -> Bool {
            guard let field = fields[name] else { return value }
            guard case .bool(let flag) = field else { throw fail("\"\(name)\" must be true or false") }
            return flag
        }

        func pair(_ value: JSONValue, name: String) throws(ScriptError) -> [Double] {
            guard case .array(let items) = value, items.count == 2,
                  case .number(let x) = items[0], case .number(let y) = items[1],
                  abs(x) <= 1_000_000, abs(y) <= 1_000_000 else {
                throw fail("\"\(name)\" must hold [x, y] pairs of numbers from -1000000 to 1000000")
            }
            return [x, y]
        }

        func point(_ name: String) throws(ScriptError) -> [Double] {
            guard let field = fields[name] else { throw fail("missing \"\(name)\"") }
            return try pair(field, name: name)
        }

        func button() throws(ScriptError) -> UInt32 {
            switch try string("button", default: "left") {
            case "left": return 0x110
            case "right": return 0x111
            case "middle": return 0x112
            default: throw fail("\"button\" must be left, right or middle")
            }
        }
    }
}

extension ScriptStep {
    /// Whether the file at `path` holds `text`: what `file.wait` waits for
    /// (false while the file cannot be read).
    public static func file(_ path: String, holds text: String) -> Bool {
        // A regular file only (a FIFO would block the compositor), read whole up to 256 MiB.
        guard let bytes = try? OutputFile(path).read(limit: 256 << 20) else { return false }
        return String(decoding: bytes, as: UTF8.self).contains(text)
    }
}
