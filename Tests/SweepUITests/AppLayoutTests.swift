import SweepGestures
import SweepUI
import Testing

/// An app's own layout, written against `CollectionViewLayout` alone: items
/// of three widths packed into rows 50 px apart, as a justified photo grid
/// packs pictures. Its queries scan the frames (an app's first draft; the
/// tests' counts are small).
final class PackedRowsLayout: SizeZoomableLayout {
    let invalidation = LayoutInvalidation()
    private(set) var frames: [Rect] = []
    private var width = 0.0
    private var context = LayoutContext(itemCounts: [], width: 0)
    /// The row height; changing it lays the view out again.
    var rowHeight = 40.0 { didSet { invalidateLayout() } }
    let zoomRange = 20.0...200.0
    var zoomSize: Double { rowHeight }
    var zoomResetSize: Double { 40 }
    var preparedScale: Double { context.scale }

    func layOut(zoomSize size: Double) {
        let handler = invalidation.handler
        invalidation.handler = nil
        rowHeight = size
        invalidation.handler = handler
        prepare(for: context)
    }

    func prepare(for context: LayoutContext) {
        self.context = context
        width = context.width
        frames = []
        var x = 0.0, y = 0.0
        for index in 0..<(context.itemCounts.first ?? 0) {
            let itemWidth = 50 + Double(index % 3) * 30
            if x > 0 && x + itemWidth > width { (x, y) = (0, y + rowHeight + 10) }
            frames.append(Rect(x: x, y: y, width: itemWidth, height: rowHeight))
            x += itemWidth + 10
        }
    }

    var contentSize: Size { Size(width: width, height: frames.last?.maxY ?? 0) }
    var lineHeight: Double { rowHeight + 10 }
    func frame(of item: ItemPath) -> Rect { frames[item.item] }
    func item(at point: Point) -> ItemPath? { frames.firstIndex { $0.contains(point) }.map { ItemPath(item: $0) } }
    func nearestItem(to point: Point) -> ItemPath? {
        func distance(_ rect: Rect) -> Double {
            let dx = max(rect.minX - point.x, 0, point.x - rect.maxX), dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
            return dx * dx + dy * dy
        }
        return frames.indices.min { distance(frames[$0]) < distance(frames[$1]) }.map { ItemPath(item: $0) }
    }
    func items(in rect: Rect, into ranges: inout [ItemRange]) {
        ranges.removeAll()
        for index in frames.indices where frames[index].intersects(rect) {
            if let last = ranges.last, last.items.upperBound == index - 1 {
                ranges[ranges.count - 1] = ItemRange(section: 0, items: last.items.lowerBound...index)
            } else {
                ranges.append(ItemRange(section: 0, items: index...index))
            }
        }
    }
    func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
        ranges = [ItemRange(section: 0, items: min(start.item, end.item)...max(start.item, end.item))]
    }
    /// Left and right go through the index order; up and down to the item above or below nearest the middle.
    func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        let frame = frames[item.item]
        switch direction {
        case .left: return item.item > 0 ? ItemPath(item: item.item - 1) : nil
        case .right: return item.item + 1 < frames.count ? ItemPath(item: item.item + 1) : nil
        case .up, .down:
            let y = direction == .up ? frame.minY - 10 - rowHeight / 2 : frame.maxY + 10 + rowHeight / 2
            guard y >= 0, y < contentSize.height else { return nil }
            return nearestItem(to: Point(x: frame.midX, y: y))
        }
    }
    func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        let frame = frames[item.item]
        return nearestItem(to: Point(x: frame.midX, y: frame.midY + (down ? viewportHeight : -viewportHeight)))
    }
    var firstItem: ItemPath? { frames.isEmpty ? nil : ItemPath(item: 0) }
    var lastItem: ItemPath? { frames.isEmpty ? nil : ItemPath(item: frames.count - 1) }
    func headerFrame(ofSection section: Int) -> Rect? { nil }
    func sections(in rect: Rect) -> ClosedRange<Int>? { frames.isEmpty ? nil : 0...0 }
}

