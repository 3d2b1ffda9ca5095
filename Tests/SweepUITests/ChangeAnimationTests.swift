import SweepGeometry
import SweepPixman
@_spi(Automation) @testable import SweepUI
@testable import SweepViews
import Testing

/// Animated data changes: a change's first frame shows exactly what showed
/// before it and its last exactly the new data unanimated; survivors slide,
/// inserted items fade in, removed ones fade out; a change during the
/// animation starts from what is drawn; input hits items where they are
/// going; a resize or a scale change ends it; a thousand changes a second
/// keep the ghosts bounded and end; animations off animate nothing.
@MainActor @Suite(.serialized) struct ChangeAnimationTests {
    private static let bounds = Rect(x: 0, y: 0, width: 300, height: 400)

    /// A list of numbered rows (44 px) over a `SnapshotDataSource`.
    @MainActor private final class Rows {
        let host = TestHost()
        let source = SnapshotDataSource<String, Int> { ItemContent(title: "Row \($0)", secondaryText: nil) }
        let view: CollectionView

        init(_ ids: [Int]) throws {
            view = CollectionView(layout: CollectionListLayout(rowHeight: 44), dataSource: source)
            view.allowsMultipleSelection = true
            view.attach(to: host)
            view.setFrame(ChangeAnimationTests.bounds)
            try apply(ids, animated: false)
        }

        func apply(_ ids: [Int], animated: Bool) throws {
            var snapshot = ItemSnapshot<String, Int>()
            snapshot.appendSections(["all"])
            snapshot.appendItems(ids)
            try source.apply(snapshot, animatingDifferences: animated)
        }

