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

/// Selecting, replacing and undoing in a line.
@Suite struct LineEditorSelectionTests {
    private func key(_ keysym: KeySym, _ text: String = "", _ modifiers: Modifiers = []) -> KeyEvent {
        KeyEvent(keysym: keysym, text: text, modifiers: modifiers, isRepeat: false, time: 0)
    }

    private func type(_ editor: inout LineEditor, _ text: String) {
        for character in text { _ = editor.apply(key(KeySym(character: character) ?? .space, String(character))) }
    }

    @Test func shiftExtendsFromTheAnchorAndPlainMovesCollapse() {
        var editor = LineEditor("hello world")
        #expect(editor.apply(key(.left, "", .shift)) == .moved)
        _ = editor.apply(key(.left, "", [.shift, .control]))
        #expect(editor.selection == 6..<11 && editor.selectedText == "world" && editor.anchor == 11)
        _ = editor.apply(key(.home, "", .shift))
        #expect(editor.selection == 0..<11)
        // Left over a selection goes to its start, Right to its end, without moving further.
        _ = editor.apply(key(.left))
        #expect(editor.selection == nil && editor.cursor == 0)
        _ = editor.apply(key(.end, "", .shift))
        _ = editor.apply(key(.right))
        #expect(editor.selection == nil && editor.cursor == 11)
        _ = editor.apply(key(.a, "a", .control))
        #expect(editor.selection == 0..<11, "Ctrl+A selects the whole line")
    }

    @Test func typingBackspaceAndInsertReplaceTheSelection() {
        var editor = LineEditor("one two three")
        editor.select(4..<7)
        type(&editor, "2")
        #expect(editor.text == "one 2 three" && editor.cursor == 5 && editor.selection == nil)
        editor.select(0..<4)
        _ = editor.apply(key(.backspace))
        #expect(editor.text == "2 three")
        editor.select(2..<7)
        _ = editor.apply(key(.delete))
        #expect(editor.text == "2 ")
        editor.selectAll()
        let fitted = editor.insert("pasted\nsecond line")
        #expect(fitted && editor.text == "pastedsecond line")
        let nothing = editor.cutSelection()
        #expect(nothing == nil, "nothing selected, nothing cut")
        editor.select(0..<6)
        let cut = editor.cutSelection()
        #expect(cut == "pasted" && editor.text == "second line")
    }

    @Test func aFullLineTakesAReplacementAsLongAsTheSelection() {
        var editor = LineEditor(String(repeating: "a", count: LineEditor.maximumLength))
        editor.select(0..<3)
        let fitted = editor.insert("bcdef")
        #expect(!fitted, "only three fit where three were selected")
        #expect(editor.characters.count == LineEditor.maximumLength && editor.text.hasPrefix("bcda"))
    }

    @Test func undoGoesBackAWordAtATimeAndRedoComesForward() {
        var editor = LineEditor()
        type(&editor, "hello big world")
        #expect(editor.canUndo && !editor.canRedo)
        _ = editor.apply(key(.z, "z", .control))
        #expect(editor.text == "hello big")
        _ = editor.apply(key(.z, "z", .control))
        #expect(editor.text == "hello")
        _ = editor.apply(key(KeySym(character: "Z") ?? .z, "Z", [.control, .shift]))
        #expect(editor.text == "hello big" && editor.cursor == 9)
        editor.redo()
        #expect(editor.text == "hello big world" && !editor.canRedo)
        editor.undo()
        // A new edit forgets what was undone.
        type(&editor, "!")
        #expect(editor.text == "hello big!" && !editor.canRedo)
        editor.undo()
        editor.undo()
        editor.undo()
        #expect(editor.text.isEmpty && !editor.canUndo)
    }

    @Test func deletionsGroupByRunAndMovingTheCursorEndsAGroup() {
        var editor = LineEditor()
        type(&editor, "abcdef")
        _ = editor.apply(key(.backspace))
        _ = editor.apply(key(.backspace))
        #expect(editor.text == "abcd")
        editor.undo()
        #expect(editor.text == "abcdef", "two Backspaces are one step")
        _ = editor.apply(key(.left))
        _ = editor.apply(key(.left))
        type(&editor, "XY")
        _ = editor.apply(key(.end))
        type(&editor, "Z")
        #expect(editor.text == "abcdXYefZ")
        editor.undo()
        #expect(editor.text == "abcdXYef")
        editor.undo()
        #expect(editor.text == "abcdef", "typing after a move is a step of its own")
        // A paste is one step, and typing over a selection another.
        _ = editor.apply(key(.end))
        editor.insert("123")
        editor.select(0..<2)
        type(&editor, "q")
        #expect(editor.text == "qcdef123")
        editor.undo()
        #expect(editor.text == "abcdef123" && editor.selection == 0..<2, "the selection comes back with the text")
        editor.undo()
        #expect(editor.text == "abcdef")
    }

