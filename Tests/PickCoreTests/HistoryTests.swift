import Testing
@testable import PickCore

/// A directory in memory whose calls fail where told (a full disk at a write, a rename refused).
private final class MemoryFiles: HistoryFileSystem {
    var files: [String: [UInt8]] = [:]
    var unreadable: Set<String> = []
    /// Paths that are not regular files (a directory, a FIFO).
    var irregular: Set<String> = []
    /// Symbolic links: the path each one names.
    var links: [String: String] = [:]
    var modes: [String: UInt32] = [:]
    var failWrites = false
    var failRenames = false

    func read(_ path: String, limit: Int) throws(HistoryFileError) -> [UInt8]? {
        let path = target(of: path)
        if irregular.contains(path) { throw HistoryFileError("\(path) is not a regular file") }
        if unreadable.contains(path) { throw HistoryFileError("cannot read \(path): Permission denied") }
        if let bytes = files[path], bytes.count > limit { throw HistoryFileError("\(path) is over \(limit) bytes") }
        return files[path]
    }
    func exists(_ path: String) -> Bool { files[path] != nil || irregular.contains(path) || links[path] != nil }
    func target(of path: String) -> String { links[path].map(target(of:)) ?? path }
    /// As `OutputFile.replace` does: the link's target, its mode kept; a failure leaves the old file.
    func replace(_ path: String, with bytes: [UInt8]) throws(HistoryFileError) {
        if failWrites { throw HistoryFileError("cannot write \(path).tmp-1: No space left on device") }
        if failRenames { throw HistoryFileError("cannot replace \(path): Permission denied") }
        let target = target(of: path)
        files[target] = bytes
        modes[target] = modes[target] ?? 0o600
    }
    func rename(_ from: String, _ to: String) throws(HistoryFileError) {
        if failRenames { throw HistoryFileError("cannot rename \(from) to \(to): Permission denied") }
        if let link = links.removeValue(forKey: from) {
            links[to] = link
        } else {
            files[to] = files.removeValue(forKey: from)
            modes[to] = modes.removeValue(forKey: from)
        }
        unreadable.remove(from)
    }
}

private func entry(_ text: String, _ count: Int, _ lastUsed: Int64) -> HistoryEntry {
    HistoryEntry(text: Array(text.utf8), count: count, lastUsed: lastUsed)
}

@Suite struct HistoryTests {
    /// Newlines, tabs, CRs, NULs, backslashes and ill-formed UTF-8 survive the file.
    @Test func oddBytesRoundTrip() throws {
        let entries = [
            HistoryEntry(text: Array("a\nb\tc\r\0d\\n\\".utf8), count: 3, lastUsed: 1_700_000_000),
            HistoryEntry(text: [0xFF, 0xC3, 0x5C, 0x30], count: 1, lastUsed: 0),
            HistoryEntry(text: [], count: 7, lastUsed: 5),
            entry("# not a comment", 2, 9),
        ]
        let bytes = HistoryFormat.encode(entries)
        #expect(bytes.split(separator: 0x0A).count == entries.count + 1)
        #expect(try HistoryFormat.decode(bytes) == entries)
    }

