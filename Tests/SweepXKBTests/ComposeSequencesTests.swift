import Foundation
import SweepInput
@testable import SweepXKB
import Testing

/// Dead keys and the Compose key through xkbcommon's compose tables.
@Suite struct ComposeSequencesTests {
    private static let table = """
    <dead_acute> <e> : "é" eacute
    <dead_acute> <E> : "É" Eacute
    <Multi_key> <o> <c> : "©" copyright
    <Multi_key> <less> <3> : "♥"
    """

    private func sym(_ name: String) throws -> KeySym { try #require(Keyboard.keysym(named: name), "no keysym \(name)") }

    @Test func aDeadKeyThenALetterGivesTheAccentedLetter() throws {
        let compose = try #require(ComposeSequences(composeText: Self.table))
        #expect(compose.feed(try sym("dead_acute")) == .composing)
        #expect(compose.isComposing)
        #expect(compose.feed(try sym("e")) == .composed(text: "é", keysym: try sym("eacute")))
        #expect(!compose.isComposing)
        #expect(compose.feed(try sym("e")) == .passThrough, "a plain letter afterwards types itself")
    }

    @Test func composeSequencesAndShiftInsideThem() throws {
        let compose = try #require(ComposeSequences(composeText: Self.table))
        #expect(compose.feed(try sym("Multi_key")) == .composing)
        #expect(compose.feed(try sym("o")) == .composing)
        #expect(compose.feed(try sym("c")) == .composed(text: "©", keysym: try sym("copyright")))
        // Shift for the capital does not break a sequence.
        #expect(compose.feed(try sym("dead_acute")) == .composing)
        #expect(compose.feed(try sym("Shift_L")) == .passThrough)
        #expect(compose.feed(try sym("E")) == .composed(text: "É", keysym: try sym("Eacute")))
        // A sequence without a keysym gives its text.
        let started = try ["Multi_key", "less"].map { compose.feed(try sym($0)) }
        let heart = compose.feed(try sym("3"))
        guard case .composed(let text, _) = heart else {
            Issue.record("<3 did not compose: \(started) \(heart)")
            return
        }
        #expect(text == "♥")
    }

    @Test func aKeyOutsideAnySequenceCancelsItAndTypesNothing() throws {
        let compose = try #require(ComposeSequences(composeText: Self.table))
        _ = compose.feed(try sym("dead_acute"))
        #expect(compose.feed(try sym("x")) == .cancelled)
        #expect(!compose.isComposing)
        _ = compose.feed(try sym("Multi_key"))
        compose.reset()
        #expect(compose.feed(try sym("o")) == .passThrough, "reset drops the sequence")
    }

    @Test func theLocalesTableComposesAsTheDesktopDoes() throws {
        // libx11-data's en_US.UTF-8 Compose file (scripts/install-deps.sh installs it), read as
        // text: the locale's table would also take this machine's ~/.XCompose or $XCOMPOSEFILE
        // (the end-to-end tests read it by locale, with neither).
        let path = "/usr/share/X11/locale/en_US.UTF-8/Compose"
        let text = try #require(try? String(contentsOfFile: path, encoding: .utf8), "no \(path): is libx11-data installed?")
        let compose = try #require(ComposeSequences(composeText: text, locale: "en_US.UTF-8"))
        _ = compose.feed(try sym("dead_grave"))
        #expect(compose.feed(try sym("a")) == .composed(text: "à", keysym: try sym("agrave")))
        _ = compose.feed(try sym("Multi_key"))
        _ = compose.feed(try sym("o"))
        guard case .composed(let text, _) = compose.feed(try sym("c")) else {
            Issue.record("Compose o c gave nothing")
            return
        }
        #expect(text == "©")
    }

    @Test func aHundredThousandLineFileAndAnIncludeLoopNeitherHangNorCrash() throws {
        var lines: [String] = []
        lines.reserveCapacity(100_001)
        for index in 0..<100_000 {
            let digits = String(index).map { "<\($0)>" }.joined(separator: " ")
            lines.append("<Multi_key> <x> \(digits) <space> : \"\(index)\"")
        }
        let big = try #require(ComposeSequences(composeText: lines.joined(separator: "\n")))
        // Lines within xkbcommon's 65,536 nodes compose; it ignores the rest of so long a file (with a warning).
        let early = try ["Multi_key", "x", "9", "9", "9", "9", "space"].map { big.feed(try sym($0)) }
        #expect(early.last == .composed(text: "9999", keysym: KeySym(rawValue: 0)), "\(early)")
        let late = try ["Multi_key", "x", "9", "9", "9", "9", "9", "space"].map { big.feed(try sym($0)) }
        #expect(late.contains(.cancelled) && !late.contains { if case .composed = $0 { true } else { false } }, "\(late)")
        // A file that includes itself: xkbcommon stops at its include depth; the table is refused or usable.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compose-loop-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Compose").path
        try "include \"\(path)\"\n<Multi_key> <a> <a> : \"å\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        if let looped = ComposeSequences(composeText: try String(contentsOfFile: path, encoding: .utf8)) {
            _ = looped.feed(try sym("Multi_key"))
            _ = looped.feed(try sym("a"))
            _ = looped.feed(try sym("a"))
            #expect(!looped.isComposing)
        }
    }
}
