import SweepGeometry
import SweepInput
import Testing
@testable import SweepGestures

/// Presses in a row count as double and triple clicks; a drag reports its points.
@MainActor @Suite struct PressDragGestureRecognizerTests {
    private func makeArena() -> (GestureArena, PressDragGestureRecognizer, () -> [String]) {
        let arena = GestureArena()
        let view = GestureView(name: "text", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let recognizer = PressDragGestureRecognizer()
        view.addRecognizer(recognizer)
        arena.add(view)
        var events: [String] = []
        recognizer.onStateChange = { r in
            events.append("\(r.state) \(recognizer.clickCount) \(Int(r.location.x))")
        }
        return (arena, recognizer, { defer { events = [] }; return events })
    }

    private func click(_ arena: GestureArena, x: Double, time: Double) {
        arena.pointerMoved(to: Point(x: x, y: 10), time: time)
        arena.pointerButton(pressed: true, modifiers: [], time: time)
        arena.pointerButton(pressed: false, modifiers: [], time: time + 20)
    }

    @Test func pressesInARowCountUpToThreeThenStartAgain() {
        let (arena, _, events) = makeArena()
        click(arena, x: 50, time: 0)
        click(arena, x: 52, time: 200)
        click(arena, x: 51, time: 400)
        click(arena, x: 51, time: 600)
        #expect(events() == ["began 1 50", "ended 1 50", "began 2 52", "ended 2 52", "began 3 51", "ended 3 51",
                             "began 1 51", "ended 1 51"])
        // Too slow, or too far: a single press.
        click(arena, x: 51, time: 1100)
        click(arena, x: 80, time: 1200)
        #expect(events() == ["began 1 51", "ended 1 51", "began 1 80", "ended 1 80"])
    }

    @Test func aDragChangesWithThePointerAndKeepsTheModifiers() {
        let (arena, recognizer, events) = makeArena()
        arena.pointerMoved(to: Point(x: 10, y: 10), time: 0)
        arena.pointerButton(pressed: true, modifiers: .shift, time: 0)
        arena.pointerMoved(to: Point(x: 30, y: 12), time: 16)
        arena.pointerMoved(to: Point(x: 250, y: 12), time: 32)   // past the view: still its drag
        arena.pointerButton(pressed: false, modifiers: [], time: 48)
        #expect(events() == ["began 1 10", "changed 1 30", "changed 1 250", "ended 1 250"])
        #expect(recognizer.modifiers == .shift && recognizer.pressPoint == Point(x: 10, y: 10))
        // A move with no button held reports nothing.
        arena.pointerMoved(to: Point(x: 60, y: 10), time: 100)
        #expect(events().isEmpty)
    }
}
