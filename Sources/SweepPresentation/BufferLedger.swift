/// The bookkeeping of a chain of shared-memory buffers, with no memory of its own.
///
/// The contract (after foot's `shm.c`):
/// - a buffer is *busy* from the commit that attaches it until the compositor
///   releases it; a busy buffer is never handed out for drawing;
/// - when every buffer is busy, the ledger asks for a new one instead of waiting
///   (sway's pixman renderer keeps the last buffer until the next one arrives);
/// - each buffer has an *age*: 0 when its contents are unknown (new, or of
///   another size), 1 when it holds the previous frame, n when it holds the
///   frame n frames back. A frame repaints only the damage of the last age
///   frames.
///
/// The adapter owns the memory and asks the ledger which slot to use.
public struct BufferLedger: Sendable {
    /// The state of one buffer slot.
    public struct Slot: Hashable, Sendable {
        public var size: PixelSize
        public var isBusy: Bool
        /// Frames since this buffer was last presented; 0 = contents unknown.
        public var age: Int
        /// Retired slots are waiting for release before the adapter frees them.
        public var isRetired: Bool
    }

    /// What `acquire` decided.
    public enum Acquisition: Hashable, Sendable {
        /// Draw into the existing slot `index`, whose contents are `age` frames old.
        case reuse(index: Int, age: Int)
        /// Allocate a buffer for the new slot `index` (contents unknown).
        case allocate(index: Int)
        /// Every buffer is busy and the chain is at `limit`: draw when one is released.
        case exhausted
    }

    public private(set) var slots: [Slot] = []

    /// The number of buffers past which a free buffer of another size is
    /// reallocated rather than a new slot added.
    public let capacity: Int
    /// The most buffers that may exist at once, busy or not; a compositor that
    /// holds them all makes the client wait instead of allocating without end.
    public let limit: Int

    public init(capacity: Int = 4, limit: Int = 8) {
        precondition(capacity >= 2 && limit >= capacity, "a chain needs at least two buffers")
        self.capacity = capacity
        self.limit = limit
    }

    /// Picks a free buffer of `size`, preferring the freshest (lowest non-zero age);
    /// a free buffer of another size is resized in place (contents unknown).
    /// - Complexity: O(slots), at most `capacity` plus retired ones.
    public mutating func acquire(size: PixelSize) -> Acquisition {
        if let index = freshestFree(size: size) {
            return .reuse(index: index, age: slots[index].age)
        }
        if let free = slots.firstIndex(where: { !$0.isBusy && !$0.isRetired }), liveCount >= capacity {
            // Another size, free: the adapter reallocates it for `size`.
            slots[free] = Slot(size: size, isBusy: false, age: 0, isRetired: false)
            return .allocate(index: free)
        }
        if let reusable = slots.firstIndex(where: { $0.isRetired && !$0.isBusy }) {
            slots[reusable] = Slot(size: size, isBusy: false, age: 0, isRetired: false)
            return .allocate(index: reusable)
        }
        guard slots.count < limit else { return .exhausted }
        slots.append(Slot(size: size, isBusy: false, age: 0, isRetired: false))
        return .allocate(index: slots.count - 1)
    }

    /// The free buffer of `size` that `acquire` takes: the freshest (lowest non-zero age).
    private func freshestFree(size: PixelSize) -> Int? {
        var best: Int?
        for (index, slot) in slots.enumerated() where !slot.isBusy && !slot.isRetired && slot.size == size {
            if let current = best {
                let a = slot.age, b = slots[current].age
                if (a != 0 && (b == 0 || a < b)) { best = index }
            } else {
                best = index
            }
        }
        return best
    }

    /// The free buffer of `size` the next `acquire` would take, when it does
    /// not hold the newest frame (its age is not 1): a window that is idle
    /// copies the frames it missed into it (`caughtUp`), so the next frame,
    /// the first of a drag say, draws only its own damage.
    public func behindNewest(size: PixelSize) -> (index: Int, age: Int)? {
        guard let index = freshestFree(size: size), slots[index].age != 1 else { return nil }
        return (index, slots[index].age)
    }

    /// The free buffer in `index` now holds the newest frame (age 1).
    public mutating func caughtUp(_ index: Int) {
        guard slots.indices.contains(index), !slots[index].isBusy, !slots[index].isRetired else { return }
        slots[index].age = 1
    }

    /// Whether the next `acquire(size:)` would have to allocate: no buffer of
    /// `size` is free, and a new one would not pass `capacity`. A window asks
    /// while it is idle and every buffer is held (sway keeps the last one until
    /// the next arrives), so the next frame finds memory ready instead of
    /// making it: at scale 2 a buffer is 16 MB to allocate and fault in.
    public func needsSpare(size: PixelSize) -> Bool {
        !slots.contains { !$0.isBusy && !$0.isRetired && $0.size == size } && liveCount < capacity
    }

    /// The buffer `acquire` asked for in `index` could not be made: the slot
    /// is retired and free, and a later allocation takes it.
    public mutating func abandon(_ index: Int) {
        guard slots.indices.contains(index) else { return }
        slots[index] = Slot(size: slots[index].size, isBusy: false, age: 0, isRetired: true)
    }

    /// The buffer in `index` was attached and committed: it is busy, holds the
    /// newest frame (age 1), and every other buffer with known contents ages by one.
    public mutating func submitted(_ index: Int) {
        for other in slots.indices where other != index && slots[other].age > 0 {
            slots[other].age += 1
        }
        slots[index].isBusy = true
        slots[index].age = 1
    }

    /// The compositor released the buffer in `index`.
    /// - Returns: true when the slot is retired and its memory can now be freed.
    @discardableResult
    public mutating func released(_ index: Int) -> Bool {
        guard slots.indices.contains(index) else { return false }
        slots[index].isBusy = false
        return slots[index].isRetired
    }

    /// Marks every buffer not of `size` as retired: free ones can be freed at
    /// once (returned), busy ones when the compositor releases them.
    public mutating func retire(allBut size: PixelSize) -> [Int] {
        var freeNow: [Int] = []
        for index in slots.indices where slots[index].size != size && !slots[index].isRetired {
            slots[index].isRetired = true
            slots[index].age = 0
            if !slots[index].isBusy { freeNow.append(index) }
        }
        return freeNow
    }

    /// Forgets every buffer's contents (after a scale change, say): all ages become 0.
    public mutating func invalidateContents() {
        for index in slots.indices { slots[index].age = 0 }
    }

    /// Buffers that exist and are not retired.
    public var liveCount: Int { slots.lazy.filter { !$0.isRetired }.count }
    /// Buffers the compositor holds.
    public var busyCount: Int { slots.lazy.filter(\.isBusy).count }
}