    @Test func theHistoryKeepsItsLatestSteps() {
        var editor = LineEditor()
        for index in 0..<150 { editor.insert("\(index % 10) ") }
        var steps = 0
        while editor.canUndo { editor.undo(); steps += 1 }
        #expect(steps == 100)
        #expect(editor.text.count == 100, "the oldest fifty steps are forgotten")
    }

    @Test func aDoubleClickTakesTheRunOfOneClassOfCharacters() {
        var editor = LineEditor("file_name.txt  (copy)")
        editor.selectWord(at: 2)
        #expect(editor.selectedText == "file_name")
        editor.selectWord(at: 9)
        #expect(editor.selectedText == ".")
        editor.selectWord(at: 14)
        #expect(editor.selectedText == "  ")
        editor.selectWord(at: 99)
        #expect(editor.selectedText == ")", "past the end: the last run")
        var empty = LineEditor()
        empty.selectWord(at: 0)
        #expect(empty.selection == nil)
    }
}

/// An input method's edits (text-input-v3's delete surrounding text and
/// commit): byte lengths around the cursor, clamped, on scalar boundaries.
@Suite struct LineEditorInputMethodTests {
    @Test func aCommitGoesInAtTheCursorInPlaceOfTheSelection() {
        var line = LineEditor("hello world")
        line.moveCursor(to: 5)
        let changed = line.applyInputMethodEdit(deleteBefore: 0, deleteAfter: 0, commit: "，你好")
        #expect(changed)
        #expect(line.text == "hello，你好 world" && line.cursor == 8)
        line.select(0..<5)
        line.applyInputMethodEdit(deleteBefore: 0, deleteAfter: 0, commit: "Grüß")
        #expect(line.text == "Grüß，你好 world" && line.cursor == 4 && line.selection == nil)
        line.undo()
        #expect(line.text == "hello，你好 world", "one undo step")
    }

    @Test func deletingCountsUTF8BytesAndStopsAtTheEnds() {
        var line = LineEditor("añb日c")
        line.moveCursor(to: 3)   // after "añb": 4 bytes before, "日c" (4 bytes) after
        let changed = line.applyInputMethodEdit(deleteBefore: 3, deleteAfter: 3, commit: nil)
        #expect(changed)
        #expect(line.text == "ac" && line.cursor == 1, "ñb (3 bytes) and 日 (3 bytes) go")
        var ends = LineEditor("xyz")
        ends.moveCursor(to: 1)
        ends.applyInputMethodEdit(deleteBefore: 1_000_000, deleteAfter: 4_000_000_000, commit: "é")
        #expect(ends.text == "é" && ends.cursor == 1, "past both ends: everything, nothing more")
    }

    @Test func aLengthThatEndsInsideACharacterStopsBeforeIt() {
        var line = LineEditor("a日")
        let changed = line.applyInputMethodEdit(deleteBefore: 2, deleteAfter: 0, commit: nil)
        #expect(!changed, "two bytes of a three-byte character: none")
        #expect(line.text == "a日")
        line.applyInputMethodEdit(deleteBefore: 4, deleteAfter: 0, commit: nil)
        #expect(line.text == "", "four bytes: 日 and a")
    }

    @Test func aCombiningMarkGoesAloneAsAScalar() {
        var line = LineEditor("e\u{301}")   // é as e + combining acute: one character, two scalars
        #expect(line.characters.count == 1)
        line.applyInputMethodEdit(deleteBefore: 2, deleteAfter: 0, commit: "\u{300}")
        #expect(line.text == "e\u{300}" && line.cursor == 1, "the acute (two bytes) replaced by a grave")
    }

    @Test func deletingAroundASelectionKeepsIt() {
        var line = LineEditor("abcdef")
        line.select(2..<4)
        line.applyInputMethodEdit(deleteBefore: 1, deleteAfter: 1, commit: nil)
        #expect(line.text == "acdf" && line.selection == 1..<3)
    }

    @Test func aHugeCommitIsCutToTheLinesLengthAndNewlinesDropped() {
        var line = LineEditor("ab")
        line.moveCursor(to: 1)
        line.applyInputMethodEdit(deleteBefore: 0, deleteAfter: 0, commit: String(repeating: "x\n", count: 10_000))
        #expect(line.characters.count == LineEditor.maximumLength)
        #expect(line.text.hasPrefix("axx") && line.text.hasSuffix("xb") && !line.text.contains("\n"))
        #expect(line.cursor == LineEditor.maximumLength - 1)
    }
}
