import SweepGestures
import SweepPixman
import Testing
@testable import SweepUI

/// The text view's storage: paragraphs, styled runs and edits across them.
@Suite struct TextDocumentTests {
    @Test func paragraphsAndRunsComeFromTheStyledText() {
        let styled = StyledText("From: ").appending("Ada", style: .bold).appending("\nSee ").appending("the log", style: .link("log"))
        let document = TextDocument(styled)
        #expect(document.paragraphs.count == 2)
        #expect(String(document.paragraphs[0].characters) == "From: Ada")
        #expect(document.paragraphs[0].runs == [StyleRun(length: 6, style: .plain), StyleRun(length: 3, style: .bold)])
        #expect(document.string == "From: Ada\nSee the log")
        #expect(document.link(at: TextPosition(paragraph: 1, offset: 5))?.target == "log")
        #expect(document.link(at: TextPosition(paragraph: 1, offset: 11))?.target == "log", "at the link's end")
        #expect(document.link(at: TextPosition(paragraph: 1, offset: 2)) == nil)
        #expect(TextDocument(StyledText("a\r\nb\n\nc")).paragraphs.map { String($0.characters) } == ["a", "b", "", "c"])
    }

    @Test func replacingAcrossParagraphsKeepsTheStylesAroundIt() {
        var document = TextDocument(StyledText("one two", style: .italic).appending("\nthree\nfour"))
        let range = TextPosition(paragraph: 0, offset: 4)..<TextPosition(paragraph: 2, offset: 2)
        #expect(document.string(in: range) == "two\nthree\nfo")
        let removed = document.fragment(range)
        let end = document.replace(range, with: TextDocument.pieces(of: "2\n3", style: .plain))
        #expect(document.string == "one 2\n3ur" && end == TextPosition(paragraph: 1, offset: 1))
        #expect(document.paragraphs[0].runs == [StyleRun(length: 4, style: .italic), StyleRun(length: 1, style: .plain)])
        // Putting back what was removed restores the text and its styles.
        document.replace(TextPosition(paragraph: 0, offset: 4)..<end, with: removed)
        #expect(document.string == "one two\nthree\nfour")
        #expect(document.paragraphs[0].runs == [StyleRun(length: 7, style: .italic)])
    }

    @Test func linesWrapAfterSpacesAndInsideWordsLongerThanALine() {
        // Ten units a character, 60 wide: six characters a line.
        let characters = Array("aaa bbb cccccccccccc d")
        let starts = TextLayout.lineStarts(for: Array(repeating: 10, count: characters.count), width: 60, characters: characters)
        // The space after the c's hangs past the edge; "d" starts the last line.
        #expect(starts == [0, 4, 8, 14, 21])
        #expect(TextLayout.spaceBreaks(starts, characters: characters) == [4, 8, 21])
        let laid = TextLayout.Paragraph(advances: Array(repeating: 10, count: characters.count), lineStarts: starts,
                                        spaceBreaks: TextLayout.spaceBreaks(starts, characters: characters))
        #expect(TextLayout.line(of: 5, in: laid) == 1 && TextLayout.x(of: 6, in: laid) == 20)
        #expect(TextLayout.offset(nearestX: 14, line: 1, in: laid) == 5)
        #expect(TextLayout.offset(nearestX: 500, line: 1, in: laid) == 7, "past a wrapped line: before its space")
        #expect(TextLayout.offset(nearestX: 500, line: 4, in: laid) == 22, "past the last line: the end")
        #expect(TextLayout.offset(nearestX: 500, line: 2, in: laid) == 14, "a word broken inside: after its last character")
        #expect(TextLayout.character(atX: 14, line: 1, in: laid) == 5 && TextLayout.character(atX: 45, line: 1, in: laid) == nil)
        // A carried word that still does not fit with the next character breaks before it.
        let narrow = TextLayout.lineStarts(for: [1, 3, 3, 3, 3, 3, 3], width: 10, characters: Array(" bbbbbb"))
        #expect(narrow == [0, 4] || narrow.count >= 2)
        for (index, start) in narrow.enumerated() {
            let end = index + 1 < narrow.count ? narrow[index + 1] : 7
            let width = [1.0, 3, 3, 3, 3, 3, 3][start..<end].reduce(0, +)
            #expect(width <= 10 || end - start == 1, "line \(index) is \(width) wide")
        }
    }
}