/// A layout that answers nonsense: what it claims is set by each test.
final class NonsenseLayout: CollectionViewLayout {
    let invalidation = LayoutInvalidation()
    var size = Size(width: 320, height: 4400)
    var frameOf: (ItemPath) -> Rect = { Rect(x: 0, y: Double($0.item) * 44, width: 320, height: 44) }
    var itemsIn: [ItemRange] = []
    func prepare(for context: LayoutContext) {}
    var contentSize: Size { size }
    var lineHeight: Double { .nan }
    func frame(of item: ItemPath) -> Rect { frameOf(item) }
    func item(at point: Point) -> ItemPath? { ItemPath(section: 3, item: 99_999) }
    func nearestItem(to point: Point) -> ItemPath? { ItemPath(item: -5) }
    func items(in rect: Rect, into ranges: inout [ItemRange]) { ranges = itemsIn }
    func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) { ranges = [] }
    func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? { ItemPath(item: 1_000_000) }
    func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? { nil }
    var firstItem: ItemPath? { ItemPath(item: 0) }
    var lastItem: ItemPath? { ItemPath(item: 99) }
    func headerFrame(ofSection section: Int) -> Rect? { Rect(x: .nan, y: 0, width: 10, height: 10) }
    func sections(in rect: Rect) -> ClosedRange<Int>? { -4...70 }
}

/// Records the layout problems a view reports.
final class ProblemRecorder: CollectionViewDelegate {
    var problems: [String] = []
    func collectionView(_ view: CollectionView, layoutProblem message: String) { problems.append(message) }
}

