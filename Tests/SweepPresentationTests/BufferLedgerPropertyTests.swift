import SweepTestSupport
import Testing
@testable import SweepPresentation

/// Random sequences of what an adapter and a compositor do (draw, abandon a
/// frame, release, resize, rescale), checked step by step against a plain
/// model of the contract: which buffers are busy, retired, allocated, and
/// which frame each one shows.
@Suite struct BufferLedgerPropertyTests {
    /// What the adapter knows about one slot.
    struct ModelSlot {
        var size: PixelSize
        var isBusy = false
        var isRetired = false
        /// Whether the adapter holds memory for it (freed when the ledger says so).
        var hasMemory = true
        /// The frame number it was last presented with; nil = contents unknown.
        var presentedFrame: Int?
    }

    struct Model {
        var slots: [ModelSlot] = []
        /// Frames presented so far.
        var frame = 0

        /// The age the ledger must report: 1 = the previous frame, n = n frames back, 0 = unknown.
        func age(of index: Int) -> Int {
            slots[index].presentedFrame.map { frame - $0 + 1 } ?? 0
        }

        func freeLiveSlots(of size: PixelSize) -> [Int] {
            slots.indices.filter { !slots[$0].isBusy && !slots[$0].isRetired && slots[$0].size == size }
        }

        var liveCount: Int { slots.filter { !$0.isRetired }.count }
    }

    static let sizes = [PixelSize(width: 64, height: 32), PixelSize(width: 80, height: 32), PixelSize(width: 128, height: 64)]

    @Test(arguments: 1...40)
    func randomSequencesKeepTheContract(seed: Int) {
        var random = SplitMix64(seed: seed)
        let capacity = 2 + seed % 3
        let limit = capacity + seed % 4
        var ledger = BufferLedger(capacity: capacity, limit: limit)
        var model = Model()
        var size = Self.sizes[0]
        var outcomes: [String: Int] = [:]

        for step in 0..<600 {
            let roll = random.below(100)
            if roll < 50 {
                // Draw a frame (or start one and abandon it before commit).
                let before = model
                let acquisition = ledger.acquire(size: size)
                let free = before.freeLiveSlots(of: size)
                switch acquisition {
                case .reuse(let index, let age):
                    outcomes["reuse", default: 0] += 1
                    guard before.slots.indices.contains(index) else {
                        Issue.record("step \(step): reuse of a slot that does not exist"); return
                    }
                    let slot = before.slots[index]
                    #expect(!slot.isBusy, "step \(step): a busy buffer was handed out")
                    #expect(!slot.isRetired, "step \(step): a retired buffer was handed out")
                    #expect(slot.hasMemory && slot.size == size)
                    #expect(age == before.age(of: index), "step \(step): age is not frames since presentation")
                    // The freshest free buffer: the lowest known age, else any unknown one.
                    let known = free.map { before.age(of: $0) }.filter { $0 > 0 }
                    #expect(age == (known.min() ?? 0), "step \(step): not the freshest free buffer")
                case .allocate(let index):
                    outcomes["allocate", default: 0] += 1
                    #expect(free.isEmpty, "step \(step): allocated while a free buffer of the size existed")
                    if index == before.slots.count {
                        #expect(index < limit)
                        model.slots.append(ModelSlot(size: size))
                    } else if before.slots.indices.contains(index) {
                        let slot = before.slots[index]
                        #expect(!slot.isBusy, "step \(step): a busy buffer's slot was reallocated")
                        if slot.isRetired {
                            #expect(!slot.hasMemory, "step \(step): a retired slot reused before it was freed")
                        } else {
                            // Reallocating a free live buffer of another size, only at capacity.
                            #expect(slot.size != size && before.liveCount >= capacity)
                        }
                        model.slots[index] = ModelSlot(size: size)
                    } else {
                        Issue.record("step \(step): allocate(\(index)) skips slots"); return
                    }
                case .exhausted:
                    outcomes["exhausted", default: 0] += 1
                    #expect(before.slots.count == limit, "step \(step): exhausted below the limit")
                    #expect(before.slots.allSatisfy { $0.isBusy }, "step \(step): exhausted with a usable buffer")
                }
                let index: Int? = switch acquisition {
                case .reuse(let index, _), .allocate(let index): index
                case .exhausted: nil
                }
                if let index, random.below(10) != 0 {
                    ledger.submitted(index)
                    model.frame += 1
                    model.slots[index].isBusy = true
                    model.slots[index].presentedFrame = model.frame
                }
            } else if roll < 85 {
                // The compositor releases one of the buffers it holds (deterministic order).
                let busy = model.slots.indices.filter { model.slots[$0].isBusy }
                guard !busy.isEmpty else { continue }
                let index = busy[random.below(busy.count)]
                let freeNow = ledger.released(index)
                #expect(freeNow == model.slots[index].isRetired, "step \(step): released(\(index)) said \(freeNow)")
                model.slots[index].isBusy = false
                if freeNow { model.slots[index].hasMemory = false }
            } else if roll < 97 {
                // A resize: buffers of other sizes go, idle ones now, busy ones on release.
                size = Self.sizes[random.below(Self.sizes.count)]
                let freed = ledger.retire(allBut: size)
                let expected = model.slots.indices.filter {
                    model.slots[$0].size != size && !model.slots[$0].isRetired && !model.slots[$0].isBusy
                }
                #expect(freed == expected, "step \(step): retire freed \(freed), expected \(expected)")
                for index in model.slots.indices where model.slots[index].size != size && !model.slots[index].isRetired {
                    model.slots[index].isRetired = true
                    model.slots[index].presentedFrame = nil
                    if !model.slots[index].isBusy { model.slots[index].hasMemory = false }
                }
            } else {
                // A scale change: no buffer's contents can be trusted.
                ledger.invalidateContents()
                for index in model.slots.indices { model.slots[index].presentedFrame = nil }
            }

            // After every step the ledger and the model agree.
            #expect(ledger.slots.count == model.slots.count)
            #expect(ledger.slots.count <= limit && ledger.liveCount <= limit)
            #expect(model.slots.filter(\.hasMemory).count <= limit, "more buffers in memory than the limit")
            #expect(ledger.liveCount == model.liveCount)
            #expect(ledger.busyCount == model.slots.filter(\.isBusy).count)
            for index in 0..<min(ledger.slots.count, model.slots.count) {
                let slot = ledger.slots[index], expected = model.slots[index]
                #expect(slot.isBusy == expected.isBusy && slot.isRetired == expected.isRetired,
                        "step \(step): slot \(index) is \(slot), expected \(expected)")
                if !expected.isRetired {
                    #expect(slot.size == expected.size)
                    #expect(slot.age == model.age(of: index), "step \(step): slot \(index) has age \(slot.age)")
                }
            }
        }
        // The sequence exercised every outcome, or it proves little.
        #expect(outcomes["reuse", default: 0] > 0 && outcomes["allocate", default: 0] > 0)
        #expect(outcomes["exhausted", default: 0] > 0 || seed % 4 != 0, "a tight chain should run out at times")
    }
}
