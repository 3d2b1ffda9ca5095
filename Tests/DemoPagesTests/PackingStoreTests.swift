import DemoPages
import Glibc
import Testing
import SweepEventLog

/// A fresh directory under /tmp, removed at the end.
final class ScratchDirectory {
    let path: String
    init() {
        var template = Array("/tmp/sweep-pages-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    deinit { _ = system("rm -rf '\(path)'") }

    func write(_ name: String, _ bytes: [UInt8]) {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func read(_ name: String) -> [UInt8]? {
        let fd = open(path + "/" + name, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count <= 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}

struct SimulatedCrash: Error {}

@Suite struct PackingStoreTests {
    @Test func aMissingFileIsAnEmptyList() throws {
        let dir = ScratchDirectory()
        #expect(try PackingStore(directory: dir.path + "/sweep").load() == .none)
    }

    @Test func savedCheckmarksLoadBack() throws {
        let dir = ScratchDirectory()
        let store = PackingStore(directory: dir.path + "/state/sweep")
        try store.save(["Boots", "Map"])
        #expect(try store.load() == .packed(["Boots", "Map"]))
        try store.save(["Map"])
        #expect(try PackingStore(directory: dir.path + "/state/sweep").load() == .packed(["Map"]))
        // Nothing but the file itself is left behind.
        #expect(ScratchDirectory.names(of: dir.path + "/state/sweep") == ["packing-list"])
    }

    /// Found by fuzzing (Fuzz/fuzz-packing): lines were split at Characters, and "\r\n" is one,
    /// so "Boots\r\nMap" was one entry holding a line feed (saved back as two lines).
    @Test func aCarriageReturnBeforeALineFeedStaysInItsLine() throws {
        let dir = ScratchDirectory()
        dir.write("packing-list", Array("# sweep packing list 1\nBoots\r\nMap\n".utf8))
        let store = PackingStore(directory: dir.path)
        #expect(try store.load() == .packed(["Boots\r", "Map"]))
        dir.write("packing-list", Array("# sweep packing list 1\r\nBoots\n".utf8))
        if case .corrupt(let reason, _) = try store.load() {
            #expect(reason.contains("header"))
        } else {
            Issue.record("a CRLF header line is not the header")
        }
    }

    @Test func aCrashBetweenWriteAndRenameLosesNothing() throws {
        let dir = ScratchDirectory()
        let store = PackingStore(directory: dir.path)
        try store.save(["Boots", "Compass"])
        let before = dir.read("packing-list")
        #expect(throws: SimulatedCrash.self) {
            try store.save(["Headlamp"], beforeRename: { throw SimulatedCrash() })
        }
        #expect(dir.read("packing-list") == before)
        #expect(try store.load() == .packed(["Boots", "Compass"]))
    }

    @Test func aTemporaryFileLeftByAKilledProcessIsIgnored() throws {
        let dir = ScratchDirectory()
        let store = PackingStore(directory: dir.path)
        try store.save(["Boots"])
        // What a process killed mid-write leaves: a half-written temporary file.
        dir.write("packing-list.tmp-99999", Array("# sweep packing list 1\nHead".utf8))
        #expect(try store.load() == .packed(["Boots"]))
        try store.save(["Boots", "Map"])
        #expect(try store.load() == .packed(["Boots", "Map"]))
    }

    @Test(arguments: [
        ("junk", Array("hello world\n".utf8)),
        ("not UTF-8", Array("# sweep packing list 1\n".utf8) + [0xff, 0xfe, 0x0a]),
        ("unfinished", Array("# sweep packing list 1\nBoo".utf8)),
        ("empty", [UInt8]()),
    ])
    func aCorruptFileIsMovedAsideAndKept(_ name: String, _ bytes: [UInt8]) throws {
        let dir = ScratchDirectory()
        dir.write("packing-list", bytes)
        let store = PackingStore(directory: dir.path)
        guard case .corrupt(let reason, let aside) = try store.load() else {
            Issue.record("\(name): not reported as corrupt")
            return
        }
        #expect(!reason.isEmpty)
        #expect(aside == dir.path + "/packing-list.corrupt-1")
        #expect(dir.read("packing-list.corrupt-1") == bytes, "the unreadable file is kept as it was")
        #expect(dir.read("packing-list") == nil)
        // Saving afterwards never touches the kept copy, and a second bad file gets its own name.
        try store.save(["Map"])
        #expect(dir.read("packing-list.corrupt-1") == bytes)
        dir.write("packing-list", Array("garbage".utf8))
        guard case .corrupt(_, let second) = try store.load() else {
            Issue.record("second corrupt file not reported")
            return
        }
        #expect(second == dir.path + "/packing-list.corrupt-2")
    }

    @Test func aSaveThatCannotWriteThrowsAndKeepsTheOldFile() throws {
        let dir = ScratchDirectory()
        let store = PackingStore(directory: dir.path)
        try store.save(["Boots"])
        // Every write fails, as on a disk that has gone bad.
        let disk = FaultyFileSystem()
        disk.failing = [.write]
        #expect(throws: PackingStoreError.self) { try PackingStore(directory: dir.path, fileSystem: disk).save(["Map"]) }
        #expect(try store.load() == .packed(["Boots"]))
        #expect(ScratchDirectory.names(of: dir.path) == ["packing-list"], "the temporary file is removed")
    }

    @Test func aFullDiskIsReported() throws {
        // /dev/full fails every write with ENOSPC: the store's temporary file is opened there.
        let dir = ScratchDirectory()
        let store = PackingStore(directory: dir.path)
        try store.save(["Boots"])
        do {
            try PackingStore(directory: dir.path, fileSystem: FullDisk()).save(["Map", "Compass"])
            Issue.record("a save to a full disk succeeded")
        } catch let error as PackingStoreError {
            #expect(error.message.contains("No space left"), "\(error.message)")
        }
        #expect(try store.load() == .packed(["Boots"]))
    }

    @Test func theStateDirectoryFollowsXDG() {
        #expect(PackingStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/sweep")
        #expect(PackingStore.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/sweep")
        #expect(PackingStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/sweep")
        #expect(PackingStore.defaultDirectory(environment: [:]) == nil)
    }
}

extension ScratchDirectory {
    static func names(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var result: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { result.append(name) }
        }
        return result.sorted()
    }
}

/// A file system whose new files are all `/dev/full`.
struct FullDisk: OutputFileSystem {
    func openat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        flags & O_CREAT != 0 ? Glibc.open("/dev/full", O_WRONLY | O_CLOEXEC) : Glibc.openat(directory, name, flags, mode)
    }
}