/// Every interaction works through an app's layout unchanged, and a layout
/// that answers nonsense is reported and stood in for, never a crash.
@MainActor @Suite struct AppLayoutTests {
    /// 30 items in a 300 × 440 view: rows of 50, 80, 110 px items with 10 px gaps
    /// (0–50, 60–140, 150–260; a fourth would end at 320, too wide, so 3 a row), rows 50 px apart.
    private func make(count: Int = 30) -> (CollectionView, TestHost, PackedRowsLayout) {
        let host = TestHost()
        let layout = PackedRowsLayout()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<count).map { "Item \($0)" }))
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 300, height: 440))
        return (view, host, layout)
    }

    @Test func theLayoutIsPreparedForTheCountsAndTheWidth() {
        let (view, _, layout) = make()
        #expect(layout.frames.count == 30 && view.layout === layout)
        #expect(layout.frame(of: ItemPath(item: 3)) == Rect(x: 0, y: 50, width: 50, height: 40), "item 3 starts the second row")
        #expect(view.item(at: Point(x: 100, y: 70)) == ItemPath(item: 4))
        #expect(view.item(at: Point(x: 55, y: 20)) == nil, "a gap is no item")
    }

    @Test func aBandSelectsExactlyTheItemsItsRectangleCrosses() {
        let (view, host, layout) = make()
        let arena = host.gestureArena
        // From the gap after item 0 in row 0 to inside item 7 (row 2, 60–140).
        arena.pointerMoved(to: Point(x: 55, y: 5), time: 100)
        arena.pointerButton(pressed: true, modifiers: [], time: 100)
        for step in 1...8 { arena.pointerMoved(to: Point(x: 55 + 5 * Double(step), y: 5 + 15 * Double(step)), time: 100 + 16 * Double(step)) }
        arena.pointerButton(pressed: false, modifiers: [], time: 300)
        let band = Rect(x: 55, y: 5, width: 40, height: 120)
        let crossed = layout.frames.indices.filter { layout.frames[$0].intersects(band) }
        #expect(crossed == [1, 4, 7])
        #expect(Array(view.selectedItems).map(\.item) == crossed)
    }

    @Test func clicksShiftClicksAndArrowsFollowTheGeometry() {
        let (view, host, _) = make()
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 100, y: 20), time: 100)
        arena.pointerButton(pressed: true, modifiers: [], time: 100)
        arena.pointerButton(pressed: false, modifiers: [], time: 150)
        #expect(Array(view.selectedItems) == [ItemPath(item: 1)])
        #expect(view.handleKey(Input.key(.down)))
        #expect(view.focusedItem == ItemPath(item: 4), "below item 1 (60–140) is item 4 (60–140)")
        #expect(view.handleKey(Input.key(.right)))
        #expect(view.focusedItem == ItemPath(item: 5))
        arena.pointerMoved(to: Point(x: 200, y: 120), time: 1000)
        arena.pointerButton(pressed: true, modifiers: .shift, time: 1000)
        arena.pointerButton(pressed: false, modifiers: .shift, time: 1050)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 5...8)], "Shift+click from item 5 to item 8")
    }

    @Test func aTwoFingerSweepSelectsAcrossRows() {
        let (view, host, _) = make()
        let arena = host.gestureArena
        // The fingers' centre at x 40: over item 0, then item 3, then item 6.
        arena.handle(Input.touches(down: [(0, Point(x: 10, y: 20)), (1, Point(x: 70, y: 20))], time: 1000))
        for step in 1...10 {
            let y = 20 + 10 * Double(step)
            arena.handle(Input.touches(moved: [(0, Point(x: 10, y: y)), (1, Point(x: 70, y: y))], time: 1000 + 20 * UInt32(step)))
        }
        arena.handle(Input.touches(up: [0, 1], time: 1300))
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 0...6)], "from item 0 to item 6 under the fingers at y 120")
    }

    @Test func aSettingChangeLaysTheViewOutAgainWithTheTopItemInPlace() {
        let (view, host, layout) = make(count: 300)
        view.itemView.scrollImmediately(to: 50 * 20 + 5)
        _ = host.takeDamage()
        layout.rowHeight = 90
        #expect(view.contentOffset == 100 * 20 + 5, "row 20's item stays 5 px above the top")
        #expect(host.takeDamage().rects == [view.frame])
    }

    @Test func ctrlWheelAndPinchZoomTheRowsKeepingThePictureUnderThePointer() {
        let (view, host, layout) = make(count: 300)
        let arena = host.gestureArena
        view.itemView.scrollImmediately(to: 50 * 10)
        // Item 31 (row 10, 60–140) under the pointer at 100, 20 below the viewport's top.
        arena.pointerMoved(to: Point(x: 100, y: 20), time: 100)
        #expect(view.item(at: Point(x: 100, y: 20)) == ItemPath(item: 31))
        var notch = PointerFrame()
        (notch.source, notch.vertical, notch.modifiers, notch.time) = (.wheel, AxisMotion(value: -15, value120: -120), .control, 200)
        view.handleScroll(notch)
        #expect(layout.rowHeight == 50, "one notch up: 40 × 1.25")
        #expect(view.item(at: Point(x: 100, y: 20)) == ItemPath(item: 31), "the item under the pointer stays")
        arena.handle(.pinchBegin(fingers: 2, time: 1000))
        arena.handle(.pinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0, time: 1010))
        arena.handle(.pinchEnd(cancelled: false, time: 1020))
        #expect(layout.rowHeight == 100)
        #expect(view.item(at: Point(x: 100, y: 20)) == ItemPath(item: 31))
        #expect(view.handleKey(Input.key(KeySym.digits[0], .control)))
        #expect(layout.rowHeight == 40, "Ctrl+0 puts the layout's own size back")
    }

    @Test func theLayoutIsLaidOutForTheWindowsScaleKeepingTheTopItem() {
        let (view, host, layout) = make(count: 300)
        #expect(layout.preparedScale == 1)
        view.itemView.scrollImmediately(to: 50 * 20 + 5)
        _ = host.takeDamage()
        view.windowScaleDidChange(to: 2)
        #expect(layout.preparedScale == 2 && view.contentOffset == 50 * 20 + 5)
        #expect(host.takeDamage().rects == [view.frame], "laid out again and repainted")
        let controller = CollectionViewController(collectionView: view, title: "Pictures")
        controller.windowScaleDidChange(to: 1.5)
        #expect(layout.preparedScale == 1.5, "a controller passes the scale on to its view")
    }

    @Test func aLayoutThatInvalidatesItselfWhilePreparingDoesNotRecurse() {
        final class Restless: CollectionViewLayout {
            let invalidation = LayoutInvalidation()
            var preparations = 0
            func prepare(for context: LayoutContext) {
                preparations += 1
                invalidateLayout()   // a didSet-watched setting changed inside prepare
            }
            var contentSize: Size { Size(width: 320, height: 4400) }
            var lineHeight: Double { 44 }
            func frame(of item: ItemPath) -> Rect { Rect(x: 0, y: Double(item.item) * 44, width: 320, height: 44) }
            func item(at point: Point) -> ItemPath? { point.y >= 0 && point.y < 4400 ? ItemPath(item: Int(point.y / 44)) : nil }
            func nearestItem(to point: Point) -> ItemPath? { ItemPath(item: min(99, max(0, Int(point.y / 44)))) }
            func items(in rect: Rect, into ranges: inout [ItemRange]) {
                ranges = [ItemRange(section: 0, items: max(0, Int(rect.minY / 44))...min(99, max(0, Int(rect.maxY / 44))))]
            }
            func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
                ranges = [ItemRange(section: 0, items: min(start.item, end.item)...max(start.item, end.item))]
            }
            func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? { nil }
            func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? { nil }
            var firstItem: ItemPath? { ItemPath(item: 0) }
            var lastItem: ItemPath? { ItemPath(item: 99) }
            func headerFrame(ofSection section: Int) -> Rect? { nil }
            func sections(in rect: Rect) -> ClosedRange<Int>? { 0...0 }
        }
        let layout = Restless()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<100).map { "Item \($0)" }))
        view.attach(to: TestHost())
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        #expect(layout.preparations == 2, "made and placed: prepared twice, never from inside a preparation")
        #expect(view.item(at: Point(x: 10, y: 50)) == ItemPath(item: 1))
    }

    @Test func aLayoutWrongOnEveryItemIsReportedInOneLine() {
        let host = TestHost()
        let layout = NonsenseLayout()
        let recorder = ProblemRecorder()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<100).map { "Item \($0)" }))
        view.delegate = recorder
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        for y in stride(from: 0.0, to: 400, by: 10) { _ = view.item(at: Point(x: 10, y: y)) }
        #expect(recorder.problems.filter { $0.contains("item(at:)") }.count == 1, "\(recorder.problems)")
    }

    @Test func aLayoutThatAnswersNonsenseIsReportedAndAListStandsIn() {
        let host = TestHost()
        let layout = NonsenseLayout()
        layout.size = Size(width: .nan, height: -3)
        let recorder = ProblemRecorder()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<100).map { "Item \($0)" }))
        view.delegate = recorder
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        #expect(recorder.problems.contains { $0.contains("content size") }, "\(recorder.problems)")
        #expect(recorder.problems.allSatisfy { !$0.contains("\n") }, "one line each")
        // The list that stands in answers: 44 px rows.
        #expect(view.item(at: Point(x: 10, y: 50)) == ItemPath(item: 1))
        view.draw(in: NullCanvas(), damage: Region(view.frame))
    }

    @Test func nonsenseAnswersAreKeptToItemsThatExist() {
        let host = TestHost()
        let layout = NonsenseLayout()
        let recorder = ProblemRecorder()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<100).map { "Item \($0)" }))
        view.delegate = recorder
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        layout.itemsIn = [ItemRange(section: 0, items: 95...400), ItemRange(section: 2, items: 0...5), ItemRange(section: 0, items: 3...4)]
        layout.frameOf = { _ in Rect(x: .nan, y: .infinity, width: -1, height: 5) }
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        #expect(view.item(at: Point(x: 10, y: 10)) == nil, "item 3.99999 does not exist")
        #expect(view.handleKey(Input.key(.down)))
        #expect(view.handleKey(Input.key(.a, .control)))
        #expect(view.selectedCount == 100)
        // A band over the nonsense selects what exists of it.
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 10, y: 10), time: 100)
        arena.pointerButton(pressed: true, modifiers: [], time: 100)
        for step in 1...5 { arena.pointerMoved(to: Point(x: 10 + 20 * Double(step), y: 10 + 40 * Double(step)), time: 100 + 16 * Double(step)) }
        arena.pointerButton(pressed: false, modifiers: [], time: 300)
        #expect(view.selectedRanges.allSatisfy { $0.section == 0 && $0.items.upperBound < 100 })
        #expect(view.handleKey(Input.key(.down)))
        let reported = recorder.problems
        #expect(Set(reported).count == reported.count, "each once: \(reported)")
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        #expect(view.handleKey(Input.key(.down)))
        #expect(recorder.problems == reported, "nothing said twice")
        #expect(recorder.problems.contains { $0.contains("items(in:) answered items that do not exist") })
        #expect(recorder.problems.contains { $0.contains("frame(of:)") })
        #expect(recorder.problems.contains { $0.contains("item(at:) answered item 3.99999, which does not exist") })
    }
}
