import SweepGestures
import SweepGraphics
import SweepPixman
@testable import SweepUI
import Testing

/// A box that asks for a height and counts what reaches it.
@MainActor private final class TallBox: Component {
    var frame: Rect = .zero
    var isVisible = true
    let height: Double
    init(height: Double) { self.height = height }
    func setFrame(_ frame: Rect) { self.frame = frame }
    func attach(to host: ComponentHost) {}
    func draw(in canvas: Canvas, damage: Region) { canvas.fill(frame, color: Color(rgb: 0x00ff00)) }
    var sizeNeeds: SizeNeeds { SizeNeeds(natural: Size(width: 100, height: height)) }
}

@MainActor @Suite struct ScrollViewTests {
    private func makeScrollView(_ content: Component) -> (ScrollView, TestHost) {
        let host = TestHost()
        let scroll = ScrollView(content)
        scroll.attach(to: host)
        scroll.setFrame(Rect(x: 0, y: 40, width: 300, height: 200))
        return (scroll, host)
    }

    @Test func theContentGetsItsNaturalHeightAndMovesWithTheOffset() {
        let box = TallBox(height: 1000)
        let (scroll, _) = makeScrollView(box)
        #expect(box.frame == Rect(x: 0, y: 40, width: 300, height: 1000))
        scroll.scroll(to: 300)
        #expect(scroll.offset == 300 && box.frame.minY == 40 - 300)
        scroll.scroll(to: 1e9)
        #expect(scroll.offset == 800, "no further than the end")
        scroll.scroll(to: -5)
        #expect(scroll.offset == 0)
        scroll.scroll(to: .nan)
        #expect(scroll.offset == 0, "nonsense is the top")
        let short = TallBox(height: 50)
        let (fits, _) = makeScrollView(short)
        #expect(short.frame.height == 200 && fits.maxOffset == 0, "short content fills the view and nothing scrolls")
    }

    @Test func theWheelAndTouchpadFingersScrollIt() {
        let (scroll, host) = makeScrollView(TallBox(height: 1000))
        var notch = PointerFrame()
        notch.vertical = AxisMotion(value: 15, value120: 120)
        scroll.handleScroll(notch)
        // The first frame starts the glide, the ones after finish it (140 ms).
        for frame in 1...20 { _ = scroll.advanceAnimations(to: host.now + Double(frame) * 16) }
        #expect(scroll.offset == 3 * ScrollView.lineHeight, "three lines a notch")
        var fingers = PointerFrame()
        fingers.source = .finger
        fingers.vertical = AxisMotion(value: 25)
        scroll.handleScroll(fingers)
        #expect(scroll.offset == 3 * ScrollView.lineHeight + 25, "fingers one to one")
    }

