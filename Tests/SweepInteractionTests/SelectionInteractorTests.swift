import SweepGeometry
import SweepInput
import SweepLayout
import SweepSelection
import Testing
@testable import SweepInteraction

/// Allows sweeps and enters editing when one begins, like the demo.
final class DemoLikeDelegate: SelectionDelegate {
    weak var controller: SelectionController?
    var calls: [String] = []
    func shouldBeginMultipleSelectionInteraction(at item: ItemPath) -> Bool { true }
    func didBeginMultipleSelectionInteraction(at item: ItemPath) {
        calls.append("didBegin \(item.item)")
        controller?.setEditing(true)
    }
    func didEndMultipleSelectionInteraction() { calls.append("didEnd") }
}

@Suite struct SelectionInteractorTests {
    /// A list of 1,000 rows of 44 px in a 440 px viewport, multi-select while editing.
    /// The controller holds its delegate weakly: callers keep the delegate alive.
    private func makeList(count: Int = 1000) -> (SelectionInteractor<SectionedListLayout>, DemoLikeDelegate) {
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        let controller = SelectionController(itemCounts: [count], configuration: configuration)
        let delegate = DemoLikeDelegate()
        delegate.controller = controller
        controller.delegate = delegate
        let layout = SectionedListLayout(itemCounts: [count], width: 320)
        return (SelectionInteractor(layout: layout, selection: controller, viewportHeight: 440), delegate)
    }

    private func row(_ index: Int) -> Point { Point(x: 100, y: Double(index) * 44 + 22) }
    private func selected(_ interactor: SelectionInteractor<SectionedListLayout>) -> [ItemRange] {
        interactor.selection.model.effectiveRanges
    }

    /// A band leaves the anchor where it started and the focus where it ended:
    /// Shift+click and Shift+arrows go on from it, as in GTK and file managers.
    @Test func aBandLeavesAnAnchorAndAFocusForShiftClickAndShiftArrows() {
        let (interactor, delegate) = makeList()
        _ = delegate
        interactor.selection.setEditing(true)
        _ = interactor.beginBand(anchor: row(2), modifiers: [], to: row(4))
        _ = interactor.moveBand(to: row(7))
        let ended = interactor.endBand()
        #expect(ended.contains(.focus(ItemPath(section: 0, item: 7))))
        #expect(interactor.selection.anchor == ItemPath(section: 0, item: 2) && interactor.keyboard.focus == ItemPath(section: 0, item: 7))
        _ = interactor.click(atViewportPoint: row(9), modifiers: .shift)
        #expect(selected(interactor) == [ItemRange(section: 0, items: 2...9)], "Shift+click extends from the band's start")

        _ = interactor.beginBand(anchor: row(5), modifiers: [], to: row(4))
        _ = interactor.moveBand(to: row(3))
        _ = interactor.endBand()
        _ = interactor.key(.down, modifiers: .shift)
        #expect(selected(interactor) == [ItemRange(section: 0, items: 4...5)], "Shift+Down moves the band's end (3) on from its start (5)")
    }

    @Test func aBandOverNothingLeavesTheAnchorWhereItWas() {
        let (interactor, delegate) = makeList(count: 3)
        _ = delegate
        interactor.selection.setEditing(true)
        _ = interactor.click(atViewportPoint: row(1), modifiers: [])
        _ = interactor.beginBand(anchor: row(5), modifiers: [], to: row(6))
        _ = interactor.moveBand(to: row(8))
        let ended = interactor.endBand()
        #expect(!ended.contains { if case .focus = $0 { true } else { false } })
        #expect(interactor.selection.anchor == ItemPath(section: 0, item: 1))
    }

    @Test func aSweepEntersEditingSelectsItsSpanAndCommits() {
        let (interactor, delegate) = makeList()
        let began = interactor.beginSweep(at: row(2), input: .touch2)
        #expect(began.contains(.multiselect(phase: .began, item: ItemPath(item: 2), input: .touch2)))
        #expect(interactor.selection.isEditing)
        _ = interactor.moveSweep(to: row(6))
        #expect(selected(interactor) == [ItemRange(section: 0, items: 2...6)])
        _ = interactor.moveSweep(to: row(4))
        #expect(selected(interactor) == [ItemRange(section: 0, items: 2...4)], "rows that leave the span revert")
        _ = interactor.endSweep()
        #expect(interactor.selection.model.committed.ranges == [ItemRange(section: 0, items: 2...4)])
        #expect(delegate.calls == ["didBegin 2", "didEnd"])
    }

