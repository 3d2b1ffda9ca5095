import SweepGestures
import SweepPixman
@testable import SweepUI
import Testing

/// The text field's editing keys, its focus, and a column of components
/// that Tab moves through. No compositor: a `TestHost`.
@MainActor @Suite struct TextFieldTests {
    private func key(_ keysym: KeySym, _ text: String = "", _ modifiers: Modifiers = []) -> KeyEvent {
        KeyEvent(keysym: keysym, text: text, modifiers: modifiers, isRepeat: false, time: 0)
    }

    private func type(_ field: TextField, _ text: String) {
        for character in text { _ = field.handleKey(key(KeySym(character: character) ?? .space, String(character))) }
    }

    @Test func typingEditsAtTheCursorAndReportsEachChange() {
        let field = TextField(placeholder: "Filter")
        var changes: [String] = []
        field.onChange = { changes.append($0) }
        type(field, "helo")
        _ = field.handleKey(key(.left))
        type(field, "l")
        #expect(field.text == "hello" && field.cursor == 4)
        _ = field.handleKey(key(.home))
        _ = field.handleKey(key(.delete))
        _ = field.handleKey(key(.end))
        _ = field.handleKey(key(.backspace))
        #expect(field.text == "ell")
        #expect(changes == ["h", "he", "hel", "helo", "hello", "ello", "ell"])
    }

    @Test func wordAndLineDeletion() {
        let field = TextField(text: "one two  three")
        _ = field.handleKey(key(.w, "", .control))
        #expect(field.text == "one two  ")
        _ = field.handleKey(key(.backspace, "", .control))
        #expect(field.text == "one ")
        _ = field.handleKey(key(.u, "", .control))
        #expect(field.text.isEmpty && field.cursor == 0)
    }

    @Test func keysItDoesNotUseAreLeftForOthers() {
        let field = TextField()
        var submitted: String?
        field.onSubmit = { submitted = $0 }
        #expect(!field.handleKey(key(.down)))
        #expect(!field.handleKey(key(.escape)))
        #expect(!field.handleKey(key(.c, "c", .control)))
        type(field, "x")
        #expect(field.handleKey(key(.returnKey)))
        #expect(submitted == "x")
        #expect(!field.handleKey(key(.tab, "\t")), "a tab character is not typed: Tab moves the focus")
    }

    @Test func aClickAfterTheTextShrankKeepsTheCursorInside() throws {
        let host = TestHost()
        let field = TextField(text: "a long filter text")
        field.attach(to: host)
        field.setFrame(Rect(x: 0, y: 0, width: 300, height: TextField.preferredHeight))
        let image = try #require(PixmanImage(width: 300, height: 40))
        field.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(field.frame))
        field.text = ""
        // A click far right, laid out with the old text, before the next frame.
        host.gestureArena.pointerMoved(to: Point(x: 280, y: 20), time: 10)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: 10)
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 40)
        #expect(field.cursor == 0)
        type(field, "x")
        #expect(field.text == "x")
    }

    @Test func newlinesNeverEnterTheField() {
        let field = TextField()
        field.text = "a\nb\r\nc"
        #expect(field.text == "abc")
    }

    @Test func theFocusRingAndCursorShowOnlyWhenFocused() throws {
        let field = TextField(text: "abc")
        field.setFrame(Rect(x: 0, y: 0, width: 200, height: TextField.preferredHeight))
        func draw() throws -> PixmanImage {
            let image = try #require(PixmanImage(width: 200, height: 40))
            field.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(field.frame))
            return image
        }
        let unfocused = try draw()
        field.focusDidChange(true)
        let focused = try draw()
        var changed = 0
        for y in 0..<40 { for x in 0..<200 where unfocused.pixel(x: x, y: y) != focused.pixel(x: x, y: y) { changed += 1 } }
        // A 2 px border round a 188 × 32 box and a 2 px cursor: several hundred pixels.
        #expect(changed > 400)
        field.focusDidChange(false)
        let again = try draw()
        var back = 0
        for y in 0..<40 { for x in 0..<200 where unfocused.pixel(x: x, y: y) != again.pixel(x: x, y: y) { back += 1 } }
        #expect(back == 0)
    }
}

@MainActor @Suite struct ColumnLayoutTests {
    @Test func fixedRowsKeepTheirHeightAndTabMovesThroughTheFocusableOnes() {
        let field = TextField()
        let list = CollectionView(layout: .list, dataSource: StringItems(["a", "b"]))
        let status = Label("0 selected")
        let column = ColumnLayout([(field, .fixed(40)), (list, .flexible), (status, .fixed(24))])
        column.setFrame(Rect(x: 0, y: 0, width: 300, height: 400))
        #expect(field.frame == Rect(x: 0, y: 0, width: 300, height: 40))
        #expect(list.frame == Rect(x: 0, y: 40, width: 300, height: 336))
        #expect(status.frame == Rect(x: 0, y: 376, width: 300, height: 24))
        #expect(column.children.filter(\.acceptsFocus).count == 2, "the label takes no focus")
    }
}

