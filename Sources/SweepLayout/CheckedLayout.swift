import SweepGeometry

/// An app's layout with its answers checked, so a layout that answers
/// nonsense costs a one-line report and a sane picture, never a crash:
/// after each `prepare(for:)` (and each zoom) the content size and a sample
/// of frames are checked, and a layout that fails is replaced by a list
/// until a later check passes; every query is asked only of items that
/// exist and its answer kept to them (items in a rectangle in index order,
/// clamped to the counts; frames and sizes finite). Each kind of problem is
/// reported once.
///
/// The built-in layouts need none of this; an `ItemsView` wraps only others.
public final class CheckedLayout: CollectionViewLayout {
    /// The app's layout.
    public let base: any CollectionViewLayout
    /// Told each kind of problem once, in one line (those found before it
    /// was set, when it is).
    public var onProblem: ((String) -> Void)? {
        didSet {
            guard let onProblem else { return }
            let waiting = unreported
            unreported.removeAll()
            waiting.forEach(onProblem)
        }
    }
    private var unreported: [String] = []
    /// The list that stands in while `base` fails.
    private var fallback: CollectionListLayout?
    private var counts: [Int] = []
    private var context = LayoutContext(itemCounts: [], width: 0)
    private var reported: Set<String> = []

    /// The most content a layout may claim: more is a mistake (16 million
    /// rows of 100,000 px are 1.6 × 10¹²), and past it scrolling loses pixels.
    public static let maximumContentLength = 1e13

    public init(_ base: any CollectionViewLayout) {
        self.base = base
    }

    /// Whether the app's layout failed its latest check (a list stands in).
    public var isFallingBack: Bool { fallback != nil }

    private var active: any CollectionViewLayout { fallback ?? base }

    public var invalidation: LayoutInvalidation { base.invalidation }

    public func prepare(for context: LayoutContext) {
        counts = context.itemCounts
        self.context = context
        base.prepare(for: context)
        check()
    }

    /// Checks the app's layout as it is now (after a preparation, or after a
    /// zoom laid it out at another size), a list standing in while it fails.
    /// Nothing is checked at width 0: a view not yet placed shows nothing.
    public func check() {
        guard context.width > 0, let problem = problem(in: base) else {
            fallback = nil
            return
        }
        report(problem, kind: "preparation")
        let list = fallback ?? CollectionListLayout()
        list.prepare(for: context)
        fallback = list
    }

    /// Tells `problem` once per `kind` (the query or check that found it),
    /// so a layout wrong on every item is one line, not one per item.
    private func report(_ problem: String, kind: String) {
        guard reported.insert(kind).inserted else { return }
        let line = "layout \(type(of: base)): \(problem)"
        if let onProblem { onProblem(line) } else { unreported.append(line) }
    }

    // MARK: - The check after preparing

