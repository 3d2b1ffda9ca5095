import Glibc
import ScriptedCompositor
import SweepXKB

/// Plays the input steps of a scripted-compositor script into a real
/// compositor through `FakeInput`, with the scripted compositor's timing
/// (8 ms between events, drags spread over their `ms`). Steps that only a
/// compositor of the project's own can do (outputs, windows, clipboard,
/// screenshots, touchpad gestures) are refused before anything is sent.
struct InputPlayer {
    let input: FakeInput
    let keyboard: Keyboard
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
        case .wait, .pointerMove, .pointerButton, .pointerAxis, .pointerDrag, .key, .keyTap,
             .touchDown, .touchMove, .touchUp, .touchFrame, .touchCancel, .touchDrag:
            true
        default:
            false
        }
    }

    func play(_ steps: [(line: Int, step: ScriptStep)]) throws(InputFailure) {
        for (line, step) in steps { try play(step, line: line) }
    }

    private func pause(_ milliseconds: Double) throws(InputFailure) {
        try input.sync()
        if milliseconds > 0 { usleep(useconds_t(milliseconds * 1000)) }
    }

    private func play(_ step: ScriptStep, line: Int) throws(InputFailure) {
        switch step {
        case .wait(let ms):
            try pause(ms)
        case .pointerMove(let x, let y):
            input.moveAbsolute(x: x, y: y)
            try pause(stepPause)
        case .pointerButton(let button, let pressed):
            input.button(button, pressed: pressed)
            try pause(stepPause)
        case .pointerAxis(let dx, let dy, _):
            if dy != 0 { input.axis(vertical: true, value: dy) }
            if dx != 0 { input.axis(vertical: false, value: dx) }
            try pause(stepPause)
        case .pointerDrag(let from, let to, let count, let ms):
            input.moveAbsolute(x: from[0], y: from[1])
            try pause(stepPause)
            input.button(0x110, pressed: true)
            for step in 1...count {
                let t = Double(step) / Double(count)
                input.moveAbsolute(x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t)
                try pause(ms / Double(count))
            }
            input.button(0x110, pressed: false)
            try pause(stepPause)
        case .key(let name, let pressed):
            input.key(try code(of: name, line: line).code, pressed: pressed)
            try pause(stepPause)
        case .keyTap(let name):
            let (code, needsShift) = try code(of: name, line: line)
            let shift = needsShift ? try self.code(of: "Shift_L", line: line).code : nil
            if let shift { input.key(shift, pressed: true) }
            input.key(code, pressed: true)
            try pause(stepPause)
            input.key(code, pressed: false)
            if let shift { input.key(shift, pressed: false) }
            try pause(stepPause)
        case .touchDown(let id, let x, let y, let frame):
            input.touchDown(id: UInt32(id), x: x, y: y)
            if frame { input.touchFrame() }
            try pause(stepPause)
        case .touchMove(let id, let x, let y, let frame):
            input.touchMove(id: UInt32(id), x: x, y: y)
            if frame { input.touchFrame() }
            try pause(stepPause)
        case .touchUp(let id, let frame):
            input.touchUp(id: UInt32(id))
            if frame { input.touchFrame() }
            try pause(stepPause)
        case .touchFrame:
            input.touchFrame()
            try pause(stepPause)
        case .touchCancel:
            input.touchCancel()
            try pause(stepPause)
        case .touchDrag(let points, let by, let count, let ms):
            for (id, point) in points.enumerated() { input.touchDown(id: UInt32(id), x: point[0], y: point[1]) }
            input.touchFrame()
            try pause(stepPause)
            for step in 1...count {
                let t = Double(step) / Double(count)
                for (id, point) in points.enumerated() { input.touchMove(id: UInt32(id), x: point[0] + by[0] * t, y: point[1] + by[1] * t) }
                input.touchFrame()
                try pause(ms / Double(count))
            }
            for id in points.indices { input.touchUp(id: UInt32(id)) }
            input.touchFrame()
            try pause(stepPause)
        default:
            throw InputFailure("script line \(line): \(step) cannot be played here", status: 65)
        }
    }

    /// The evdev code of the key that types the keysym `name`, in the default (US) layout.
    private func code(of name: String, line: Int) throws(InputFailure) -> (code: UInt32, needsShift: Bool) {
        guard let found = keyboard.evdevCode(forKeysymNamed: name) else {
            throw InputFailure("script line \(line): the keymap has no key for \"\(name)\"", status: 65)
        }
        return found
    }
}