    @Test func aFingerDraggedOnItScrollsIt() {
        let (scroll, host) = makeScrollView(TallBox(height: 1000))
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 150, y: 200))], time: 1000))
        for step in 1...10 { host.gestureArena.handle(Input.touches(moved: [(0, Point(x: 150, y: 200 - Double(step) * 10))], time: UInt32(1000 + step * 16))) }
        host.gestureArena.handle(Input.touches(up: [0], time: 1400))
        #expect(scroll.offset >= 90 && scroll.offset <= 100, "\(scroll.offset)")
    }

    /// What is scrolled out of the viewport is not hit: a button above the viewport takes no
    /// click at its frame, and takes one again once scrolled into view.
    @Test func aChildsGestureViewsTakeInputOnlyInsideTheViewport() {
        var clicks = 0
        let button = Button("Go") { _ in clicks += 1 }
        let column = Stack(.vertical, [.fixed(TallBox(height: 0), 300), Stack.Item(button), .fixed(TallBox(height: 0), 600)])
        let (scroll, host) = makeScrollView(column)
        #expect(button.frame.minY == 340, "below the viewport (40 to 240)")
        func click(at point: Point, time: Double) {
            host.gestureArena.pointerMoved(to: point, time: time)
            host.gestureArena.pointerButton(pressed: true, modifiers: [], time: time + 10)
            host.gestureArena.pointerButton(pressed: false, modifiers: [], time: time + 60)
        }
        click(at: Point(x: 150, y: 350), time: 1000)
        #expect(clicks == 0, "out of sight, not hit")
        scroll.reveal(button.frame)
        #expect(button.frame.maxY <= 240 && button.frame.minY >= 40, "revealed: \(button.frame)")
        click(at: Point(x: 150, y: button.frame.midY), time: 2000)
        #expect(clicks == 1)
    }

    @Test func aScreenReaderSeesAScrollPaneWithAScrollBarItCanSet() throws {
        let label = Label("Details")
        let (scroll, _) = makeScrollView(Stack(.vertical, [Stack.Item(label), .fixed(TallBox(height: 0), 900)]))
        let pane = try #require(scroll.accessibleObject)
        #expect(pane.role == .scrollPane)
        let children = pane.children()
        #expect(children.count == 2 && children[0] === label.accessibleObject && children[1].role == .scrollBar)
        let value = try #require(children[1].value)
        #expect(value.maximum() == scroll.maxOffset && value.current() == 0)
        #expect(value.setCurrent?(250) == true && scroll.offset == 250)
        #expect(children[1].states().contains(.vertical))
    }

    @Test func itReportsItsOffsetOnceAFrameScrollsOnlyWhatDoesNotFitAndATouchStopsAFling() {
        let (scroll, host) = makeScrollView(TallBox(height: 1000))
        var reported: [Double] = []
        scroll.onScroll = { reported.append($0) }
        scroll.scroll(to: 120)
        scroll.scroll(to: 150)
        scroll.didCommitFrame()
        scroll.didCommitFrame()
        #expect(reported == [150], "once a frame, the offset it shows")
        #expect(scroll.scrollsItself)
        let (fits, _) = makeScrollView(TallBox(height: 50))
        #expect(!fits.scrollsItself, "content that fits passes the wheel on")
        // A fling, then a finger lands: it stops where it is.
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 150, y: 200))], time: 1000))
        for step in 1...4 { host.gestureArena.handle(Input.touches(moved: [(0, Point(x: 150, y: 200 - Double(step) * 30))], time: UInt32(1000 + step * 10))) }
        host.gestureArena.handle(Input.touches(up: [0], time: 1050))
        #expect(scroll.isAnimating, "a quick flick flings")
        _ = scroll.advanceAnimations(to: host.now + 50)
        scroll.touchesBegan()
        let stopped = scroll.offset
        _ = scroll.advanceAnimations(to: host.now + 500)
        #expect(scroll.offset == stopped && !scroll.isAnimating, "stopped by the touch")
    }

    /// A section shown or hidden, or a picture of another shape, asks the window to lay out again,
    /// and the scroll view, laid out again, takes the content's new height.
    @Test func aChangeOfNeedsInsideAsksForALayoutThatTheScrollViewFollows() {
        let extra = TallBox(height: 600)
        let column = Stack(.vertical, [.fixed(TallBox(height: 0), 300), Stack.Item(extra)])
        let (scroll, host) = makeScrollView(column)
        #expect(scroll.maxOffset == 700)
        column.setHidden(extra, true)
        #expect(host.layoutRequests == 1)
        scroll.setFrame(scroll.frame)   // what the window's layout does
        #expect(scroll.maxOffset == 100)
        let picture = ImageView()
        picture.attach(to: host)
        picture.image = Bitmap(width: 10, height: 10, pixels: Array(repeating: 0, count: 100))
        #expect(host.layoutRequests == 2)
    }

    @Test func itDrawsOnlyInsideItsFrame() throws {
        let (scroll, _) = makeScrollView(TallBox(height: 1000))
        let image = try #require(PixmanImage(width: 300, height: 300))
        let canvas = PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1))
        scroll.draw(in: canvas, damage: Region(Rect(x: 0, y: 0, width: 300, height: 300)))
        #expect(image.pixel(x: 10, y: 20) & 0xffffff != 0x00ff00, "above the viewport: nothing")
        #expect(image.pixel(x: 10, y: 100) & 0xffffff == 0x00ff00)
        #expect(image.pixel(x: 10, y: 260) & 0xffffff != 0x00ff00, "below it: nothing")
    }
}

@MainActor @Suite struct ImageViewTests {
    @Test func aPictureFitsItsFrameKeepingItsShapeAndNeverGrows() {
        let view = ImageView(image: Bitmap(width: 200, height: 100, pixels: Array(repeating: 0xff0000ff, count: 20_000)))
        view.setFrame(Rect(x: 0, y: 0, width: 100, height: 400))
        #expect(view.pictureRect == Rect(x: 0, y: 175, width: 100, height: 50))
        view.setFrame(Rect(x: 0, y: 0, width: 1000, height: 1000))
        #expect(view.pictureRect?.width == 200, "never larger than itself")
        #expect(view.naturalHeight(forWidth: 100) == 50 && view.naturalHeight(forWidth: 1000) == 100)
        let column = Stack(.vertical, [Stack.Item(view), .fixed(Label("caption"), 20)])
        #expect(column.naturalHeight(forWidth: 100) == 70, "a column asks its children at its width")
        view.image = nil
        #expect(view.pictureRect == nil && view.naturalHeight(forWidth: 100) == 0)
    }
}
