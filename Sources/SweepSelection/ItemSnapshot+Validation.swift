import SweepGeometry

/// Checking a snapshot: the error for a repeated identifier, and the
/// storage's invariants (for tests).
extension ItemSnapshot {
    /// Throws for the first repeated identifier, in index order: a section
    /// identifier first, then an item identifier among all sections, naming
    /// both places. - Complexity: O(1) for a valid snapshot, O(n) otherwise.
    @inlinable
    func validate(as snapshot: ItemIdentifierError.Snapshot) throws(ItemIdentifierError) {
        if hasDuplicateSections {
            var firstPlace: [SectionID: Int] = [:]
            for (place, section) in sections.enumerated() {
                if let first = firstPlace.updateValue(place, forKey: section.id) {
                    throw .duplicateSectionIdentifier(String(describing: section.id), snapshot: snapshot,
                                                      first: first, duplicate: place)
                }
            }
        }
        guard !extraOccurrences.isEmpty else { return }
        var firstPath: [ItemID: ItemPath] = [:]
        for place in sections.indices {
            for handle in sections[place].chunks {
                for (position, id) in chunks[handle].items.enumerated() {
                    let path = ItemPath(section: place, item: chunks[handle].offset + position)
                    if let first = firstPath.updateValue(path, forKey: id) {
                        throw .duplicateIdentifier(String(describing: id), snapshot: snapshot, first: first, duplicate: path)
                    }
                }
            }
        }
    }

    /// Whether the storage is consistent: chunks non-empty, within capacity,
    /// numbered and counted right; every item indexed at a chunk holding it;
    /// repeats counted; section places right; free handles really free.
    var storageIsConsistent: Bool {
        var occurrences: [ItemID: Int] = [:]
        var total = 0
        var used = Set<Int>()
        for (place, section) in sections.enumerated() {
            var offset = 0
            for (index, handle) in section.chunks.enumerated() {
                let chunk = chunks[handle]
                guard used.insert(handle).inserted, !chunk.items.isEmpty, chunk.items.count <= chunkCapacity,
                      chunk.section == place, chunk.index == index, chunk.offset == offset else { return false }
                for id in chunk.items { occurrences[id, default: 0] += 1 }
                offset += chunk.items.count
            }
            guard section.count == offset, sectionPlaces[section.id].map({ sections[$0].id == section.id }) == true,
                  sectionPlaces[section.id]! <= place else { return false }
            total += offset
        }
        guard total == itemCount, sectionPlaces.count == Set(sections.map(\.id)).count,
              hasDuplicateSections == (sectionPlaces.count < sections.count),
              Set(freeChunks).count == freeChunks.count, freeChunks.allSatisfy({ !used.contains($0) && chunks[$0].items.isEmpty }),
              used.count + freeChunks.count == chunks.count, chunkOfItem.count == occurrences.count else { return false }
        for (id, count) in occurrences {
            guard let handle = chunkOfItem[id], used.contains(handle), chunks[handle].items.contains(id),
                  extraOccurrences[id] == (count > 1 ? count - 1 : nil) else { return false }
        }
        return extraOccurrences.count == occurrences.values.filter({ $0 > 1 }).count
            && reconfiguredItems.allSatisfy { occurrences[$0] != nil }
    }
}