/// Selecting with the pointer and touch, the clipboard and primary
/// selection, and the search and password styles.
@MainActor @Suite struct TextFieldSelectionTests {
    private func key(_ keysym: KeySym, _ text: String = "", _ modifiers: Modifiers = []) -> KeyEvent {
        KeyEvent(keysym: keysym, text: text, modifiers: modifiers, isRepeat: false, time: 0)
    }

    /// A field 300 wide at the window's origin, drawn once so clicks find their characters.
    private func makeField(_ text: String, style: TextField.Style = .plain) throws -> (TextField, TestHost) {
        let host = TestHost()
        let field = TextField(text: text, style: style)
        field.attach(to: host)
        field.setFrame(Rect(x: 0, y: 0, width: 300, height: TextField.preferredHeight))
        try draw(field)
        return (field, host)
    }

    @discardableResult
    private func draw(_ field: TextField) throws -> PixmanImage {
        let image = try #require(PixmanImage(width: 300, height: 40))
        field.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(field.frame))
        return image
    }

    /// The x of the boundary before character `offset`, by measuring as the field does.
    private func x(of offset: Int, in text: String) throws -> Double {
        let canvas = PixmanCanvas(image: try #require(PixmanImage(width: 4, height: 4)), scale: 1, fonts: try FontSet(scale: 1))
        return 16 + text.prefix(offset).reduce(0) { $0 + canvas.measureText(String($1), role: .body) }
    }

    private func press(_ host: TestHost, at x: Double, modifiers: Modifiers = [], time: Double) {
        host.gestureArena.pointerMoved(to: Point(x: x, y: 20), time: time)
        host.gestureArena.pointerButton(pressed: true, modifiers: modifiers, time: time)
    }

    private func release(_ host: TestHost, time: Double) {
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: time)
    }

    @Test func aDragSelectsAndBecomesThePrimarySelection() throws {
        let text = "select these words"
        let (field, host) = try makeField(text)
        press(host, at: try x(of: 7, in: text), time: 100)
        host.gestureArena.pointerMoved(to: Point(x: try x(of: 10, in: text), y: 20), time: 120)
        host.gestureArena.pointerMoved(to: Point(x: try x(of: 12, in: text), y: 22), time: 140)
        #expect(field.selection == 7..<12)
        #expect(host.primarySelection == nil, "offered when the drag ends")
        release(host, time: 160)
        #expect(host.primarySelection == "these")
        // Shift+click extends from the anchor.
        press(host, at: try x(of: 18, in: text), modifiers: .shift, time: 1000)
        release(host, time: 1020)
        #expect(field.selection == 7..<18 && host.primarySelection == "these words")
        // A plain click collapses it.
        press(host, at: try x(of: 3, in: text), time: 2000)
        release(host, time: 2020)
        #expect(field.selection == nil && field.cursor == 3)
    }

    @Test func doubleAndTripleClicksSelectAWordAndTheLine() throws {
        let text = "alpha beta.gamma"
        let (field, host) = try makeField(text)
        let inBeta = try x(of: 8, in: text)
        press(host, at: inBeta, time: 100)
        release(host, time: 120)
        press(host, at: inBeta + 1, time: 250)
        #expect(field.selection == 6..<10, "beta")
        // Dragging on from a double click takes whole words.
        host.gestureArena.pointerMoved(to: Point(x: try x(of: 14, in: text), y: 20), time: 300)
        #expect(field.selection == 6..<16)
        release(host, time: 320)
        press(host, at: inBeta, time: 400)
        release(host, time: 420)
        #expect(field.selection == 0..<16, "a third click takes the line")
        // Too late for a fourth: a single click again.
        press(host, at: inBeta, time: 1000)
        release(host, time: 1020)
        #expect(field.selection == nil)
    }

    @Test func aTripleClickKeepsTheLineWhileThePointerJitters() throws {
        let text = "keep it all"
        let (field, host) = try makeField(text)
        let at = try x(of: 5, in: text)
        for time in [0.0, 100, 200] {
            press(host, at: at, time: time)
            if time < 200 { release(host, time: time + 20) }
        }
        host.gestureArena.pointerMoved(to: Point(x: at + 0.5, y: 20.5), time: 210)
        release(host, time: 230)
        #expect(field.selection == 0..<11)
    }

    @Test func screenReaderOffsetsCountTheFieldsOwnCharacters() throws {
        let (field, _) = try makeField("")
        // A thumb and a skin tone typed apart are two characters to the field (one to a joined string),
        // and an e with its accent typed as one is one character of two scalars.
        field.editor.insert("👍")
        field.editor.insert("🏽")
        field.editor.insert("e\u{301}x")
        let entry = try #require(field.accessibleObject)
        #expect(field.cursor == 4 && entry.caret?() == 5)
        #expect(entry.setCaret?(1) == true && field.cursor == 1, "between the thumb and its tone, as the field holds them")
        #expect(entry.setCaret?(3) == true && field.cursor == 2, "inside the accented e: its start")
        #expect(entry.setCaret?(4) == true && field.cursor == 3)
        // A password's edits reach its characters, never its dots.
        let (password, _) = try makeField("abc", style: .password)
        let secret = try #require(password.accessibleObject)
        #expect(secret.replaceText?(3..<3, "d") == true && password.text == "abcd")
        #expect(secret.replaceText?(0..<1, "") == true && password.text == "bcd")
        #expect(secret.text?() == "\u{2022}\u{2022}\u{2022}")
    }

    @Test func tapsPlaceTheCursorAndSelectAWordAndTheLine() throws {
        let text = "touch the words"
        let (field, host) = try makeField(text)
        let point = Point(x: try x(of: 7, in: text), y: 20)
        func tap(_ time: UInt32) {
            host.now = Double(time)
            host.gestureArena.handle(Input.touches(down: [(0, point)], time: time))
            host.gestureArena.handle(Input.touches(up: [0], time: time + 40))
        }
        tap(100)
        #expect(field.cursor == 7 && field.selection == nil)
        tap(300)
        #expect(field.editor.selectedText == "the")
        tap(500)
        #expect(field.selection == 0..<15)
    }

    @Test func copyCutAndPasteUseTheSelection() throws {
        let (field, host) = try makeField("copy cut paste")
        var changes: [String] = []
        field.onChange = { changes.append($0) }
        #expect(!field.handleKey(key(.c, "c", .control)), "nothing selected: Ctrl+C is the window's")
        #expect(!field.handleKey(key(.x, "x", .control)))
        _ = field.handleKey(key(.home))
        for _ in 0..<4 { _ = field.handleKey(key(.right, "", .shift)) }
        #expect(field.handleKey(key(.c, "c", .control)))
        #expect(host.clipboard == "copy" && host.primarySelection == "copy")
        #expect(field.handleKey(key(.x, "x", .control)))
        #expect(field.text == " cut paste" && host.clipboard == "copy")
        _ = field.handleKey(key(.end))
        for _ in 0..<5 { _ = field.handleKey(key(.left, "", .shift)) }
        #expect(field.handleKey(key(.v, "v", .control)))
        #expect(field.text == " cut copy", "the paste replaces the selection")
        _ = field.handleKey(key(.insert, "", .shift))
        #expect(field.text == " cut copycopy")
        #expect(changes == [" cut paste", " cut copy", " cut copycopy"])
        _ = field.handleKey(key(.z, "z", .control))
        _ = field.handleKey(key(.z, "z", .control))
        #expect(field.text == " cut paste")
    }

    @Test func theMiddleButtonPastesThePrimarySelectionWhereItIsPressed() throws {
        let text = "ab"
        let (field, host) = try makeField(text)
        host.primarySelection = "XYZ\nsecond line"
        field.pastePrimarySelection(at: Point(x: try x(of: 1, in: text), y: 20))
        #expect(field.text == "aXYZb" && field.cursor == 4)
    }

    @Test func aSearchFieldClearsByItsButtonAndEscape() throws {
        let (field, host) = try makeField("query", style: .search)
        var changes: [String] = []
        field.onChange = { changes.append($0) }
        #expect(field.handleKey(key(.escape)))
        #expect(field.text.isEmpty && changes == [""])
        #expect(!field.handleKey(key(.escape)), "empty: Escape is the window's")
        field.text = "again"
        try draw(field)
        // The clear button sits at the field's right end.
        press(host, at: 300 - 6 - 16, time: 100)
        release(host, time: 130)
        #expect(field.text.isEmpty && changes == ["", ""])
        field.editor.undo()
        #expect(field.text == "again", "clearing is one undo step")
    }

    @Test func aPasswordShowsDotsAndIsNeverCopied() throws {
        let (field, host) = try makeField("secret", style: .password)
        _ = field.handleKey(key(.a, "a", .control))
        #expect(field.selection == 0..<6)
        #expect(field.copiedText == nil && host.primarySelection == nil)
        #expect(!field.handleKey(key(.c, "c", .control)) && !field.handleKey(key(.x, "x", .control)))
        #expect(field.text == "secret" && host.clipboard == nil)
        let entry = try #require(field.accessibleObject)
        #expect(entry.role == .passwordText)
        #expect(entry.text?() == String(repeating: "\u{2022}", count: 6))
        // The same text drawn plain differs from the dots.
        let dots = try draw(field)
        field.style = .plain
        let plain = try draw(field)
        var differing = 0
        for y in 0..<40 { for x in 0..<300 where dots.pixel(x: x, y: y) != plain.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing > 50)
    }

    @Test func screenReadersReadAndSetTheSelection() throws {
        let (field, _) = try makeField("naïve café")
        let entry = try #require(field.accessibleObject)
        #expect(entry.textSelection?() == nil)
        #expect(entry.setTextSelection?(6..<10) == true)
        #expect(field.editor.selectedText == "café" && entry.textSelection?() == 6..<10)
        #expect(entry.setTextSelection?(3..<99) == false, "past the end")
        #expect(entry.setTextSelection?(nil) == true)
        #expect(field.selection == nil)
    }

    @Test func aSelectionIsDrawnBehindTheText() throws {
        let (field, _) = try makeField("highlight")
        field.focusDidChange(true)
        _ = field.handleKey(key(.end))
        let plain = try draw(field)
        _ = field.handleKey(key(.home, "", .shift))
        let selected = try draw(field)
        var differing = 0
        for y in 0..<40 { for x in 0..<300 where plain.pixel(x: x, y: y) != selected.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing > 200)
    }
}

