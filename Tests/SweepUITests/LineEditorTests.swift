import SweepInput
import Testing
@testable import SweepUI

/// The line editing a text field and sweep-pick's filter share.
@Suite struct LineEditorTests {
    private func key(_ keysym: KeySym, _ text: String = "", control: Bool = false) -> KeyEvent {
        KeyEvent(keysym: keysym, text: text, modifiers: control ? [.control] : [], isRepeat: false, time: 0)
    }

    private func typed(_ text: String) -> KeyEvent { key(KeySym(character: Character(text)) ?? .space, text) }

    @Test func typingInsertsAtTheCursorWhichMovesByCharacterAndWord() {
        var line = LineEditor("one two three")
        #expect(line.cursor == 13)
        #expect(line.apply(key(.left, control: true)) == .moved && line.cursor == 8)
        #expect(line.apply(key(.left, control: true)) == .moved && line.cursor == 4)
        #expect(line.apply(key(.left)) == .moved && line.cursor == 3)
        #expect(line.apply(typed("!")) == .edited && line.text == "one! two three" && line.cursor == 4)
        #expect(line.apply(key(.right, control: true)) == .moved && line.cursor == 8)
        #expect(line.apply(key(.home)) == .moved && line.cursor == 0)
        #expect(line.apply(key(.left)) == .moved && line.cursor == 0, "clamped at the start")
        #expect(line.apply(key(.end)) == .moved && line.cursor == 14)
        #expect(line.apply(key(.right)) == .moved && line.cursor == 14, "clamped at the end")
    }

    /// A paste of megabytes is cut to `maximumLength`, and only that much of it is read.
    @Test func aLineHoldsAtMostItsMaximumLength() {
        var editor = LineEditor("ab")
        let small = editor.insert("cd")
        #expect(small)
        let huge = String(repeating: "x", count: 1 << 20)
        let cut = editor.insert(huge)
        #expect(!cut, "cut: the caller says so")
        #expect(editor.characters.count == LineEditor.maximumLength && editor.cursor == LineEditor.maximumLength)
        let more = editor.insert("more")
        #expect(!more && editor.characters.count == LineEditor.maximumLength)
        #expect(LineEditor(huge + "\n" + huge).characters.count == LineEditor.maximumLength)
        var exact = LineEditor()
        let fits = exact.insert(String(repeating: "y", count: LineEditor.maximumLength) + "\n")
        #expect(fits, "newlines are dropped, not counted")
    }

    @Test func deletingBeforeAndAfterTheCursor() {
        var line = LineEditor("alpha beta gamma")
        line.moveCursor(to: 10)   // after "beta"
        #expect(line.apply(key(.delete)) == .edited && line.text == "alpha betagamma")
        #expect(line.apply(key(.backspace)) == .edited && line.text == "alpha betgamma" && line.cursor == 9)
        #expect(line.apply(key(.w, "w", control: true)) == .edited && line.text == "alpha gamma" && line.cursor == 6)
        #expect(line.apply(key(.delete, control: true)) == .edited && line.text == "alpha " && line.cursor == 6)
        line.moveCursor(to: 3)
        #expect(line.apply(key(.k, "k", control: true)) == .edited && line.text == "alp")
        #expect(line.apply(key(.u, "u", control: true)) == .edited && line.text == "" && line.cursor == 0)
        #expect(line.apply(key(.backspace)) == .moved && line.apply(key(.delete)) == .moved, "nothing to delete")
    }

    @Test func keysThatAreNotEditingAreLeftAlone() {
        var line = LineEditor("x")
        for keysym in [KeySym.returnKey, .escape, .up, .down, .tab] {
            #expect(line.apply(key(keysym)) == .ignored, "\(keysym)")
        }
        #expect(line.apply(key(KeySym(character: "c") ?? .space, "c", control: true)) == .ignored, "Ctrl+C is not typing")
        #expect(line.text == "x")
    }
}
