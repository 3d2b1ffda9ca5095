@testable import DemoPages
import Glibc
import SweepGeometry
import Testing

@Suite struct ItemsFileTests {
    private func file(_ bytes: [UInt8]) throws -> (ScratchDirectory, ItemsFile) {
        let dir = ScratchDirectory()
        dir.write("items", bytes)
        let items = try ItemsFile(path: dir.path + "/items")
        #expect(items.readToEnd() == .ended)
        return (dir, items)
    }

    @Test func linesAreItemsWithOrWithoutAFinalNewline() throws {
        let (_, a) = try file(Array("one\ntwo\nthree\n".utf8))
        #expect(a.count == 3)
        #expect((0..<3).map(a.line) == ["one", "two", "three"])
        let (_, b) = try file(Array("one\ntwo".utf8))
        #expect(b.count == 2)
        #expect(b.line(1) == "two")
        let (_, empty) = try file([])
        #expect(empty.count == 0)
        let (_, blank) = try file(Array("\n\nx\n".utf8))
        #expect((0..<blank.count).map(blank.line) == ["", "", "x"])
    }

    @Test func windowsLineEndsAreTrimmedForShowingButKeptRaw() throws {
        let (_, items) = try file(Array("a\r\nb\r\n".utf8))
        #expect(items.line(0) == "a")
        #expect(items.rawLine(0) == Array("a\r".utf8))
    }

    @Test func invalidUTF8ShowsReplacementCharacters() throws {
        let (_, items) = try file([0x61, 0xff, 0x62, 0x0a, 0xc3, 0x0a, 0xe2, 0x82, 0xac, 0x0a])
        #expect(items.line(0) == "a\u{FFFD}b")
        #expect(items.line(1) == "\u{FFFD}")
        #expect(items.line(2) == "€")
        #expect(items.rawLine(0) == [0x61, 0xff, 0x62])
    }

