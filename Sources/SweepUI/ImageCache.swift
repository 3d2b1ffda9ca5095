import SweepGraphics

/// Images by key, the least recently used dropped first once there are
/// more than `countLimit` entries or their pixels take more than
/// `byteLimit` bytes. A failure is an entry too (of no bytes), so a bad
/// file is not loaded again. The entries are kept in a list in order of
/// use, so every operation is O(1).
struct ImageCache<Key: Hashable> {
    enum Entry: Equatable {
        case loaded(Bitmap)
        case failed
    }

    /// One entry and its neighbours in order of use (slot indices, -1 for none).
    private struct Slot {
        var key: Key
        var entry: Entry
        var newer: Int
        var older: Int
    }

    let countLimit: Int
    let byteLimit: Int
    /// The bytes of pixels held.
    private(set) var byteCount = 0
    private var slots: [Slot] = []
    /// Slots of removed entries, reused before the array grows.
    private var freeSlots: [Int] = []
    private var slotOfKey: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1

    init(countLimit: Int, byteLimit: Int) {
        self.countLimit = max(1, countLimit)
        self.byteLimit = max(0, byteLimit)
    }

    var count: Int { slotOfKey.count }

    /// The bytes an entry holds: 4 a pixel.
    static func cost(of entry: Entry) -> Int {
        if case .loaded(let bitmap) = entry { return bitmap.pixels.count * MemoryLayout<UInt32>.size }
        return 0
    }

    /// The entry for `key`, which becomes the most recently used; nil when absent.
    mutating func lookup(_ key: Key) -> Entry? {
        guard let slot = slotOfKey[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return slots[slot].entry
    }

    /// Adds or replaces an entry as the most recently used, then drops the
    /// least recently used past the limits. The entry just added always
    /// stays, even alone over `byteLimit`: dropping it would load it again
    /// at every draw.
    mutating func insert(_ entry: Entry, for key: Key) {
        if let slot = slotOfKey[key] {
            byteCount += Self.cost(of: entry) - Self.cost(of: slots[slot].entry)
            slots[slot].entry = entry
            unlink(slot)
            linkAsNewest(slot)
        } else {
            let slot: Int
            if let reused = freeSlots.popLast() {
                slot = reused
                slots[slot] = Slot(key: key, entry: entry, newer: -1, older: -1)
            } else {
                slot = slots.count
                slots.append(Slot(key: key, entry: entry, newer: -1, older: -1))
            }
            slotOfKey[key] = slot
            byteCount += Self.cost(of: entry)
            linkAsNewest(slot)
        }
        while slotOfKey.count > 1 && (slotOfKey.count > countLimit || byteCount > byteLimit) {
            removeOldest()
        }
    }

    mutating func removeAll() {
        slots.removeAll()
        freeSlots.removeAll()
        slotOfKey.removeAll()
        byteCount = 0
        newest = -1
        oldest = -1
    }

    private mutating func removeOldest() {
        let slot = oldest
        unlink(slot)
        slotOfKey[slots[slot].key] = nil
        byteCount -= Self.cost(of: slots[slot].entry)
        // The bitmap's pixels are released now, not when the slot is reused.
        slots[slot].entry = .failed
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
