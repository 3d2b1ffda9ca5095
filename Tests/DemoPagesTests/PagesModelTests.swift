import DemoPages
import Glibc
import SweepGeometry
import Testing

@Suite struct ItemsFileTests {
    private func file(_ bytes: [UInt8]) throws -> (ScratchDirectory, ItemsFile) {
        let dir = ScratchDirectory()
        dir.write("items", bytes)
        return (dir, try ItemsFile(path: dir.path + "/items"))
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
        #expect(Array(items.rawLine(0)) == Array("a\r".utf8))
    }

    @Test func invalidUTF8ShowsReplacementCharacters() throws {
        let (_, items) = try file([0x61, 0xff, 0x62, 0x0a, 0xc3, 0x0a, 0xe2, 0x82, 0xac, 0x0a])
        #expect(items.line(0) == "a\u{FFFD}b")
        #expect(items.line(1) == "\u{FFFD}")
        #expect(items.line(2) == "€")
        #expect(Array(items.rawLine(0)) == [0x61, 0xff, 0x62])
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

    @Test func unreadablePathsAreClearErrors() throws {
        let dir = ScratchDirectory()
        #expect(throws: ItemsFileError.self) { try ItemsFile(path: dir.path + "/missing") }
        do {
            _ = try ItemsFile(path: dir.path)
            Issue.record("a directory was read as items")
        } catch {
            #expect(error.message.contains("not a regular file"))
        }
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