    @Test func aMillionLinesAreIndexed() throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8_000_000)
        for index in 0..<1_000_000 { bytes += Array("item \(index)\n".utf8) }
        let (_, items) = try file(bytes)
        #expect(items.count == 1_000_000)
        #expect(items.line(0) == "item 0")
        #expect(items.line(999_999) == "item 999999")
        #expect(items.line(123_456) == "item 123456")
    }

    @Test func aRegularFileIsIndexedAndItsLinesAreReadBackFromIt() throws {
        // The bytes are not held: a line shows what the file says when it is shown.
        let (dir, items) = try file(Array("one\ntwo\n".utf8))
        #expect(items.isFinished && items.fd == -1 && items.readsLinesBack)
        dir.write("items", Array("ONE\nTWO\n".utf8))
        #expect((0..<items.count).map(items.line) == ["ONE", "TWO"])
        #expect(items.rawLine(1) == Array("TWO".utf8))
    }

    @Test func aFileTruncatedAfterItWasIndexedShowsItsMissingLinesEmpty() throws {
        let (dir, items) = try file(Array("one\ntwo\nthree".utf8))
        #expect(items.count == 3)
        #expect(truncate(dir.path + "/items", 5) == 0)
        #expect((0..<items.count).map(items.line) == ["one", "t", ""])
        #expect(items.rawLine(2) == [])
    }

    @Test func aLongLineIsCutForShowingBeforeTheCharacterTheLimitSplits() throws {
        // "€" is three bytes starting one byte before the limit: the shown text stops before it.
        let limit = ItemsFile.shownByteLimit
        let long = Array(String(repeating: "a", count: limit - 1).utf8) + Array("€bc".utf8)
        let expected = String(repeating: "a", count: limit - 1)
        let (_, onDisk) = try file(long + [0x0A] + Array("short".utf8))
        #expect(onDisk.line(0) == expected)
        #expect(onDisk.rawLine(0) == long)
        #expect(onDisk.line(1) == "short")

        // Held lines (a pipe) are cut the same way.
        let (reader, writer) = makePipe()
        let held = try ItemsFile(path: "/proc/self/fd/\(reader)")
        close(reader)
        #expect(long.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == long.count)
        close(writer)
        #expect(held.readToEnd() == .ended)
        #expect(held.line(0) == expected)
        #expect(held.rawLine(0) == long)
    }

    @Test func aCutNeverSplitsACharacter() {
        let bytes = Array("ab€𝄞".utf8)  // 2 + 3 + 4 bytes
        let cuts = bytes.withUnsafeBytes { raw in (0...bytes.count).map { ItemsFile.cut(raw, $0) } }
        #expect(cuts == [0, 1, 2, 2, 2, 5, 5, 5, 5, 9])
    }

    @Test func unreadablePathsAreClearErrors() throws {
        let dir = ScratchDirectory()
        #expect(throws: ItemsFileError.self) { try ItemsFile(path: dir.path + "/missing") }
        do {
            _ = try ItemsFile(path: dir.path)
            Issue.record("a directory was read as items")
        } catch {
            #expect(error.message == "\(dir.path) is a directory")
        }
    }

    @Test func aProcFileWhoseSizeIsZeroIsReadToItsEnd() throws {
        let items = try ItemsFile(path: "/proc/self/status")
        #expect(items.readToEnd() == .ended)
        #expect(items.count > 5)
        #expect(items.line(0).hasPrefix("Name:"))
    }

    @Test func aSysfsFileWhoseSizeSaysMoreThanItHoldsIsReadWhole() throws {
        // sysfs says 4096 bytes for "0-1\n": its lines are held, not read back by offset.
        let path = "/sys/devices/system/cpu/online"
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        close(fd)
        let expected = try #require(String(decoding: bytes[..<max(0, count)], as: UTF8.self).split(separator: "\n").first)
        let items = try ItemsFile(path: path)
        #expect(items.readToEnd() == .ended)
        #expect(items.count == 1 && items.line(0) == String(expected))
        #expect(!items.readsLinesBack, "sysfs makes its text anew at each read: it must be held")
    }

    @Test func aCopiedLineIsWholeWhereTheShownOneIsCut() throws {
        let long = String(repeating: "b", count: ItemsFile.shownByteLimit + 100)
        let (_, items) = try file(Array((long + "\n").utf8))
        #expect(items.line(0).utf8.count == ItemsFile.shownByteLimit)
        #expect(items.wholeLine(0) == long)
    }

    @Test func linesFromAPipeAppearAsTheyAreCompleted() throws {
        let (reader, writer) = makePipe()
        let items = try ItemsFile(path: "/proc/self/fd/\(reader)")
        close(reader)
        #expect(items.readAvailable() == .waiting)
        #expect(items.count == 0)
        send("one\ntw", to: writer)
        #expect(items.readAvailable() == .waiting)
        #expect(items.count == 1)
        send("o\nthr", to: writer)
        #expect(items.readAvailable() == .waiting)
        #expect((0..<items.count).map(items.line) == ["one", "two"])
        close(writer)
        // The writer closed: the last line without a newline is a line too.
        #expect(items.readToEnd() == .ended)
        #expect((0..<items.count).map(items.line) == ["one", "two", "thr"])
        #expect(items.isFinished && items.fd == -1)
    }

    @Test func aPipeWhoseWriterLeftBeforeItWasOpenedEnds() throws {
        // `printf 'a\nb' | sweep-demo --items /dev/stdin` after printf exited: poll never says hang-up.
        let (reader, writer) = makePipe()
        send("a\nb", to: writer)
        close(writer)
        let items = try ItemsFile(path: "/proc/self/fd/\(reader)")
        close(reader)
        #expect(items.readToEnd() == .ended)
        #expect((0..<items.count).map(items.line) == ["a", "b"])
    }

    @Test func aFullPipeWhoseWriterLeftEndsToo() throws {
        // The largest pipe an unprivileged writer can make, filled: its data and its end come in one call.
        let (reader, writer) = makePipe()
        let size: Int32 = 1 << 20
        let F_SETPIPE_SZ: Int32 = 1031
        #expect(fcntl(writer, F_SETPIPE_SZ, size) >= size)
        let line = String(repeating: "x", count: 15) + "\n"
        send(String(repeating: line, count: Int(size) / line.utf8.count), to: writer)
        close(writer)
        let items = try ItemsFile(path: "/proc/self/fd/\(reader)")
        close(reader)
        #expect(items.readToEnd() == .ended)
        #expect(items.count == Int(size) / line.utf8.count)
    }

    @Test func aFIFOWithoutAWriterOpensAtOnceAndWaitsForOne() throws {
        let dir = ScratchDirectory()
        let path = dir.path + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let items = try ItemsFile(path: path)
        // No writer yet: read() says 0, which is not the end.
        #expect(items.readAvailable() == .waiting)
        #expect(poll(items.fd, timeout: 100) == 0, "poll wakes the reader before a writer came")
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        #expect(writer >= 0)
        #expect(items.readAvailable() == .waiting)
        send("first\nsecond\n", to: writer)
        #expect(items.readToLines(2) == .waiting)
        send("third", to: writer)
        close(writer)
        #expect(items.readToEnd() == .ended)
        #expect((0..<items.count).map(items.line) == ["first", "second", "third"])
    }

    @Test func aFIFOWhoseWriterClosesWithoutWritingIsEmpty() throws {
        let dir = ScratchDirectory()
        let path = dir.path + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let items = try ItemsFile(path: path)
        close(open(path, O_WRONLY | O_NONBLOCK))
        #expect(items.readToEnd() == .ended)
        #expect(items.count == 0)
    }

    private func makePipe() -> (reader: Int32, writer: Int32) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    private func send(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
    }
}

