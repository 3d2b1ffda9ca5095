import Testing
@testable import PickCore

/// The selected fields joined, before trimming (fzf's JoinTokens(Transform(…))).
private func joined(_ text: String, _ expression: String, delimiter: String? = nil) throws -> String {
    var extractor = FieldExtractor(selector: try FieldSelector(parsing: expression), delimiter: delimiter)
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    bytes.withUnsafeBytes { extractor.appendFields($0.baseAddress!, from: 0, to: $0.count, into: &output) }
    return string(output)
}

private func accepted(_ lines: String, _ expression: String, delimiter: String? = nil) throws -> [String] {
    let store = makeStore(lines)
    let fields = try FieldSelector(parsing: expression)
    return (0..<store.count).map { record in
        store.withAcceptedBytes(of: record, fields: fields, delimiter: delimiter) { String(decoding: $0, as: UTF8.self) }
    }
}

@Suite struct FieldSelectorTests {
    @Test(arguments: [
        ("1", [FieldSelector.Part(lower: 1, upper: 1)]),
        ("2,4", [.init(lower: 2, upper: 2), .init(lower: 4, upper: 4)]),
        ("-1", [.init(lower: -1, upper: -1)]),
        ("2..", [.init(lower: 2, upper: nil)]),
        ("..3", [.init(lower: nil, upper: 3)]),
        ("1..-2", [.init(lower: 1, upper: -2)]),
        ("-3..-5", [.init(lower: -3, upper: -5)]),
        ("..", [.init(lower: nil, upper: nil)]),
        ("1..2,3,2..,1", [.init(lower: 1, upper: 2), .init(lower: 3, upper: 3), .init(lower: 2, upper: nil),
                          .init(lower: 1, upper: 1)]),
    ])
    func parsesFzfSyntax(expression: String, parts: [FieldSelector.Part]) throws {
        let selector = try FieldSelector(parsing: expression)
        #expect(selector.parts == parts)
        #expect(try FieldSelector(parsing: selector.description) == selector)
    }

    @Test(arguments: [
        ("0", "0"), ("1,0", "0"), ("a", "a"), ("1,x2", "x2"), ("1..3..5", "1..3..5"), ("-3..3", "-3..3"),
        ("", ""), ("1,,2", ""), ("2,", ""), ("...", "..."), ("+1", "+1"), ("1 ", "1 "), ("--1", "--1"), ("..0", "..0"),
    ])
    func rejectsWhatFzfRejectsNamingTheBadPart(expression: String, token: String) {
        #expect(throws: PickError.invalidFieldExpression(token: token, expression: expression)) {
            try FieldSelector(parsing: expression)
        }
    }

    @Test func errorMessageNamesTheExpressionAndThePart() {
        let error = PickError.invalidFieldExpression(token: "x", expression: "1,x")
        #expect(error.description.contains("\"1,x\""))
        #expect(error.description.contains("\"x\""))
    }
}

@Suite struct FieldExtractionTests {
    // fzf's TestTokenize / TestTransform (src/tokenizer_test.go).
    @Test func awkStyleFieldsCarryTheBlanksAfterThem() throws {
        let input = "  abc:  def:  ghi:  jkl"
        #expect(try joined(input, "1,2,3") == "abc:  def:  ghi:  ")
        #expect(try joined(input, "1..2,3,2..,1") == "abc:  def:  ghi:  def:  ghi:  jklabc:  ")
        #expect(try joined("  abc: \n\t def:  ghi  ", "1") == "abc: \n\t ")
    }

    @Test func literalDelimiterFieldsEndWithTheDelimiter() throws {
        let input = "  abc:  def:  ghi:  jkl"
        #expect(try joined(input, "1..2,3,2..,1", delimiter: ":") == "  abc:  def:  ghi:  def:  ghi:  jkl  abc:")
        #expect(try joined("a,b,", "3", delimiter: ",") == "")
        #expect(try joined("a,b,", "-1", delimiter: ",") == "")
        #expect(try joined("a,b,", "-2", delimiter: ",") == "b,")
        #expect(try joined("a::b::c", "2", delimiter: "::") == "b::")
    }

    @Test func negativeAndOutOfRangeIndices() throws {
        #expect(try joined("a b c d", "-1") == "d")
        #expect(try joined("a b c d", "-2..") == "c d")
        #expect(try joined("a b c d", "..-3") == "a b ")
        #expect(try joined("a b c d", "1..-2") == "a b c ")
        #expect(try joined("a b c d", "5") == "")
        #expect(try joined("a b c d", "3..2") == "")
        #expect(try joined("a b c d", "-9..-3") == "a b ")
        #expect(try joined("", "1") == "")
        #expect(try joined("   ", "..") == "")
    }

    // fzf's test_accept_nth* (test/test_core.rb, test/test_filter.rb).
    @Test func acceptNthAsFzfPrintsIt() throws {
        #expect(try accepted("foo  bar  baz\nbar baz  foo\n", "2,2") == ["bar  bar", "baz  baz"])
        #expect(try accepted("foo  ,bar,baz\n", "2,2,1,3,1", delimiter: ",") == ["bar,bar,foo  ,bazfoo  "])
        #expect(try accepted("one two three\n", "-1", delimiter: " ") == ["three"])
        #expect(try accepted("ID001:John:Developer\nID002:Jane:Manager\n", "1", delimiter: ":") == ["ID001", "ID002"])
        #expect(try accepted("ID002:Jane:Manager\n", "1,3", delimiter: ":") == ["ID002:Manager"])
        #expect(try accepted("emp001 Alice Engineering\n", "1", delimiter: " ") == ["emp001"])
        // ps -ef | fzf --accept-nth 2; git branch | fzf --accept-nth -1
        #expect(try accepted("root       712     1  0 09:38 ?  00:00:01 sshd\n", "2") == ["712"])
        #expect(try accepted("* main\n  feature\n", "-1") == ["main", "feature"])
    }

    @Test func acceptedBytesWithoutFieldsAreTheText() {
        let store = makeStore("a b\0icon\u{1f}x\n")
        #expect(store.withAcceptedBytes(of: 0, fields: nil, delimiter: nil) { Array($0) } == Array("a b".utf8))
    }

    @Test func shownFieldsDropTrailingUnicodeWhitespace() throws {
        let store = makeStore("a,b\u{00A0}\u{3000},c\n")
        #expect(store.displayText(of: 0, fields: try FieldSelector(parsing: "2"), delimiter: ",") == "b\u{00A0}\u{3000},")
        let trailing = makeStore("a,b\u{00A0}\u{3000}\n")
        #expect(trailing.displayText(of: 0, fields: try FieldSelector(parsing: "2"), delimiter: ",") == "b")
        let blanks = makeStore("x y\u{2003}\u{00A0}\n")
        #expect(blanks.displayText(of: 0, fields: try FieldSelector(parsing: "2"), delimiter: nil) == "y")
    }
}
