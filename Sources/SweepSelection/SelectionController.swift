import SweepGeometry

/// A view's selection: the model, UIKit's configuration, editing mode, the
/// predicate and the delegate, with the user actions (which ask the
/// delegate) and the programmatic API (which does not call did-select, as in
/// UIKit). Every change is returned as a `SelectionChange`.
///
/// Choices where UIKit's documents are silent:
/// - Leaving editing mode clears the whole selection (everything selected is
///   either made while editing or carried into it). Entering editing keeps
///   the selection if the editing policy allows it, trimmed to one item when
///   only single selection is allowed while editing.
/// - Range selections (Shift-click, Shift-arrows, select all, sweeps, bands)
///   report one `selection` change, not a delegate call per item, so that
///   ten million items cost one call.
/// - In single-selection mode a sweep or band keeps at most one item: the
///   one under the point (a sweep) or the first the band covers.
public final class SelectionController {
    public internal(set) var model = SelectionModel()
    public var configuration: SelectionConfiguration
    public private(set) var isEditing = false
    public var predicate: SelectionPredicate
    public weak var delegate: SelectionDelegate?
    /// Items per section; select-all and ranges are clamped to them.
    public var itemCounts: [Int]
    /// Coming back from an activated item deselects it (UIKit's `clearsSelectionOnViewWillAppear`).
    public var clearsSelectionOnReturn = true
    /// The item activated last (in normal mode), deselected on return.
    public internal(set) var activatedItem: ItemPath?

    public init(itemCounts: [Int], configuration: SelectionConfiguration = SelectionConfiguration(),
                predicate: SelectionPredicate = AllowAllItems()) {
        self.itemCounts = itemCounts
        self.configuration = configuration
        self.predicate = predicate
    }

    public var selectedCount: Int { model.count }
    public func isSelected(_ item: ItemPath) -> Bool { model.isSelected(item) }
    /// The committed selection's index paths in order, lazily.
    public var selectedIndexPaths: some Sequence<ItemPath> { model.committed.indexPaths }
    public var anchor: ItemPath? { model.anchor }

    private var allowsSelection: Bool { configuration.allowsSelection(editing: isEditing) }
    private var allowsMultiple: Bool { configuration.allowsMultipleSelection(editing: isEditing) }

    /// The parts of `ranges` that exist and the predicate allows.
    private func selectable(_ ranges: [ItemRange]) -> [ItemRange] {
        ranges.compactMap(clampedRange).flatMap { predicate.selectableParts(of: $0) }
    }

    // MARK: - Editing

    /// Enters or leaves editing mode; returns what that deselected.
    @discardableResult
    public func setEditing(_ editing: Bool) -> SelectionChange {
        guard editing != isEditing else { return SelectionChange() }
        cancelProvisionalIfAny()
        isEditing = editing
        var change = SelectionChange()
        if !editing || !allowsSelection {
            model.withCommitted { $0.removeAll(into: &change) }
        } else if !allowsMultiple, let first = model.committed.first, model.committed.count > 1 {
            // Single selection while editing: keep the first item only.
            model.withCommitted { selection in
                for range in selection.ranges {
                    if range.section == first.section && range.items.contains(first.item) {
                        if range.items.lowerBound < first.item {
                            selection.remove(ItemRange(section: range.section, items: range.items.lowerBound...(first.item - 1)), into: &change)
                        }
                        if range.items.upperBound > first.item {
                            selection.remove(ItemRange(section: range.section, items: (first.item + 1)...range.items.upperBound), into: &change)
                        }
                    } else {
                        selection.remove(range, into: &change)
                    }
                }
            }
        }
        if !editing { activatedItem = nil }
        return change
    }

    private func cancelProvisionalIfAny() {
        if model.provisionalKind != nil { _ = model.cancelProvisional() }
    }

    // MARK: - User actions (ask the delegate)

