import Foundation
import SweepGestures
import SweepPixman
import SweepUI
import Testing

/// A component that only asks for a size and records its frame.
@MainActor private final class Box: Component {
    let needs: SizeNeeds
    var frame: Rect = .zero
    var isVisible = true
    var acceptsFocus: Bool
    init(minimum: Size = .zero, natural: Size = .zero, focusable: Bool = false) {
        needs = SizeNeeds(minimum: minimum, natural: natural)
        acceptsFocus = focusable
    }
    func setFrame(_ frame: Rect) { self.frame = frame }
    func attach(to host: ComponentHost) {}
    func draw(in canvas: Canvas, damage: Region) {}
    var sizeNeeds: SizeNeeds { needs }
}

@MainActor @Suite struct StackTests {
    @Test func childrenGetTheirNaturalLengthAndTheGrowingOnesShareWhatIsLeftByWeight() {
        let header = Box(natural: Size(width: 0, height: 40)), list = Box(), preview = Box(), status = Box(natural: Size(width: 0, height: 28))
        let stack = Stack(.vertical, spacing: 4, [Stack.Item(header), .flexible(list, weight: 2), .flexible(preview), Stack.Item(status)])
        stack.setFrame(Rect(x: 10, y: 0, width: 300, height: 400))
        #expect(header.frame == Rect(x: 10, y: 0, width: 300, height: 40))
        // 400 - 40 - 28 - 3 × 4 = 320 left: 2 : 1.
        #expect(list.frame.minY == 44 && list.frame.height == 213)
        #expect(preview.frame.minY == 261 && preview.frame.height == 107)
        #expect(status.frame == Rect(x: 10, y: 372, width: 300, height: 28))
        #expect(stack.sizeNeeds.natural.height == 40 + 28 + 12)
    }

