import Glibc
import ScriptedCompositor
import SweepXKB

/// Plays the input steps of a scripted-compositor script into a real
/// compositor through an `InputDevice`, with the scripted compositor's timing
/// (8 ms between events, drags spread over their `ms`). Steps that only a
/// compositor of the project's own can do (outputs, windows, clipboard,
/// screenshots, touchpad gestures) are refused before anything is sent.
struct InputPlayer {
    let input: any InputDevice
    let keyboard: Keyboard
    /// Added to every position: where the window's (0, 0) is on the output, for scripts in window coordinates.
    var offset = (x: 0.0, y: 0.0)
    /// Between two events, as the scripted compositor.
    var stepPause = 8.0

    /// Refuses a script with a step this tool cannot play, naming its line.
    static func check(_ steps: [(line: Int, step: ScriptStep)]) throws(InputFailure) {
        for (line, step) in steps where !isPlayable(step) {
            throw InputFailure("script line \(line): \(step) is not input a compositor's fake-input device can give", status: 65)
        }
    }

    private static func isPlayable(_ step: ScriptStep) -> Bool {
        switch step {
        case .wait, .fileWait, .pointerMove, .pointerMoveBy, .pointerButton, .pointerAxis, .pointerDrag, .key, .keyTap,
             .touchDown, .touchMove, .touchUp, .touchFrame, .touchCancel, .touchDrag,
             .textInputWait, .textInputSend, .textInputExpect, .textInputStatus:
            true
        default:
            false
        }
    }

    /// A touch and release at `spot` (output coordinates, no offset) and a Shift tap, then a
    /// pause, so devices the compositor makes on first use are there for the script.
    func prime(at spot: (x: Double, y: Double)) throws(InputFailure) {
        try input.touchDown(id: 0, x: spot.x, y: spot.y)
        try input.touchFrame()
        try input.touchUp(id: 0)
        try input.touchFrame()
        let shift = try code(of: "Shift_L", line: 0).code
        try input.key(shift, pressed: true)
        try input.key(shift, pressed: false)
        try pause(150)
    }

    func play(_ steps: [(line: Int, step: ScriptStep)]) throws(InputFailure) {
        for (line, step) in steps {
            do {
                try play(step, line: line)
            } catch where error.status == 65 && !error.message.hasPrefix("script line") {
                // A step the device refuses (a pointer step to a keyboard): name its line.
                throw InputFailure("script line \(line): \(error.message)", status: 65)
            }
        }
    }

    /// Waits `milliseconds`, checking every 100 ms that the compositor is still there.
    private func pause(_ milliseconds: Double) throws(InputFailure) {
        try input.sync()
        var left = milliseconds
        while left > 0 {
            let slice = min(left, 100)
            usleep(useconds_t(slice * 1000))
            left -= slice
            if left > 0 { try input.sync() }
        }
    }

