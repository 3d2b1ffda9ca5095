import SweepEventLog
import CSweepSystem
import Glibc
import SweepPNG

/// Plays a script against a real client binary under a `CompositorServer`.
public final class ScriptPlayer {
    /// How long a client may take to map its window.
    public var readyTimeout = 15_000.0
    /// How long a client may take to exit after it was asked to close.
    public var exitTimeout = 10_000.0
    /// Pause after each input step so the client sees it before the next.
    public var stepPause = 8.0
    /// How long `cursor.expect` waits for the client to set the cursor it names.
    public var cursorTimeout = 5000.0
    public let shotsDirectory: String
    /// Globals the compositor does not offer.
    public var withoutGlobals: Set<String> = []
    /// Reports keys to the accessibility registry before the client gets them (as GNOME Shell does).
    public var keyReporter: RegistryKeyReporter?
    private let source: any ScriptSource
    /// Set by an `expectExit` step: the client may end the run itself.
    private var exitExpected = false

    /// Plays a script read whole.
    public convenience init(steps: [(line: Int, step: ScriptStep)], shotsDirectory: String) {
        self.init(source: ScriptList(steps), shotsDirectory: shotsDirectory)
    }

    /// Plays the steps of `source` as they come (a `ScriptStream` for a pipe).
    public init(source: any ScriptSource, shotsDirectory: String) {
        self.source = source
        self.shotsDirectory = shotsDirectory
    }

