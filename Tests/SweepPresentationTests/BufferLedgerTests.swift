import Testing
@testable import SweepPresentation

/// The ledger's contract, step by step: a busy buffer is never drawn into,
/// ages tell how much to repaint, a resize frees old buffers safely.
@Suite struct BufferLedgerTests {
    let size = PixelSize(width: 100, height: 50)
    let bigger = PixelSize(width: 200, height: 100)

    /// `acquire` is mutating, which `#expect` cannot call directly.
    private func acquire(_ ledger: inout BufferLedger, _ size: PixelSize) -> BufferLedger.Acquisition {
        ledger.acquire(size: size)
    }

    /// Acquires and submits `count` new buffers, all left busy.
    /// Stops the test when the ledger does otherwise, rather than index past its slots.
    private func presentNewBuffers(_ count: Int, in ledger: inout BufferLedger, size: PixelSize) throws {
        for _ in 0..<count {
            let index = ledger.slots.count
            let acquisition = ledger.acquire(size: size)
            try #require(acquisition == .allocate(index: index))
            ledger.submitted(index)
        }
    }

    // MARK: reuse

    @Test func firstAcquireAllocatesAFreshSlot() {
        var ledger = BufferLedger()
        #expect(acquire(&ledger, size) == .allocate(index: 0))
        #expect(ledger.slots == [BufferLedger.Slot(size: size, isBusy: false, age: 0, isRetired: false)])
    }

