import DemoPages
import Glibc
import Testing

/// Whatever happens during a save (an error at any step, the process or
/// the disk stopping at any step, a real SIGKILL), the packing file is
/// afterwards the old list or the new one: never a mix, never gone.
@Suite struct PackingCrashTests {
    static let old = ["Boots", "Compass"]
    static let new = ["Map", "Headlamp", "Whistle"]
    /// What the killed child saves in turn with `new`.
    static let other = ["Snacks"]
    static func bytes(_ entries: [String]) -> [UInt8] { Array(("# sweep packing list 1\n" + entries.map { $0 + "\n" }.joined()).utf8) }

    /// The calls one save makes, in order, over an existing list.
    private func callsOfASave() throws -> [FaultyFileSystem.Call] {
        let dir = ScratchDirectory()
        try PackingStore(directory: dir.path).save(Self.old)
        let disk = FaultyFileSystem()
        try PackingStore(directory: dir.path, fileSystem: disk).save(Self.new)
        return disk.calls
    }

    /// The file is the old list or the new one; a fresh start (leftovers
    /// aged as if time passed) loads it and can save again, leaving nothing else.
    private func expectOldOrNew(in dir: ScratchDirectory, _ step: String, or other: [String] = new) throws {
        let bytes = dir.read("packing-list")
        #expect([Self.old, Self.new, other].map(Self.bytes).contains(bytes), "\(step): \(String(decoding: bytes ?? [], as: UTF8.self))")
        dir.ageTemporaryFiles()
        let store = PackingStore(directory: dir.path)
        let loaded = try store.load()
        #expect([Self.old, Self.new, other].map { PackingStore.Loaded.packed($0) }.contains(loaded), "\(step)")
        try store.save(Self.old)
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"], "\(step)")
    }

    @Test func aSaveMakesTheCallsOfAnAtomicReplace() throws {
        let calls = try callsOfASave()
        let essential = calls.filter { [.create, .fsync, .rename].contains($0) }
        // The new file is flushed before it replaces the old, and the directory after.
        #expect(essential == [.create, .fsync, .rename, .fsync], "\(calls)")
    }

    @Test(arguments: [EIO, ENOSPC])
    func anErrorAtAnyStepLeavesTheOldListOrTheNew(_ code: Int32) throws {
        let calls = try callsOfASave()
        for index in calls.indices {
            let step = "error \(code) at call \(index) (\(calls[index]))"
            let dir = ScratchDirectory()
            try PackingStore(directory: dir.path).save(Self.old)
            let disk = FaultyFileSystem()
            disk.failAt = index
            disk.error = code
            let store = PackingStore(directory: dir.path, fileSystem: disk)
            var saved = true
            do { try store.save(Self.new) } catch { saved = false }
            if saved {
                #expect(dir.read("packing-list") == Self.bytes(Self.new), "\(step)")
                #expect(![.create, .write, .fsync, .rename].contains(calls[index]), "\(step): a save that lost its data or durability reported success")
            } else {
                #expect(store.hasPendingSave, "\(step): a failed save is retried later")
                #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"], "\(step): the temporary file is removed")
            }
            try expectOldOrNew(in: dir, step)
        }
    }

    @Test func aCrashAtAnyStepLeavesTheOldListOrTheNew() throws {
        let calls = try callsOfASave()
        for index in calls.indices {
            let step = "stopped at call \(index) (\(calls[index]))"
            let dir = ScratchDirectory()
            try PackingStore(directory: dir.path).save(Self.old)
            let disk = FaultyFileSystem()
            disk.deadFrom = index
            _ = try? PackingStore(directory: dir.path, fileSystem: disk).save(Self.new)
            try expectOldOrNew(in: dir, step)
        }
    }

    @Test func aSaveKilledAtARandomMomentLeavesTheOldListOrTheNew() async throws {
        var saved = 0
        for round in 0..<10 {
            let dir = ScratchDirectory()
            try PackingStore(directory: dir.path).save(Self.old)
            let path = dir.path
            let delay = Int.random(in: 1000...20000)
            // The child saves the two lists in turn until a timer SIGKILLs it mid-way.
            await #expect(processExitsWith: .signal(SIGKILL), "round \(round)") { [path = path as String, delay = delay as Int] in
                signal(SIGALRM) { _ in kill(getpid(), SIGKILL) }
                var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: 0, tv_usec: delay))
                setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
                let store = PackingStore(directory: path)
                var flip = false
                while true {
                    try? store.save(flip ? PackingCrashTests.other : PackingCrashTests.new)
                    flip.toggle()
                }
            }
            if dir.read("packing-list") != Self.bytes(Self.old) { saved += 1 }
            try expectOldOrNew(in: dir, "killed after \(delay) µs", or: Self.other)
        }
        // The child got to save before it was killed, mostly (the old list
        // is never written in the child: whatever else is there, it saved).
        #expect(saved >= 3, "\(saved) of 10 children saved before they were killed")
    }
}