    /// Runs `client`; returns its exit status, or throws why the run failed.
    public func run(client arguments: [String]) throws(CompositorFailure) -> Int32 {
        // `output` steps before anything else set up the output the client first sees.
        // No client runs yet, so a pipe is simply waited on.
        var width: Int32 = 1024, height: Int32 = 768, scale: Int32 = 1
        var next: (line: Int, step: ScriptStep)?
        while let step = try source.next(wait: { fd in
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, -1)
            return true
        }) {
            guard case .output(let w, let h, let s) = step.step else {
                next = step
                break
            }
            width = Int32(w); height = Int32(h); scale = Int32(s)
        }
        let server: CompositorServer
        do { server = try CompositorServer(width: width, height: height, scale: scale, without: withoutGlobals) } catch let failure as CompositorFailure {
            throw failure
        } catch {
            throw CompositorFailure("\(error)")
        }
        var sockets: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw CompositorFailure("socketpair failed: \(String(cString: strerror(errno)))")
        }
        server.keyReporter = keyReporter
        guard server.connect(clientFD: sockets[0]) != nil else { throw CompositorFailure("wl_client_create failed") }
        let client = try ClientProcess(arguments: arguments, clientSocket: sockets[1])
        close(sockets[1])
        var closed = false
        /// Whether a window was mapped after some step: a client that quits having shown none failed.
        var sawWindow = false
        // While a piped script's next line is on its way the compositor keeps serving the client.
        func awaitScript(_ fd: Int32) throws(CompositorFailure) -> Bool {
            server.dispatch(milliseconds: 1000, waking: fd) { Self.isReadable(fd) || client.poll() }
            guard client.poll() else { return true }
            if exitExpected || closed { return false }
            throw CompositorFailure("the client \(client.ending ?? "exited") while the script's next line was awaited")
        }
        do throws(CompositorFailure) {
            if next == nil { next = try source.next(wait: awaitScript) }
            while let (line, step) = next {
                if case .expectExit = step { exitExpected = true }
                if exitExpected && client.poll() { break }
                try play(step, line: line, server: server, client: client, closed: &closed)
                if server.isMapped { sawWindow = true }
                next = try source.next(wait: awaitScript)
            }
            if exitExpected {
                // The client ends the run itself; it is not asked to close.
                server.dispatch(milliseconds: exitTimeout) { client.poll() }
                guard client.poll() else {
                    client.kill()
                    throw CompositorFailure("the client did not exit within \(Int(exitTimeout)) ms of the script's end (expectExit)")
                }
                return client.exitStatus ?? 1
            }
            if !closed && !sawWindow && !server.isMapped {
                // Closing a window that does not exist yet would go unheard: wait for it first.
                server.dispatch(milliseconds: readyTimeout) { server.isMapped || client.poll() }
                if !server.isMapped {
                    // A client that quit on its own having shown nothing failed, whatever its status.
                    if client.poll() {
                        throw CompositorFailure("the client \(client.ending ?? "exited") without mapping a window "
                                                + "(start the script with waitReady to wait for it)")
                    }
                    client.kill()
                    throw CompositorFailure("the script ended before the client mapped a window, and it mapped none within "
                                            + "\(Int(readyTimeout)) ms after (start the script with waitReady)")
                }
            }
            if !closed {
                // Every window, as when a session ends: an app with several quits after its last.
                server.closeAllWindows()
                closed = true
            }
            server.dispatch(milliseconds: exitTimeout) { client.poll() }
            guard client.poll() else {
                client.kill()
                throw CompositorFailure("the client did not exit within \(Int(exitTimeout)) ms of being asked to close (hung)")
            }
            return client.exitStatus ?? 1
        } catch let failure {
            client.kill()
            throw failure
        }
    }

    private static func isReadable(_ fd: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// A file a step names: absolute, or relative to the shots directory.
    private func resolve(_ file: String) -> String {
        file.hasPrefix("/") ? file : "\(shotsDirectory)/\(file)"
    }

    private func save(_ data: [UInt8], to file: String, line: Int) throws(CompositorFailure) {
        do { try OutputFile(resolve(file)).replace(with: data) } catch {
            throw CompositorFailure("script line \(line): \(error)")
        }
    }

    private func load(_ file: String, line: Int, limit: Int = ClipboardServer.readLimit) throws(CompositorFailure) -> [UInt8] {
        let path = resolve(file)
        do {
            guard let bytes = try OutputFile(path).read(limit: limit) else {
                throw OutputFileError("cannot open \(path): \(String(cString: strerror(ENOENT)))")
            }
            return bytes
        } catch {
            throw CompositorFailure("script line \(line): \(error)")
        }
    }

    private func play(_ step: ScriptStep, line: Int, server: CompositorServer, client: ClientProcess,
                      closed: inout Bool) throws(CompositorFailure) {
        func checkAlive() throws(CompositorFailure) {
            if client.poll(), !closed, !exitExpected {
                throw CompositorFailure("the client \(client.ending ?? "exited") while line \(line) was playing")
            }
        }
        func pause(_ milliseconds: Double) throws(CompositorFailure) {
            server.dispatch(milliseconds: milliseconds) { client.poll() }
            try checkAlive()
        }
        switch step {
        case .output(let width, let height, let scale):
            server.setOutput(width: Int32(width), height: Int32(height), scale: Int32(scale))
            try pause(stepPause)
        case .waitReady:
            server.dispatch(milliseconds: readyTimeout) { server.isMapped || client.poll() }
            try checkAlive()
            guard server.isMapped else {
                throw CompositorFailure("the client never mapped a window (line \(line) waited \(Int(readyTimeout)) ms)")
            }
        case .waitExit(let ms):
            exitExpected = true
            server.dispatch(milliseconds: ms) { client.poll() }
            guard client.poll() else {
                throw CompositorFailure("the client did not exit by itself within \(Int(ms)) ms (line \(line))")
            }
            closed = true   // its status is the run's
        case .wait(let ms):
            try pause(ms)
        case .pointerMove(let x, let y):
            server.seat.pointerMove(x: x, y: y)
            try pause(stepPause)
        case .pointerMoveBy(let dx, let dy):
            let from = server.seat.latestPointerPosition ?? (0, 0)
            server.seat.pointerMove(x: from.x + dx, y: from.y + dy)
            try pause(stepPause)
        case .pointerButton(let button, let pressed):
            try server.seat.pointerButton(button, pressed: pressed)
            try pause(stepPause)
        case .pointerAxis(let dx, let dy, let source):
            server.seat.pointerAxis(dx: dx, dy: dy, source: source)
            try pause(stepPause)
        case .pointerAxisStop:
            server.seat.pointerAxisStop()
            try pause(stepPause)
        case .pointerLeave:
            server.seat.pointerLeave()
            try pause(stepPause)
        case .pointerDrag(let from, let to, let count, let ms):
            server.seat.pointerMove(x: from[0], y: from[1])
            try pause(stepPause)
            try server.seat.pointerButton(0x110, pressed: true)
            for step in 1...count {
                let t = Double(step) / Double(count)
                server.seat.pointerMove(x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t)
                try pause(ms / Double(count))
            }
            try server.seat.pointerButton(0x110, pressed: false)
            try pause(stepPause)
        case .key(let name, let pressed):
            guard server.seat.key(named: name, pressed: pressed) else {
                throw CompositorFailure("script line \(line): the keymap has no key for \"\(name)\"", exitStatus: 65)
            }
            try pause(stepPause)
        case .keyTap(let name):
            guard server.seat.key(named: name, pressed: true) else {
                throw CompositorFailure("script line \(line): the keymap has no key for \"\(name)\"", exitStatus: 65)
            }
            try pause(stepPause)
            _ = server.seat.key(named: name, pressed: false)
            try pause(stepPause)
        case .touchDown(let id, let x, let y, let frame):
            server.seat.touchDown(id: id, x: x, y: y, frame: frame)
            try pause(stepPause)
        case .touchMove(let id, let x, let y, let frame):
            server.seat.touchMove(id: id, x: x, y: y, frame: frame)
            try pause(stepPause)
        case .touchUp(let id, let frame):
            try server.seat.touchUp(id: id, frame: frame)
            try pause(stepPause)
        case .touchFrame:
            server.seat.touchFrame()
            try pause(stepPause)
        case .touchCancel:
            server.seat.touchCancel()
            try pause(stepPause)
        case .touchDrag(let points, let by, let count, let ms):
            for (id, point) in points.enumerated() { server.seat.touchDown(id: Int32(id), x: point[0], y: point[1], frame: false) }
            server.seat.touchFrame()
            try pause(stepPause)
            for step in 1...count {
                let t = Double(step) / Double(count)
                for (id, point) in points.enumerated() {
                    server.seat.touchMove(id: Int32(id), x: point[0] + by[0] * t, y: point[1] + by[1] * t, frame: false)
                }
                server.seat.touchFrame()
                try pause(ms / Double(count))
            }
            for id in points.indices { try server.seat.touchUp(id: Int32(id), frame: false) }
            server.seat.touchFrame()
            try pause(stepPause)
        case .swipeBegin(let fingers):
            server.gestures.swipeBegin(fingers: UInt32(fingers))
            try pause(stepPause)
        case .swipeUpdate(let dx, let dy):
            server.gestures.swipeUpdate(dx: dx, dy: dy)
            try pause(stepPause)
        case .swipeEnd(let cancelled):
            server.gestures.swipeEnd(cancelled: cancelled)
            try pause(stepPause)
        case .pinchBegin(let fingers):
            server.gestures.pinchBegin(fingers: UInt32(fingers))
            try pause(stepPause)
        case .pinchUpdate(let dx, let dy, let scale, let rotation):
            server.gestures.pinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation)
            try pause(stepPause)
        case .pinchEnd(let cancelled):
            server.gestures.pinchEnd(cancelled: cancelled)
            try pause(stepPause)
        case .holdBegin(let fingers):
            server.gestures.holdBegin(fingers: UInt32(fingers))
            try pause(stepPause)
        case .holdEnd(let cancelled):
            server.gestures.holdEnd(cancelled: cancelled)
            try pause(stepPause)
        case .seatAdd:
            server.addSeat()
            try pause(stepPause)
        case .seatUse(let index):
            guard server.useSeat(index) else {
                throw CompositorFailure("script line \(line): there is no seat \(index) (add one with seat.add)")
            }
        case .windowWait(let count, let ms):
            server.dispatch(milliseconds: ms) { server.mappedWindowCount == count || client.poll() }
            try checkAlive()
            guard server.mappedWindowCount == count else {
                throw CompositorFailure("script line \(line): the client has \(server.mappedWindowCount) mapped windows, "
                                        + "not \(count), after \(Int(ms)) ms")
            }
        case .windowSize(let width, let height, let ms):
            let reached = { server.windowSize.map { $0.width == width && $0.height == height } ?? false }
            server.dispatch(milliseconds: ms) { reached() || client.poll() }
            try checkAlive()
            guard reached() else {
                let size = server.windowSize.map { "\($0.width) × \($0.height)" } ?? "nothing"
                throw CompositorFailure("script line \(line): the window is \(size), not \(width) × \(height), after \(Int(ms)) ms")
            }
        case .windowUse(let index):
            guard server.useWindow(index) else {
                throw CompositorFailure("script line \(line): there is no window \(index) (the client has \(server.mappedWindowCount) mapped)")
            }
            try pause(stepPause)
        case .seat(let pointer, let keyboard, let touch):
            server.seat.setCapabilities(pointer: pointer, keyboard: keyboard, touch: touch)
            try pause(stepPause)
        case .clipboardSave(let file, let mime, let timeout):
            try pause(stepPause)
            guard let data = try server.clipboard.readSelection(mime: mime, timeout: timeout) else {
                throw CompositorFailure("script line \(line): the client put nothing on the clipboard within \(Int(timeout)) ms")
            }
            try save(data, to: file, line: line)
        case .clipboardSet(let text, let file, let mimes, let silent):
            let bytes: [UInt8]
            if let text {
                bytes = Array(text.utf8)
            } else {
                bytes = try load(file ?? "", line: line)
            }
            server.clipboard.setScriptSelection(bytes, mimes: mimes, silent: silent)
            try pause(stepPause)
        case .primarySave(let file, let mime, let timeout):
            try pause(stepPause)
            guard let data = try server.primarySelection.readSelection(mime: mime, timeout: timeout) else {
                throw CompositorFailure("script line \(line): the client selected nothing (primary selection) within \(Int(timeout)) ms")
            }
            try save(data, to: file, line: line)
        case .primarySet(let text):
            server.primarySelection.setScriptSelection(Array(text.utf8), mimes: ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"])
            try pause(stepPause)
        case .cursorExpect(let shape):
            // Until the client has set it: under load it may not have read the last motion yet.
            let wanted = CursorShapeServer.names[shape]
            server.dispatch(milliseconds: cursorTimeout) { server.cursorShapes.shape == wanted || client.poll() }
            try checkAlive()
            guard server.cursorShapes.shape == wanted else {
                let now = server.cursorShapes.shape.map { value in CursorShapeServer.names.first { $0.value == value }?.key ?? "\(value)" }
                throw CompositorFailure("script line \(line): the cursor is \(now ?? "not set by name"), not \(shape)")
            }
        case .clipboardStall(let mime):
            try pause(stepPause)
            guard try server.clipboard.stall(mime: mime, timeout: 5000) else {
                throw CompositorFailure("script line \(line): nothing was on the clipboard to paste within 5000 ms")
            }
            try pause(stepPause)
        case .clipboardDrain(let file, let timeout):
            guard let data = try server.clipboard.drain(timeout: timeout) else {
                throw CompositorFailure("script line \(line): no stalled paste to drain (add a clipboard.stall step first)")
            }
            try save(data, to: file, line: line)
        case .screenshot(let file):
            // Let the client finish the frame it may be drawing.
            try pause(50)
            guard let image = server.windowImage else {
                throw CompositorFailure("script line \(line): no window to screenshot (add a waitReady step first)")
            }
            let png: [UInt8]
            do { png = try PNGCodec.encode(image) } catch { throw CompositorFailure("script line \(line): \(error)") }
            try save(png, to: file, line: line)
        case .popupWait(let count, let ms):
            server.dispatch(milliseconds: ms) { server.mappedPopupCount == count || client.poll() }
            try checkAlive()
            guard server.mappedPopupCount == count else {
                throw CompositorFailure("script line \(line): the client has \(server.mappedPopupCount) popups on screen, "
                                        + "not \(count), after \(Int(ms)) ms")
            }
        case .popupDismiss:
            server.dismissPopups()
            try pause(stepPause)
        case .fileWait(let file, let text, let ms):
            let path = resolve(file)
            let holds = { ScriptStep.file(path, holds: text) }
            server.dispatch(milliseconds: ms) { holds() || client.poll() }
            try checkAlive()
            guard holds() else {
                throw CompositorFailure("script line \(line): \(path) did not come to hold \"\(text)\" within \(Int(ms)) ms")
            }
        case .framesHold:
            server.framesHeld = true
            try pause(stepPause)
        case .framesRelease(let button):
            // Both are queued before the pause flushes them, the press first.
            if let button { try server.seat.pointerButton(button, pressed: true) }
            server.framesHeld = false
            server.answerFrameCallbacks()
            try pause(stepPause)
        case .dragTarget(let zone):
            var placed = zone
            placed.file = resolve(zone.file)
            placed.dataFile = zone.dataFile.map(resolve)
            server.drags.server = server
            server.drags.zone = placed
        case .dragWait(let ms):
            server.dispatch(milliseconds: ms) { server.drags.isDragging || client.poll() }
            try checkAlive()
            guard server.drags.isDragging else {
                throw CompositorFailure("script line \(line): the client started no drag within \(Int(ms)) ms")
            }
        case .dragAccepted(let ms):
            server.dispatch(milliseconds: ms) { server.drags.isAccepted || client.poll() }
            try checkAlive()
            guard server.drags.isAccepted else {
                throw CompositorFailure("script line \(line): the client did not accept the drag within \(Int(ms)) ms")
            }
        case .dragOffer(let text, let file, let mimes, let actions, let x, let y):
            let bytes: [UInt8]
            // A drag may be larger than a paste: a client's limit is what is being tested.
            if let text { bytes = Array(text.utf8) } else { bytes = try load(file ?? "", line: line, limit: 256 << 20) }
            server.drags.server = server
            server.drags.offer(bytes: bytes, types: mimes, actions: actions, x: x, y: y)
            try pause(stepPause)
        case .dragDrop(let timeout):
            _ = try server.drags.dropOffered(timeout: timeout)
            try pause(stepPause)
        case .dragCancel:
            server.drags.cancel()
            try pause(stepPause)
        case .expectExit:
            break
        case .close:
            // Closing one of several windows is not the end: the client is expected to exit only after its last.
            if server.windowCount <= 1 { closed = true }
            server.window?.close()
            try pause(stepPause)
        case .configure(let width, let height, let states):
            guard server.configureWindow(width: Int32(width), height: Int32(height), states: states) else {
                throw CompositorFailure("script line \(line): configure needs a toplevel window")
            }
            try pause(stepPause)
        case .outputPlug(let present):
            guard present ? server.addOutput() : server.removeOutput() else {
                throw CompositorFailure("script line \(line): the output is " + (present ? "already there" : "not there"))
            }
            try pause(stepPause)
        case .badKeymap(let fault):
            for seat in server.seats { seat.sendBadKeymap(SeatServer.KeymapFault(rawValue: fault) ?? .short) }
            try pause(stepPause)
        case .keymap(let layouts):
            for seat in server.seats {
                guard seat.useKeymap(layouts: layouts) else {
                    throw CompositorFailure("script line \(line): xkb has no keymap for layouts \"\(layouts)\"", exitStatus: 65)
                }
            }
            try pause(stepPause)
        case .status(let file):
            var report = StatusReport(line: line, milliseconds: server.now, clientPID: client.pid, windows: server.mappedWindowCount,
                                      popups: server.mappedPopupCount, resources: server.clientResourceCounts)
            report.damage = server.takeWindowDamageStatistics()
            do { try report.append(to: resolve(file)) } catch {
                throw CompositorFailure("script line \(line): \(error.message)")
            }
        case .penIn(let x, let y):
            guard let surface = server.seat.focused?.resource else { throw CompositorFailure("script line \(line): pen.in: no window") }
            server.tablets.proximityIn(surface, x: x, y: y)
            try pause(stepPause)
        case .penMove(let x, let y):
            server.tablets.motion(x: x, y: y)
            try pause(stepPause)
        case .penTip(let down):
            server.tablets.tip(down: down)
            try pause(stepPause)
        case .penButton(let code, let pressed):
            server.tablets.button(code, pressed: pressed)
            try pause(stepPause)
        case .penOut:
            server.tablets.proximityOut()
            try pause(stepPause)
        case .penRemove:
            server.tablets.removePen()
            try pause(stepPause)
        case .penDrag(let from, let to, let steps, let ms):
            guard let surface = server.seat.focused?.resource else { throw CompositorFailure("script line \(line): pen.drag: no window") }
            server.tablets.proximityIn(surface, x: from[0], y: from[1])
            try pause(stepPause)
            server.tablets.tip(down: true)
            try pause(stepPause)
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                server.tablets.motion(x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t)
                try pause(ms / Double(steps))
            }
            server.tablets.tip(down: false)
            try pause(stepPause)
            server.tablets.proximityOut()
            try pause(stepPause)
        case .textInputWait(let enabled, let ms):
            let inputs = server.textInputs
            server.dispatch(milliseconds: ms) { (inputs.active != nil) == enabled || client.poll() }
            try checkAlive()
            guard (inputs.active != nil) == enabled else {
                throw CompositorFailure("script line \(line): the client's text input is \(enabled ? "not " : "still ")enabled "
                                        + "after \(Int(ms)) ms")
            }
        case .textInputSend(let update):
            for _ in 0..<update.repeatCount {
                let sent: Bool
                if let bytes = update.bytes {
                    sent = server.textInputs.sendRawCommit(bytes)
                } else {
                    let preedit = update.preedit.map { text in
                        (text, Int32(update.cursor?[0] ?? text.utf8.count), Int32(update.cursor?[1] ?? text.utf8.count))
                    }
                    sent = server.textInputs.send(preedit: preedit, commit: update.commit,
                                                  delete: update.delete.map { (UInt32($0[0]), UInt32($0[1])) },
                                                  staleBy: UInt32(update.stale))
                }
                guard sent else { throw CompositorFailure("script line \(line): textInput.send: no text input of the client is enabled") }
                if update.repeatCount > 1 {
                    // Paced as an input method is, by the client's answers (or 10 ms): libwayland 1.21 drops a
                    // client whose socket fills, so a megabyte sent at once would test the library, not the client.
                    let commits = server.textInputs.active?.commits
                    server.dispatch(milliseconds: 10) { server.textInputs.active?.commits != commits || client.poll() }
                }
            }
            try pause(stepPause)
        case .textInputExpect(let expected, let ms):
            let inputs = server.textInputs
            let holds = { inputs.active.map { expected.matches($0.current) } ?? false }
            server.dispatch(milliseconds: ms) { holds() || client.poll() }
            try checkAlive()
            guard holds() else {
                throw CompositorFailure("script line \(line): the client's text input did not come to say what was expected "
                                        + "within \(Int(ms)) ms; it says \(inputs.statusLine(line: line))")
            }
        case .textInputStatus(let file):
            do { try OutputFile(resolve(file)).append(Array(server.textInputs.statusLine(line: line).utf8)) } catch {
                throw CompositorFailure("script line \(line): \(error.message)")
            }
        case .disconnect:
            server.disconnectClient()
            closed = true   // from now on the client is expected to exit
            try pause(stepPause)
        }
    }
}