    @Test func aBufferNotYetSubmittedIsHandedOutAgain() {
        // A frame that was abandoned before commit leaves its buffer free.
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size)
        #expect(acquire(&ledger, size) == .reuse(index: 0, age: 0))
        #expect(ledger.slots.count == 1)
    }

    @Test func aReleasedBufferIsReusedWithAgeOne() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size)
        ledger.submitted(0)
        #expect(ledger.slots[0].isBusy)
        #expect(ledger.slots[0].age == 1)
        let freed = ledger.released(0)
        #expect(!freed, "a live buffer is not freed on release")
        #expect(acquire(&ledger, size) == .reuse(index: 0, age: 1))
        #expect(ledger.slots.count == 1, "no new buffer while one is free")
    }

    @Test func aBusyBufferIsNeverHandedOut() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(3, in: &ledger, size: size)
        #expect(ledger.busyCount == 3)
        #expect(ledger.slots.allSatisfy { $0.isBusy })
    }

    @Test func whenEveryBufferIsBusyItAllocatesUpToTheLimitThenWaits() throws {
        var ledger = BufferLedger(capacity: 2, limit: 4)
        try presentNewBuffers(4, in: &ledger, size: size)
        let before = ledger.slots
        #expect(acquire(&ledger, size) == .exhausted)
        #expect(acquire(&ledger, size) == .exhausted)
        #expect(ledger.slots == before, "an exhausted acquire changes nothing")
        #expect(ledger.liveCount == 4)
        // The first release ends the wait, with the released buffer.
        ledger.released(2)
        #expect(acquire(&ledger, size) == .reuse(index: 2, age: 2))
    }

    @Test func theDefaultLimitIsEight() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(8, in: &ledger, size: size)
        #expect(acquire(&ledger, size) == .exhausted)
    }

    // MARK: ages

    @Test func agesCountFramesSincePresentation() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(4, in: &ledger, size: size)
        // Buffer 3 holds the last frame, buffer 0 the one three frames before it.
        #expect(ledger.slots.map(\.age) == [4, 3, 2, 1])
        for index in 0..<4 { ledger.released(index) }
        #expect(acquire(&ledger, size) == .reuse(index: 3, age: 1), "the freshest free buffer")
        ledger.submitted(3)
        #expect(ledger.slots.map(\.age) == [5, 4, 3, 1])
        #expect(acquire(&ledger, size) == .reuse(index: 2, age: 3))
    }

    @Test func aKnownOldBufferBeatsOneOfUnknownContents() throws {
        // Age 0 means "repaint everything": any non-zero age is cheaper.
        var ledger = BufferLedger(capacity: 4, limit: 4)
        try presentNewBuffers(2, in: &ledger, size: size)      // 0: age 2, 1: age 1 (busy)
        #expect(acquire(&ledger, size) == .allocate(index: 2))  // 2: age 0, never submitted
        ledger.released(0)
        #expect(acquire(&ledger, size) == .reuse(index: 0, age: 2))
    }

    @Test func aKnownOldBufferBeatsAnUnknownOneAtALowerIndex() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(2, in: &ledger, size: size)
        ledger.released(1)
        ledger.invalidateContents()
        try #require(acquire(&ledger, size) == .reuse(index: 1, age: 0))
        ledger.submitted(1)
        ledger.released(0); ledger.released(1)
        // Slot 0: free, age 0; slot 1: free, age 1.
        #expect(acquire(&ledger, size) == .reuse(index: 1, age: 1))
    }

    @Test func buffersOfUnknownContentsDoNotAge() throws {
        var ledger = BufferLedger(capacity: 4, limit: 8)
        _ = ledger.acquire(size: size)                       // slot 0: allocated, frame abandoned
        try presentNewBuffers(2, in: &ledger, size: bigger)  // slots 1 and 2 present frames
        #expect(ledger.slots.map(\.age) == [0, 2, 1], "contents still unknown after other frames")
    }

    @Test func invalidatingContentsZeroesEveryAgeBusyOrNot() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(3, in: &ledger, size: size)
        ledger.released(0)
        ledger.invalidateContents()
        #expect(ledger.slots.map(\.age) == [0, 0, 0])
        #expect(ledger.busyCount == 2, "busy state is not contents")
        #expect(acquire(&ledger, size) == .reuse(index: 0, age: 0))
        ledger.submitted(0)
        #expect(ledger.slots.map(\.age) == [1, 0, 0], "unknown contents stay unknown")
    }

    // MARK: sizes and resizing

    @Test func belowCapacityAnotherSizeGetsANewSlot() {
        var ledger = BufferLedger(capacity: 4, limit: 8)
        _ = ledger.acquire(size: size); ledger.submitted(0); ledger.released(0)
        #expect(acquire(&ledger, bigger) == .allocate(index: 1))
        #expect(ledger.slots[0].size == size, "the old buffer is kept as it is")
    }

    @Test func atCapacityAFreeBufferOfAnotherSizeIsReallocated() throws {
        var ledger = BufferLedger(capacity: 2, limit: 8)
        try presentNewBuffers(2, in: &ledger, size: size)
        ledger.released(0)
        #expect(acquire(&ledger, bigger) == .allocate(index: 0))
        #expect(ledger.slots[0] == BufferLedger.Slot(size: bigger, isBusy: false, age: 0, isRetired: false))
        #expect(ledger.slots.count == 2)
    }

    @Test func retiringOnResizeFreesIdleBuffersNowAndBusyOnesOnRelease() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(3, in: &ledger, size: size)
        ledger.released(1)
        #expect(ledger.retire(allBut: bigger) == [1], "only the idle buffer can be freed at once")
        #expect(ledger.slots.allSatisfy { $0.isRetired })
        #expect(ledger.slots.allSatisfy { $0.age == 0 })
        #expect(ledger.liveCount == 0)
        #expect(ledger.busyCount == 2, "the compositor still holds two")
        #expect(ledger.retire(allBut: bigger) == [], "each slot is retired once")
        // New size: the freed slot is reused; the busy ones are never handed out.
        try #require(acquire(&ledger, bigger) == .allocate(index: 1))
        ledger.submitted(1)
        try #require(acquire(&ledger, bigger) == .allocate(index: 3))
        ledger.submitted(3)
        let freedOnRelease = ledger.released(0)
        #expect(freedOnRelease, "a retired buffer is freed on release")
        #expect(acquire(&ledger, bigger) == .allocate(index: 0))
        #expect(ledger.slots[0] == BufferLedger.Slot(size: bigger, isBusy: false, age: 0, isRetired: false))
        #expect(ledger.slots[2].isRetired && ledger.slots[2].isBusy)
    }

    @Test func retiringKeepsBuffersOfTheCurrentSize() throws {
        var ledger = BufferLedger(capacity: 4, limit: 8)
        try presentNewBuffers(1, in: &ledger, size: size)
        try #require(acquire(&ledger, bigger) == .allocate(index: 1))
        ledger.submitted(1)
        ledger.released(0); ledger.released(1)
        #expect(ledger.retire(allBut: bigger) == [0])
        #expect(ledger.slots[1] == BufferLedger.Slot(size: bigger, isBusy: false, age: 1, isRetired: false))
        #expect(acquire(&ledger, bigger) == .reuse(index: 1, age: 1))
    }

    @Test func aRetiredSlotIsNotReusedForItsOldSize() {
        // Going back to the old size must not draw into a buffer that is about to be freed.
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size); ledger.submitted(0); ledger.released(0)
        #expect(ledger.retire(allBut: bigger) == [0])
        #expect(acquire(&ledger, size) == .allocate(index: 0), "reallocated, contents unknown")
        #expect(!ledger.slots[0].isRetired)
    }

    @Test func releasingAnUnknownSlotIsHarmless() {
        var ledger = BufferLedger()
        let past = ledger.released(3), negative = ledger.released(-1)
        #expect(!past && !negative)
        #expect(ledger.slots.isEmpty)
    }

    // MARK: a spare made while idle

    @Test func aSpareIsNeededOnlyWhenEveryBufferOfTheSizeIsHeld() throws {
        var ledger = BufferLedger(capacity: 2, limit: 4)
        #expect(ledger.needsSpare(size: size), "no buffer at all")
        try presentNewBuffers(1, in: &ledger, size: size)
        #expect(ledger.needsSpare(size: size), "the one buffer is held")
        ledger.released(0)
        #expect(!ledger.needsSpare(size: size), "it was released: the next frame reuses it")
        ledger.submitted(0)
        #expect(acquire(&ledger, size) == .allocate(index: 1))
        #expect(!ledger.needsSpare(size: size), "the spare is free")
        ledger.submitted(1)
        #expect(!ledger.needsSpare(size: size), "both held: a third would pass the capacity")
        #expect(ledger.needsSpare(size: bigger) == false)
    }

    @Test func aSpareThatCouldNotBeMadeLeavesItsSlotToTheNextAllocation() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(1, in: &ledger, size: size)
        #expect(acquire(&ledger, size) == .allocate(index: 1))
        ledger.abandon(1)
        #expect(ledger.liveCount == 1 && ledger.needsSpare(size: size))
        #expect(acquire(&ledger, size) == .allocate(index: 1), "the abandoned slot is taken again")
        ledger.abandon(7)   // out of range: nothing
        #expect(ledger.slots.count == 2)
    }

    // MARK: catching up while idle

    @Test func theNextFramesBufferIsBehindUntilCaughtUp() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(1, in: &ledger, size: size)
        #expect(ledger.behindNewest(size: size) == nil, "the one buffer is held: nothing free")
        #expect(acquire(&ledger, size) == .allocate(index: 1))
        let spare = try #require(ledger.behindNewest(size: size))
        #expect(spare.index == 1 && spare.age == 0, "a new spare: contents unknown")
        ledger.caughtUp(1)
        #expect(ledger.behindNewest(size: size) == nil)
        #expect(acquire(&ledger, size) == .reuse(index: 1, age: 1), "the next frame draws only its own damage")
        ledger.submitted(1)
        ledger.released(0)
        let older = try #require(ledger.behindNewest(size: size))
        #expect(older.index == 0 && older.age == 2, "released after the next frame: one frame behind")
        #expect(ledger.behindNewest(size: bigger) == nil)
    }

    @Test func onlyAFreeLiveBufferIsCaughtUp() throws {
        var ledger = BufferLedger()
        try presentNewBuffers(2, in: &ledger, size: size)
        ledger.caughtUp(0)   // busy: the compositor may be reading it, and it holds an older frame
        #expect(ledger.slots[0].age == 2)
        ledger.released(0)
        _ = ledger.retire(allBut: bigger)
        ledger.caughtUp(0)   // retired
        #expect(ledger.slots[0].age == 0)
        ledger.caughtUp(9)   // out of range: nothing
        #expect(ledger.slots.count == 2)
    }

    @Test func theBufferBehindIsTheOneAcquireTakes() throws {
        // Four buffers: two free of unknown contents (after a scale change), one free two
        // frames behind, one held with the newest frame.
        var ledger = BufferLedger()
        try presentNewBuffers(4, in: &ledger, size: size)
        ledger.released(0)   // age 4
        ledger.released(1)   // age 3
        ledger.invalidateContents()
        ledger.submitted(2)
        ledger.submitted(3)
        ledger.released(2)   // age 2 now; 0 and 1 unknown
        let behind = try #require(ledger.behindNewest(size: size))
        #expect(behind.index == 2 && behind.age == 2)
        ledger.caughtUp(2)
        #expect(acquire(&ledger, size) == .reuse(index: 2, age: 1))
        ledger.submitted(2)
        ledger.released(3)
        // 3 held the frame before: one behind, and preferred to the unknown 0 and 1.
        #expect(ledger.behindNewest(size: size).map { [$0.index, $0.age] } == [3, 2])
    }
}
