import SweepGeometry

/// Editing a snapshot: sections and items appended, inserted, deleted,
/// moved, and items marked as reconfigured. Identifiers the snapshot does
/// not hold change nothing (see `ItemSnapshot`).
extension ItemSnapshot {
    // MARK: - Sections

    /// A snapshot of `items` in sections by `section(item)` (a date's day, a
    /// name's first letter): each section where its first item is, holding
    /// its items in their order (items sorted by the key make one run each).
    /// - Complexity: O(items).
    public init(grouping items: some Sequence<ItemID>, by section: (ItemID) -> SectionID) {
        self.init()
        var order: [SectionID] = [], members: [SectionID: [ItemID]] = [:]
        for item in items {
            let key = section(item)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(item)
        }
        appendSections(order)
        for key in order { _ = appendItems(members[key] ?? [], toSection: key) }
    }

    /// Adds `sections` after the last section, empty. A section identifier
    /// already present is added again, which makes the snapshot invalid
    /// (`transition(from:to:)` throws). - Complexity: O(k) for k sections.
    @inlinable
    public mutating func appendSections(_ sections: [SectionID]) {
        for id in sections {
            if sectionPlaces[id] == nil {
                sectionPlaces[id] = self.sections.count
            } else {
                hasDuplicateSections = true
            }
            self.sections.append(Section(id: id))
        }
    }

    /// Inserts `sections`, empty, before section `section`.
    /// - Returns: false, inserting nothing, when there is no section `section`.
    /// - Complexity: O(s + n / 512).
    @inlinable
    @discardableResult
    public mutating func insertSections(_ sections: [SectionID], beforeSection section: SectionID) -> Bool {
        guard let place = sectionPlaces[section] else { return false }
        insertSections(sections, at: place)
        return true
    }

    /// Inserts `sections`, empty, after section `section`.
    /// - Returns: false, inserting nothing, when there is no section `section`.
    /// - Complexity: O(s + n / 512).
    @inlinable
    @discardableResult
    public mutating func insertSections(_ sections: [SectionID], afterSection section: SectionID) -> Bool {
        guard let place = sectionPlaces[section] else { return false }
        insertSections(sections, at: place + 1)
        return true
    }

    @inlinable
    mutating func insertSections(_ ids: [SectionID], at place: Int) {
        guard !ids.isEmpty else { return }
        sections.insert(contentsOf: ids.map { Section(id: $0) }, at: place)
        renumberSections()
    }

    /// Deletes `sections` and every item in them (every section holding
    /// one of these identifiers, if one occurs twice); unknown identifiers
    /// are skipped. - Complexity: O(s + n / 512 + items deleted).
    @inlinable
    public mutating func deleteSections(_ sections: [SectionID]) {
        let doomed = Set(sections)
        guard doomed.contains(where: { sectionPlaces[$0] != nil }) else { return }
        var repeated = Set<ItemID>()
        for section in self.sections where doomed.contains(section.id) {
            for handle in section.chunks {
                for id in chunks[handle].items {
                    if extraOccurrences[id] != nil {
                        repeated.insert(id)
                    } else {
                        chunkOfItem[id] = nil
                        reconfiguredItems.remove(id)
                    }
                }
                freeChunk(handle)
            }
            itemCount -= section.count
        }
        self.sections.removeAll { doomed.contains($0.id) }
        renumberSections()
        if !repeated.isEmpty { recount(repeated) }
    }

    /// Moves section `section` (with its items) before section `other`.
    /// - Returns: false, moving nothing, when either section is missing.
    /// - Complexity: O(s + n / 512).
    @inlinable
    @discardableResult
    public mutating func moveSection(_ section: SectionID, beforeSection other: SectionID) -> Bool {
        moveSection(section, to: other, after: false)
    }

    /// Moves section `section` (with its items) after section `other`.
    /// - Returns: false, moving nothing, when either section is missing.
    /// - Complexity: O(s + n / 512).
    @inlinable
    @discardableResult
    public mutating func moveSection(_ section: SectionID, afterSection other: SectionID) -> Bool {
        moveSection(section, to: other, after: true)
    }

    @inlinable
    mutating func moveSection(_ section: SectionID, to other: SectionID, after: Bool) -> Bool {
        guard let from = sectionPlaces[section], sectionPlaces[other] != nil else { return false }
        guard section != other else { return true }
        let entry = sections.remove(at: from)
        // The target's place once the moved section is out.
        guard let target = sections.firstIndex(where: { $0.id == other }) else { return false }
        sections.insert(entry, at: after ? target + 1 : target)
        renumberSections()
        return true
    }

    // MARK: - Items