    private func play(_ step: ScriptStep, line: Int) throws(InputFailure) {
        switch step {
        case .wait(let ms):
            try pause(ms)
        case .fileWait(let file, let text, let ms):
            let deadline = Self.nowMilliseconds + ms
            while !ScriptStep.file(file, holds: text) {
                guard Self.nowMilliseconds < deadline else {
                    throw InputFailure("script line \(line): \(file) did not come to hold \"\(text)\" within \(Int(ms)) ms", status: 1)
                }
                try pause(20)
            }
        case .pointerMove(let x, let y):
            try input.moveAbsolute(x: x + offset.x, y: y + offset.y)
            try pause(stepPause)
        case .pointerMoveBy(let dx, let dy):
            try input.moveRelative(dx: dx, dy: dy)
            try pause(stepPause)
        case .pointerButton(let button, let pressed):
            try input.button(button, pressed: pressed)
            try pause(stepPause)
        case .pointerAxis(let dx, let dy, let source):
            try input.scroll(dx: dx, dy: dy, wheel: source == "wheel")
            try pause(stepPause)
        case .pointerDrag(let from, let to, let count, let ms):
            try input.moveAbsolute(x: from[0] + offset.x, y: from[1] + offset.y)
            try pause(stepPause)
            try input.button(0x110, pressed: true)
            for step in 1...count {
                let t = Double(step) / Double(count)
                try input.moveAbsolute(x: from[0] + (to[0] - from[0]) * t + offset.x, y: from[1] + (to[1] - from[1]) * t + offset.y)
                try pause(ms / Double(count))
            }
            try input.button(0x110, pressed: false)
            try pause(stepPause)
        case .key(let name, let pressed):
            try input.key(try code(of: name, line: line).code, pressed: pressed)
            try pause(stepPause)
        case .keyTap(let name):
            let (code, needsShift) = try code(of: name, line: line)
            let shift = needsShift ? try self.code(of: "Shift_L", line: line).code : nil
            if let shift { try input.key(shift, pressed: true) }
            try input.key(code, pressed: true)
            try pause(stepPause)
            try input.key(code, pressed: false)
            if let shift { try input.key(shift, pressed: false) }
            try pause(stepPause)
        case .touchDown(let id, let x, let y, let frame):
            try input.touchDown(id: UInt32(id), x: x + offset.x, y: y + offset.y)
            if frame { try input.touchFrame() }
            try pause(stepPause)
        case .touchMove(let id, let x, let y, let frame):
            try input.touchMove(id: UInt32(id), x: x + offset.x, y: y + offset.y)
            if frame { try input.touchFrame() }
            try pause(stepPause)
        case .touchUp(let id, let frame):
            try input.touchUp(id: UInt32(id))
            if frame { try input.touchFrame() }
            try pause(stepPause)
        case .touchFrame:
            try input.touchFrame()
            try pause(stepPause)
        case .touchCancel:
            try input.touchCancel()
            try pause(stepPause)
        case .touchDrag(let points, let by, let count, let ms):
            for (id, point) in points.enumerated() { try input.touchDown(id: UInt32(id), x: point[0] + offset.x, y: point[1] + offset.y) }
            try input.touchFrame()
            try pause(stepPause)
            for step in 1...count {
                let t = Double(step) / Double(count)
                for (id, point) in points.enumerated() {
                    try input.touchMove(id: UInt32(id), x: point[0] + by[0] * t + offset.x, y: point[1] + by[1] * t + offset.y)
                }
                try input.touchFrame()
                try pause(ms / Double(count))
            }
            for id in points.indices { try input.touchUp(id: UInt32(id)) }
            try input.touchFrame()
            try pause(stepPause)
        case .textInputWait, .textInputSend, .textInputExpect, .textInputStatus:
            try playTextInput(step, line: line)
        default:
            throw InputFailure("script line \(line): \(step) cannot be played here", status: 65)
        }
    }

    /// A text input step, played by the input method (`--via input-method`).
    private func playTextInput(_ step: ScriptStep, line: Int) throws(InputFailure) {
        guard let method = input as? InputMethodClient else {
            throw InputFailure("script line \(line): text input steps go through --via input-method", status: 65)
        }
        switch step {
        case .textInputWait(let enabled, let ms):
            guard try method.wait(milliseconds: ms, until: { method.current.active == enabled }) else {
                throw InputFailure("script line \(line): no text input was \(enabled ? "enabled" : "disabled") within \(Int(ms)) ms", status: 1)
            }
        case .textInputSend(let update):
            guard method.current.active else {
                throw InputFailure("script line \(line): textInput.send: no text input is active", status: 1)
            }
            try method.send(update)
        case .textInputExpect(let expected, let ms):
            let holds = {
                expected.matches(enabled: method.current.active, surrounding: method.current.surrounding,
                                 hint: method.current.hint, purpose: method.current.purpose, hasRectangle: nil)
            }
            guard try method.wait(milliseconds: ms, until: holds) else {
                throw InputFailure("script line \(line): the text input did not come to say what was expected within \(Int(ms)) ms; "
                                   + "it says \(method.statusLine(line: line))", status: 1)
            }
        case .textInputStatus(let file):
            guard let handle = fopen(file, "a") else {
                throw InputFailure("script line \(line): cannot write \(file): \(String(cString: strerror(errno)))", status: 73)
            }
            fputs(method.statusLine(line: line), handle)
            fclose(handle)
        default:
            break
        }
    }

    private static var nowMilliseconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    /// The evdev code of the key that types the keysym `name`, in the default (US) layout.
    private func code(of name: String, line: Int) throws(InputFailure) -> (code: UInt32, needsShift: Bool) {
        guard let found = keyboard.evdevCode(forKeysymNamed: name) else {
            throw InputFailure("script line \(line): the keymap has no key for \"\(name)\"", status: 65)
        }
        return found
    }
}
