import SweepGestures
import SweepPixman
import SweepUI
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