    @Test func aCancelledSweepRestoresTheSelection() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        _ = interactor.beginSweep(at: row(1), input: .touch2)
        _ = interactor.moveSweep(to: row(3))
        _ = interactor.endSweep()
        _ = interactor.beginSweep(at: row(2), input: .swipe)   // on a selected row: deselect mode
        _ = interactor.moveSweep(to: row(8))
        #expect(selected(interactor) == [ItemRange(section: 0, items: 1...1)])
        let events = interactor.cancelSweep()
        #expect(events.contains(.multiselect(phase: .cancelled, item: ItemPath(item: 8), input: .swipe)))
        #expect(selected(interactor) == [ItemRange(section: 0, items: 1...3)])
    }

    @Test func selectionsNeedNotBeContiguousAcrossScrolls() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        _ = interactor.beginSweep(at: row(1), input: .touch2)
        _ = interactor.moveSweep(to: row(3))
        _ = interactor.endSweep()
        interactor.setContentOffset(44 * 100)
        _ = interactor.beginSweep(at: row(0), input: .touch2)   // row 100 on screen
        _ = interactor.moveSweep(to: row(2))
        _ = interactor.endSweep()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 1...3), ItemRange(section: 0, items: 100...102)])
    }

    @Test func aSweepHeldAtTheBottomEdgeAutoscrollsAndExtends() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        _ = interactor.beginSweep(at: row(5), input: .touch2)
        _ = interactor.moveSweep(to: Point(x: 100, y: 435))   // 5 px above the bottom: deep in the 44 px zone
        #expect(interactor.wantsAutoscroll)
        let before = selected(interactor).last!.items.upperBound
        for _ in 0..<30 { _ = interactor.autoscroll(elapsed: 16) }
        #expect(interactor.contentOffset > 200)
        let after = selected(interactor).last!.items.upperBound
        #expect(after > before + 4, "the sweep extends over rows that scroll under the finger: \(before) → \(after)")
        #expect(after == Int((interactor.contentOffset + 435) / 44))
    }

    @Test func aBandReplacesExtendsOrTogglesByItsStartModifiers() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        interactor.selection.setEditing(true)
        _ = interactor.selection.selectRanges([ItemRange(section: 0, items: 0...1)], additive: false, source: .api)
        // Plain band over rows 3–5: replaces.
        interactor.pointerPressed(at: Point(x: 10, y: 3 * 44 + 10), modifiers: [])
        let began = interactor.pointerMoved(to: Point(x: 200, y: 5 * 44 + 10))
        #expect(began.first == .band(phase: .began, rect: Rect(x: 10, y: 142, width: 190, height: 88), mode: .replace))
        _ = interactor.pointerReleased()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 3...5)])
        // Shift: extends.
        interactor.pointerPressed(at: Point(x: 10, y: 8 * 44 + 10), modifiers: .shift)
        _ = interactor.pointerMoved(to: Point(x: 200, y: 9 * 44 + 10))
        _ = interactor.pointerReleased()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 3...5), ItemRange(section: 0, items: 8...9)])
        // Ctrl: toggles.
        interactor.pointerPressed(at: Point(x: 10, y: 4 * 44 + 10), modifiers: .control)
        _ = interactor.pointerMoved(to: Point(x: 200, y: 8 * 44 + 10))
        _ = interactor.pointerReleased()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 3...3), ItemRange(section: 0, items: 6...7), ItemRange(section: 0, items: 9...9)])
    }

    @Test func escapeCancelsABandAndRestores() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        interactor.selection.setEditing(true)
        _ = interactor.selection.selectRanges([ItemRange(section: 0, items: 0...1)], additive: false, source: .api)
        interactor.pointerPressed(at: Point(x: 10, y: 200), modifiers: [])
        _ = interactor.pointerMoved(to: Point(x: 100, y: 400))
        #expect(selected(interactor) != [ItemRange(section: 0, items: 0...1)])
        let events = interactor.key(.escape, modifiers: [])
        #expect(events.first.map { if case .band(.cancelled, _, _) = $0 { true } else { false } } == true)
        #expect(selected(interactor) == [ItemRange(section: 0, items: 0...1)])
        #expect(interactor.pointerReleased().isEmpty, "the release after a cancelled band does nothing")
    }

    @Test func aBandKeepsItsAnchorWhileAutoscrolling() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        interactor.selection.setEditing(true)
        interactor.pointerPressed(at: row(2), modifiers: [])
        _ = interactor.pointerMoved(to: Point(x: 100, y: 445))   // past the bottom edge
        for _ in 0..<20 { _ = interactor.autoscroll(elapsed: 16) }
        let ranges = selected(interactor)
        #expect(ranges.first?.items.lowerBound == 2, "the anchor row stays selected though it scrolled away")
        #expect(ranges.last!.items.upperBound > 10)
    }

    @Test func clicksSelectOnReleaseWithModifiers() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        interactor.selection.setEditing(true)
        interactor.pointerPressed(at: row(4), modifiers: [])
        _ = interactor.pointerReleased()
        interactor.pointerPressed(at: row(7), modifiers: .shift)
        _ = interactor.pointerReleased()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 4...7)])
        interactor.pointerPressed(at: row(5), modifiers: .control)
        _ = interactor.pointerReleased()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 4...4), ItemRange(section: 0, items: 6...7)])
        interactor.pointerPressed(at: row(9), modifiers: [.control, .shift])
        _ = interactor.pointerReleased()
        #expect(selected(interactor) == [ItemRange(section: 0, items: 4...9)], "Ctrl+Shift adds the range from the anchor (row 5)")
    }

    @Test func shiftArrowsExtendAndScrollTheFocusIntoView() {
        let (interactor, delegate) = makeList()
        defer { withExtendedLifetime(delegate) {} }
        interactor.selection.setEditing(true)
        _ = interactor.key(.down, modifiers: [])        // focus row 0
        var scrolled = false
        for _ in 0..<12 {
            let events = interactor.key(.down, modifiers: .shift)
            scrolled = scrolled || events.contains { if case .scroll = $0 { true } else { false } }
        }
        #expect(selected(interactor) == [ItemRange(section: 0, items: 0...12)])
        #expect(scrolled && interactor.contentOffset == 13 * 44 - 440)
        _ = interactor.key(.a, modifiers: .control)
        #expect(interactor.selection.selectedCount == 1000)
        #expect(interactor.key(.escape, modifiers: []) == [.endEditing])
    }
}