        /// The view drawn whole at the host's time.
        func image(scale: Double = 1) throws -> PixmanImage {
            let image = try #require(PixmanImage(width: Int(bounds.width * scale), height: Int(bounds.height * scale)))
            _ = view.advanceAnimations(to: host.now)
            view.draw(in: PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale)), damage: Region(bounds))
            return image
        }

        var bounds: Rect { ChangeAnimationTests.bounds }
    }

    /// The pixels that differ left of the scroll indicator (which shows the
    /// new content's length from the change on, as it should).
    private func itemsDifference(_ a: PixmanImage, _ b: PixmanImage) -> (count: Int, first: (x: Int, y: Int)?) {
        var count = 0, first: (x: Int, y: Int)?
        for y in 0..<a.height {
            for x in 0..<(a.width - a.width / 30) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        return (count, first)
    }

    /// `body` with the desktop asking for `scale` (and no `SWEEP_ANIMATIONS` over it).
    private func withAnimations<T>(_ scale: Double?, _ body: () throws -> T) rethrows -> T {
        let (desktop, environment) = (Animations.desktopScale, Animations.environmentScale)
        (Animations.desktopScale, Animations.environmentScale) = (scale, nil)
        defer { (Animations.desktopScale, Animations.environmentScale) = (desktop, environment) }
        return try body()
    }

    @Test func theFirstFrameShowsWhatShowedBeforeAndTheLastTheNewDataUnanimated() throws {
        try withAnimations(1) {
            let rows = try Rows(Array(0..<40))
            rows.view.selectRanges([ItemRange(section: 0, items: 2...3)], additive: false)
            let before = try rows.image()
            // Rows 1 and 3 go (3 selected), 100 comes in at 5.
            var ids = Array(0..<40)
            ids.removeAll { $0 == 1 || $0 == 3 }
            ids.insert(100, at: 5)
            try rows.apply(ids, animated: true)
            #expect(rows.view.isAnimating && rows.view.itemView.isAnimatingChange)
            let first = try rows.image()
            let jump = itemsDifference(first, before)
            #expect(jump.count == 0, "the change's first frame shows what showed; first differing pixel \(String(describing: jump.first))")
            rows.host.now += 100
            let middle = try rows.image()
            #expect(itemsDifference(middle, before).count > 0)
            rows.host.now += 200
            let last = try rows.image()
            #expect(!rows.view.isAnimating, "over after 250 ms")
            let settled = try Rows(ids)
            settled.view.selectRanges([ItemRange(section: 0, items: 1...1)], additive: false)
            #expect(rows.view.selectedRanges == settled.view.selectedRanges, "row 2 stays selected, at 1 now")
            #expect(itemsDifference(last, try settled.image()).count == 0, "the last frame is the new data unanimated")
        }
    }

    @Test func survivorsSlideInsertedFadeInRemovedFadeOut() throws {
        let shown = ChangeSnapshot(shown: [
            .init(item: ItemPath(item: 0), frame: Rect(x: 0, y: 0, width: 300, height: 44), opacity: 1, content: ItemContent(title: "a"), state: ItemState()),
            .init(item: ItemPath(item: 1), frame: Rect(x: 0, y: 44, width: 300, height: 44), opacity: 1, content: ItemContent(title: "b"), state: ItemState()),
            .init(item: ItemPath(item: 2), frame: Rect(x: 0, y: 88, width: 300, height: 44), opacity: 0.5, content: ItemContent(title: "c"), state: ItemState()),
        ], departures: [])
        // 1 removed; 0 → 1, 2 → 3 (a new item at 0 and at 2), 4 and on came from below.
        let map: (ItemPath) -> ItemPath? = { [0: 1, 2: 3][$0.item].map { ItemPath(item: $0) } }
        let frame = { (item: ItemPath) in Rect(x: 0, y: Double(item.item) * 44 + 1_000, width: 300, height: 44) }
        let animation = shown.animation(map: map, isInserted: { $0.item == 0 || $0.item == 2 },
                                        visible: [ItemRange(section: 0, items: 0...5)], frameOf: frame,
                                        offset: 1_000, viewport: 400, time: 10, duration: 250)
        #expect(animation.arrivals[ItemPath(item: 1)]?.from == Rect(x: 0, y: 1_000, width: 300, height: 44), "from where it showed")
        #expect(animation.arrivals[ItemPath(item: 3)]?.opacity == 0.5, "from how opaque it was")
        #expect(animation.arrivals[ItemPath(item: 0)]?.opacity == 0 && animation.arrivals[ItemPath(item: 2)]?.opacity == 0)
        #expect(animation.arrivals[ItemPath(item: 4)]?.from == frame(ItemPath(item: 4)).offsetBy(dx: 0, dy: 400), "from below")
        #expect(animation.departures.map(\.content.title) == ["b"] && animation.departures[0].frame.minY == 1_044)
        let halfway = animation.presented(ItemPath(item: 1), destination: frame(ItemPath(item: 1)), at: 10 + 125)
        #expect(halfway.frame.minY > 1_000 + 22 && halfway.frame.minY < 1_044, "eased out: past half way at half time")
        #expect(animation.presented(ItemPath(item: 1), destination: frame(ItemPath(item: 1)), at: 260).frame == frame(ItemPath(item: 1)))
        #expect(animation.opacity(of: animation.departures[0], at: 260) == 0 && animation.isFinished(at: 260))
        #expect(!animation.isFinished(at: 259))
        #expect(ChangeAnimation.eased(.nan) == 1 && ChangeAnimation.eased(-3) == 0)
    }

    @Test func aChangeDuringTheAnimationStartsFromWhatIsDrawn() throws {
        try withAnimations(1) {
            let rows = try Rows(Array(0..<40))
            try rows.apply(Array(3..<40), animated: true)
            rows.host.now += 90
            let drawn = try rows.image()
            try rows.apply([200] + Array(3..<40).filter { $0 != 5 }, animated: true)
            let jump = itemsDifference(try rows.image(), drawn)
            #expect(jump.count == 0, "no jump when a change interrupts another: \(jump.count), first \(String(describing: jump.first))")
            rows.host.now += 300
            // Row 200 came in above the rows on screen, which stay: the view scrolled by its height.
            #expect(rows.view.contentOffset == 44)
            let settled = try Rows([200] + Array(3..<40).filter { $0 != 5 })
            settled.view.itemView.scrollImmediately(to: 44)
            #expect(itemsDifference(try rows.image(), try settled.image()).count == 0)
            #expect(!rows.view.isAnimating)
        }
    }

    @Test func inputDuringTheAnimationHitsItemsWhereTheyAreGoing() throws {
        try withAnimations(1) {
            let rows = try Rows(Array(0..<40))
            try rows.apply(Array(5..<40), animated: true)
            rows.host.now += 20
            _ = try rows.image()
            // Row 5 is drawn near y = 5 × 44 still; its place is the top row.
            rows.view.playTap(at: Point(x: 100, y: 20))
            #expect(rows.view.selectedRanges == [ItemRange(section: 0, items: 0...0)])
            #expect(rows.source.selectedIdentifiers(in: rows.view).map { $0 } == [5])
        }
    }

    @Test func aResizeOrAScaleChangeEndsTheAnimationWithEverythingInPlace() throws {
        try withAnimations(1) {
            let rows = try Rows(Array(0..<40))
            try rows.apply(Array(2..<40), animated: true)
            rows.view.setFrame(Rect(x: 0, y: 0, width: 300, height: 300))
            #expect(!rows.view.itemView.isAnimatingChange)
            try rows.apply(Array(4..<40), animated: true)
            #expect(rows.view.itemView.isAnimatingChange)
            rows.view.windowScaleDidChange(to: 2)
            #expect(!rows.view.itemView.isAnimatingChange && !rows.view.isAnimating)
        }
    }

    @Test func aThousandChangesASecondKeepTheGhostsBoundedAndEnd() throws {
        try withAnimations(1) {
            let rows = try Rows(Array(0..<2_000))
            var ids = Array(0..<2_000)
            for step in 0..<1_000 {
                // Take the top row away, put a new one in somewhere, 1 ms apart.
                ids.removeFirst()
                ids.insert(10_000 + step, at: step % 7)
                try rows.apply(ids, animated: true)
                rows.host.now += 1
                if step % 50 == 0 { _ = try rows.image() }
            }
            #expect(rows.view.isAnimating)
            rows.host.now += 251
            _ = try rows.image()
            #expect(!rows.view.isAnimating, "no animation stuck after the changes stop")
            #expect(rows.view.itemCount == 2_000)
        }
    }

    @Test func departuresCarriedThroughChangesAreBounded() {
        let many = (0..<400).map { n in
            ChangeSnapshot.Shown(item: ItemPath(item: n), frame: Rect(x: 0, y: Double(n), width: 10, height: 1), opacity: 1,
                                 content: ItemContent(title: "\(n)"), state: ItemState())
        }
        let animation = ChangeSnapshot(shown: many, departures: []).animation(
            map: { _ in nil }, isInserted: { _ in false }, visible: [], frameOf: { _ in .zero }, offset: 0, viewport: 100,
            time: 0, duration: 250)
        #expect(animation.departures.count == ChangeAnimation.departureLimit)
        #expect(animation.departures.last?.content.title == "399", "the newest kept")
    }

    @Test(arguments: [0.0])
    func animationsOffAnimateNothing(scale: Double) throws {
        try withAnimations(scale) {
            let rows = try Rows(Array(0..<40))
            try rows.apply(Array(3..<40), animated: true)
            #expect(!rows.view.isAnimating)
            #expect(itemsDifference(try rows.image(), try Rows(Array(3..<40)).image()).count == 0)
        }
    }

    /// A faded theme moves colours toward the background and keeps their alpha.
    @Test func aFadedThemeKeepsTranslucentColoursTranslucent() {
        var theme = Theme.light
        theme.separator = Color(red: 0, green: 0, blue: 0, alpha: 0x1f)
        let half = theme.faded(to: 0.5)
        #expect(half.separator.alpha == 0x1f && half.separator.red == 128)
        #expect(half.primaryText == theme.primaryText.mixed(with: theme.background, by: 0.5))
        #expect(theme.faded(to: 1) == theme && theme.faded(to: .nan) == theme)
        #expect(Color(rgb: 0x0a6cdf).withOpacity(0.16).composited(over: .white).isOpaque)
    }

    @Test func settingsParse() {
        #expect(Animations.parse("0") == 0 && Animations.parse("off") == 0 && Animations.parse("OFF") == 0)
        #expect(Animations.parse("1") == 1 && Animations.parse("on") == 1 && Animations.parse("0.5") == 0.5)
        #expect(Animations.parse("1e9") == 10 && Animations.parse("-1") == nil && Animations.parse("nan") == nil)
        #expect(Animations.parse("fast") == nil && Animations.parse(nil) == nil)
    }

    @Test func anUnanimatedChangeDuringTheAnimationEndsIt() throws {
        try withAnimations(1) {
            let rows = try Rows(Array(0..<40))
            try rows.apply(Array(2..<40), animated: true)
            try rows.apply(Array(4..<40), animated: false)
            #expect(!rows.view.itemView.isAnimatingChange)
            #expect(itemsDifference(try rows.image(), try Rows(Array(4..<40)).image()).count == 0)
        }
    }
}
