import PickCore
import Testing

/// sweep-pick's command lines divide into options and operands fzf's way, each option kept once.
@Suite struct CommandLineSyntaxTests {
    let syntax = CommandLineSyntax(
        valueOptions: ["--query": "--query", "-q": "--query", "--prompt": "--prompt", "--nth": "--nth", "--history": "--history"],
        optionalValues: ["--history": "/cache/history"],
        flags: ["--select-1": "--select-1", "--auto-select": "--select-1", "--exact": "--exact"])

    @Test func aValueIsTheNextWordWhateverItLooksLike() {
        let sorted = syntax.sort(["--prompt", "-> ", "--nth", "-1", "-q", "-x", "--query", "--- x ---"])
        #expect(sorted.options == ["--prompt=-> ", "--nth=-1", "--query=--- x ---"])
        #expect(syntax.sort(["-q-x"]).options == ["--query=-x"], "a one-letter option's value may be attached")
        #expect(syntax.sort(["--prompt=a=b"]).options == ["--prompt=a=b"])
        #expect(syntax.sort(["--prompt"]).options == ["--prompt"], "left for the parser to say the value is missing")
    }

    @Test func aBareOptionalValueTakesItsDefaultBeforeAnOptionOrAtTheEnd() {
        #expect(syntax.sort(["--history"]).options == ["--history=/cache/history"])
        #expect(syntax.sort(["--history", "--exact"]).options == ["--history=/cache/history", "--exact"])
        #expect(syntax.sort(["--history", "--", "f"]) == SortedCommandLine(options: ["--history=/cache/history"], operands: ["f"], endsOptions: true))
        #expect(syntax.sort(["--history", "mine"]).options == ["--history=mine"])
        #expect(syntax.sort(["--history=mine"]).options == ["--history=mine"])
    }

    @Test func theLastOccurrenceOfEachOptionWinsAndOperandsKeepTheirOrder() {
        let sorted = syntax.sort(["a", "--query", "x", "--exact", "-", "--auto-select", "-q", "y", "b", "--select-1", "--exact", "--unknown"])
        #expect(sorted.options == ["--query=y", "--select-1", "--exact", "--unknown"])
        #expect(sorted.operands == ["a", "-", "b"])
        #expect(!sorted.endsOptions)
        let ended = syntax.sort(["--exact", "--", "--query", "-q"])
        #expect(ended == SortedCommandLine(options: ["--exact"], operands: ["--query", "-q"], endsOptions: true))
    }

    /// 200,000 repeats of one option sort to one (swift-argument-parser alone took 105 s for 16,000 words).
    @Test func manyRepeatsSortToOne() {
        let words = (0..<100_000).flatMap { ["--prompt", "p\($0)"] }
        #expect(syntax.sort(words).options == ["--prompt=p99999"])
    }
}

/// sweep-pick's configuration file, read as options.
@Suite struct OptionsFileTests {
    @Test func lineEndsOfEveryKindCommentsAndAByteOrderMark() throws {
        for end in ["\n", "\r\n", "\r"] {
            let text = ["# defaults", "--exact", "", "  # indented comment", "--prompt '> '  --query \"a b\""].joined(separator: end) + end
            #expect(try OptionsFile.words(in: Array(text.utf8)) == ["--exact", "--prompt", "> ", "--query", "a b"], "line end \(Array(end.utf8))")
        }
        #expect(try OptionsFile.words(in: [0xEF, 0xBB, 0xBF] + Array("--exact\n".utf8)) == ["--exact"])
    }

    @Test func problemsNameTheLineCountingCRLFAsOneEnd() {
        #expect(throws: OptionsFile.Problem.line(3, .unclosedQuote("'"))) {
            try OptionsFile.words(in: Array("--exact\r\n\r\n--prompt 'oops\r\n".utf8))
        }
        #expect(throws: OptionsFile.Problem.notUTF8) { try OptionsFile.words(in: [0x2D, 0x2D, 0xFF]) }
        #expect(throws: OptionsFile.Problem.tooLarge) { try OptionsFile.words(in: [UInt8](repeating: 0x20, count: OptionsFile.maximumBytes + 1)) }
    }
}
