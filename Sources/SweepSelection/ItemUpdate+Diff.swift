import SweepGeometry

/// Why two lists of item identifiers cannot be diffed into an `ItemUpdate`.
public enum ItemIdentifierError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which list of identifiers is at fault: the one before the change or the one after it.
    public enum Snapshot: Hashable, Sendable {
        case old, new
    }

    /// An identifier occurs twice in one snapshot, at `first` and again at
    /// `duplicate` (index paths in that snapshot). `identifier` is the
    /// identifier's `String(describing:)`.
    case duplicateIdentifier(String, snapshot: Snapshot, first: ItemPath, duplicate: ItemPath)
    /// A section identifier occurs twice in one `ItemSnapshot`, as section
    /// `first` and again as section `duplicate`. `identifier` is the
    /// identifier's `String(describing:)`.
    case duplicateSectionIdentifier(String, snapshot: Snapshot, first: Int, duplicate: Int)
    /// The old and new snapshots have different numbers of sections; a batch
    /// changes the items in each section, never the sections themselves.
    case sectionCountMismatch(old: Int, new: Int)

    public var description: String {
        switch self {
        case let .duplicateIdentifier(identifier, snapshot, first, duplicate):
            "Invalid identifiers: \(identifier) occurs at both \(first) and \(duplicate) of the \(snapshot) snapshot; item identifiers must be unique"
        case let .duplicateSectionIdentifier(identifier, snapshot, first, duplicate):
            "Invalid identifiers: section \(identifier) occurs as both section \(first) and section \(duplicate) of the \(snapshot) snapshot; section identifiers must be unique"
        case let .sectionCountMismatch(old, new):
            "Invalid identifiers: the old snapshot has \(old) sections and the new one \(new); an update does not insert or remove sections"
        }
    }
}

extension ItemUpdate {
    /// The batch that turns the items identified by `old` into those
    /// identified by `new`, in one section: what a diffable data source
    /// computes when it applies a snapshot.
    ///
    /// Key the items by a stable identity (a database key, a file's inode, a
    /// UUID; not the object, which a refresh may replace) and pass the
    /// identifiers in display order before and after a change: a re-sort, a
    /// refresh that makes new objects, items added and removed, any reorder.
    /// The batch, applied through `ItemMapping` (or
    /// `SelectionController.apply(_:newItemCounts:)`), maps every old item
    /// whose identifier is still in `new` to that identifier's new offset, so
    /// the selection, the anchor and the activated item stay on the same
    /// items. An identifier only in `old` is deleted (it leaves the
    /// selection), one only in `new` is inserted (not selected).
    ///
    /// The batch has UIKit's semantics (see `ItemUpdate`):
    /// - `deleted`: the offsets in `old` whose identifier is not in `new`,
    ///   consecutive offsets coalesced into one range, in increasing order;
    /// - `inserted`: the offsets in `new` whose identifier is not in `old`,
    ///   coalesced the same way;
    /// - `moved`: the fewest moves there can be: the surviving items that
    ///   keep their relative order (a longest increasing subsequence of
    ///   their old offsets, taken in new order) stay, every other surviving
    ///   item is one `ItemMove` (old offset → new offset), in order of
    ///   destination. Moving one item of n gives one move, not n; reversing
    ///   n items gives n − 1;
    /// - `reloaded`: empty. An identity diff cannot see that an item's content
    ///   changed; append such items (old offsets) yourself to redraw them.
    ///
    /// ```swift
    /// let update = try ItemUpdate(from: shownIDs, to: sortedIDs)
    /// try controller.apply(update, newItemCounts: [sortedIDs.count])
    /// ```
    ///
    /// - Parameters:
    ///   - section: the section the identifiers fill; the batch's index paths are in it.
    ///   - old: the identifiers of the section's items before the change, in order.
    ///   - new: the identifiers after the change, in order.
    /// - Throws: `ItemIdentifierError.duplicateIdentifier` when an identifier
    ///   occurs twice in `old` or twice in `new`, naming both offsets.
    /// - Complexity: O(n + m + k log k) for n old and m new identifiers of
    ///   which k are in both: one hash table lookup per identifier, then
    ///   patience sorting over the survivors (O(k) when they kept their
    ///   order). Never O(n · m) or O(n · d), whatever the shuffle.
    @inlinable
    public init<ID: Hashable>(section: Int = 0, from old: some Collection<ID>, to new: some Collection<ID>)
    throws(ItemIdentifierError) {
        self = try ItemIdentifierDiff.update(old: [old], new: [new], firstSection: section)
    }

