import Testing
@testable import SweepUI

/// file:// URIs for text/uri-list, both ways.
@Suite struct FileURITests {
    @Test func pathsAreEscapedByteByByteAndDecodeBack() {
        let path = "/srv/trip #3/Café 100%.jpg"
        let uri = FileURI.encode(path)
        #expect(uri == "file:///srv/trip%20%233/Caf%C3%A9%20100%25.jpg")
        #expect(FileURI.decode(uri) == Array(path.utf8))
    }

    @Test func pathsThatAreNotUTF8AreEncodedAsTheirBytes() {
        let path: [UInt8] = [0x2F, 0x78, 0xFF, 0x0A, 0x2E]
        #expect(FileURI.encode(bytes: path) == "file:///x%FF%0A.")
        #expect(FileURI.decode(FileURI.encode(bytes: path)) == path)
    }

    /// A path is one line: as it is, or with a control character as the shell's $'…'.
    @Test func aPathLineIsItsBytesOrShellQuoted() {
        #expect(PathLine.bytes([0x2F, 0x61, 0xFF]) == [0x2F, 0x61, 0xFF, 0x0A])
        #expect(PathLine.bytes(Array("/two\nlines\t'q'\\\u{1B}".utf8)) == Array("$'/two\\nlines\\t\\'q\\'\\\\\\x1b'\n".utf8))
        #expect(PathLine.bytes(Array("/a\u{7F}".utf8)).filter { $0 == 0x0A }.count == 1)
    }

    @Test func decodingTakesLocalhostAndBareSchemesAndRefusesOthers() {
        #expect(FileURI.decode("file://localhost/tmp/a") == Array("/tmp/a".utf8))
        #expect(FileURI.decode("FILE:///tmp/a") == Array("/tmp/a".utf8))
        #expect(FileURI.decode("file:/tmp/a") == Array("/tmp/a".utf8))
        #expect(FileURI.decode("file://example.org/tmp/a") == nil, "another host's file")
        #expect(FileURI.decode("https://example.org/a") == nil)
        #expect(FileURI.decode("file:///bad%G0") == nil, "a malformed escape")
        #expect(FileURI.decode("file:///cut%4") == nil)
        // Bytes that are not UTF-8 survive a round trip as bytes.
        #expect(FileURI.decode("file:///%FF%FE") == [0x2F, 0xFF, 0xFE])
    }

    /// GLib's `g_filename_from_uri` refuses these; a path with a NUL in it
    /// is cut short by every system call, and an escaped slash is another path.
    @Test func anEscapedNulOrSlashOrARawNulIsNoPath() {
        #expect(FileURI.decode("file:///tmp/a%00.txt") == nil)
        #expect(FileURI.decode("file:///etc%2Fpasswd") == nil)
        #expect(FileURI.decode("file:///etc%2fpasswd") == nil)
        #expect(FileURI.decode("file:///tmp/a\u{0}b") == nil)
        #expect(FileURI.decode("file:///tmp/a%2Eb") == Array("/tmp/a.b".utf8), "other escapes decode")
    }

    @Test func uriListLinesSkipCommentsAndCarriageReturns() {
        let list = Array("# made by a test\r\nfile:///a\r\n\r\nfile:///b\nhttps://c\r\n".utf8)
        #expect(FileURI.lines(of: list) == ["file:///a", "file:///b", "https://c"])
    }

    @Test func linesOfRangesAreMadeInChunksInOrder() {
        let content = ClipboardContent.lines(of: [ItemRange(section: 0, items: 2...4), ItemRange(section: 1, items: 0...0)],
                                             terminator: "\r\n") { "\($0.section):\($0.item)" }
        #expect(content.lineCount == 4)
        #expect(content.collect(limit: .max).map { String(decoding: $0, as: UTF8.self) } == "0:2\r\n0:3\r\n0:4\r\n1:0\r\n")
        let many = ClipboardContent.lines(of: [ItemRange(section: 0, items: 0...99_999)]) { _ in "line" }
        let next = many.makeReader()
        var chunks = 0, bytes = 0
        while let chunk = next() { chunks += 1; bytes += chunk.count }
        #expect(bytes == 500_000 && chunks > 5, "made a chunk at a time: \(chunks) chunks")
    }
}
