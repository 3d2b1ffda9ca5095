import Testing
@testable import SweepPresentation

@Suite struct BufferLedgerTests {
    let size = PixelSize(width: 100, height: 50)

    /// `acquire` is mutating, which `#expect` cannot call directly.
    private func acquire(_ ledger: inout BufferLedger, _ size: PixelSize) -> BufferLedger.Acquisition {
        ledger.acquire(size: size)
    }

    @Test func firstAcquireAllocates() {
        var ledger = BufferLedger()
        #expect(acquire(&ledger, size) == .allocate(index: 0))
    }

    @Test func aFreeBufferIsReusedWithItsAge() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size)
        ledger.submitted(0)
        ledger.released(0)
        // It holds the frame just presented: age 1, repaint only the new damage.
        #expect(acquire(&ledger, size) == .reuse(index: 0, age: 1))
    }

    @Test func aBusyBufferIsNeverHandedOut() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size)
        ledger.submitted(0)
        // The compositor still holds buffer 0 (sway does until the next commit): allocate another.
        #expect(acquire(&ledger, size) == .allocate(index: 1))
    }

    @Test func agesCountFramesSinceEachBufferWasPresented() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size); ledger.submitted(0)
        _ = ledger.acquire(size: size); ledger.submitted(1)
        ledger.released(0)
        _ = ledger.acquire(size: size)  // reuse 0? it is free: check the age first
        #expect(ledger.slots[0].age == 2)
        #expect(ledger.slots[1].age == 1)
    }

    @Test func prefersTheFreshestFreeBuffer() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size); ledger.submitted(0)
        _ = ledger.acquire(size: size); ledger.submitted(1)
        _ = ledger.acquire(size: size); ledger.submitted(2)
        ledger.released(0); ledger.released(1)
        // Buffer 1 is one frame old, buffer 0 two: 1 needs less repainting.
        #expect(acquire(&ledger, size) == .reuse(index: 1, age: 2))
    }

    @Test func stopsAtItsLimitWhenTheCompositorHoldsEverything() {
        var ledger = BufferLedger(capacity: 2, limit: 3)
        for index in 0..<3 {
            #expect(acquire(&ledger, size) == .allocate(index: index))
            ledger.submitted(index)
        }
        #expect(acquire(&ledger, size) == .exhausted)
        ledger.released(1)
        #expect(acquire(&ledger, size) == .reuse(index: 1, age: 2))
    }

    @Test func aResizeRetiresOldBuffersAndFreesBusyOnesOnRelease() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size); ledger.submitted(0)
        _ = ledger.acquire(size: size); ledger.submitted(1)
        ledger.released(0)
        let bigger = PixelSize(width: 200, height: 100)
        // Buffer 0 is free and can go now; buffer 1 is busy and goes on release.
        let freedNow = ledger.retire(allBut: bigger)
        #expect(freedNow == [0])
        let freedOnRelease = ledger.released(1)
        #expect(freedOnRelease)
        // The retired slot is reused for the new size, with unknown contents.
        #expect(acquire(&ledger, bigger) == .allocate(index: 0))
        #expect(ledger.liveCount == 1)
    }

    @Test func invalidatingContentsZeroesEveryAge() {
        var ledger = BufferLedger()
        _ = ledger.acquire(size: size); ledger.submitted(0); ledger.released(0)
        ledger.invalidateContents()
        #expect(acquire(&ledger, size) == .reuse(index: 0, age: 0))
    }

    /// A deterministic generator for the random sequences below.
    struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    @Test(arguments: 1...20) func randomSequencesKeepTheContract(seed: Int) {
        var random = SplitMix64(state: UInt64(seed))
        var ledger = BufferLedger(capacity: 3, limit: 5)
        let sizes = [PixelSize(width: 10, height: 10), PixelSize(width: 20, height: 10)]
        var currentSize = sizes[0]
        var frame = 0
        var presentedAt: [Int: Int] = [:]   // slot -> frame number it last showed
        var busy: Set<Int> = []
        for _ in 0..<400 {
            switch random.below(4) {
            case 0, 1:
                switch ledger.acquire(size: currentSize) {
                case .reuse(let index, let age):
                    #expect(!busy.contains(index), "a busy buffer was handed out")
                    #expect(ledger.slots[index].size == currentSize)
                    if age > 0 {
                        // The new frame will be frame + 1; the buffer shows the frame it was presented at.
                        #expect(age == frame + 1 - presentedAt[index]!, "age is not frames since presentation")
                    }
                    ledger.submitted(index); busy.insert(index); frame += 1; presentedAt[index] = frame
                case .allocate(let index):
                    #expect(!busy.contains(index))
                    ledger.submitted(index); busy.insert(index); frame += 1; presentedAt[index] = frame
                case .exhausted:
                    #expect(busy.count == ledger.limit || ledger.slots.count == ledger.limit)
                }
            case 2:
                if let index = busy.randomElement(using: &random) {
                    ledger.released(index); busy.remove(index)
                }
            default:
                currentSize = sizes[random.below(2)]
                for index in ledger.retire(allBut: currentSize) { presentedAt[index] = nil }
            }
            #expect(ledger.slots.count <= ledger.limit)
        }
    }
}

extension BufferLedgerTests.SplitMix64: RandomNumberGenerator {}
