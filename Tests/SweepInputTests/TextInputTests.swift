import SweepGeometry
import SweepInput
import Testing

/// What an input method is told of a text field (`SurroundingText`) and
/// what it sends back (`TextInputUpdate.Preedit`): UTF-8 byte offsets on
/// character boundaries, and at most one protocol message of text.
@Suite struct SurroundingTextTests {
    @Test func aShortTextGoesWholeWithByteOffsets() {
        let surrounding = SurroundingText(characters: Array("naïve 日本"), cursor: 3, anchor: 7)
        #expect(surrounding.text == "naïve 日本")
        #expect(surrounding.cursor == 4, "n a ï: ï is two bytes")
        #expect(surrounding.anchor == 10, "then v e space 日 (three bytes)")
    }

    @Test func aLongTextIsCutAroundTheCursorOnCharacterBoundaries() {
        // 3,000 three-byte characters: 9,000 bytes, more than a message holds.
        let characters = Array(repeating: Character("語"), count: 3000)
        let middle = SurroundingText(characters: characters, cursor: 1500, anchor: 1500)
        #expect(middle.text.utf8.count <= SurroundingText.byteLimit)
        #expect(middle.text.utf8.count >= SurroundingText.byteLimit - 3, "as much as fits")
        #expect(middle.cursor % 3 == 0 && abs(middle.cursor - middle.text.utf8.count / 2) <= 3, "the cursor in the middle")
        let end = SurroundingText(characters: characters, cursor: 3000, anchor: 3000)
        #expect(end.cursor == end.text.utf8.count, "at the end, all the room goes before the cursor")
        #expect(end.text.utf8.count >= SurroundingText.byteLimit - 3)
        let start = SurroundingText(characters: characters, cursor: 0, anchor: 10)
        #expect(start.cursor == 0 && start.anchor == 30 && start.text.utf8.count >= SurroundingText.byteLimit - 3)
        // A selection wider than the room: the part at the cursor is kept.
        let wide = SurroundingText(characters: characters, cursor: 2900, anchor: 100)
        #expect(wide.text.utf8.count <= SurroundingText.byteLimit)
        #expect(wide.cursor >= 0 && wide.cursor <= wide.text.utf8.count && wide.anchor == 0)
    }

    @Test func offsetsOutsideTheTextAreClamped() {
        let surrounding = SurroundingText(characters: Array("abc"), cursor: 99, anchor: -4)
        #expect(surrounding.cursor == 3 && surrounding.anchor == 0)
        #expect(SurroundingText(characters: [], cursor: 0, anchor: 0) == SurroundingText(text: "", cursor: 0, anchor: 0))
    }

    @Test func aPreeditCursorOutsideItsTextOrInsideACharacterIsMovedToABoundary() {
        let text = "にほん"   // three characters of three bytes
        #expect(TextInputUpdate.Preedit(text: text, begin: 3, end: 6).cursor == 3..<6)
        #expect(TextInputUpdate.Preedit(text: text, begin: 4, end: 5).cursor == 3..<3, "inside ほ: to its start")
        #expect(TextInputUpdate.Preedit(text: text, begin: 50, end: 900).cursor == 9..<9, "past the end: the end")
        #expect(TextInputUpdate.Preedit(text: text, begin: 6, end: 2).cursor == 0..<6, "reversed: ordered")
        #expect(TextInputUpdate.Preedit(text: text, begin: -1, end: -1).cursor == nil, "-1 hides the cursor")
        #expect(TextInputUpdate.Preedit(text: text, begin: -7, end: 3).cursor == 0..<3)
    }
}

/// A pen read as a pointer, one tablet-v2 frame at a time.
@Suite struct PenFrameAccumulatorTests {
    @Test func hoverTipAndBarrelButtons() throws {
        var pen = PenFrameAccumulator()
        pen.proximityIn()
        pen.motion(to: Point(x: 10, y: 20))
        let enteredFrame = pen.frame(time: 5)
        let entered = try #require(enteredFrame)
        #expect(entered.entered == Point(x: 10, y: 20) && entered.position == Point(x: 10, y: 20) && entered.buttons.isEmpty)
        let nothing = pen.frame(time: 6)
        #expect(nothing == nil, "nothing happened: no frame")
        pen.button(PenFrameAccumulator.stylusButton, pressed: true)
        pen.down()
        pen.motion(to: Point(x: 10, y: 40))
        let pressedFrame = pen.frame(time: 7)
        let pressed = try #require(pressedFrame)
        #expect(pressed.buttons.map(\.code) == [PenFrameAccumulator.leftButton] && pressed.buttons.first?.pressed == true)
        #expect(pressed.modifiers == [.shift] && pressed.entered == nil && pressed.time == 7, "the lower barrel button is Shift")
        pen.up()
        pen.button(PenFrameAccumulator.stylusButton, pressed: false)
        let releasedFrame = pen.frame(time: 8)
        let released = try #require(releasedFrame)
        #expect(released.buttons.first?.pressed == false && released.modifiers.isEmpty)
        pen.button(PenFrameAccumulator.secondStylusButton, pressed: true)
        let upper = pen.frame(time: 9)
        #expect(upper?.buttons.first?.code == PenFrameAccumulator.rightButton, "the upper one is the right button")
    }

    @Test func leavingOrRemovedMidStrokeLetsGo() throws {
        var pen = PenFrameAccumulator()
        pen.proximityIn()
        pen.motion(to: Point(x: 1, y: 1))
        pen.down()
        pen.button(PenFrameAccumulator.secondStylusButton, pressed: true)
        _ = pen.frame(time: 1)
        let goneFrame = pen.removed(time: 2)
        let gone = try #require(goneFrame)
        #expect(gone.left && gone.buttons.map(\.pressed) == [false, false], "the tip and the button let go: \(gone.buttons)")
        #expect(!pen.isDown && !pen.isInProximity && !pen.isStylusButtonHeld)
        let again = pen.removed(time: 3)
        #expect(again == nil, "removed twice: nothing more")
        pen.proximityIn()
        pen.motion(to: Point(x: .nan, y: 3))
        let notANumber = pen.frame(time: 4)
        #expect(notANumber == nil, "a position that is not a number is dropped")
    }
}