    @Test func tooLittleRoomTakesFromEachInProportionToWhatItCanGiveDownToItsMinimum() {
        let a = Box(minimum: Size(width: 100, height: 0), natural: Size(width: 200, height: 0))
        let b = Box(minimum: Size(width: 50, height: 0), natural: Size(width: 100, height: 0))
        let c = Stack.Item.fixed(Box(), 30)
        let stack = Stack(.horizontal, [Stack.Item(a), Stack.Item(b), c])
        stack.setFrame(Rect(x: 0, y: 0, width: 255, height: 50))
        // Natural 330, 75 missing of the 150 a and b can give: each gives half of its share.
        #expect(a.frame == Rect(x: 0, y: 0, width: 150, height: 50))
        #expect(b.frame == Rect(x: 150, y: 0, width: 75, height: 50))
        #expect(c.component.frame == Rect(x: 225, y: 0, width: 30, height: 50), "a fixed length never gives")
        stack.setFrame(Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(a.frame.width == 100 && b.frame.width == 0 && c.component.frame.width == 0,
                "below every minimum the last ones are cut at the end: \(a.frame) \(b.frame)")
        #expect(stack.sizeNeeds.minimum.width == 180)
    }

    @Test func hiddenChildrenTakeNoSpaceAndGetNoInputAndAlignmentPlacesTheRestAcross() {
        let a = Box(natural: Size(width: 60, height: 20), focusable: true), b = Box(natural: Size(width: 60, height: 30), focusable: true)
        let stack = Stack(.horizontal, spacing: 10, padding: 5, alignment: .center, [Stack.Item(a), Stack.Item(b)])
        stack.setFrame(Rect(x: 0, y: 0, width: 400, height: 100))
        #expect(a.frame == Rect(x: 5, y: 40, width: 60, height: 20))
        #expect(b.frame == Rect(x: 75, y: 35, width: 60, height: 30))
        stack.setHidden(a, true)
        #expect(!a.isVisible && stack.children.count == 1)
        #expect(b.frame.minX == 5, "the hidden child's room is given back")
        stack.isVisible = false
        #expect(!b.isVisible)
        stack.isVisible = true
        #expect(b.isVisible && !a.isVisible, "showing the stack keeps a hidden child hidden")
    }

    @Test func edgesFallOnWholePixelsWithNeitherOverlapNorSeam() {
        let boxes = (0..<7).map { _ in Box() }
        let stack = Stack(.horizontal, boxes.map { .flexible($0) })
        stack.setFrame(Rect(x: 0, y: 0, width: 100, height: 10))
        for (left, right) in zip(boxes, boxes.dropFirst()) { #expect(left.frame.maxX == right.frame.minX) }
        #expect(boxes.allSatisfy { $0.frame.minX == $0.frame.minX.rounded() && $0.frame.width >= 14 })
        #expect(boxes.last?.frame.maxX == 100)
    }

    @Test func aThousandChildrenInARowAndNonsenseSizesStayInsideTheStack() {
        let boxes = (0..<1000).map { index in
            Box(minimum: Size(width: index % 3 == 0 ? .nan : 2, height: 0), natural: Size(width: index % 5 == 0 ? .infinity : 40, height: 0))
        }
        let stack = Stack(.horizontal, spacing: -3, boxes.map { Stack.Item($0, grow: .nan) })
        stack.setFrame(Rect(x: 0, y: 0, width: 300, height: 20))
        #expect(boxes.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= 300 && $0.frame.width >= 0 && $0.frame.width.isFinite })
    }
}

@MainActor @Suite struct SplitPaneTests {
    private func makePane(width: Double = 600) -> (SplitPane, Box, Box, TestHost) {
        let sidebar = Box(focusable: true), content = Box(focusable: true)
        let pane = SplitPane(.horizontal, first: sidebar, second: content, position: SplitPane.Position(firstLength: 200))
        pane.minimumLengths = (100, 200)
        let host = TestHost()
        pane.attach(to: host)
        pane.setFrame(Rect(x: 0, y: 0, width: width, height: 400))
        return (pane, sidebar, content, host)
    }

    /// A left-button drag from `start` to `end` through the arena, as a pointer would.
    private func drag(_ host: TestHost, from start: Point, to end: Point) {
        let arena = host.gestureArena
        arena.pointerMoved(to: start, time: 1000)
        arena.pointerButton(pressed: true, modifiers: [], time: 1010)
        for step in 1...10 {
            let t = Double(step) / 10
            arena.pointerMoved(to: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), time: 1010 + 8 * Double(step))
        }
        arena.pointerButton(pressed: false, modifiers: [], time: 1200)
    }

    @Test func theSidesLieEitherSideOfAOnePixelDividerAtThePosition() {
        let (pane, sidebar, content, _) = makePane()
        #expect(sidebar.frame == Rect(x: 0, y: 0, width: 200, height: 400))
        #expect(pane.dividerFrame == Rect(x: 200, y: 0, width: 1, height: 400))
        #expect(content.frame == Rect(x: 201, y: 0, width: 399, height: 400))
        #expect(pane.cursorShape(at: Point(x: 203, y: 50)) == .columnResize)
        #expect(pane.cursorShape(at: Point(x: 300, y: 50)) == .default)
    }

    @Test func draggingTheDividerMovesItWithinEachSidesMinimum() {
        let (pane, sidebar, content, host) = makePane()
        var heard: [SplitPane.Position] = []
        pane.onPositionChange = { heard.append($0) }
        drag(host, from: Point(x: 202, y: 100), to: Point(x: 302, y: 130))
        #expect(sidebar.frame.width == 300 && content.frame.minX == 301)
        #expect(heard.last == SplitPane.Position(firstLength: 300))
        // Past the window's edge: the second side keeps its 200.
        drag(host, from: Point(x: 302, y: 100), to: Point(x: 2000, y: 100))
        #expect(sidebar.frame.width == 399 && content.frame.width == 200)
        // Past the start: the first keeps its 100 (it does not collapse unless allowed).
        drag(host, from: Point(x: 400, y: 100), to: Point(x: -500, y: 100))
        #expect(sidebar.frame.width == 100 && sidebar.isVisible)
    }

    @Test func aFingerDragsTheDividerToo() {
        let (pane, sidebar, _, host) = makePane()
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 201, y: 50))], time: 1000))
        for step in 1...8 { arena.handle(Input.touches(moved: [(0, Point(x: 201 - 10 * Double(step), y: 50))], time: 1000 + 16 * UInt32(step))) }
        arena.handle(Input.touches(up: [0], time: 1200))
        #expect(sidebar.frame.width == 120, "\(sidebar.frame)")
        #expect(pane.position.firstLength == 120)
    }

    @Test func aCollapsibleSideCollapsesBelowHalfItsMinimumAndComesBack() {
        let (pane, sidebar, content, host) = makePane()
        pane.collapsibleSides = [.first]
        drag(host, from: Point(x: 201, y: 100), to: Point(x: 60, y: 100))
        #expect(pane.effectivePosition.firstLength == 100 && pane.effectivePosition.collapsed == nil, "above half: held at the minimum")
        drag(host, from: Point(x: 101, y: 100), to: Point(x: 30, y: 100))
        #expect(pane.effectivePosition.collapsed == .first)
        #expect(!sidebar.isVisible && pane.children.count == 1 && content.frame == Rect(x: 1, y: 0, width: 599, height: 400))
        #expect(pane.dividerFrame.minX == 0)
        // Dragged out again from the edge, it comes back at its minimum or more.
        drag(host, from: Point(x: 1, y: 100), to: Point(x: 160, y: 100))
        #expect(sidebar.isVisible && pane.effectivePosition.collapsed == nil && sidebar.frame.width == 159)
    }

    @Test func aNarrowWindowSqueezesTheSecondSideThenTheFirstThenCollapses() {
        let (pane, sidebar, content, _) = makePane()
        pane.setFrame(Rect(x: 0, y: 0, width: 360, height: 400))
        #expect(sidebar.frame.width == 159 && content.frame.width == 200, "the first gives what the second needs")
        pane.setFrame(Rect(x: 0, y: 0, width: 250, height: 400))
        #expect(sidebar.frame.width == 100 && content.frame.width == 149, "both at or below their minimums: the second is cut")
        pane.collapsibleSides = [.first]
        #expect(pane.effectivePosition.collapsed == .first && content.frame.width == 249)
        pane.setFrame(Rect(x: 0, y: 0, width: 800, height: 400))
        #expect(pane.effectivePosition == SplitPane.Position(firstLength: 200), "the position asked for comes back with room")
        #expect(pane.position == SplitPane.Position(firstLength: 200), "squeezing never changes what was asked")
    }

    @Test func thePositionIsACodableValueAnAppSavesAndRestores() throws {
        let saved = try JSONEncoder().encode(SplitPane.Position(firstLength: 240, collapsed: .second))
        #expect(String(decoding: saved, as: UTF8.self).contains("\"collapsed\":\"second\""))
        let restored = try JSONDecoder().decode(SplitPane.Position.self, from: saved)
        let (pane, _, content, _) = makePane()
        pane.collapsibleSides = [.second]
        pane.position = restored
        #expect(pane.effectivePosition == restored && !content.isVisible)
        #expect(SplitPane.Position(firstLength: -.infinity).firstLength == 0)
    }

    @Test func screenReadersSeeASplitPaneHoldingBothSides() {
        let list = CollectionView(layout: .list, dataSource: StringItems(["a", "b"]))
        let status = Label("2 items")
        let pane = SplitPane(.vertical, first: list, second: Stack(.vertical, [.flexible(status)]))
        pane.setFrame(Rect(x: 0, y: 0, width: 300, height: 500))
        let object = pane.accessibleObject
        #expect(object?.role == .splitPane)
        #expect(object?.attributes()["orientation"] == "vertical")
        let children = object?.children() ?? []
        #expect(children.count == 2 && children[0] === list.accessibleObject && children[1] === status.accessibleObject,
                "a stack without an object of its own stands for its children")
        #expect(children.allSatisfy { $0.parent === object })
    }
}