    /// Selects `item` as a person did (tap, click, key): asks should-select
    /// (which may refuse or redirect), keeps single selection, calls
    /// did-deselect / did-select, and in normal mode activates the item.
    @discardableResult
    public func select(_ item: ItemPath, source: SelectionSource) -> SelectionChange {
        var change = SelectionChange()
        guard model.provisionalKind == nil, allowsSelection, exists(item), predicate.canSelect(item) else { return change }
        let target: ItemPath
        if source == .api {
            target = item
        } else {
            let answer: ItemPath?
            if let delegate { answer = delegate.shouldSelect(item, source: source) } else { answer = item }
            guard let redirected = answer, exists(redirected), predicate.canSelect(redirected) else { return change }
            target = redirected
        }
        if !allowsMultiple {
            let others = model.committed.indexPaths.filter { $0 != target }
            for other in others { deselectOne(other, source: source, asking: false, into: &change) }
        }
        if !model.committed.contains(target) {
            model.withCommitted { $0.insert(ItemRange(section: target.section, items: target.item...target.item), into: &change) }
            if source != .api { delegate?.didSelect(target, source: source) }
        }
        model.anchor = target
        if !isEditing && source != .api && source != .sweep && source != .band {
            activatedItem = target
            delegate?.didActivate(target)
        }
        return change
    }

    /// Deselects `item` as a person did, if should-deselect agrees.
    @discardableResult
    public func deselect(_ item: ItemPath, source: SelectionSource) -> SelectionChange {
        var change = SelectionChange()
        guard model.provisionalKind == nil else { return change }
        deselectOne(item, source: source, asking: source != .api, into: &change)
        return change
    }

    private func deselectOne(_ item: ItemPath, source: SelectionSource, asking: Bool, into change: inout SelectionChange) {
        guard model.committed.contains(item) else { return }
        if asking, !(delegate?.shouldDeselect(item, source: source) ?? true) { return }
        model.withCommitted { $0.remove(ItemRange(section: item.section, items: item.item...item.item), into: &change) }
        if source != .api { delegate?.didDeselect(item, source: source) }
    }

    /// Selects or deselects `item` (a tap in editing mode, Ctrl+click, Space).
    @discardableResult
    public func toggle(_ item: ItemPath, source: SelectionSource) -> SelectionChange {
        model.committed.contains(item) ? deselect(item, source: source) : select(item, source: source)
    }

    /// Selects `ranges` (Shift-click, Shift-arrows), replacing the selection or
    /// adding to it; the anchor stays. In single-selection mode only the last
    /// item of the ranges is selected.
    @discardableResult
    public func selectRanges(_ ranges: [ItemRange], additive: Bool, source: SelectionSource) -> SelectionChange {
        guard model.provisionalKind == nil, allowsSelection else { return SelectionChange() }
        guard allowsMultiple else {
            guard let last = ranges.last else { return SelectionChange() }
            let anchor = model.anchor
            let change = select(last.last, source: source)
            model.anchor = anchor
            return change
        }
        var change = SelectionChange()
        let parts = selectable(ranges)
        if !additive || model.committed.isEmpty, Self.areSortedAndSeparate(parts) {
            // A whole new selection in order (a view's rows re-sorted, selected again): the
            // trees are built at once and the change is a merge of the two lists, O(r + r').
            let old = model.committed.ranges
            for range in Self.subtracting(parts, from: old) { change.remove(range) }
            for range in Self.subtracting(old, from: parts) { change.add(range) }
            model.withCommitted { selection in selection = Selection(sortedRanges: parts) }
            return change
        }
        model.withCommitted { selection in
            if !additive {
                // Remove what falls outside the new ranges, then add the ranges.
                var keep = Selection()
                for part in parts { keep.insert(part) }
                for range in selection.ranges {
                    keep.forEachGap(in: range) { selection.remove($0, into: &change) }
                }
            }
            for part in parts { selection.insert(part, into: &change) }
        }
        return change
    }

    /// Whether `ranges` are in index order, non-empty, disjoint and not
    /// adjacent within each section (what a `Selection` holds).
    static func areSortedAndSeparate(_ ranges: [ItemRange]) -> Bool {
        for (a, b) in zip(ranges, ranges.dropFirst()) {
            guard a.section < b.section || (a.section == b.section && a.items.upperBound + 1 < b.items.lowerBound) else { return false }
        }
        return ranges.allSatisfy { $0.section >= 0 }
    }

    /// The items of `ranges` not in `removed`, both in index order and
    /// separate. - Complexity: O(r + r'), one pass over each.
    static func subtracting(_ removed: [ItemRange], from ranges: [ItemRange]) -> [ItemRange] {
        var result: [ItemRange] = [], first = 0
        for range in ranges {
            let section = range.section
            var low = range.items.lowerBound
            let high = range.items.upperBound
            // Removed ranges wholly before this one are done with (the next ones start later still).
            while first < removed.count,
                  removed[first].section < section || (removed[first].section == section && removed[first].items.upperBound < low) {
                first += 1
            }
            var next = first
            while low <= high, next < removed.count, removed[next].section == section, removed[next].items.lowerBound <= high {
                if removed[next].items.lowerBound > low { result.append(ItemRange(section: section, items: low...(removed[next].items.lowerBound - 1))) }
                low = max(low, removed[next].items.upperBound + 1)
                next += 1
            }
            if low <= high { result.append(ItemRange(section: section, items: low...high)) }
        }
        return result
    }

