/// The chunked storage behind `ItemSnapshot`'s edits: placing items in
/// chunks, splitting and merging chunks, and keeping the identifier index,
/// the chunks' offsets and the section places in step.
extension ItemSnapshot {
    /// A chunk for `items` in the section at `place`: a freed handle, or a new one.
    @inlinable
    mutating func makeChunk(_ items: [ItemID], section place: Int) -> Int {
        if let handle = freeChunks.popLast() {
            chunks[handle] = Chunk(items: items, section: place)
            return handle
        }
        chunks.append(Chunk(items: items, section: place))
        return chunks.count - 1
    }

    @inlinable
    mutating func freeChunk(_ handle: Int) {
        chunks[handle] = Chunk(items: [], section: -1)
        freeChunks.append(handle)
    }

    /// Renumbers section `place`'s chunks from index `first` on (index,
    /// offset, section) and recounts the section and the snapshot.
    @inlinable
    mutating func reflow(sectionAt place: Int, from first: Int) {
        let list = sections[place].chunks
        var offset = 0
        if first > 0 {
            let previous = chunks[list[first - 1]]
            offset = previous.offset + previous.items.count
        }
        for index in first..<max(first, list.count) {
            let handle = list[index]
            chunks[handle].index = index
            chunks[handle].offset = offset
            chunks[handle].section = place
            offset += chunks[handle].items.count
        }
        itemCount += offset - sections[place].count
        sections[place].count = offset
    }

    /// Rebuilds the section places (first place of each identifier, noting
    /// repeats) and tells every chunk its section's place.
    @inlinable
    mutating func renumberSections() {
        sectionPlaces.removeAll(keepingCapacity: true)
        hasDuplicateSections = false
        for place in sections.indices {
            if sectionPlaces[sections[place].id] == nil {
                sectionPlaces[sections[place].id] = place
            } else {
                hasDuplicateSections = true
            }
            for handle in sections[place].chunks { chunks[handle].section = place }
        }
    }

    /// Records that an occurrence of `id` now lives in chunk `handle`: a new
    /// occurrence (`origin` nil) is indexed or counted as a repeat; one moved
    /// from chunk `origin` takes the index along if the index pointed there.
    @inlinable
    mutating func settle(_ id: ItemID, in handle: Int, movedFrom origin: Int?) {
        if let origin {
            if origin != handle, chunkOfItem[id] == origin { chunkOfItem[id] = handle }
        } else if chunkOfItem.updateValue(handle, forKey: id) != nil {
            // Any chunk holding an occurrence will do for the index; the repeat is counted.
            extraOccurrences[id, default: 0] += 1
        }
    }

    /// Puts `ids` into the section at `place` before its item `item` (at the
    /// end when `item` is its count or more), splitting the chunk they land
    /// in into equal pieces when it would overflow. `origin`: see `settle`.
    /// - Complexity: O(k + chunk capacity + c) for k identifiers and c
    ///   chunks in the section.
    @inlinable
    mutating func place(_ ids: [ItemID], inSectionAt place: Int, before item: Int, movedFrom origin: Int?) {
        guard !ids.isEmpty else { return }
        // A bulk load grows the index once, not by doubling along the way.
        if origin == nil && ids.count > chunkCapacity { chunkOfItem.reserveCapacity(chunkOfItem.count + ids.count) }
        var index: Int, handle: Int, position: Int
        if sections[place].chunks.isEmpty {
            handle = makeChunk([], section: place)
            sections[place].chunks.append(handle)
            index = 0
            position = 0
        } else if item >= sections[place].count {
            index = sections[place].chunks.count - 1
            handle = sections[place].chunks[index]
            position = chunks[handle].items.count
        } else {
            index = chunkIndex(containing: max(0, item), inSectionAt: place)
            handle = sections[place].chunks[index]
            position = max(0, item) - chunks[handle].offset
        }
        let total = chunks[handle].items.count + ids.count
        if total <= chunkCapacity {
            chunks[handle].items.insert(contentsOf: ids, at: position)
            for id in ids { settle(id, in: handle, movedFrom: origin) }
        } else {
            var all: [ItemID] = []
            swap(&all, &chunks[handle].items)
            all.insert(contentsOf: ids, at: position)
            let pieces = (total + chunkCapacity - 1) / chunkCapacity
            let incoming = position..<(position + ids.count)
            var added: [Int] = []
            added.reserveCapacity(pieces - 1)
            for piece in 0..<pieces {
                let range = (piece * total / pieces)..<((piece + 1) * total / pieces)
                let target = piece == 0 ? handle : makeChunk([], section: place)
                chunks[target].items = Array(all[range])
                if piece > 0 { added.append(target) }
                for offset in range {
                    if incoming.contains(offset) {
                        settle(all[offset], in: target, movedFrom: origin)
                    } else if target != handle {
                        settle(all[offset], in: target, movedFrom: handle)
                    }
                }
            }
            sections[place].chunks.insert(contentsOf: added, at: index + 1)
        }
        reflow(sectionAt: place, from: index)
    }

    /// Drops the empty chunks of the section at `place` and merges a small
    /// chunk (under a quarter full) into its neighbour when both fit in
    /// one, so that deletes never leave many tiny chunks; then renumbers it.
    /// - Complexity: O(c + items moved between chunks).
    @inlinable
    mutating func compact(sectionAt place: Int) {
        let list = sections[place].chunks
        var kept: [Int] = []
        kept.reserveCapacity(list.count)
        let small = chunkCapacity / 4
        for handle in list {
            let count = chunks[handle].items.count
            if count == 0 {
                freeChunk(handle)
                continue
            }
            if let last = kept.last {
                let lastCount = chunks[last].items.count
                if lastCount + count <= chunkCapacity && (lastCount < small || count < small) {
                    let moving = chunks[handle].items
                    chunks[last].items.append(contentsOf: moving)
                    for id in moving { settle(id, in: last, movedFrom: handle) }
                    freeChunk(handle)
                    continue
                }
            }
            kept.append(handle)
        }
        sections[place].chunks = kept
        reflow(sectionAt: place, from: 0)
    }

    /// Counts the occurrences of `ids` again by reading every chunk, after
    /// some of their occurrences went: each is indexed at a chunk that holds
    /// it, or forgotten when none is left. Only identifiers that repeated
    /// come here, so a valid snapshot never pays for it. - Complexity: O(n).
    @inlinable
    mutating func recount(_ ids: Set<ItemID>) {
        var found: [ItemID: (handle: Int, count: Int)] = [:]
        for section in sections {
            for handle in section.chunks {
                for id in chunks[handle].items where ids.contains(id) {
                    found[id] = (found[id]?.handle ?? handle, (found[id]?.count ?? 0) + 1)
                }
            }
        }
        for id in ids {
            if let (handle, count) = found[id] {
                chunkOfItem[id] = handle
                extraOccurrences[id] = count > 1 ? count - 1 : nil
            } else {
                chunkOfItem[id] = nil
                extraOccurrences[id] = nil
                reconfiguredItems.remove(id)
            }
        }
    }
}
