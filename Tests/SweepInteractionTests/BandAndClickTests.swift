import SweepTestSupport
import SweepGeometry
import SweepLayout
import SweepInput
import Testing
@testable import SweepInteraction

@Suite struct BandSessionTests {
    let grid = FakeGrid(count: 40, columns: 4)

    @Test func modifiersAtTheStartChooseTheMode() {
        #expect(BandMode(modifiers: []) == .replace)
        #expect(BandMode(modifiers: .shift) == .extend)
        #expect(BandMode(modifiers: .control) == .toggle)
        #expect(BandMode(modifiers: [.control, .shift]) == .toggle)
        #expect(BandMode(modifiers: .alt) == .replace)
    }

    @Test func theRectangleRunsFromTheAnchorInAnyDirection() {
        var band = BandSession(anchor: Point(x: 100, y: 100), modifiers: [])
        _ = band.move(to: Point(x: 40, y: 160))
        #expect(band.rect == Rect(x: 40, y: 100, width: 60, height: 60))
    }

    @Test func itSelectsWhatItIntersectsAndNothingElse() {
        var band = BandSession(anchor: Point(x: 5, y: 5), modifiers: [])
        _ = band.move(to: Point(x: 60, y: 60))
        // Cells 0, 1 (x 50–90), 4 and 5 (y 50–90).
        #expect(band.items(in: grid) == [ItemRange(section: 0, items: 0...1), ItemRange(section: 0, items: 4...5)])
    }

    @Test(arguments: 0..<50) func aBandNeverSelectsOutsideItsRectangle(seed: Int) {
        var random = SplitMix64(seed: seed)
        let anchor = Point(x: random.unit() * 220, y: random.unit() * 520)
        var band = BandSession(anchor: anchor, modifiers: [])
        _ = band.move(to: Point(x: random.unit() * 220, y: random.unit() * 520))
        let selected = Set(band.items(in: grid).flatMap { $0.items })
        for item in 0..<grid.count {
            let touches = grid.frame(of: item).intersects(band.rect)
                || (band.rect.width == 0 || band.rect.height == 0) && grid.frame(of: item).intersects(band.rect.insetBy(dx: -0.25, dy: -0.25))
            if selected.contains(item) { #expect(touches, "item \(item) selected outside \(band.rect)") }
        }
    }

    @Test func aPressThatDoesNotMoveIsAClick() {
        var press = PressTracker(origin: Point(x: 10, y: 10), modifiers: .control)
        let small = press.move(to: Point(x: 12, y: 11))
        #expect(small == .pending)
        #expect(press.release() == .click(at: Point(x: 10, y: 10), modifiers: .control))
    }

    @Test func fourPixelsMakeABandAndThenNoClick() {
        var press = PressTracker(origin: Point(x: 10, y: 10), modifiers: .shift)
        let began = press.move(to: Point(x: 14, y: 10))
        #expect(began == .bandBegan(anchor: Point(x: 10, y: 10), modifiers: .shift))
        let again = press.move(to: Point(x: 30, y: 30))
        #expect(again == .pending, "began only once")
        #expect(press.release() == .pending)
    }
}

@Suite struct ClickActionTests {
    let list = FakeGrid(count: 20, columns: 1)

    @Test func plainClickReplaces() {
        #expect(ClickAction(item: ItemPath(item: 4), modifiers: [], anchor: ItemPath(item: 1), geometry: list) == .replace(ItemPath(item: 4)))
    }

    @Test func ctrlTogglesShiftSelectsARangeCtrlShiftAddsIt() {
        let anchor = ItemPath(item: 7)
        #expect(ClickAction(item: ItemPath(item: 4), modifiers: .control, anchor: anchor, geometry: list) == .toggle(ItemPath(item: 4)))
        #expect(ClickAction(item: ItemPath(item: 4), modifiers: .shift, anchor: anchor, geometry: list)
                == .selectRange([ItemRange(section: 0, items: 4...7)], additive: false))
        #expect(ClickAction(item: ItemPath(item: 9), modifiers: [.shift, .control], anchor: anchor, geometry: list)
                == .selectRange([ItemRange(section: 0, items: 7...9)], additive: true))
    }

    @Test func shiftWithoutAnAnchorSelectsTheItem() {
        #expect(ClickAction(item: ItemPath(item: 3), modifiers: .shift, anchor: nil, geometry: list)
                == .selectRange([ItemRange(section: 0, items: 3...3)], additive: false))
    }

    @Test func emptySpaceClearsOnlyWithoutModifiers() {
        #expect(ClickAction(item: nil, modifiers: [], anchor: nil, geometry: list) == .clear)
        #expect(ClickAction(item: nil, modifiers: .shift, anchor: nil, geometry: list) == .none)
    }
}