/// A component that fills its frame with one colour.
@MainActor private final class Fill: Component {
    let color: Color
    var frame: Rect = .zero
    var isVisible = true
    init(_ color: Color) { self.color = color }
    func setFrame(_ frame: Rect) { self.frame = frame }
    func attach(to host: ComponentHost) {}
    func draw(in canvas: Canvas, damage: Region) { canvas.fill(frame, color: color) }
}

@MainActor @Suite struct SplitPanePixelTests {
    private func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func theDividerIsOneSeparatorLineBetweenTheSidesAtEveryScale(scale: Double) throws {
        let red = Color(rgb: 0xff0000), blue = Color(rgb: 0x0000ff)
        for theme in [Theme.light, .dark] {
            let pane = SplitPane(.horizontal, first: Fill(red), second: Fill(blue), position: SplitPane.Position(firstLength: 100), theme: theme)
            pane.minimumLengths = (50, 50)
            pane.setFrame(Rect(x: 0, y: 0, width: 300, height: 80))
            let image = try #require(PixmanImage(width: Int(300 * scale), height: Int(80 * scale)))
            let canvas = PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale))
            pane.draw(in: canvas, damage: Region(pane.frame))
            let line = Int((100 * scale).rounded(.down)), lineEnd = Int((101 * scale).rounded(.up))
            for y in [0, Int(40 * scale), Int(80 * scale) - 1] {
                #expect(image.pixel(x: line - 1, y: y) == opaque(red), "scale \(scale): the first side up to the line")
                #expect(image.pixel(x: lineEnd, y: y) == opaque(blue), "scale \(scale): the second side after it")
                for x in line..<lineEnd { #expect(image.pixel(x: x, y: y) == opaque(theme.separator), "scale \(scale), x \(x)") }
            }
        }
    }
}

