import SweepGeometry

/// Sweeps and bands: a provisional selection the gesture updates, then
/// commits or cancels. The policy holds throughout.
extension SelectionController {
    /// Asks whether a sweep may start on `item` and, if so, tells the delegate
    /// it began (the demo enters editing mode there).
    public func beginMultipleSelection(at item: ItemPath) -> Bool {
        guard shouldBeginMultipleSelection(at: item) else { return false }
        delegate?.didBeginMultipleSelectionInteraction(at: item)
        return true
    }

    /// Only asks whether a sweep may start on `item` (a recognizer's should-begin);
    /// `didBeginMultipleSelection(at:)` follows when it does start.
    public func shouldBeginMultipleSelection(at item: ItemPath) -> Bool {
        model.provisionalKind == nil && exists(item)
            && delegate?.shouldBeginMultipleSelectionInteraction(at: item) ?? false
    }

    /// Tells the delegate a sweep that was already agreed to has begun.
    public func didBeginMultipleSelection(at item: ItemPath) {
        delegate?.didBeginMultipleSelectionInteraction(at: item)
    }

    /// Tells the delegate a sweep ended (after its commit or cancel).
    public func endMultipleSelection() {
        delegate?.didEndMultipleSelectionInteraction()
    }

    /// Sets what a running sweep or band covers; adds the effective change to `change`.
    /// Forbidden and missing items are left out; in single-selection mode at
    /// most one item stays selected.
    public func updateProvisional(_ kind: ProvisionalKind, _ ranges: [ItemRange], into change: inout SelectionChange) {
        guard configuration.allowsSelection(editing: isEditing) else { return }
        if configuration.allowsMultipleSelection(editing: isEditing) {
            let allowed = ranges.allSatisfy { range in clampedRange(range) == range && predicate.allowsAll(of: range) }
                ? ranges : ranges.compactMap(clampedRange).flatMap { predicate.selectableParts(of: $0) }
            model.setProvisional(ProvisionalSelection(kind, allowed), into: &change)
        } else {
            // One item at most: the newest end of a sweep, the first item of a band.
            let parts = ranges.compactMap(clampedRange).flatMap { predicate.selectableParts(of: $0) }
            let one = (kind == .select || kind == .deselect ? parts.last?.last : parts.first?.first)
                .map { [ItemRange(section: $0.section, items: $0.item...$0.item)] } ?? []
            let single: ProvisionalKind = kind == .deselect ? .deselect : .replace
            model.setProvisional(ProvisionalSelection(single, one), into: &change)
        }
    }

    /// Convenience form of `updateProvisional(_:_:into:)`.
    public func updateProvisional(_ kind: ProvisionalKind, _ ranges: [ItemRange]) -> SelectionChange {
        var change = SelectionChange()
        updateProvisional(kind, ranges, into: &change)
        return change
    }

    /// Keeps what the gesture did.
    public func commitProvisional() {
        model.commitProvisional()
    }

    /// Drops what the gesture did; returns what that restored.
    public func cancelProvisional() -> SelectionChange {
        model.cancelProvisional()
    }

    func clampedRange(_ range: ItemRange) -> ItemRange? {
        guard range.section >= 0, range.section < itemCounts.count else { return nil }
        let lower = max(0, range.items.lowerBound), upper = min(itemCounts[range.section] - 1, range.items.upperBound)
        return lower <= upper ? ItemRange(section: range.section, items: lower...upper) : nil
    }

    func exists(_ item: ItemPath) -> Bool {
        item.section >= 0 && item.section < itemCounts.count && item.item >= 0 && item.item < itemCounts[item.section]
    }
}