    // MARK: - Programmatic API (no did-select calls)

    /// Selects `item` and asks the view to scroll to it. Single selection and the predicate still hold.
    public func selectItem(at item: ItemPath, scrollPosition: ScrollPosition) -> (SelectionChange, ScrollRequest?) {
        let change = select(item, source: .api)
        let request = model.committed.contains(item) && scrollPosition != .none || (scrollPosition == .none && exists(item))
            ? ScrollRequest(item: item, position: scrollPosition) : nil
        return (change, request)
    }

    @discardableResult
    public func deselectItem(at item: ItemPath) -> SelectionChange {
        deselect(item, source: .api)
    }

    /// Selects every selectable item: one range per section with an
    /// all-allowing predicate. - Complexity: O(sections + ranges touched).
    @discardableResult
    public func selectAll() -> SelectionChange {
        guard model.provisionalKind == nil, allowsSelection, allowsMultiple else { return SelectionChange() }
        var change = SelectionChange()
        let ranges = itemCounts.enumerated().compactMap { section, count in
            count > 0 ? ItemRange(section: section, items: 0...(count - 1)) : nil
        }
        let parts = selectable(ranges)
        model.withCommitted { selection in for part in parts { selection.insert(part, into: &change) } }
        return change
    }

    @discardableResult
    public func deselectAll() -> SelectionChange {
        cancelProvisionalIfAny()
        var change = SelectionChange()
        model.withCommitted { $0.removeAll(into: &change) }
        return change
    }

    /// The selected item nearest `item`, to scroll to (UIKit's scrollToNearestSelectedRow).
    public func nearestSelectedItem(to item: ItemPath) -> ItemPath? {
        model.committed.nearest(to: item)
    }

    /// Coming back to the list after activating an item: deselect it (with the
    /// view's fade) when `clearsSelectionOnReturn`.
    @discardableResult
    public func returnFromActivation() -> SelectionChange {
        defer { activatedItem = nil }
        guard clearsSelectionOnReturn, let item = activatedItem else { return SelectionChange() }
        return deselect(item, source: .api)
    }

    // MARK: - Data changes

    /// Applies a batch of data changes (UIKit's `performBatchUpdates`, GTK's
    /// `items-changed`) to the selection: validates it against `itemCounts`,
    /// sets `itemCounts` to the counts after it, and makes the selection
    /// (committed and provisional), the anchor and the activated item follow
    /// their items. Nothing is deselected but deleted items; no delegate is
    /// called. On error nothing changes.
    ///
    /// The returned mapping maps the caller's own index paths (the focus,
    /// the item at the top of the viewport: `mapNearest`). Predicates that
    /// hold index paths (`ForbiddenItems`) are the caller's to update.
    /// - Parameter newItemCounts: the counts the data source reports after
    ///   the batch, checked against the batch when given.
    /// - Complexity: O(s + u log u + r + g + m log r): sections, batch
    ///   entries, selected ranges, segments and moves; never items.
    @discardableResult
    public func apply(_ update: ItemUpdate, newItemCounts: [Int]? = nil) throws(ItemUpdateError) -> ItemUpdateResult {
        let mapping = try ItemMapping(oldItemCounts: itemCounts, update: update, newItemCounts: newItemCounts)
        let deselected = model.apply(mapping)
        itemCounts = mapping.newItemCounts
        activatedItem = activatedItem.flatMap { mapping.map($0) }
        return ItemUpdateResult(mapping: mapping, deselectedCount: deselected)
    }

    /// Sets the anchor (a tap or keyboard focus elsewhere).
    public func setAnchor(_ item: ItemPath?) {
        model.anchor = item
    }
}

/// What `SelectionController.apply(_:newItemCounts:)` did.
public struct ItemUpdateResult: Sendable {
    /// Where every old item went: map the caller's own index paths with it.
    public let mapping: ItemMapping
    /// How many effectively selected items the batch deleted (the selected
    /// count fell by this much; inserts are never selected).
    public let deselectedCount: Int

    public init(mapping: ItemMapping, deselectedCount: Int) {
        self.mapping = mapping
        self.deselectedCount = deselectedCount
    }
}