/// A host that keeps which component has the keyboard focus.
@MainActor private final class FocusHost: ComponentHost {
    let gestureArena = GestureArena()
    var now = 0.0
    var focused: Component?
    func invalidate(_ region: Region) {}
    func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerToken { TimerToken(1) }
    func cancel(_ timer: TimerToken) {}
    func focus(_ component: Component) { focused = component }
    func isFocused(_ component: Component) -> Bool { focused === component }
}

@MainActor @Suite struct ContainerReviewTests {
    @Test func aSideThatCollapsesGivesTheFocusToTheOtherSide() {
        let sidebar = Box(focusable: true), field = Box(focusable: true), list = Box(focusable: true)
        let pane = SplitPane(.horizontal, first: sidebar, second: Stack(.vertical, [Stack.Item(field), .flexible(list)]),
                             position: SplitPane.Position(firstLength: 200))
        pane.collapsibleSides = [.first]
        let host = FocusHost()
        pane.attach(to: host)
        pane.setFrame(Rect(x: 0, y: 0, width: 600, height: 400))
        host.focus(sidebar)
        pane.position = SplitPane.Position(firstLength: 200, collapsed: .first)
        #expect(host.focused === field, "the other side's first focusable component")
    }

    @Test func nonsenseSpacingPaddingAndWeightsSetLaterAreTamedToo() {
        let a = Box(), b = Box()
        var items = [Stack.Item.flexible(a), Stack.Item.flexible(b)]
        items[1].grow = -5
        let stack = Stack(.horizontal, items)
        stack.spacing = .nan
        stack.padding = -20
        stack.setFrame(Rect(x: 0, y: 0, width: 300, height: 40))
        #expect(stack.spacing == 0 && stack.padding == 0)
        #expect(a.frame == Rect(x: 0, y: 0, width: 300, height: 40) && b.frame.width == 0, "\(a.frame) \(b.frame)")
    }

    @Test func theGapsAndPaddingAreFilledWithTheBackground() throws {
        let red = Color(rgb: 0xff0000), green = Color(rgb: 0x00ff00)
        let stack = Stack(.horizontal, spacing: 10, padding: 5, alignment: .center,
                          [Stack.Item(Fill(red), length: .fixed(50)), Stack.Item(Fill(red), length: .fixed(50))])
        stack.background = .color(green)
        stack.setFrame(Rect(x: 0, y: 0, width: 200, height: 40))
        let image = try #require(PixmanImage(width: 200, height: 40))
        let canvas = PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1))
        stack.draw(in: canvas, damage: Region(stack.frame))
        let opaque = { (c: Color) in 0xff00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue) }
        #expect(image.pixel(x: 2, y: 20) == opaque(green), "the padding")
        #expect(image.pixel(x: 60, y: 20) == opaque(green), "the gap between the children")
        #expect(image.pixel(x: 150, y: 20) == opaque(green), "after the last child")
        #expect(image.pixel(x: 30, y: 20) == opaque(red) && image.pixel(x: 90, y: 20) == opaque(red))
    }
}
