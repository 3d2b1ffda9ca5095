import SweepGeometry
import SweepLayout
import SweepInput
import Testing
@testable import SweepInteraction

@Suite struct KeyboardNavigatorTests {
    let grid = FakeGrid(count: 20, columns: 4)

    /// Holds the navigator so `#expect` can call a non-mutating `press`.
    final class Keys {
        var navigator: KeyboardNavigator
        let grid: FakeGrid
        init(_ navigator: KeyboardNavigator, _ grid: FakeGrid) { self.navigator = navigator; self.grid = grid }
        func press(_ key: KeySym, _ modifiers: Modifiers = [], selectsOnMove: Bool = false) -> [KeyboardAction] {
            navigator.handle(key, modifiers: modifiers, geometry: grid, viewportHeight: 100, selectsOnMove: selectsOnMove)
        }
    }

    @Test func homeAndEndWithNoFocusGoWhereTheySay() {
        let keys = Keys(KeyboardNavigator(), grid)
        #expect(keys.press(.end) == [.focus(ItemPath(item: 19))])
        let other = Keys(KeyboardNavigator(), grid)
        #expect(other.press(.home) == [.focus(ItemPath(item: 0))])
    }

    @Test func theFirstKeyFocusesTheFirstItem() {
        let keys = Keys(KeyboardNavigator(), grid)
        #expect(keys.press(.down) == [.focus(ItemPath(item: 0))])
    }

    @Test func arrowsMoveByCellAndByRow() {
        let keys = Keys(KeyboardNavigator(focus: ItemPath(item: 5)), grid)
        #expect(keys.press(.down) == [.focus(ItemPath(item: 9))])
        #expect(keys.press(.left) == [.focus(ItemPath(item: 8))])
        #expect(keys.press(.left) == [], "the left edge")
    }

    @Test func shiftArrowsExtendFromTheAnchor() {
        let keys = Keys(KeyboardNavigator(focus: ItemPath(item: 5)), grid)
        #expect(keys.press(.right, .shift) == [.focus(ItemPath(item: 6)), .selectRange([ItemRange(section: 0, items: 5...6)], additive: false)])
        #expect(keys.press(.down, .shift) == [.focus(ItemPath(item: 10)), .selectRange([ItemRange(section: 0, items: 5...10)], additive: false)])
        #expect(keys.navigator.anchor == ItemPath(item: 5))
    }

    @Test func spaceTogglesAndMovesTheAnchor() {
        let keys = Keys(KeyboardNavigator(focus: ItemPath(item: 2)), grid)
        _ = keys.press(.right)
        #expect(keys.press(.space) == [.toggle(ItemPath(item: 3))])
        #expect(keys.navigator.anchor == ItemPath(item: 3))
    }

    @Test func homeEndPagesEnterCtrlAEscape() {
        let keys = Keys(KeyboardNavigator(focus: ItemPath(item: 2)), grid)
        #expect(keys.press(.end) == [.focus(ItemPath(item: 19))])
        #expect(keys.press(.home) == [.focus(ItemPath(item: 0))])
        #expect(keys.press(.pageDown) == [.focus(ItemPath(item: 8))])
        #expect(keys.press(.returnKey) == [.activate(ItemPath(item: 8))])
        #expect(keys.press(.a, .control) == [.selectAll])
        #expect(keys.press(.escape) == [.endEditing])
    }

    @Test func inNormalModeMovingSelects() {
        let keys = Keys(KeyboardNavigator(focus: ItemPath(item: 2)), grid)
        #expect(keys.press(.down, selectsOnMove: true) == [.focus(ItemPath(item: 6)), .selectOnly(ItemPath(item: 6))])
    }
}
