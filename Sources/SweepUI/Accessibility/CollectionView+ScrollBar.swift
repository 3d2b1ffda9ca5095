import SweepAccessibility
import SweepGeometry
import SweepViews

/// The scroll bar a screen reader sees beside a list or grid whose items do
/// not fit (GTK's scrolled window and Qt's scroll area show theirs the same
/// way, next to the view, since a list's children are its items): a
/// vertical scroll bar with the Value interface, its value the scroll
/// offset in logical pixels from 0 to the furthest, its text the items in
/// view ("items 31 to 42 of 50,000"). A reader that sets the value scrolls
/// there, as dragging the thumb does; a scroll is told to readers at most
/// ten times a second, and where it stopped (`ValueChangeReporter`).
extension CollectionView {
    public var accessibleCompanions: [AccessibleObject] {
        guard itemView.scrollbar.maxOffset > 0 else { return [] }
        return [accessibleScrollBar]
    }

    var accessibleScrollBar: AccessibleObject {
        if let bar = accessibilityState.scrollBar { return bar }
        let bar = makeAccessibleScrollBar()
        accessibilityState.scrollBar = bar
        return bar
    }

    private func makeAccessibleScrollBar() -> AccessibleObject {
        let bar = AccessibleObject(role: .scrollBar)
        bar.states = { [unowned self] in
            itemView.scrollbar.maxOffset > 0 && isVisible ? AccessibleStates.usable.union(.vertical) : [.vertical]
        }
        bar.extents = { [unowned self] in itemView.scrollbar.grabArea ?? .zero }
        bar.value = AccessibleValue(
            minimum: { 0 },
            maximum: { [unowned self] in itemView.scrollbar.maxOffset },
            increment: { [unowned self] in visibleItemPaths.first.map { itemView.windowRect(of: $0).height } ?? 0 },
            current: { [unowned self] in itemView.scroll.offset },
            text: { [unowned self] in scrollBarText },
            setCurrent: { [unowned self] value in
                itemView.stopFling()
                itemView.scrollImmediately(to: min(max(0, value), itemView.scrollbar.maxOffset))
                reportScroll()
                host?.setNeedsFrame()
                return true
            })
        return bar
    }

    /// The first and last item in view.
    private var visibleItemPaths: [ItemPath] {
        let ranges = itemView.visibleItems
        guard let first = ranges.first, let last = ranges.last else { return [] }
        return [first.first, ItemPath(section: last.section, item: last.items.upperBound)]
    }

    /// "items 31 to 42 of 50,000", counted across sections.
    private var scrollBarText: String {
        let counts = selection.itemCounts
        let total = counts.reduce(0, +)
        let paths = visibleItemPaths
        guard paths.count == 2, total > 0 else { return "" }
        func number(_ path: ItemPath) -> Int { counts.prefix(min(path.section, counts.count)).reduce(0, +) + path.item + 1 }
        return "items \(NumberText.grouped(number(paths[0]))) to \(NumberText.grouped(number(paths[1]))) of \(NumberText.grouped(total))"
    }

    /// Tells readers the scroll bar's value changed (from `didCommitFrame`, at most ten times a second).
    func reportScrollValueToReaders() {
        guard let bar = accessibilityState.scrollBar, accessibility != nil, let window = host as? AppWindow else { return }
        window.application.valueChangeReporter.valueChanged(bar)
    }
}