/// The text field as an input method's client: what it tells the input
/// method, and its edits and preedit.
@MainActor @Suite struct TextFieldInputMethodTests {
    private func makeField(_ text: String, style: TextField.Style = .plain) throws -> (TextField, TestHost) {
        let host = TestHost()
        let field = TextField(text: text, style: style)
        field.attach(to: host)
        field.setFrame(Rect(x: 20, y: 100, width: 300, height: TextField.preferredHeight))
        try draw(field)
        return (field, host)
    }

    @discardableResult
    private func draw(_ field: TextField) throws -> PixmanImage {
        let image = try #require(PixmanImage(width: 400, height: 200))
        field.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(field.frame))
        return image
    }

    @Test func itTellsItsTextCursorPlaceAndType() throws {
        let (field, _) = try makeField("日本語 text")
        field.select(1..<3)
        try draw(field)
        let state = try #require(field.textInputState)
        #expect(state.surrounding == SurroundingText(text: "日本語 text", cursor: 9, anchor: 3))
        #expect(state.contentType == .normal)
        let caret = state.cursorRectangle
        #expect(field.frame.contains(Point(x: caret.midX, y: caret.midY)), "the caret is inside the field: \(caret)")
        #expect(caret.minX > field.frame.minX + 40, "after two wide characters")
        field.contentType = .fileName
        #expect(field.textInputState?.contentType == .fileName)
        let (password, _) = try makeField("secret", style: .password)
        #expect(password.textInputState?.surrounding.text == "", "a password's text is never told")
        #expect(password.textInputState?.contentType == .password)
        let (search, _) = try makeField("", style: .search)
        #expect(search.textInputState?.contentType == .search)
        field.isVisible = false
        #expect(field.textInputState == nil, "hidden: no text to type into")
    }

    @Test func aPreeditShowsAtTheCursorAndRedrawsOnlyTheField() throws {
        let (field, host) = try makeField("ab")
        field.select(1..<1)
        var changes: [String] = []
        field.onChange = { changes.append($0) }
        let before = try draw(field)
        _ = host.takeDamage()
        field.applyTextInput(TextInputUpdate(preedit: .init(text: "にほ", begin: 3, end: 3)))
        #expect(field.text == "ab" && changes.isEmpty, "a preedit is not text")
        #expect(host.takeDamage().bounds == field.frame, "only the field is repainted")
        let composing = try draw(field)
        let differs = (100..<140).contains { y in (20..<320).contains { x in composing.pixel(x: x, y: y) != before.pixel(x: x, y: y) } }
        #expect(differs, "the preedit is drawn")
        // The input method's cursor after に: the caret is told there.
        let caret = try #require(field.textInputState?.cursorRectangle)
        field.applyTextInput(TextInputUpdate(preedit: .init(text: "にほ", begin: 6, end: 6)))
        try draw(field)
        #expect(try #require(field.textInputState?.cursorRectangle).minX > caret.minX)
        // Committed: the text has it, the preedit is gone, one change.
        field.applyTextInput(TextInputUpdate(commit: "日本"))
        #expect(field.text == "a日本b" && field.cursor == 3 && changes == ["a日本b"])
        try draw(field)
        field.editor.undo()
        #expect(field.text == "ab", "one undo step")
    }
}