    /// Adds `items` after the last item of section `section`, or of the last
    /// section when `section` is nil. An item identifier already present is
    /// added again, which makes the snapshot invalid (`transition(from:to:)`
    /// throws).
    /// - Returns: false, adding nothing, when there is no such section (or no section at all).
    /// - Complexity: O(k + 512 + c) for k items and c chunks in the section.
    @inlinable
    @discardableResult
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) -> Bool {
        let target: Int
        if let section {
            guard let found = sectionPlaces[section] else { return false }
            target = found
        } else {
            guard !sections.isEmpty else { return false }
            target = sections.count - 1
        }
        place(items, inSectionAt: target, before: sections[target].count, movedFrom: nil)
        return true
    }

    /// Inserts `items` before item `item`, in its section.
    /// - Returns: false, inserting nothing, when there is no item `item`.
    /// - Complexity: O(k + 512 + c).
    @inlinable
    @discardableResult
    public mutating func insertItems(_ items: [ItemID], beforeItem item: ItemID) -> Bool {
        guard let path = indexPath(for: item) else { return false }
        place(items, inSectionAt: path.section, before: path.item, movedFrom: nil)
        return true
    }

    /// Inserts `items` after item `item`, in its section.
    /// - Returns: false, inserting nothing, when there is no item `item`.
    /// - Complexity: O(k + 512 + c).
    @inlinable
    @discardableResult
    public mutating func insertItems(_ items: [ItemID], afterItem item: ItemID) -> Bool {
        guard let path = indexPath(for: item) else { return false }
        place(items, inSectionAt: path.section, before: path.item + 1, movedFrom: nil)
        return true
    }

    /// Deletes `items` (every occurrence, if one occurs twice); unknown
    /// identifiers are skipped. Their reconfigured marks go with them.
    /// - Complexity: O(k + 512 · chunks touched + c) for k items.
    @inlinable
    public mutating func deleteItems(_ items: [ItemID]) {
        var doomed = Set<ItemID>(), touched = Set<Int>(), repeated = false
        for id in items {
            guard let handle = chunkOfItem[id], doomed.insert(id).inserted else { continue }
            touched.insert(handle)
            if extraOccurrences[id] != nil { repeated = true }
        }
        guard !doomed.isEmpty else { return }
        if repeated {
            // The other occurrences of a repeated identifier may be anywhere.
            for section in sections {
                for handle in section.chunks where chunks[handle].items.contains(where: doomed.contains) {
                    touched.insert(handle)
                }
            }
        }
        for id in doomed {
            chunkOfItem[id] = nil
            extraOccurrences[id] = nil
            reconfiguredItems.remove(id)
        }
        var places = Set<Int>()
        for handle in touched {
            chunks[handle].items.removeAll(where: doomed.contains)
            places.insert(chunks[handle].section)
        }
        for place in places { compact(sectionAt: place) }
    }

    /// Deletes every item and every section (as UIKit's `deleteAllItems`).
    /// - Complexity: O(1), plus freeing the storage if no copy shares it.
    @inlinable
    public mutating func deleteAllItems() {
        self = ItemSnapshot(chunkCapacity: chunkCapacity)
    }

    /// Moves item `item` before item `other` (into `other`'s section if it was in another one).
    /// - Returns: false, moving nothing, when either item is missing.
    /// - Complexity: O(512 + c) for c chunks in the sections concerned.
    @inlinable
    @discardableResult
    public mutating func moveItem(_ item: ItemID, beforeItem other: ItemID) -> Bool {
        moveItem(item, to: other, after: false)
    }

    /// Moves item `item` after item `other` (into `other`'s section if it was in another one).
    /// - Returns: false, moving nothing, when either item is missing.
    /// - Complexity: O(512 + c).
    @inlinable
    @discardableResult
    public mutating func moveItem(_ item: ItemID, afterItem other: ItemID) -> Bool {
        moveItem(item, to: other, after: true)
    }

    @inlinable
    mutating func moveItem(_ item: ItemID, to other: ItemID, after: Bool) -> Bool {
        guard let (origin, position) = location(of: item), var target = indexPath(for: other) else { return false }
        guard item != other else { return true }
        let originSection = chunks[origin].section
        // Once the item is out, what followed it in its section moves up by one.
        if target.section == originSection && target.item > chunks[origin].offset + position { target.item -= 1 }
        chunks[origin].items.remove(at: position)
        reflow(sectionAt: originSection, from: chunks[origin].index)
        place([item], inSectionAt: target.section, before: after ? target.item + 1 : target.item, movedFrom: origin)
        // An emptied chunk must go; a small one merges with a neighbour if it can.
        if chunks[origin].items.count <= chunkCapacity / 4 { compact(sectionAt: chunks[origin].section) }
        return true
    }

    // MARK: - Reconfigured items

    /// Marks `items` as reconfigured: same identity, new content. They stay
    /// where they are, selected or not; the next transition names them (at
    /// their new index paths) for the view to draw again. Unknown
    /// identifiers are skipped. - Complexity: O(k).
    @inlinable
    public mutating func reconfigureItems(_ items: [ItemID]) {
        for id in items where chunkOfItem[id] != nil { reconfiguredItems.insert(id) }
    }

    /// Forgets every reconfigured mark: do this to the snapshot on screen
    /// once its transition is applied, so that the next snapshot made from
    /// it marks only what changed since. - Complexity: O(k).
    @inlinable
    public mutating func clearReconfiguredItems() {
        reconfiguredItems.removeAll()
    }
}
