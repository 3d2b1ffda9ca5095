import SweepTestSupport
import Testing
@testable import PickCore

@Suite struct OutputWriterTests {
    @Test func linesAreTheRecordsBytesWithTheTerminator() {
        let input: [UInt8] = Array("one\r\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("icon\0icon\u{1f}x\nlast".utf8)
        let store = makeStore(input)
        let writer = OutputWriter(store: store)
        #expect(written(writer, [0, 1, 2, 3], .lines).bytes
                == Array("one\r\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("icon\nlast\n".utf8))
        #expect(written(writer, [1, 3], .lines, terminator: 0).bytes == [0xFF, 0xFE, 0] + Array("last".utf8) + [0])
        #expect(written(writer, [], .lines).bytes == [])
    }

    @Test func read0RecordsPrintWhole() {
        let store = makeStore(Array("a\nb\0c\0".utf8), separator: 0)
        #expect(written(OutputWriter(store: store), [0, 1], .lines, terminator: 0).bytes == Array("a\nb\0c\0".utf8))
    }

    @Test func indices() {
        let store = makeStore((0..<12).map(String.init).joined(separator: "\n"))
        #expect(string(written(OutputWriter(store: store), [0, 3, 10, 11], .indices).bytes) == "0\n3\n10\n11\n")
        #expect(written(OutputWriter(store: store), [7], .indices, terminator: 0).bytes == Array("7\0".utf8))
    }

    @Test func jsonEscapesQuotesBackslashesAndControlCharacters() {
        let store = makeStore(Array("say \"hi\"\\now\nt\u{1}\u{8}\u{C}\u{1F}\u{7F}é😀\0icon\u{1f}x\n".utf8) + [0x09, 0x0D, 0x0A])
        let json = string(written(OutputWriter(store: store), [0, 1, 2], .json).bytes)
        #expect(json == #"[{"index":0,"text":"say \"hi\"\\now"},{"index":1,"text":"t\u0001\b\f\u001f"# + "\u{7F}é😀"
                + #""},{"index":2,"text":"\t\r"}]"# + "\n")
    }

    @Test func jsonWritesIllFormedUTF8AsEscapedReplacementCharacters() {
        let store = makeStore([0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xF0, 0x9F, 0x98, 0x0A])
        let json = string(written(OutputWriter(store: store), [0], .json).bytes)
        #expect(json == #"[{"index":0,"text":"a\ufffdb\ufffdc\ufffd"}]"# + "\n")
        #expect(string(written(OutputWriter(store: store), [], .json).bytes) == "[]\n")
    }

    /// Property: decoding the JSON text's escapes gives what
    /// `String(decoding:)` gives for the bytes (one U+FFFD per ill-formed part).
    @Test func jsonTextDecodesLikeStringDecoding() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let record = (0..<random.below(16)).map { _ -> UInt8 in
                let byte = UInt8(truncatingIfNeeded: random.next())
                return byte == 0x0A || byte == 0 ? 0x41 : byte
            }
            let store = makeStore(record + [0x0A])
            // Compared as bytes: a combining mark after the quote would join it in one Character.
            let json = written(OutputWriter(store: store), [0], .json).bytes
            let prefix = Array(#"[{"index":0,"text":""#.utf8), suffix = Array("\"}]\n".utf8)
            #expect(json.starts(with: prefix) && json.reversed().starts(with: suffix.reversed()))
            let body = string(Array(json.dropFirst(prefix.count).dropLast(suffix.count)))
            #expect(unescape(body) == String(decoding: record, as: UTF8.self))
        }
    }

    @Test func printQueryAndKeyComeFirst() {
        let store = makeStore("a\nb\n")
        let writer = OutputWriter(store: store)
        #expect(string(written(writer, [1], .lines, query: "q", key: "ctrl-d").bytes) == "q\nctrl-d\nb\n")
        #expect(written(writer, [1], .indices, terminator: 0, query: "q").bytes == Array("q\01\0".utf8))
        #expect(string(written(writer, [0], .json, query: "say \"x\"").bytes) == "\"say \\\"x\\\"\"\n[{\"index\":0,\"text\":\"a\"}]\n")
    }

    @Test func acceptNthPrintsTheFields() throws {
        let store = makeStore("ID001:John:Developer\nID002:Jane:Manager\n")
        let writer = OutputWriter(store: store, acceptFields: try FieldSelector(parsing: "1,3"), delimiter: ":")
        #expect(string(written(writer, [0, 1], .lines).bytes) == "ID001:Developer\nID002:Manager\n")
        #expect(string(written(writer, [1], .json).bytes) == "[{\"index\":1,\"text\":\"ID002:Manager\"}]\n")
    }

    @Test func writesInLargeChunks() {
        let line = String(repeating: "x", count: 29)
        let store = makeStore(Array(repeating: line, count: 100_000).joined(separator: "\n"))
        let (bytes, chunks) = written(OutputWriter(store: store), Array(0..<100_000), .lines)
        #expect(bytes.count == 3_000_000)
        #expect(chunks.count == (3_000_000 + 65_535) / 65_536)
        #expect(chunks.dropLast().allSatisfy { $0 == 65_536 })
        #expect(chunks.reduce(0, +) == bytes.count)
        // A record larger than the buffer goes through whole.
        let long = [UInt8](repeating: 0x79, count: 200_000)
        let big = makeStore(Array("a\n".utf8) + long + [0x0A])
        let (bigBytes, bigChunks) = written(OutputWriter(store: big), [0, 1], .lines)
        #expect(bigBytes == Array("a\n".utf8) + long + [0x0A])
        #expect(bigChunks == [65_536, 65_536, 65_536, 200_003 - 3 * 65_536])
    }
}

/// Decodes a JSON string body's escapes.
private func unescape(_ body: String) -> String {
    var scalars: [Unicode.Scalar] = []
    var iterator = body.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
        guard scalar == "\\", let escaped = iterator.next() else { scalars.append(scalar); continue }
        switch escaped {
        case "n": scalars.append("\n")
        case "r": scalars.append("\r")
        case "t": scalars.append("\t")
        case "b": scalars.append("\u{8}")
        case "f": scalars.append("\u{C}")
        case "u":
            let hex = String(String.UnicodeScalarView((0..<4).compactMap { _ in iterator.next() }))
            scalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
        default: scalars.append(escaped)
        }
    }
    return String(String.UnicodeScalarView(scalars))
}

@Suite struct OutputWriterSourcesTests {
    @Test func rangesResultsAndSequencesWriteTheSameAsAnArray() {
        let store = makeStore("a\nb\nc\nd\ne\nf\n")
        let writer = OutputWriter(store: store)
        let expected = written(writer, [0, 2, 3, 5], .json).bytes
        var fromRanges: [UInt8] = [], fromResult: [UInt8] = [], fromSequence: [UInt8] = []
        writer.write(ranges: [0...0, 2...3, 5...5], format: .json) { fromRanges.append(contentsOf: $0) }
        let pass = FilterPass(store: store, query: "", mode: .substring)
        pass.run(budget: .max)
        writer.write(result: pass.result, format: .indices) { fromResult.append(contentsOf: $0) }
        writer.write(records: [0, 2, 3, 5].lazy.map { $0 }, format: .json) { fromSequence.append(contentsOf: $0) }
        #expect(fromRanges == expected)
        #expect(fromSequence == expected)
        #expect(string(fromResult) == "0\n1\n2\n3\n4\n5\n")
    }
}