    /// What is wrong with `layout` as prepared for `counts`, if anything.
    private func problem(in layout: any CollectionViewLayout) -> String? {
        let size = layout.contentSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            return "content size \(size.width) × \(size.height) is not a size; showing a list instead"
        }
        guard size.width <= Self.maximumContentLength, size.height <= Self.maximumContentLength else {
            return "content size \(size.width) × \(size.height) is too large; showing a list instead"
        }
        let total = counts.reduce(0) { $0 &+ max(0, $1) }
        guard total > 0 else { return nil }
        guard let first = layout.firstItem, let last = layout.lastItem, exists(first), exists(last) else {
            return "first or last item missing for \(total) items; showing a list instead"
        }
        // Frames of a sample of items across the counts: real rectangles inside the content.
        var previous: (ItemPath, Rect)?
        for item in sample(count: 32) {
            let frame = layout.frame(of: item)
            guard isSane(frame) else {
                return "frame of item \(item.section).\(item.item) is \(frame); showing a list instead"
            }
            guard frame.minX >= -1, frame.minY >= -1, frame.maxX <= size.width + 1, frame.maxY <= size.height + 1 else {
                return "item \(item.section).\(item.item) at \(frame) lies outside the content \(size.width) × \(size.height); showing a list instead"
            }
            if let (before, rect) = previous, before.section == item.section, before.item + 1 == item.item,
               rect.intersection(frame).width > 0.5, rect.intersection(frame).height > 0.5 {
                return "items \(before.section).\(before.item) and \(item.section).\(item.item) overlap; showing a list instead"
            }
            previous = (item, frame)
        }
        return nil
    }

    /// Up to `count` pairs of neighbouring items spread over the counts, in index order.
    private func sample(count: Int) -> [ItemPath] {
        var items: [ItemPath] = []
        let sections = counts.indices.filter { counts[$0] > 0 }
        guard !sections.isEmpty else { return [] }
        let perSection = max(1, count / sections.count)
        for section in sections.prefix(count) {
            let n = counts[section]
            let step = max(1, n / perSection)
            var item = 0
            while item < n && items.count < count * 2 {
                items.append(ItemPath(section: section, item: item))
                if item + 1 < n { items.append(ItemPath(section: section, item: item + 1)) }
                item += step
            }
            if items.last != ItemPath(section: section, item: n - 1) { items.append(ItemPath(section: section, item: n - 1)) }
        }
        return items
    }

    private func isSane(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
            && rect.width >= 0 && rect.height >= 0
    }

    private func exists(_ item: ItemPath) -> Bool {
        item.section >= 0 && item.section < counts.count && item.item >= 0 && item.item < counts[item.section]
    }

    private func existing(_ item: ItemPath?, query: String) -> ItemPath? {
        guard let item else { return nil }
        if exists(item) { return item }
        report("\(query) answered item \(item.section).\(item.item), which does not exist", kind: query)
        return nil
    }

    // MARK: - Queries, answered by the active layout and kept to what exists

    public var contentSize: Size {
        let size = active.contentSize
        let width = size.width.isFinite ? min(max(0, size.width), Self.maximumContentLength) : 0
        let height = size.height.isFinite ? min(max(0, size.height), Self.maximumContentLength) : 0
        return Size(width: width, height: height)
    }

    /// The app's layout is asked only of items that exist: a view may hold
    /// on to one a data change took away (a hover, a scroll target).
    public func frame(of item: ItemPath) -> Rect {
        guard exists(item) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let frame = active.frame(of: item)
        if isSane(frame) { return frame }
        report("frame(of:) answered \(frame)", kind: "frame(of:)")
        return Rect(x: 0, y: 0, width: 0, height: 0)
    }

    public func item(at point: Point) -> ItemPath? { existing(active.item(at: point), query: "item(at:)") }

    public func nearestItem(to point: Point) -> ItemPath? {
        existing(active.nearestItem(to: point), query: "nearestItem(to:)") ?? active.lastItem.flatMap { exists($0) ? $0 : nil }
    }

    public func items(in rect: Rect, into ranges: inout [ItemRange]) {
        active.items(in: rect, into: &ranges)
        var valid = true, sorted = true
        for (index, range) in ranges.enumerated() {
            if !counts.indices.contains(range.section) || range.items.lowerBound < 0 || range.items.upperBound >= counts[range.section] {
                valid = false
            }
            if index > 0 {
                let before = ranges[index - 1]
                if before.section > range.section || (before.section == range.section && before.items.upperBound >= range.items.lowerBound) {
                    sorted = false
                }
            }
        }
        guard !valid || !sorted else { return }
        if !valid { report("items(in:) answered items that do not exist", kind: "items(in:) existence") }
        if !sorted { report("items(in:) answered ranges out of index order", kind: "items(in:) order") }
        ranges = normalized(ranges)
    }

    /// `ranges` kept to existing items, in index order, merged where they meet.
    private func normalized(_ ranges: [ItemRange]) -> [ItemRange] {
        var kept: [ItemRange] = []
        for range in ranges where counts.indices.contains(range.section) && counts[range.section] > 0 {
            let low = max(0, range.items.lowerBound), high = min(counts[range.section] - 1, range.items.upperBound)
            if low <= high { kept.append(ItemRange(section: range.section, items: low...high)) }
        }
        kept.sort { ($0.section, $0.items.lowerBound) < ($1.section, $1.items.lowerBound) }
        var merged: [ItemRange] = []
        for range in kept {
            if let last = merged.last, last.section == range.section, range.items.lowerBound <= last.items.upperBound + 1 {
                merged[merged.count - 1] = ItemRange(section: last.section,
                                                     items: last.items.lowerBound...max(last.items.upperBound, range.items.upperBound))
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    public func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
        ItemCounts(counts).ranges(from: start, through: end, into: &ranges)
    }

    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        guard exists(item) else { return nil }
        return existing(active.item(movingFrom: item, direction: direction), query: "item(movingFrom:direction:)")
    }

    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        guard exists(item) else { return nil }
        return existing(active.item(pagingFrom: item, down: down, viewportHeight: viewportHeight), query: "item(pagingFrom:)")
    }

    public var firstItem: ItemPath? { existing(active.firstItem, query: "firstItem") }
    public var lastItem: ItemPath? { existing(active.lastItem, query: "lastItem") }

    public func headerFrame(ofSection section: Int) -> Rect? {
        guard let frame = active.headerFrame(ofSection: section) else { return nil }
        if isSane(frame) { return frame }
        report("headerFrame(ofSection:) answered \(frame)", kind: "headerFrame(ofSection:)")
        return nil
    }

    public func sections(in rect: Rect) -> ClosedRange<Int>? {
        guard let sections = active.sections(in: rect), !counts.isEmpty else { return nil }
        let low = max(0, sections.lowerBound), high = min(counts.count - 1, sections.upperBound)
        return low <= high ? low...high : nil
    }

    public var lineHeight: Double {
        let line = active.lineHeight
        return line.isFinite && line > 0 ? min(line, 100_000) : 44
    }

    public var itemShape: ItemShape { active.itemShape }
    public var columnCount: Int { min(max(1, active.columnCount), 1 << 20) }

    public func insertion(at point: Point) -> LayoutInsertion? {
        guard let insertion = active.insertion(at: point) else { return nil }
        let gap = insertion.gap
        guard counts.indices.contains(gap.section), gap.item >= 0, gap.item <= counts[gap.section] else {
            report("insertion(at:) answered a gap at \(gap.section).\(gap.item), which does not exist", kind: "insertion(at:)")
            return nil
        }
        return LayoutInsertion(item: existing(insertion.item, query: "insertion(at:)"), gap: gap)
    }

    public func insertionIndicator(at gap: ItemPath, itemsInSection count: Int) -> Rect {
        let rect = active.insertionIndicator(at: gap, itemsInSection: count)
        return isSane(rect) ? rect : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    public func contentOffset(afterWidthChangeKeeping anchor: ViewportAnchor) -> Double {
        let offset = active.contentOffset(afterWidthChangeKeeping: anchor)
        return offset.isFinite ? offset : 0
    }
}
