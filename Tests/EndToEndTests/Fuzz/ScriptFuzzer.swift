import Foundation

/// Random but valid scripts for the scripted compositor: pointer, touch
/// with up to 10 points, touchpad swipe/pinch/hold, keys, wheel, output size
/// and scale changes, seats added and used, clipboard, and a close at the
/// end. Every input that starts also ends before the close (fingers lift,
/// buttons come up, gestures end), so the app has nothing in flight and
/// its invariants can be checked from the event log afterwards.
struct ScriptFuzzer {
    private var random: FuzzRandom
    private var width = 800, height = 600
    private var seats = 1

    init(seed: UInt64) { random = FuzzRandom(seed: seed) }

    private mutating func x() -> Int { random.below(width + 40) - 20 }
    private mutating func y() -> Int { random.below(height + 40) - 20 }

    static let keys = ["Up", "Down", "Left", "Right", "Page_Up", "Page_Down", "Home", "End", "space", "Return", "Escape",
                       "Tab", "Delete", "a", "c", "z", "x", "1", "2", "3", "BackSpace"]
    static let modifiers = ["Shift_L", "Control_L", "Alt_L"]

    /// A script of about `length` steps.
    mutating func script(length: Int) -> [String] {
        var lines = ["{\"op\":\"output\",\"width\":\(width),\"height\":\(height),\"scale\":1}", "{\"op\":\"waitReady\"}"]
        for _ in 0..<length { lines += step() }
        lines.append("{\"op\":\"wait\",\"ms\":50}")
        return lines
    }

    private mutating func step() -> [String] {
        switch random.below(15) {
        case 0:
            return ["{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}"]
        case 1:
            let button = ["left", "left", "left", "right", "middle"][random.below(5)]
            let held = random.below(3) == 0 ? Self.modifiers[random.below(2)] : nil
            var lines = ["{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}", "{\"op\":\"pointer.down\",\"button\":\"\(button)\"}"]
            for _ in 0..<random.below(4) { lines.append("{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}") }
            lines.append("{\"op\":\"pointer.up\",\"button\":\"\(button)\"}")
            return held.map { ["{\"op\":\"key.down\",\"key\":\"\($0)\"}"] + lines + ["{\"op\":\"key.up\",\"key\":\"\($0)\"}"] } ?? lines
        case 2:
            return ["{\"op\":\"pointer.drag\",\"from\":[\(x()),\(y())],\"to\":[\(x()),\(y())],\"steps\":\(1 + random.below(12)),\"ms\":\(random.below(200))}"]
        case 3:
            let source = ["wheel", "finger", "continuous"][random.below(3)]
            var lines = ["{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}"]
            for _ in 0..<(1 + random.below(5)) {
                lines.append("{\"op\":\"pointer.axis\",\"dy\":\(random.below(400) - 200),\"source\":\"\(source)\"}")
            }
            if source == "finger" { lines.append("{\"op\":\"pointer.axisStop\"}") }
            return lines
        case 4:
            let count = 1 + random.below(10)
            let points = (0..<count).map { _ in "[\(x()),\(y())]" }.joined(separator: ",")
            return ["{\"op\":\"touch.drag\",\"points\":[\(points)],\"by\":[\(random.below(400) - 200),\(random.below(400) - 200)],\"steps\":\(1 + random.below(10)),\"ms\":\(random.below(400))}"]
        case 5:
            // Touches down, moved and lifted one by one, or cancelled by the compositor.
            let count = 1 + random.below(4)
            var lines: [String] = []
            for id in 0..<count { lines.append("{\"op\":\"touch.down\",\"id\":\(id),\"x\":\(x()),\"y\":\(y())}") }
            for _ in 0..<random.below(6) {
                lines.append("{\"op\":\"touch.move\",\"id\":\(random.below(count)),\"x\":\(x()),\"y\":\(y())}")
                if random.below(3) == 0 { lines.append("{\"op\":\"wait\",\"ms\":\(random.below(700))}") }
            }
            if random.below(4) == 0 { lines.append("{\"op\":\"touch.cancel\"}") } else {
                for id in 0..<count { lines.append("{\"op\":\"touch.up\",\"id\":\(id)}") }
            }
            return lines
        case 6:
            var lines = ["{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}", "{\"op\":\"swipe.begin\",\"fingers\":\(3 + random.below(2))}"]
            for _ in 0..<random.below(8) { lines.append("{\"op\":\"swipe.update\",\"dx\":\(random.below(80) - 40),\"dy\":\(random.below(80) - 40)}") }
            lines.append("{\"op\":\"swipe.end\",\"cancelled\":\(random.below(4) == 0)}")
            return lines
        case 7:
            var lines = ["{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}", "{\"op\":\"pinch.begin\",\"fingers\":2}"]
            for _ in 0..<random.below(8) {
                lines.append("{\"op\":\"pinch.update\",\"dx\":\(random.below(20) - 10),\"dy\":0,\"scale\":\(0.2 + random.unit() * 3),\"rotation\":\(random.below(90))}")
            }
            lines.append("{\"op\":\"pinch.end\",\"cancelled\":\(random.below(4) == 0)}")
            return lines
        case 8:
            var lines = ["{\"op\":\"pointer.move\",\"x\":\(x()),\"y\":\(y())}", "{\"op\":\"hold.begin\",\"fingers\":2}",
                         "{\"op\":\"wait\",\"ms\":\(random.below(500))}"]
            for _ in 0..<random.below(5) { lines.append("{\"op\":\"pointer.axis\",\"dy\":\(random.below(60) - 30),\"source\":\"finger\"}") }
            lines.append("{\"op\":\"pointer.axisStop\"}")
            lines.append("{\"op\":\"hold.end\",\"cancelled\":\(random.below(3) == 0)}")
            return lines
        case 9, 10:
            let key = Self.keys[random.below(Self.keys.count)]
            if random.below(3) == 0 {
                let modifier = Self.modifiers[random.below(Self.modifiers.count)]
                return ["{\"op\":\"key.down\",\"key\":\"\(modifier)\"}", "{\"op\":\"key.tap\",\"key\":\"\(key)\"}",
                        "{\"op\":\"key.up\",\"key\":\"\(modifier)\"}"]
            }
            return ["{\"op\":\"key.tap\",\"key\":\"\(key)\"}"]
        case 11:
            width = 200 + random.below(1400)
            height = 200 + random.below(1000)
            return ["{\"op\":\"output\",\"width\":\(width),\"height\":\(height),\"scale\":\(1 + random.below(3))}"]
        case 12:
            if seats < 3 && random.below(2) == 0 {
                seats += 1
                return ["{\"op\":\"seat.add\"}", "{\"op\":\"seat.use\",\"index\":\(seats - 1)}"]
            }
            return ["{\"op\":\"seat.use\",\"index\":\(random.below(seats))}"]
        case 13:
            let text = String((0..<random.below(40)).map { _ in Character(UnicodeScalar(UInt8(32 + random.below(95)))) })
                .replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: "")
            return ["{\"op\":\"clipboard.set\",\"text\":\"\(text)\"}"]
        default:
            return ["{\"op\":\"wait\",\"ms\":\(random.below(300))}"]
        }
    }
}

/// SplitMix64 (kept here: the end-to-end target depends on no test-support module).
struct FuzzRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x2545F4914F6CDD1D }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
