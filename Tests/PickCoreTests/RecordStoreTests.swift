import SweepTestSupport
import Testing
@testable import PickCore

@Suite struct RecordStoreTests {
    @Test func linesSplitAtNewlinesAndEmptyLinesAreRecords() {
        let store = makeStore("one\n\nthree\n")
        #expect(store.count == 3)
        #expect(allBytes(store) == [Array("one".utf8), [], Array("three".utf8)])
        #expect(store.isFinished)
    }

    @Test func aTailWithoutNewlineBecomesARecordOnlyAtFinish() {
        let store = makeStore(Array("a\nb".utf8), finish: false)
        #expect(store.count == 1)
        #expect(!store.isFinished)
        store.finish()
        #expect(store.count == 2)
        #expect(bytes(of: store, 1) == Array("b".utf8))
        store.finish()
        #expect(store.count == 2)
    }

    @Test func emptyInputHasNoRecords() {
        let store = makeStore("")
        #expect(store.count == 0)
        #expect(store.isFinished)
    }

    @Test func crlfKeepsTheCRInTheBytesAndDropsItFromTheShownText() {
        let store = makeStore("one\r\ntwo\r\n")
        #expect(bytes(of: store, 0) == Array("one\r".utf8))
        #expect(store.displayText(of: 0) == "one")
        #expect(store.displayText(of: 1) == "two")
    }

    @Test func illFormedUTF8IsKeptExactlyAndShownWithReplacementCharacters() {
        let line: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x82, 0x63]
        let store = makeStore(line + [0x0A] + Array("é\n".utf8))
        #expect(bytes(of: store, 0) == line)
        #expect(store.displayText(of: 0) == "a\u{FFFD}b\u{FFFD}(\u{FFFD}c")
        #expect(store.displayText(of: 0) == String(decoding: line, as: UTF8.self))
        #expect(store.displayText(of: 1) == "é")
    }

    @Test func nulSeparatedRecordsMayHoldNewlinesAndCRs() {
        let store = makeStore(Array("first\nline\0second\r\n\0last".utf8), separator: 0)
        #expect(store.count == 3)
        #expect(!store.isLineMode)
        #expect(store.displayText(of: 0) == "first\nline")
        #expect(store.displayText(of: 1) == "second\r\n")
        #expect(store.displayText(of: 2) == "last")
        #expect(store.icon(of: 0) == nil)
    }

    @Test func aRecordCanSpanManyChunks() {
        let long = [UInt8](repeating: 0x78, count: 200_000)
        let store = makeStore(Array("a\n".utf8) + long + Array("\nb\n".utf8), chunks: [7, 1, 65_536, 3])
        #expect(allBytes(store) == [Array("a".utf8), long, Array("b".utf8)])
    }

    /// Property: any split of the input into chunks gives the same records
    /// as one chunk, in both separator modes.
    @Test(arguments: [UInt8(0x0A), UInt8(0x00)])
    func streamingInRandomChunksEqualsOneChunk(separator: UInt8) {
        var random = SplitMix64(seed: Int(separator) + 17)
        for _ in 0..<200 {
            var input: [UInt8] = []
            for _ in 0..<random.below(40) {
                input += randomRecord(&random, lineMode: separator == 0x0A).filter { $0 != separator }
                input.append(separator)
            }
            if random.below(2) == 0 { input += Array("tail".utf8) }
            let whole = makeStore(input, separator: separator)
            let sizes = (0..<8).map { _ in 1 + random.below(random.below(3) == 0 ? 64 : 5) }
            let chunked = makeStore(input, separator: separator, chunks: sizes)
            #expect(allBytes(chunked) == allBytes(whole))
            #expect(chunked.count == whole.count)
            // Model: split at the separator, a non-empty tail is a record.
            var model = input.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
            if model.last == [] { model.removeLast() }
            #expect(allBytes(whole) == model)
            for record in 0..<whole.count {
                #expect(whole.displayText(of: record) == chunked.displayText(of: record))
            }
        }
    }

    @Test func plainFlagsSendOnlySpecialRecordsToTheSlowPath() {
        let store = makeStore(Array("plain\nwith\r\nicon\0icon\u{1f}x\né\n".utf8))
        store.withView { view in
            #expect(view.isPlain(0))
            #expect(!view.isPlain(1))
            #expect(!view.isPlain(2))
            #expect(!view.isPlain(3))
        }
    }

    @Test func offsetsPast4GiBCarryTheirHighHalfInWraps() {
        var offsets = RecordOffsets()
        let values = [10, 4_000_000_000, 4_294_967_296 + 5, 9_000_000_000, 9_000_000_001, 20_000_000_000]
        for value in values { offsets.append(value) }
        #expect(offsets.offset(0) == 0)
        for (index, value) in values.enumerated() { #expect(offsets.offset(index + 1) == value) }
        #expect(offsets.wraps.count == 4)
    }

    @Test func reserveCapacityKeepsRecords() {
        let store = makeStore("a\nb\n")
        store.reserveCapacity(bytes: 1 << 20, records: 1000)
        #expect(allBytes(store) == [Array("a".utf8), Array("b".utf8)])
        #expect(store.byteCount == 4)
    }
}
