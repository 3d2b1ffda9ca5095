import SweepGestures
import SweepUI
import Testing

/// The README's own component (a view with a double-tap recognizer), put
/// in a window stand-in: the arena delivers touches to its gesture view,
/// and the second tap's deadline runs on the host's clock.
final class Photo: Component {
    let view = GestureView(name: "photo", frame: .zero)
    let tap = TapGestureRecognizer(taps: 2)
    var doubleTaps: [Point] = []
    init() {
        tap.onStateChange = { [unowned self] recognizer in
            if recognizer.state == .recognized { doubleTaps.append(recognizer.location) }
        }
        view.addRecognizer(tap)
    }
    func attach(to host: ComponentHost) { host.gestureArena.add(view) }
    var frame: Rect { view.frame }
    func setFrame(_ frame: Rect) { view.frame = frame }
    var isVisible = true
    func draw(in canvas: Canvas, damage: Region) { canvas.fill(view.frame, color: Color(rgb: 0x336699)) }
}

@MainActor @Suite struct ComponentTests {
    @Test func aComponentsRecognizersGetTheWindowsTouches() {
        let host = TestHost()
        let photo = Photo()
        photo.attach(to: host)
        photo.setFrame(Rect(x: 100, y: 100, width: 400, height: 300))
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 150, y: 150))], time: 10))
        arena.handle(Input.touches(up: [0], time: 60))
        #expect(photo.doubleTaps.isEmpty)
        arena.handle(Input.touches(down: [(0, Point(x: 152, y: 151))], time: 160))
        arena.handle(Input.touches(up: [0], time: 200))
        #expect(photo.doubleTaps == [Point(x: 52, y: 51)], "locations are in the view's coordinates")
        // A single tap alone is not a double tap, once its deadline has passed.
        arena.handle(Input.touches(down: [(0, Point(x: 300, y: 300))], time: 2000))
        arena.handle(Input.touches(up: [0], time: 2050))
        if let deadline = arena.nextDeadline { arena.advance(to: deadline) }
        #expect(photo.doubleTaps.count == 1)
    }
}
