import Testing
@testable import PickCore

@Suite struct DisplayTests {
    @Test func dmenuMetadataIsCutFromTheShownText() {
        let store = makeStore("Firefox\0icon\u{1f}firefox\u{1f}meta\u{1f}web browser\nplain\n")
        #expect(store.displayText(of: 0) == "Firefox")
        #expect(store.icon(of: 0) == "firefox")
        #expect(store.icon(of: 1) == nil)
        #expect(store.displayText(of: 1) == "plain")
    }

    @Test func iconIsFoundAfterOtherKeysAndWithCRLF() {
        let store = makeStore("Photo\0meta\u{1f}holiday\u{1f}icon\u{1f}/path/to.png\r\nNo icon\0meta\u{1f}x\n")
        #expect(store.icon(of: 0) == "/path/to.png")
        #expect(store.displayText(of: 0) == "Photo")
        #expect(store.icon(of: 1) == nil)
    }

    @Test func linesOutputPrintsTheTextWithoutMetadataButKeepsCR() {
        let store = makeStore("text\0icon\u{1f}/p.png\nline\r\n")
        #expect(store.withTextBytes(of: 0) { Array($0) } == Array("text".utf8))
        #expect(store.withTextBytes(of: 1) { Array($0) } == Array("line\r".utf8))
        #expect(bytes(of: store, 0) == Array("text\0icon\u{1f}/p.png".utf8))
    }

    @Test func inRead0ModeANulEndsTheRecordSoThereIsNoMetadata() {
        let store = makeStore(Array("a\u{1f}b\0c".utf8), separator: 0)
        #expect(store.displayText(of: 0) == "a\u{1f}b")
        #expect(store.icon(of: 0) == nil)
    }

    @Test func shownTextWithFields() throws {
        let store = makeStore("  foo  bar  baz  \nID001:John:Developer\n")
        let second = try FieldSelector(parsing: "2")
        #expect(store.displayText(of: 0, fields: second, delimiter: nil) == "bar")
        #expect(store.displayText(of: 0, fields: try FieldSelector(parsing: "2.."), delimiter: nil) == "bar  baz")
        #expect(store.displayText(of: 0, fields: try FieldSelector(parsing: "-1,1"), delimiter: nil) == "baz  foo")
        // fzf keeps a literal delimiter that ends the shown fields ("John:").
        #expect(store.displayText(of: 1, fields: second, delimiter: ":") == "John:")
        #expect(store.displayText(of: 1, fields: try FieldSelector(parsing: "-1"), delimiter: ":") == "Developer")
        #expect(store.displayText(of: 1, fields: nil, delimiter: ":") == "ID001:John:Developer")
    }
}