/// The text view: editing, selecting, links, scrolling and screen readers,
/// on a `TestHost` (400 × 200, 12 px padding, 22 px lines).
@MainActor @Suite struct TextViewTests {
    private func key(_ keysym: KeySym, _ text: String = "", _ modifiers: Modifiers = []) -> KeyEvent {
        KeyEvent(keysym: keysym, text: text, modifiers: modifiers, isRepeat: false, time: 0)
    }

    private func makeView(_ text: StyledText, editable: Bool = false, height: Double = 200) -> (TextView, TestHost) {
        let host = TestHost()
        let view = TextView(text: text, isEditable: editable)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 400, height: height))
        return (view, host)
    }

    private func type(_ view: TextView, _ text: String) {
        for character in text {
            if character == "\n" { _ = view.handleKey(key(.returnKey)); continue }
            _ = view.handleKey(key(KeySym(character: character) ?? .space, String(character)))
        }
    }

    /// The window point of `position`, from the view's own layout.
    private func point(of position: TextPosition, in view: TextView) throws -> Point {
        let rect = try #require(view.lineRect(of: position))
        return Point(x: TextView.padding + rect.minX + 1, y: TextView.padding + rect.midY - view.contentOffset)
    }

    private func click(_ host: TestHost, at point: Point, modifiers: Modifiers = [], time: Double) {
        host.gestureArena.pointerMoved(to: point, time: time)
        host.gestureArena.pointerButton(pressed: true, modifiers: modifiers, time: time)
        host.gestureArena.pointerButton(pressed: false, modifiers: modifiers, time: time + 20)
    }

    @Test func anEditableViewTypesNewlinesAndUndoesAWordAtATime() {
        let (view, _) = makeView("", editable: true)
        var changes = 0
        view.onChange = { _ in changes += 1 }
        type(view, "Dear Ada,\nthanks")
        #expect(view.string == "Dear Ada,\nthanks" && changes == 16)
        _ = view.handleKey(key(.backspace, "", .control))
        #expect(view.string == "Dear Ada,\n")
        _ = view.handleKey(key(.backspace))
        #expect(view.string == "Dear Ada,", "Backspace at a paragraph's start joins it to the one before")
        _ = view.handleKey(key(.z, "z", .control))
        _ = view.handleKey(key(.z, "z", .control))
        #expect(view.string == "Dear Ada,\nthanks")
        _ = view.handleKey(key(.z, "z", .control))
        #expect(view.string == "Dear Ada,\n")
        _ = view.handleKey(key(.z, "z", .control))
        _ = view.handleKey(key(.z, "z", .control))
        #expect(view.string == "Dear")
        _ = view.handleKey(key(KeySym(character: "Z") ?? .z, "Z", [.control, .shift]))
        #expect(view.string == "Dear Ada,")
    }

    @Test func aReadOnlyViewSelectsAndCopiesButChangesNothing() {
        let (view, host) = makeView("line one\nline two")
        #expect(!view.handleKey(key(.x, "x")), "typing is not its")
        #expect(!view.handleKey(key(.returnKey)) && !view.handleKey(key(.backspace)))
        _ = view.handleKey(key(.end, "", [.shift, .control]))
        #expect(view.selectedText == "line one\nline two")
        #expect(host.primarySelection == "line one\nline two")
        #expect(view.handleKey(key(.c, "c", .control)) && host.clipboard == "line one\nline two")
        #expect(!view.handleKey(key(.x, "x", .control)) && !view.handleKey(key(.v, "v", .control)))
        #expect(view.string == "line one\nline two")
    }

    @Test func upAndDownKeepTheColumnAndHomeAndEndStayOnTheWrappedLine() throws {
        let long = String(repeating: "word ", count: 40)
        let (view, _) = makeView(StyledText("short\n" + long + "\nend"), editable: true)
        _ = view.handleKey(key(.right))
        _ = view.handleKey(key(.right))
        _ = view.handleKey(key(.right))
        _ = view.handleKey(key(.down))
        #expect(view.cursor.paragraph == 1 && view.cursor.offset == 3)
        _ = view.handleKey(key(.down))
        #expect(view.cursor.paragraph == 1 && view.cursor.offset > 20, "the next wrapped line of the same paragraph")
        _ = view.handleKey(key(.end))
        let end = view.cursor
        #expect(end.paragraph == 1 && end.offset < long.count && view.document.paragraphs[1].characters[end.offset] == " ")
        _ = view.handleKey(key(.home, "", .shift))
        #expect(view.selection.map { $0.upperBound.offset - $0.lowerBound.offset } ?? 0 > 10)
        _ = view.handleKey(key(.end, "", .control))
        #expect(view.cursor == TextPosition(paragraph: 2, offset: 3))
    }

    @Test func pressesSelectCharactersWordsAndParagraphsAndAClickOpensALink() throws {
        let text = StyledText("Read the ").appending("release notes", style: .link("notes")).appending(" today.\nSecond paragraph here.")
        let (view, host) = makeView(text)
        var opened: [String] = []
        view.onLinkActivated = { opened.append($0) }
        let word = try point(of: TextPosition(paragraph: 0, offset: 5), in: view)
        click(host, at: word, time: 0)
        #expect(view.cursor == TextPosition(paragraph: 0, offset: 5) && opened.isEmpty)
        click(host, at: word, time: 150)
        #expect(view.selectedText == "the")
        click(host, at: word, time: 300)
        #expect(view.selectedText == "Read the release notes today.\n", "a triple click takes the paragraph")
        click(host, at: try point(of: TextPosition(paragraph: 0, offset: 12), in: view), time: 2000)
        #expect(opened == ["notes"])
        // A drag from the first paragraph into the second.
        let from = try point(of: TextPosition(paragraph: 0, offset: 17), in: view)
        let to = try point(of: TextPosition(paragraph: 1, offset: 6), in: view)
        host.gestureArena.pointerMoved(to: from, time: 4000)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: 4000)
        host.gestureArena.pointerMoved(to: to, time: 4050)
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 4100)
        #expect(view.selectedText == "notes today.\nSecond" && opened == ["notes"], "a drag opens nothing: \(String(describing: view.selectedText)) \(view.cursor) \(view.anchor)")
        // Enter with the cursor in a link opens it.
        view.move(to: TextPosition(paragraph: 0, offset: 10), extending: false)
        #expect(view.handleKey(key(.returnKey)) && opened == ["notes", "notes"])
    }

    @Test func aClickBesideALinkOrInAnEditableViewDoesNotOpenIt() throws {
        let text = StyledText("See ").appending("example", style: .link("ex")).appending("\nnext")
        let (view, host) = makeView(text)
        var opened: [String] = []
        view.onLinkActivated = { opened.append($0) }
        let end = try point(of: TextPosition(paragraph: 0, offset: 11), in: view)
        click(host, at: Point(x: end.x + 40, y: end.y), time: 0)
        click(host, at: try point(of: TextPosition(paragraph: 0, offset: 2), in: view), time: 1000)
        #expect(opened.isEmpty, "past the line's end and before the link, nothing opens")
        view.isEditable = true
        let inLink = try point(of: TextPosition(paragraph: 0, offset: 6), in: view)
        click(host, at: inLink, time: 2000)
        #expect(opened.isEmpty && view.cursor == TextPosition(paragraph: 0, offset: 6), "an editor's click places the cursor")
        click(host, at: inLink, modifiers: .control, time: 3000)
        #expect(opened == ["ex"], "Ctrl+click opens it")
    }

    @Test func textReplacedDuringAParagraphDragEndsTheDragWithoutACrash() throws {
        let (view, host) = makeView("a\nb\nc\nd\ne", editable: true)
        let last = try point(of: TextPosition(paragraph: 4, offset: 0), in: view)
        for time in [0.0, 100, 200] {
            host.gestureArena.pointerMoved(to: last, time: time)
            host.gestureArena.pointerButton(pressed: true, modifiers: [], time: time)
            if time < 200 { host.gestureArena.pointerButton(pressed: false, modifiers: [], time: time + 20) }
        }
        #expect(view.selectedText == "e", "a triple click took the last paragraph")
        view.string = "only"
        host.gestureArena.pointerMoved(to: Point(x: 30, y: 15), time: 260)
        host.gestureArena.pointerMoved(to: Point(x: 60, y: 150), time: 280)
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 300)
        #expect(view.string == "only")
        _ = view.accessibleObject?.caret?()
    }

    @Test func theWheelScrollsAndTheCursorIsKeptInView() {
        let lines = (1...200).map { "Line \($0)" }.joined(separator: "\n")
        let (view, _) = makeView(StyledText(lines), editable: true)
        var wheel = PointerFrame()
        wheel.vertical = AxisMotion(value: 15, value120: 120)
        view.handleScroll(wheel)
        #expect(view.contentOffset == 66, "three lines a notch")
        _ = view.handleKey(key(.end, "", .control))
        #expect(view.contentOffset > 4000, "Ctrl+End shows the last line")
        _ = view.handleKey(key(.pageUp))
        #expect(view.cursor.paragraph < 199 && view.cursor.paragraph > 185)
        view.scroll(to: -50)
        #expect(view.contentOffset == 0)
        view.scroll(to: 1e9)
        let bottom = view.contentOffset
        #expect(bottom > 4000 && bottom < 4500)
    }

    @Test func screenReadersReadTheTextCaretAndSelectionInScalars() throws {
        let (view, _) = makeView("naïve\ncafé au lait")
        let object = try #require(view.accessibleObject)
        #expect(object.role == .text)
        #expect(object.states().contains(.readOnly) && object.states().contains(.multiLine))
        #expect(object.text?() == "naïve\ncafé au lait")
        #expect(object.setTextSelection?(6..<10) == true)
        #expect(view.selectedText == "café" && object.textSelection?() == 6..<10)
        #expect(object.setCaret?(11) == true && view.cursor == TextPosition(paragraph: 1, offset: 5))
        #expect(object.caret?() == 11)
        #expect(object.setCaret?(99) == false)
        #expect(object.setText == nil && object.replaceText == nil, "read-only: no EditableText")
        view.isEditable = true
        #expect(object.replaceText?(0..<5, "plain") == true && view.string == "plain\ncafé au lait")
        #expect(object.replaceText?(6..<99, "x") == false, "past the end")
    }

    @Test func theStyledTextComesBackAsItWasGiven() {
        let styled = StyledText("plain ").appending("bold", style: .bold).appending("\n").appending("red", style: TextStyle(color: Color(rgb: 0xff0000)))
        let (view, _) = makeView(styled)
        #expect(view.text == styled)
    }

    @Test func spansDrawInTheirOwnFaceAndLinksUnderlined() throws {
        func drawn(_ style: TextStyle) throws -> PixmanImage {
            let (view, _) = makeView(StyledText("Styled words", style: style))
            let image = try #require(PixmanImage(width: 400, height: 200))
            view.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(view.frame))
            return image
        }
        let plain = try drawn(.plain)
        for style in [TextStyle.bold, .italic, .link("x"), TextStyle(color: Color(rgb: 0xcc1a1a))] {
            let other = try drawn(style)
            var differing = 0
            for y in 0..<60 { for x in 0..<200 where plain.pixel(x: x, y: y) != other.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing > 30, "\(style) draws differently")
        }
    }
}
