import SweepGeometry

/// A committed selection, the provisional one a sweep or band is making on
/// top of it, and the anchor of range selection (after androidx's
/// recyclerview-selection). Queries answer for the effective selection.
///
/// Updates of a running sweep or band reuse the model's own scratch storage,
/// so in steady state they do not allocate (the benchmarks count mallocs).
public struct SelectionModel: Sendable {
    public private(set) var committed = Selection()
    /// The kind of the running provisional selection, nil when none runs.
    /// Its ranges are kept as a set (`provisionalRanges`), not as the array
    /// the caller passed, so the caller can reuse its buffer without copying.
    public private(set) var provisionalKind: ProvisionalKind?
    /// Where Shift-click and Shift-arrow ranges start.
    public var anchor: ItemPath?

    // The provisional ranges as a set, for O(log r) membership, and scratch
    // storage reused by every update.
    private var covered = Selection()
    private var nextCovered = Selection()
    private var candidates = Selection()
    private var cuts: [Int] = []

    public init() {}

    /// - Complexity: O(log r).
    public func isSelected(_ item: ItemPath) -> Bool {
        guard let kind = provisionalKind else { return committed.contains(item) }
        return kind.effective(committed: committed.contains(item), covered: covered.contains(item))
    }

    /// Sets the provisional selection and adds to `change` how the effective
    /// selection changed. Only the items entering or leaving the provisional
    /// ranges are examined while the kind stays the same (a running gesture).
    /// - Complexity: O((a + b) log r) for a, b provisional ranges before and
    ///   after; O(r) when a band that replaces begins or the kind changes.
    public mutating func setProvisional(_ new: ProvisionalSelection, into change: inout SelectionChange) {
        nextCovered.removeAll()
        for range in new.ranges { nextCovered.insert(range) }
        candidates.removeAll()
        let oldKind = provisionalKind
        if oldKind == nil || oldKind == new.kind {
            nextCovered.forEachRange { range in covered.forEachGap(in: range) { candidates.insert($0) } }
            covered.forEachRange { range in nextCovered.forEachGap(in: range) { candidates.insert($0) } }
            if oldKind == nil && new.kind == .replace {
                // Replacing starts by dropping every committed item outside the band.
                committed.forEachRange { candidates.insert($0) }
            }
        } else {
            committed.forEachRange { candidates.insert($0) }
            covered.forEachRange { candidates.insert($0) }
            nextCovered.forEachRange { candidates.insert($0) }
        }
        let before = provisionalKind
        candidates.forEachRange { range in
            Self.runs(of: range, committed: committed, before: before, beforeCovered: covered, after: new.kind,
                      afterCovered: nextCovered, cuts: &cuts) { run, was, now in
                if was && !now { change.remove(run) } else if !was && now { change.add(run) }
            }
        }
        swap(&covered, &nextCovered)
        provisionalKind = new.kind
    }

    /// Convenience form of `setProvisional(_:into:)`.
    public mutating func setProvisional(_ new: ProvisionalSelection) -> SelectionChange {
        var change = SelectionChange()
        setProvisional(new, into: &change)
        return change
    }

    /// Makes the effective selection the committed one. The effective
    /// selection does not change, so nothing is reported.
    public mutating func commitProvisional() {
        guard let kind = provisionalKind else { return }
        var ignored = SelectionChange()
        switch kind {
        case .select, .extend:
            covered.forEachRange { committed.insert($0) }
        case .deselect:
            covered.forEachRange { committed.remove($0, into: &ignored) }
        case .replace:
            committed.removeAll()
            covered.forEachRange { committed.insert($0) }
        case .toggle:
            covered.forEachRange { committed.toggle($0, into: &ignored) }
        }
        provisionalKind = nil
        covered.removeAll()
    }

    /// The ranges the running provisional selection covers, in index order.
    public var provisionalRanges: [ItemRange] { covered.ranges }

