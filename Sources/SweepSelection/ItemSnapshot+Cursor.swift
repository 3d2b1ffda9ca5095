import SweepGeometry

extension ItemSnapshot {
    /// Reads a snapshot's items in index order (across sections) from any
    /// place, a chunk at a time, so each step costs O(1).
    @usableFromInline
    struct Cursor {
        @usableFromInline let snapshot: ItemSnapshot
        @usableFromInline var section = 0
        /// The current chunk's index in its section's chunk list.
        @usableFromInline var chunk = 0
        @usableFromInline var position = 0
        /// The current chunk's items; empty once past the last item.
        @usableFromInline var items: [ItemID] = []
        @usableFromInline var offset = 0

        /// A cursor on the item at `path`; on the first item after it when
        /// `path` is past its section's end; past the end when none follows.
        @inlinable
        init(_ snapshot: ItemSnapshot, at path: ItemPath) {
            self.snapshot = snapshot
            let place = max(0, path.section), item = max(0, path.item)
            if place < snapshot.sections.count && item < snapshot.sections[place].count {
                seek(section: place, chunk: snapshot.chunkIndex(containing: item, inSectionAt: place))
                position = item - offset
            } else {
                seek(section: place + 1, chunk: 0)
            }
        }

        /// Whether the cursor is past the last item.
        @inlinable
        var isAtEnd: Bool { position >= items.count }

        /// The identifier under the cursor (not at the end).
        @inlinable
        var id: ItemID { items[position] }

        /// The index path under the cursor (not at the end).
        @inlinable
        var path: ItemPath { ItemPath(section: section, item: offset + position) }

        /// Goes to the first item of chunk `chunk` of the section at
        /// `section`, or of the first non-empty section after it.
        @inlinable
        mutating func seek(section place: Int, chunk index: Int) {
            section = place
            chunk = index
            position = 0
            while section < snapshot.sections.count && chunk >= snapshot.sections[section].chunks.count {
                section += 1
                chunk = 0
            }
            if section < snapshot.sections.count {
                let handle = snapshot.sections[section].chunks[chunk]
                items = snapshot.chunks[handle].items
                offset = snapshot.chunks[handle].offset
            } else {
                items = []
                offset = 0
            }
        }

        /// Goes to the item at `position` of the chunk with handle `handle`.
        @inlinable
        mutating func seek(handle: Int, position: Int) {
            let chunk = snapshot.chunks[handle]
            section = chunk.section
            self.chunk = chunk.index
            items = chunk.items
            offset = chunk.offset
            self.position = position
        }

        /// Steps to the next item (or past the end).
        @inlinable
        mutating func advance() {
            position += 1
            if position >= items.count && !items.isEmpty { seek(section: section, chunk: chunk + 1) }
        }

        /// Steps to the previous item; false, staying put, on the first one.
        @inlinable
        mutating func retreat() -> Bool {
            if position > 0 && !items.isEmpty {
                position -= 1
                return true
            }
            var place = min(section, snapshot.sections.count), index = items.isEmpty ? 0 : chunk
            while true {
                if index > 0 {
                    seek(section: place, chunk: index - 1)
                    position = items.count - 1
                    return true
                }
                place -= 1
                guard place >= 0 else { return false }
                index = snapshot.sections[place].chunks.count
            }
        }
    }
}
