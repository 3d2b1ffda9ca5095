import DemoPages
import Glibc
import Testing

/// A packing file is never lost: not when it cannot be read, not when it
/// cannot be moved aside, not through a planted link, not by a version
/// that does not know all of its entries.
@Suite struct PackingStoreSafetyTests {
    static let list = Array("# sweep packing list 1\nBoots\nMap\n".utf8)

    /// Whether a save is refused because saving is off.
    private func saveIsRefused(_ store: PackingStore) -> Bool {
        do {
            try store.save(["Compass"])
            return false
        } catch let error as PackingStoreError {
            return error.message.contains("saving is off")
        } catch {
            return false
        }
    }

    // MARK: Unreadable files

    @Test func aListTheUserCannotReadIsNeverWrittenOver() async {
        // Mode 000 stops everyone but root; the check runs as nobody in a child process.
        let dir = ScratchDirectory()
        chmod(dir.path, 0o777)
        dir.write("packing-list", Self.list)
        chmod(dir.path + "/packing-list", 0)
        let path = dir.path
        await #expect(processExitsWith: .exitCode(0), "10: no setuid, 11: the load read it, 12: a save went through") { [path = path as String] in
            if getuid() == 0 {
                guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else { exit(10) }
            }
            let store = PackingStore(directory: path)
            if (try? store.load()) != nil { exit(11) }
            if (try? store.save(["Compass"])) != nil { exit(12) }
            exit(0)
        }
        chmod(dir.path + "/packing-list", 0o600)
        #expect(dir.read("packing-list") == Self.list)
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"])
    }

    @Test func aDirectoryInPlaceOfTheListIsLeftAlone() throws {
        let dir = ScratchDirectory()
        mkdir(dir.path + "/packing-list", 0o700)
        dir.write("packing-list/notes", Self.list)
        let store = PackingStore(directory: dir.path)
        #expect(throws: PackingStoreError.self) { try store.load() }
        #expect(saveIsRefused(store))
        #expect(dir.read("packing-list/notes") == Self.list)
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"])
    }

    @Test(arguments: [FaultyFileSystem.Call.read, .open, .stat])
    func aListThatFailsToReadIsNeverWrittenOver(_ call: FaultyFileSystem.Call) throws {
        let dir = ScratchDirectory()
        dir.write("packing-list", Self.list)
        let disk = FaultyFileSystem()
        disk.failing = [call]
        disk.error = EIO
        let store = PackingStore(directory: dir.path, fileSystem: disk)
        do {
            _ = try store.load()
            Issue.record("a list that failed to read was loaded")
        } catch {
            #expect(error.message.contains("Input/output error") && error.message.contains("saving is off"), "\(error)")
        }
        disk.failing = []
        #expect(saveIsRefused(store))
        #expect(dir.read("packing-list") == Self.list)
        #expect(store.hasPendingSave, "the refused save is what quitting reports")
    }

    // MARK: Corrupt files that cannot be moved aside

    @Test func aCorruptFileThatCannotBeMovedAsideIsNeverWrittenOver() throws {
        let dir = ScratchDirectory()
        for number in 1...1000 { dir.write("packing-list.corrupt-\(number)", []) }
        let garbage = Array("garbage\n".utf8)
        dir.write("packing-list", garbage)
        let store = PackingStore(directory: dir.path)
        #expect(throws: PackingStoreError.self) { try store.load() }
        #expect(saveIsRefused(store))
        #expect(dir.read("packing-list") == garbage)
    }

    @Test func aCorruptFileOnADiskThatRefusesRenamesIsNeverWrittenOver() throws {
        let dir = ScratchDirectory()
        let garbage = Array("garbage\n".utf8)
        dir.write("packing-list", garbage)
        let disk = FaultyFileSystem()
        disk.failing = [.link, .rename]
        disk.error = EROFS
        let store = PackingStore(directory: dir.path, fileSystem: disk)
        #expect(throws: PackingStoreError.self) { try store.load() }
        disk.failing = []
        #expect(saveIsRefused(store))
        #expect(dir.read("packing-list") == garbage)
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"])
    }

    @Test func aCorruptFileOnADiskWithoutHardLinksIsStillMovedAside() throws {
        let dir = ScratchDirectory()
        let garbage = Array("garbage\n".utf8)
        dir.write("packing-list", garbage)
        dir.write("packing-list.corrupt-1", [1])
        let disk = FaultyFileSystem()
        disk.failing = [.link]
        disk.error = EPERM
        let store = PackingStore(directory: dir.path, fileSystem: disk)
        guard case .corrupt(_, let aside) = try store.load() else {
            Issue.record("not reported as corrupt")
            return
        }
        #expect(aside == dir.path + "/packing-list.corrupt-2")
        #expect(dir.read("packing-list.corrupt-1") == [1])
        #expect(dir.read("packing-list.corrupt-2") == garbage)
        try store.save(["Map"])
        #expect(try store.load() == .packed(["Map"]))
    }

    @Test func eachCorruptFileGetsItsOwnCopy() throws {
        let dir = ScratchDirectory()
        dir.write("packing-list", Array("first\n".utf8))
        let store = PackingStore(directory: dir.path)
        guard case .corrupt(_, let aside) = try store.load() else {
            Issue.record("not reported as corrupt")
            return
        }
        #expect(aside.hasSuffix("packing-list.corrupt-1"))
        dir.write("packing-list", Array("second\n".utf8))
        guard case .corrupt(_, let second) = try store.load() else {
            Issue.record("not reported as corrupt")
            return
        }
        #expect(second.hasSuffix("packing-list.corrupt-2"))
        #expect(dir.read("packing-list.corrupt-1") == Array("first\n".utf8))
        #expect(dir.read("packing-list.corrupt-2") == Array("second\n".utf8))
    }

    // MARK: The temporary file

    @Test func aSymlinkPlantedAtTheOldTemporaryNameIsNotFollowed() throws {
        let dir = ScratchDirectory(), elsewhere = ScratchDirectory()
        let victim = Array("someone else's file\n".utf8)
        elsewhere.write("victim", victim)
        symlink(elsewhere.path + "/victim", dir.path + "/packing-list.tmp-\(getpid())")
        let store = PackingStore(directory: dir.path)
        try store.save(["Boots"])
        #expect(elsewhere.read("victim") == victim)
        #expect(try store.load() == .packed(["Boots"]))
    }

    @Test func aTakenTemporaryNameIsNeverOpened() throws {
        // Even a guessed random name: O_EXCL and O_NOFOLLOW refuse it and another is drawn.
        let dir = ScratchDirectory(), elsewhere = ScratchDirectory()
        let victim = Array("someone else's file\n".utf8)
        elsewhere.write("victim", victim)
        let disk = FaultyFileSystem()
        disk.randoms = [42, 42, 43]
        let planted = "packing-list.tmp-\(String(42 as UInt64, radix: 36))"
        symlink(elsewhere.path + "/victim", dir.path + "/" + planted)
        let store = PackingStore(directory: dir.path, fileSystem: disk)
        try store.save(["Boots"])
        #expect(elsewhere.read("victim") == victim)
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list", planted])
        #expect(disk.calls.filter { $0 == .create }.count == 3)
        #expect(try store.load() == .packed(["Boots"]))
    }

    // MARK: Entries of other versions

    @Test func entriesThisVersionDoesNotKnowAreKept() throws {
        let dir = ScratchDirectory()
        dir.write("packing-list", Array("# sweep packing list 1\nIce axe\nBoots\n@trip Alps\n".utf8))
        let store = PackingStore(directory: dir.path)
        guard case .packed(let entries) = try store.load() else {
            Issue.record("not loaded")
            return
        }
        var list = PackingList(savedEntries: Array(entries))
        #expect(list.packedInOrder == ["Boots"])
        list.toggle(2)   // Map
        list.toggle(0)   // Boots off
        try store.save(list.entriesToSave)
        #expect(dir.read("packing-list") == Array("# sweep packing list 1\nMap\nIce axe\n@trip Alps\n".utf8))
    }

    @Test func aListWrittenByANewerFormatIsKeptAsItIs() throws {
        let dir = ScratchDirectory()
        let newer = Array("# sweep packing list 2\n[Boots]\npacked = true\n".utf8)
        dir.write("packing-list", newer)
        let store = PackingStore(directory: dir.path)
        do {
            _ = try store.load()
            Issue.record("a newer format was read")
        } catch {
            #expect(error.message.contains("newer"), "\(error)")
        }
        #expect(saveIsRefused(store))
        #expect(dir.read("packing-list") == newer)
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"], "not moved aside as corrupt")
    }

    // MARK: Leftovers and failed saves

    @Test func staleTemporaryFilesOfOursAreRemovedAtLoad() throws {
        let dir = ScratchDirectory()
        let store = PackingStore(directory: dir.path)
        try store.save(["Boots"])
        let half = Array("# sweep packing list 1\nHead".utf8)
        // Left by killed processes an hour ago: the old naming and the new.
        for name in ["packing-list.tmp-4242", "packing-list.tmp-1x2y3z4"] {
            dir.write(name, half)
            dir.age(name, seconds: 3600)
        }
        // Kept: a fresh one (another instance may be saving), names not ours, a link.
        dir.write("packing-list.tmp-777", half)
        for name in ["notes.tmp-1", "packing-list.tmp-old.bak"] {
            dir.write(name, half)
            dir.age(name, seconds: 3600)
        }
        symlink("/nonexistent", dir.path + "/packing-list.tmp-99")
        dir.age("packing-list.tmp-99", seconds: 3600)
        #expect(try store.load() == .packed(["Boots"]))
        #expect(ScratchDirectory.names(of: dir.path)
                == ["notes.tmp-1", "packing-list", "packing-list.tmp-777", "packing-list.tmp-99", "packing-list.tmp-old.bak"])
    }

    @Test func aFailedSaveWaitsToBeRetried() throws {
        let dir = ScratchDirectory()
        // The state directory's place is taken by a file: loading finds nothing, saving fails.
        dir.write("state", Array("not a directory".utf8))
        let store = PackingStore(directory: dir.path + "/state/sweep")
        #expect(throws: PackingStoreError.self) { try store.load() }
        #expect(throws: PackingStoreError.self) { try store.save(["Map"]) }
        #expect(store.hasPendingSave)
        unlink(dir.path + "/state")
        try store.savePending()   // what the demo does when it quits
        #expect(!store.hasPendingSave)
        #expect(try store.load() == .packed(["Map"]))
        try store.savePending()   // nothing pending: nothing happens
        #expect(try store.load() == .packed(["Map"]))
    }
}