    /// Drops the provisional selection: the effective selection returns
    /// exactly to the committed one. Adds what that changed to `change`.
    public mutating func cancelProvisional(into change: inout SelectionChange) {
        guard let kind = provisionalKind else { return }
        candidates.removeAll()
        covered.forEachRange { candidates.insert($0) }
        if kind == .replace { committed.forEachRange { candidates.insert($0) } }
        candidates.forEachRange { range in
            Self.runs(of: range, committed: committed, before: kind, beforeCovered: covered, after: nil,
                      afterCovered: covered, cuts: &cuts) { run, was, now in
                if was && !now { change.remove(run) } else if !was && now { change.add(run) }
            }
        }
        provisionalKind = nil
        covered.removeAll()
    }

    /// Convenience form of `cancelProvisional(into:)`.
    public mutating func cancelProvisional() -> SelectionChange {
        var change = SelectionChange()
        cancelProvisional(into: &change)
        return change
    }

    /// Changes the committed selection directly (no provisional selection may be running).
    public mutating func withCommitted<Result>(_ body: (inout Selection) -> Result) -> Result {
        precondition(provisionalKind == nil, "commit or cancel the provisional selection first")
        return body(&committed)
    }

    /// The effective selection's ranges in index order (the event log's `ranges`).
    /// - Complexity: O(r).
    public var effectiveRanges: [ItemRange] {
        guard let kind = provisionalKind else { return committed.ranges }
        var all = Selection()
        committed.forEachRange { all.insert($0) }
        covered.forEachRange { all.insert($0) }
        var effective = Selection()
        var scratch: [Int] = []
        all.forEachRange { range in
            Self.runs(of: range, committed: committed, before: nil, beforeCovered: covered, after: kind,
                      afterCovered: covered, cuts: &scratch) { run, _, now in
                if now { effective.insert(run) }
            }
        }
        return effective.ranges
    }

    /// The number of effectively selected items. - Complexity: O(1) at rest, O(r) during a gesture.
    public var count: Int {
        provisionalKind == nil ? committed.count : effectiveRanges.reduce(0) { $0 + $1.count }
    }

    // MARK: - Data changes

    /// Makes the selection follow its items through a batch of data changes:
    /// the committed selection and, if a sweep or band is running, the
    /// ranges it covers (its kind stays) are mapped by `mapping`; the anchor
    /// follows its item and becomes nil when that item is deleted. Inserted
    /// items are not selected, moved ones carry their state.
    ///
    /// The effective selection after the batch is the mapped effective
    /// selection, since both parts move the same way.
    /// - Returns: the number of effectively selected items the batch deleted.
    /// - Complexity: O(s + (u + m) log r + k), as `ItemMapping.apply(to:)`
    ///   (plus O(r) to count the effective selection during a gesture).
    @discardableResult
    public mutating func apply(_ mapping: ItemMapping) -> Int {
        let before = count
        mapping.apply(to: &committed)
        if provisionalKind != nil { mapping.apply(to: &covered) }
        anchor = anchor.flatMap { mapping.map($0) }
        return before - count
    }

    // MARK: - Range arithmetic

    /// Splits `range` into runs over which committed, old-covered and
    /// new-covered membership are all constant, and reports the effective
    /// state before and after for each (a nil kind = no provisional selection).
    private static func runs(of range: ItemRange, committed: Selection, before: ProvisionalKind?, beforeCovered: Selection,
                             after: ProvisionalKind?, afterCovered: Selection, cuts: inout [Int],
                             _ body: (ItemRange, Bool, Bool) -> Void) {
        cuts.removeAll(keepingCapacity: true)
        cuts.append(range.items.lowerBound)
        cuts.append(range.items.upperBound + 1)
        func addCuts(_ selection: Selection) {
            selection.forEachIntersection(with: range) { part in
                cuts.append(part.items.lowerBound)
                cuts.append(part.items.upperBound + 1)
            }
        }
        addCuts(committed)
        if before != nil { addCuts(beforeCovered) }
        if after != nil { addCuts(afterCovered) }
        cuts.sort()
        var previous = cuts[0]
        for cut in cuts.dropFirst() where cut > previous {
            let item = ItemPath(section: range.section, item: previous)
            let isCommitted = committed.contains(item)
            let was = before.map { $0.effective(committed: isCommitted, covered: beforeCovered.contains(item)) } ?? isCommitted
            let now = after.map { $0.effective(committed: isCommitted, covered: afterCovered.contains(item)) } ?? isCommitted
            body(ItemRange(section: range.section, items: previous...(cut - 1)), was, now)
            previous = cut
        }
    }
}