    @Test func malformedLinesAreNamed() {
        for text in ["x\t1\ta\n", "1\t2\n", "0\t5\ta\n", "1\t-3\ta\n", "1\t2\tbad\\q\n", "1\t2\tend\\\n"] {
            #expect(throws: HistoryFileError.self, "\(text.debugDescription)") { try HistoryFormat.decode(Array(text.utf8)) }
        }
        #expect(throws: HistoryFileError("line 3 is not COUNT<TAB>TIME<TAB>RECORD")) {
            try HistoryFormat.decode(Array("# sweep-pick history 1\n1\t2\tok\nbroken\n".utf8))
        }
    }

    /// count · 2^(−age / 14 days): recent use counts, old use fades.
    @Test func frecencyOrder() {
        let day: Int64 = 86_400, now: Int64 = 1000 * day
        let history = History(entries: [
            entry("old favourite", 10, now - 60 * day),   // 10 / 2^4.3 ≈ 0.5
            entry("yesterday twice", 2, now - day),       // ≈ 1.9
            entry("today once", 1, now),                  // 1
            entry("today once, earlier", 1, now - 60),    // just under 1
        ])
        #expect(history.ranked(now: now).map { String(decoding: $0.text, as: UTF8.self) }
                == ["yesterday twice", "today once", "today once, earlier", "old favourite"])
        #expect(abs(History.frecency(entry("x", 4, now - 14 * day), now: now) - 2) < 1e-9)
        #expect(abs(History.pow2(-2.5) - 0.176_776_695_296_636_9) < 1e-12)
    }

    @Test func choicesAreCountedAndTheLeastFrecentDropped() {
        var history = History()
        history.record([Array("a".utf8), Array("b".utf8), Array("a".utf8)], now: 100, limit: 10)
        #expect(Set(history.entries) == [entry("a", 1, 100), entry("b", 1, 100)])
        history.record([Array("a".utf8)], now: 200, limit: 10)
        #expect(history.ranked(now: 200).first == entry("a", 2, 200))
        // --history-size 2: the newcomer stays, "b" (least frecent) goes.
        history.record([Array("c".utf8)], now: 300, limit: 2)
        #expect(history.ranked(now: 300).map(\.text) == [Array("a".utf8), Array("c".utf8)])
    }

    /// Found by hostile input: a line whose count is Int.max passed the
    /// parser and trapped on the next choice, on every later run; a time
    /// of Int64.min trapped in the age.
    @Test func countsAndTimesAtTheEndsOfTheirRangesNeverTrap() {
        var history = History(entries: [HistoryEntry(text: Array("a".utf8), count: .max, lastUsed: .min),
                                        HistoryEntry(text: Array("b".utf8), count: 1, lastUsed: .max)])
        history.record([Array("a".utf8), Array("b".utf8)], now: 1_700_000_000, limit: 10)
        let counts = Dictionary(uniqueKeysWithValues: history.entries.map { (String(decoding: $0.text, as: UTF8.self), $0.count) })
        #expect(counts == ["a": .max, "b": 2])
        #expect(History.frecency(HistoryEntry(text: [], count: 5, lastUsed: .min), now: .max) == 0)
        #expect(History.frecency(HistoryEntry(text: [], count: 5, lastUsed: .max), now: .min) == 5, "a time in the future is now")
    }

    @Test func saveThenLoad() throws {
        let files = MemoryFiles()
        let file = HistoryFile(path: "/cache/sweep-pick/history", fileSystem: files)
        #expect(file.load().history == History())
        var history = History()
        history.record([Array("one\ntwo".utf8), [0xFF]], now: 50, limit: 100)
        try file.save(history, now: 50)
        #expect(files.files.keys.sorted() == ["/cache/sweep-pick/history"])
        let loaded = file.load()
        #expect(loaded.warning == nil && loaded.canSave)
        #expect(Set(loaded.history.entries) == Set(history.entries))
    }

    /// A full disk: the old file stays whole, the temporary file is gone, the error says why.
    @Test func aFailingWriteLeavesTheOldFile() throws {
        let files = MemoryFiles()
        let file = HistoryFile(path: "/h/history", fileSystem: files)
        var history = History()
        history.record([Array("kept".utf8)], now: 1, limit: 10)
        try file.save(history, now: 1)
        let before = files.files["/h/history"]
        history.record([Array("lost".utf8)], now: 2, limit: 10)
        files.failWrites = true
        #expect(throws: HistoryFileError.self) { try file.save(history, now: 2) }
        #expect(files.files["/h/history"] == before)
        #expect(files.files.count == 1)
        files.failWrites = false
        files.failRenames = true
        #expect(throws: HistoryFileError.self) { try file.save(history, now: 2) }
        #expect(files.files["/h/history"] == before && files.files.count == 1)
    }

    /// Only a regular file read whole that is not a history is moved aside,
    /// under a name that overwrites nothing; what cannot be read (another
    /// user's file, a directory, a FIFO, one over 1 MiB) is left alone and
    /// never saved over (found by hostile input: each was renamed away).
    @Test func aCorruptFileIsMovedAsideUnderAFreeNameAndAnUnusableOneIsLeftAlone() {
        let files = MemoryFiles()
        files.files["/h/history"] = Array("garbage without tabs\n".utf8)
        let file = HistoryFile(path: "/h/history", fileSystem: files)
        let loaded = file.load()
        #expect(loaded.history == History() && loaded.canSave)
        #expect(loaded.warning?.contains("moved to /h/history.corrupt") == true, "\(loaded.warning ?? "")")
        #expect(files.files["/h/history.corrupt"] == Array("garbage without tabs\n".utf8))
        #expect(files.files["/h/history"] == nil)
        // A second corrupt file does not overwrite the first one moved aside.
        files.files["/h/history"] = Array("more garbage\n".utf8)
        #expect(file.load().warning?.contains("moved to /h/history.corrupt.1") == true)
        #expect(files.files["/h/history.corrupt"] == Array("garbage without tabs\n".utf8))
        #expect(files.files["/h/history.corrupt.1"] == Array("more garbage\n".utf8))

        // Unreadable (EACCES), not a regular file, too large: left where it is, not saved over.
        files.files["/h/history"] = Array("1\t2\tfine\n".utf8)
        files.unreadable = ["/h/history"]
        let denied = file.load()
        #expect(!denied.canSave && denied.warning?.contains("Permission denied") == true)
        #expect(files.files["/h/history"] == Array("1\t2\tfine\n".utf8) && files.files["/h/history.corrupt.2"] == nil)
        files.unreadable = []
        let directory = HistoryFile(path: "/home/me/Documents", fileSystem: files)
        files.irregular = ["/home/me/Documents"]
        let refused = directory.load()
        #expect(!refused.canSave && refused.warning?.contains("not a regular file") == true && files.files.count == 3)
        files.files["/h/big"] = Array(repeating: UInt8(ascii: "x"), count: HistoryFile.sizeLimit + 1)
        let big = HistoryFile(path: "/h/big", fileSystem: files).load()
        #expect(!big.canSave && big.warning?.contains("over") == true && files.files["/h/big"] != nil)

        // Neither a history nor movable: left alone, and never saved over.
        files.files["/h/history"] = Array("bad\n".utf8)
        files.failRenames = true
        let stuck = file.load()
        #expect(!stuck.canSave && stuck.warning?.contains("not saved") == true)
    }

    /// A history kept by a dotfile manager is a symbolic link: the save
    /// writes the file it names, the link stays, and so does a read-only mode.
    @Test func aSaveWritesThroughALinkAndKeepsTheMode() throws {
        let files = MemoryFiles()
        files.links["/h/history"] = "/dots/history"
        files.files["/dots/history"] = HistoryFormat.encode([entry("old", 1, 5)])
        files.modes["/dots/history"] = 0o444
        let file = HistoryFile(path: "/h/history", fileSystem: files)
        var history = file.load().history
        history.record([Array("new".utf8)], now: 10, limit: 10)
        try file.save(history, now: 10)
        #expect(files.links["/h/history"] == "/dots/history" && files.files["/h/history"] == nil)
        #expect(try HistoryFormat.decode(files.files["/dots/history"] ?? []).map(\.count) == [1, 1])
        #expect(files.modes["/dots/history"] == 0o444)
    }

    /// A history larger than the limit would be refused when read again: the save keeps the most frecent entries that fit.
    @Test func aSaveStaysUnderTheSizeLimit() throws {
        let files = MemoryFiles()
        let file = HistoryFile(path: "/h/history", fileSystem: files)
        let long = String(repeating: "y", count: 100_000)
        let history = History(entries: (0..<30).map { entry("\($0) \(long)", 30 - $0, 1) })
        try file.save(history, now: 2)
        let saved = try #require(files.files["/h/history"])
        #expect(saved.count <= HistoryFile.sizeLimit && saved.count > HistoryFile.sizeLimit - 200_000)
        #expect(try HistoryFormat.decode(saved).first?.count == 30, "the most frecent kept")
    }

    /// Records named by the history rank first with an empty query, and before equal scores after one.
    @Test func historyRanksRecords() {
        let store = makeStore("alpha\nbeta\ngamma\nbeta\ndelta x\n")
        let ranks = HistoryRanks(rankedTexts: [Array("gamma".utf8), Array("beta".utf8), Array("missing".utf8)])
        ranks.index(store)
        #expect(ranks.rank(ofRecord: 2) == 0 && ranks.rank(ofRecord: 1) == 1 && ranks.rank(ofRecord: 3) == 1)
        #expect(ranks.rank(ofRecord: 0) == nil)
        let empty = FilterPass(store: store, query: "", mode: .substring, ranking: Ranking(history: ranks))
        empty.run(budget: .max)
        let rows = empty.rankedResult()
        #expect(Array(rows) == [2, 1, 3, 0, 4])
        #expect(rows.isRanked && rows.count == 5)
        // "a" scores alike in alpha, beta, gamma, delta x (inside or at the end of a word, a at the
        // start of "alpha" aside): history first among equals, then shorter.
        let typed = FilterPass(store: store, query: "ta", mode: .substring, ranking: Ranking(history: ranks))
        typed.run(budget: .max)
        #expect(Array(typed.rankedResult()) == [1, 3, 4])
        let plain = FilterPass(store: store, query: "ta", mode: .substring, ranking: Ranking())
        plain.run(budget: .max)
        #expect(Array(plain.rankedResult()) == [1, 3, 4])
        let gammaFirst = FilterPass(store: store, query: "a", mode: .substring, ranking: Ranking(history: ranks))
        gammaFirst.run(budget: .max)
        // "alpha" has its a at the start (a boundary): score first; then history (gamma, beta), then length.
        #expect(Array(gammaFirst.rankedResult()) == [0, 2, 1, 3, 4])
    }
}