/// The fd's poll events within `timeout` milliseconds (0 when none).
private func poll(_ fd: Int32, timeout: Int32) -> Int16 {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return Glibc.poll(&entry, 1, timeout) > 0 ? entry.revents : 0
}

extension ItemsFile {
    /// Reads as the demo's loop does, waiting in `poll` for each wakeup, until the end (or 5 s).
    func readToEnd() -> Progress {
        var progress = Progress.waiting
        for _ in 0..<500 where progress == .waiting {
            let events = poll(fd, timeout: 10)
            guard events != 0 else { continue }
            progress = readAvailable(hangUp: events & Int16(POLLHUP) != 0)
        }
        return progress
    }

    /// Reads until `lines` lines are in (or 5 s).
    func readToLines(_ lines: Int) -> Progress {
        var progress = Progress.waiting
        for _ in 0..<500 where progress == .waiting && count < lines {
            let events = poll(fd, timeout: 10)
            if events != 0 { progress = readAvailable(hangUp: events & Int16(POLLHUP) != 0) }
        }
        return progress
    }
}

@Suite struct PackingListTests {
    @Test func checkmarksAreInclusiveAndSavedInListOrder() {
        var list = PackingList()
        let toggled = [list.toggle(3), list.toggle(0), list.toggle(5)]
        #expect(toggled == [true, true, true])
        #expect(list.packedInOrder == [list.items[0], list.items[3], list.items[5]])
        let again = list.toggle(3)
        #expect(!again)
        #expect(list.packedInOrder == [list.items[0], list.items[5]])
    }

    @Test func savedEntriesThatAreNotItemsAreKeptForTheNextSave() {
        let list = PackingList(items: ["A", "B"], packed: ["B", "Z"])
        #expect(list.packedInOrder == ["B"])
        #expect(list.entriesToSave == ["B", "Z"])
        var saved = PackingList(items: ["A", "B", "C"], savedEntries: ["Y", "C", "X", "Y"])
        #expect(saved.packedInOrder == ["C"])
        saved.toggle(0)
        saved.toggle(2)
        #expect(saved.entriesToSave == ["A", "Y", "X", "Y"], "other entries stay, in their order, after the packed items")
    }
}

