import SweepGeometry
import SweepGestures
import SweepInput

/// Builds touch frames for an arena with synthetic times.
struct Trace {
    let arena: GestureArena
    var time: UInt32 = 1000

    init(_ arena: GestureArena) { self.arena = arena }

    mutating func at(_ ms: UInt32) -> Trace {
        time = ms
        return self
    }

    mutating func down(_ points: (Int32, Double, Double)..., at ms: UInt32? = nil) {
        if let ms { time = ms }
        var frame = TouchFrame()
        frame.down = points.map { TouchPoint(id: $0.0, position: Point(x: $0.1, y: $0.2)) }
        frame.time = time
        arena.handle(frame)
    }

    mutating func move(_ points: (Int32, Double, Double)..., at ms: UInt32? = nil) {
        if let ms { time = ms }
        var frame = TouchFrame()
        frame.moved = points.map { TouchPoint(id: $0.0, position: Point(x: $0.1, y: $0.2)) }
        frame.time = time
        arena.handle(frame)
    }

    mutating func up(_ ids: Int32..., at ms: UInt32? = nil) {
        if let ms { time = ms }
        var frame = TouchFrame()
        frame.up = ids
        frame.time = time
        arena.handle(frame)
    }

    mutating func cancel() {
        var frame = TouchFrame()
        frame.cancelled = true
        frame.time = time
        arena.handle(frame)
    }

    /// Lets time pass: fires the deadlines due by `ms` (a compositor stamp,
    /// read on the arena's clock as the window's timer does).
    mutating func wait(until ms: UInt32) {
        time = ms
        arena.advance(to: arena.eventTime(ms))
    }
}

/// Records every state a recognizer reports.
final class StateLog {
    var states: [String] = []

    func watch(_ recognizers: GestureRecognizer...) {
        for recognizer in recognizers {
            recognizer.onStateChange = { [unowned self] r in self.states.append("\(r.name) \(r.state.rawValue)") }
        }
    }
}

/// An arena with one full-window view holding `recognizers`.
func makeArena(with recognizers: GestureRecognizer..., frame: Rect = Rect(x: 0, y: 0, width: 800, height: 600)) -> (GestureArena, GestureView) {
    let arena = GestureArena()
    let view = GestureView(name: "view", frame: frame)
    for recognizer in recognizers { view.addRecognizer(recognizer) }
    arena.add(view)
    return (arena, view)
}