    /// The batch that turns the sections of items identified by `old` into
    /// those identified by `new`: `old[s]` and `new[s]` are the identifiers
    /// of section s, in order, before and after the change.
    ///
    /// As `init(section:from:to:)`, with identity across sections: an item
    /// whose identifier moves to another section is one `ItemMove` across
    /// sections and carries its selection; within each section the items
    /// that stay in it and keep their relative order are not moved.
    ///
    /// - Throws: `ItemIdentifierError.sectionCountMismatch` when `old` and
    ///   `new` have different numbers of sections (a batch does not insert
    ///   or remove sections), `.duplicateIdentifier` when an identifier occurs
    ///   twice among all the sections of `old`, or of `new`.
    /// - Complexity: O(s + n + m + k log k) for s sections, n old and m new
    ///   identifiers of which k stay in their section (plus O(log s) per
    ///   item that changes section).
    @inlinable
    public init<ID: Hashable>(fromSections old: [[ID]], to new: [[ID]]) throws(ItemIdentifierError) {
        guard old.count == new.count else { throw .sectionCountMismatch(old: old.count, new: new.count) }
        self = try ItemIdentifierDiff.update(old: old, new: new, firstSection: 0)
    }
}

/// The identity diff behind `ItemUpdate(section:from:to:)` and
/// `ItemUpdate(fromSections:to:)`. Inlinable, like those initializers, so
/// that it is specialized for the caller's identifier type: unspecialized,
/// every hash table operation would go through the `Hashable` witness table
/// (two allocations an identifier, and over twice as slow).
@usableFromInline
enum ItemIdentifierDiff {
    /// The section and item of flat offset `flat`, given the flat offset where
    /// each section starts (`starts[s]`, nondecreasing; a last entry for the end
    /// may be present): the last section that starts at or before `flat`.
    @usableFromInline
    static func itemPath(flat: Int, starts: [Int], firstSection: Int) -> ItemPath {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= flat { low = mid + 1 } else { high = mid }
        }
        return ItemPath(section: firstSection + low - 1, item: flat - starts[low - 1])
    }

    /// The error for `id` found again at `duplicate` in `new`: looks for its
    /// first occurrence (only when refusing, so the walk keeps no offsets).
    @inlinable
    static func duplicateInNew<New: Collection>(_ id: New.Element, at duplicate: ItemPath, new: [New], firstSection: Int)
    -> ItemIdentifierError where New.Element: Hashable {
        var first = duplicate
        search: for (index, items) in new.enumerated() {
            for (item, candidate) in items.enumerated() where candidate == id {
                first = ItemPath(section: firstSection + index, item: item)
                break search
            }
        }
        return .duplicateIdentifier(String(describing: id), snapshot: .new, first: first, duplicate: duplicate)
    }

    /// Appends `item` to `ranges`, extending the last range when it ends just before `item` in the same section.
    @inlinable
    static func appendCoalescing(_ ranges: inout [ItemRange], section: Int, item: Int) {
        if let last = ranges.last, last.section == section, last.items.upperBound == item - 1 {
            ranges[ranges.count - 1].items = last.items.lowerBound...item
        } else {
            ranges.append(ItemRange(section: section, items: item...item))
        }
    }

    /// Sections `old` and `new` (equal in number) diffed by identifier; section
    /// s of the inputs is section `firstSection + s` of the batch.
    @inlinable
    static func update<Old: Collection, New: Collection>(old: [Old], new: [New], firstSection: Int)
    throws(ItemIdentifierError) -> ItemUpdate where Old.Element: Hashable, New.Element == Old.Element {
        typealias ID = Old.Element

        // Every old identifier's flat offset (sections one after another).
        var oldStarts: [Int] = [0]
        oldStarts.reserveCapacity(old.count + 1)
        var oldOffsets: [ID: Int] = [:]
        oldOffsets.reserveCapacity(old.reduce(0) { $0 + $1.count })
        var flat = 0
        for items in old {
            for id in items {
                if let first = oldOffsets.updateValue(flat, forKey: id) {
                    throw .duplicateIdentifier(String(describing: id), snapshot: .old,
                                               first: itemPath(flat: first, starts: oldStarts, firstSection: firstSection),
                                               duplicate: itemPath(flat: flat, starts: oldStarts, firstSection: firstSection))
                }
                flat += 1
            }
            oldStarts.append(flat)
        }

        // Walk the new identifiers: each is inserted, or found at an old offset.
        // Old item i is matched when bit i of `matched` is set (a bit set, so
        // that marking items in shuffled order stays in cache); an old item left
        // unmatched is deleted.
        var matched = [UInt64](repeating: 0, count: (flat + 63) / 64)
        var added = Set<ID>()
        var inserted: [ItemRange] = []
        var moved: [ItemMove] = []
        // Per section: the items that stay in it (new offset, old offset), in new
        // order, and those that come from another section (as moves, in new order).
        var stayNew: [Int] = [], stayOld: [Int] = []
        if new.count == 1 {
            stayNew.reserveCapacity(new[0].count)
            stayOld.reserveCapacity(new[0].count)
        }
        var crossing: [ItemMove] = []
        for (index, items) in new.enumerated() {
            let section = firstSection + index
            let oldStart = oldStarts[index], oldEnd = oldStarts[index + 1]
            stayNew.removeAll(keepingCapacity: true)
            stayOld.removeAll(keepingCapacity: true)
            crossing.removeAll(keepingCapacity: true)
            var item = 0
            for id in items {
                if let oldFlat = oldOffsets[id] {
                    let bit = UInt64(1) << UInt64(oldFlat & 63)
                    if matched[oldFlat >> 6] & bit != 0 {
                        throw duplicateInNew(id, at: ItemPath(section: section, item: item), new: new, firstSection: firstSection)
                    }
                    matched[oldFlat >> 6] |= bit
                    if oldFlat >= oldStart && oldFlat < oldEnd {
                        stayNew.append(item)
                        stayOld.append(oldFlat - oldStart)
                    } else {
                        crossing.append(ItemMove(from: itemPath(flat: oldFlat, starts: oldStarts, firstSection: firstSection),
                                                 to: ItemPath(section: section, item: item)))
                    }
                } else {
                    if !added.insert(id).inserted {
                        throw duplicateInNew(id, at: ItemPath(section: section, item: item), new: new, firstSection: firstSection)
                    }
                    appendCoalescing(&inserted, section: section, item: item)
                }
                item += 1
            }

            // The items that stay in the section and keep their relative order
            // stay put; the others move. Both lists are in new order: merge them.
            let keep = longestIncreasingSubsequence(stayOld)
            var c = 0
            for x in stayOld.indices where !keep[x] {
                while c < crossing.count && crossing[c].to.item < stayNew[x] {
                    moved.append(crossing[c])
                    c += 1
                }
                moved.append(ItemMove(from: ItemPath(section: section, item: stayOld[x]),
                                      to: ItemPath(section: section, item: stayNew[x])))
            }
            moved.append(contentsOf: crossing[c...])
        }

        // Old items not found in the new identifiers are deleted.
        var deleted: [ItemRange] = []
        for index in old.indices {
            var oldFlat = oldStarts[index]
            let end = oldStarts[index + 1]
            while oldFlat < end {
                let word = matched[oldFlat >> 6]
                if word == ~0 && oldFlat & 63 == 0 && end - oldFlat >= 64 {
                    oldFlat += 64
                    continue
                }
                if word & (UInt64(1) << UInt64(oldFlat & 63)) == 0 {
                    appendCoalescing(&deleted, section: firstSection + index, item: oldFlat - oldStarts[index])
                }
                oldFlat += 1
            }
        }
        return ItemUpdate(deleted: deleted, inserted: inserted, moved: moved)
    }

    /// Marks one longest strictly increasing subsequence of `values`, by
    /// patience sorting with back links. - Complexity: O(n log n); O(n) when
    /// `values` is already increasing.
    @usableFromInline
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        var keep = [Bool](repeating: false, count: values.count)
        guard !values.isEmpty else { return keep }
        // tailValue[k] is the smallest last value of an increasing run of length
        // k + 1 seen so far (increasing with k), tailIndex[k] its index in `values`.
        var tailValue: [Int] = [], tailIndex: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = tailValue.count
            if let last = tailValue.last, value <= last {
                // The first tail not below `value`.
                low = 0
                var high = tailValue.count - 1
                while low < high {
                    let mid = (low + high) / 2
                    if tailValue[mid] < value { low = mid + 1 } else { high = mid }
                }
            }
            if low > 0 { previous[index] = tailIndex[low - 1] }
            if low == tailValue.count {
                tailValue.append(value)
                tailIndex.append(index)
            } else {
                tailValue[low] = value
                tailIndex[low] = index
            }
        }
        var index = tailIndex[tailIndex.count - 1]
        while index >= 0 {
            keep[index] = true
            index = previous[index]
        }
        return keep
    }
}
