import SweepPresentation

/// The shm buffers of one surface: `BufferLedger` decides, this type owns the memory.
final class BufferChain {
    private let shm: OpaquePointer
    private var ledger = BufferLedger()
    private var buffers: [ShmBuffer?] = []

    init(shm: OpaquePointer) {
        self.shm = shm
    }

    /// A buffer of `size` that the compositor does not hold, with its age
    /// (0 = contents unknown). Allocates when every buffer is busy; nil when the
    /// compositor holds the most buffers the chain allows.
    func acquire(size: PixelSize) throws -> (buffer: ShmBuffer, index: Int, age: Int)? {
        for index in ledger.retire(allBut: size) { buffers[index] = nil }
        switch ledger.acquire(size: size) {
        case .reuse(let index, let age):
            return (buffers[index]!, index, age)
        case .allocate(let index):
            let buffer: ShmBuffer
            do {
                buffer = try ShmBuffer(shm: shm, size: size)
            } catch {
                ledger.abandon(index)   // no slot without its buffer
                throw error
            }
            install(buffer, at: index)
            return (buffer, index, 0)
        case .exhausted:
            return nil
        }
    }

    /// Makes a buffer of `size` ready while the window is idle, when the next
    /// frame would otherwise allocate one (`BufferLedger.needsSpare`). Its
    /// contents are unknown (age 0), so that frame copies the last forward.
    /// A buffer that cannot be made now is left to that frame, which reports it.
    func prepareSpare(size: PixelSize) {
        guard ledger.needsSpare(size: size) else { return }
        if case .allocate(let index) = ledger.acquire(size: size) {
            guard let buffer = try? ShmBuffer(shm: shm, size: size) else {
                ledger.abandon(index)
                return
            }
            install(buffer, at: index)
        }
    }

    /// Brings the buffer the next frame will draw into up to the newest frame
    /// while the window is idle: `copy` gets it and its age (0 = contents
    /// unknown) and copies what it lacks, or returns false when it cannot.
    func catchUp(size: PixelSize, copy: (ShmBuffer, Int) -> Bool) {
        guard let (index, age) = ledger.behindNewest(size: size), buffers.indices.contains(index),
              let buffer = buffers[index] else { return }
        if copy(buffer, age) { ledger.caughtUp(index) }
    }

    /// Puts a new buffer in the ledger's slot `index`.
    private func install(_ buffer: ShmBuffer, at index: Int) {
        buffer.onRelease = { [weak self] in self?.released(index) }
        if index == buffers.count { buffers.append(buffer) } else { buffers[index] = buffer }
    }

    func submitted(_ index: Int) {
        ledger.submitted(index)
    }

    /// Forgets the contents of every buffer (scale change).
    func invalidateContents() {
        ledger.invalidateContents()
    }

    /// Called after the compositor releases any buffer.
    var onRelease: (() -> Void)?

    private func released(_ index: Int) {
        if ledger.released(index) { buffers[index] = nil }
        onRelease?()
    }

    var allocatedCount: Int { buffers.lazy.compactMap { $0 }.count }
}
