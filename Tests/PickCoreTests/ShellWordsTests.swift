import PickCore
import Testing

/// sweep-pick's default options are split as a shell splits words.
@Suite struct ShellWordsTests {
    @Test func blanksQuotesAndBackslashes() throws {
        #expect(try ShellWords.split("") == [])
        #expect(try ShellWords.split("  --exact\t--prompt  ") == ["--exact", "--prompt"])
        #expect(try ShellWords.split("--prompt 'find: ' --placeholder \"type \\\"here\\\"\"") == ["--prompt", "find: ", "--placeholder", "type \"here\""])
        #expect(try ShellWords.split("a\\ b c''d \"\"") == ["a b", "cd", ""])
        #expect(try ShellWords.split("'it'\\''s'") == ["it's"])
        #expect(try ShellWords.split("\"a\\b\"") == ["a\\b"], "a backslash before an ordinary character stays in double quotes")
        // A combining mark after a quote or a blank is a word's first scalar, not part of one Character with it.
        #expect(try ShellWords.split("'\u{301}x' \u{301}\"\u{301}\"\r\nb") == ["\u{301}x", "\u{301}\u{301}", "b"])
    }

    @Test func unclosedQuotesAndATrailingBackslashAreErrors() {
        #expect(throws: ShellWords.SplitError.unclosedQuote("'")) { try ShellWords.split("--prompt 'oops") }
        #expect(throws: ShellWords.SplitError.unclosedQuote("\"")) { try ShellWords.split("\"oops") }
        #expect(throws: ShellWords.SplitError.trailingBackslash) { try ShellWords.split("oops\\") }
    }
}