@Suite struct FilterChoicesTests {
    @Test func aChoiceReplacesOnlyItsSectionsChoice() {
        var filters = FilterChoices.trailFilters
        #expect(filters.chosen == [0, 0])
        let first = filters.choose(2, inSection: 0)
        #expect(first == 0)
        #expect(filters.chosen == [2, 0])
        let second = filters.choose(1, inSection: 1)
        #expect(second == 0)
        #expect(filters.chosen == [2, 1])
        let same = filters.choose(2, inSection: 0)
        #expect(same == nil, "choosing the chosen option changes nothing")
        let outOfRange = [filters.choose(9, inSection: 0), filters.choose(0, inSection: 7)]
        #expect(outOfRange == [nil, nil])
        #expect(filters.chosen == [2, 1])
        // At most one checkmark per section, always.
        for section in filters.sections.indices {
            #expect(filters.sections[section].options.indices.filter { filters.isChosen($0, inSection: section) }.count == 1)
        }
    }
}

@Suite struct CanvasModelTests {
    private var model: CanvasModel {
        CanvasModel(pieces: [
            .init(title: "A", frame: Rect(x: 0, y: 0, width: 50, height: 50)),
            .init(title: "B", frame: Rect(x: 100, y: 0, width: 50, height: 50)),
            .init(title: "C", frame: Rect(x: 0, y: 100, width: 50, height: 50)),
        ])
    }

    @Test func aBandReplacesOrExtendsAndACancelRestores() {
        var m = model
        m.click(at: Point(x: 10, y: 110), toggle: false)
        #expect(m.selected == [2])
        m.beginBand(extend: false)
        m.updateBand(Rect(x: 0, y: 0, width: 160, height: 40))
        #expect(m.selected == [0, 1])
        m.endBand()
        m.beginBand(extend: true)
        m.updateBand(Rect(x: 0, y: 120, width: 10, height: 10))
        #expect(m.selected == [0, 1, 2])
        m.cancelBand()
        #expect(m.selected == [0, 1])
    }

    @Test func aBandNeverSelectsAPieceOutsideIt() {
        var m = model
        for x in stride(from: -20.0, through: 160, by: 30) {
            for y in stride(from: -20.0, through: 160, by: 30) {
                m.beginBand(extend: false)
                let band = Rect(x: x, y: y, width: 35, height: 35)
                m.updateBand(band)
                for index in m.selected { #expect(m.pieces[index].frame.intersects(band)) }
                m.endBand()
            }
        }
    }

    @Test func aPanMovesTheSelectedPiecesAndACancelPutsThemBack() {
        var m = model
        m.click(at: Point(x: 10, y: 10), toggle: false)
        m.click(at: Point(x: 110, y: 10), toggle: true)
        #expect(m.selected == [0, 1])
        let began = m.beginDrag(at: Point(x: 120, y: 20))
        #expect(began)
        m.drag(by: Point(x: 30, y: 40))
        #expect(m.pieces[0].frame.origin == Point(x: 30, y: 40))
        #expect(m.pieces[1].frame.origin == Point(x: 130, y: 40))
        #expect(m.pieces[2].frame.origin == Point(x: 0, y: 100), "unselected pieces stay")
        m.cancelDrag()
        #expect(m.pieces.map(\.frame.origin) == model.pieces.map(\.frame.origin))
        let onUnselected = m.beginDrag(at: Point(x: 10, y: 110))
        #expect(onUnselected, "a drag on an unselected piece selects it")
        #expect(m.selected == [2])
        m.drag(by: Point(x: 5, y: 5))
        m.endDrag()
        #expect(m.pieces[2].frame.origin == Point(x: 5, y: 105))
        let onNothing = m.beginDrag(at: Point(x: 300, y: 300))
        #expect(!onNothing, "nothing moves from empty space")
    }

    @Test func clicksOnEmptySpaceClearUnlessToggling() {
        var m = model
        m.click(at: Point(x: 10, y: 10), toggle: false)
        m.click(at: Point(x: 300, y: 300), toggle: true)
        #expect(m.selected == [0])
        m.click(at: Point(x: 300, y: 300), toggle: false)
        #expect(m.selected.isEmpty)
    }
}
