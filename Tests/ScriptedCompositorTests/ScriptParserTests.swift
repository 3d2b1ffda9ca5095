import Testing
@testable import ScriptedCompositor

@Suite struct ScriptParserTests {
    @Test func readsStepsSkippingCommentsAndBlankLines() throws {
        let steps = try ScriptParser.parse("""
        # a comment
        {"op":"output","width":800,"height":600,"scale":2}

        {"op":"waitReady"}
        {"op":"pointer.drag","from":[1,2],"to":[30,40],"steps":5,"ms":50}
        {"op":"touch.drag","points":[[10,10],[40,10]],"by":[0,100]}
        {"op":"key.tap","key":"Shift_L"}
        """)
        #expect(steps.map(\.line) == [2, 4, 5, 6, 7])
        #expect(steps[0].step == .output(width: 800, height: 600, scale: 2))
        #expect(steps[2].step == .pointerDrag(from: [1, 2], to: [30, 40], steps: 5, ms: 50))
        #expect(steps[3].step == .touchDrag(points: [[10, 10], [40, 10]], by: [0, 100], steps: 20, ms: 300))
    }

    @Test func readsSeatSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"seat","pointer":false}
        {"op":"seat.add"}
        {"op":"seat.use","index":1}
        """)
        #expect(steps.map(\.step) == [.seat(pointer: false, keyboard: true, touch: true), .seatAdd, .seatUse(index: 1)])
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"seat.use","index":1.5}"#) }
    }

    @Test func readsPointerGestureSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"swipe.begin","fingers":4}
        {"op":"swipe.update","dx":3,"dy":-2}
        {"op":"swipe.end","cancelled":true}
        {"op":"pinch.begin"}
        {"op":"pinch.update","dx":1,"dy":2,"scale":1.5,"rotation":10}
        {"op":"pinch.end"}
        {"op":"hold.begin","fingers":2}
        {"op":"hold.end","cancelled":false}
        {"op":"disconnect"}
        {"op":"clipboard.save","file":"clip.txt"}
        """).map(\.step)
        #expect(steps == [.swipeBegin(fingers: 4), .swipeUpdate(dx: 3, dy: -2), .swipeEnd(cancelled: true), .pinchBegin(fingers: 2),
                          .pinchUpdate(dx: 1, dy: 2, scale: 1.5, rotation: 10), .pinchEnd(cancelled: false),
                          .holdBegin(fingers: 2), .holdEnd(cancelled: false), .disconnect,
                          .clipboardSave(file: "clip.txt", mime: "text/plain;charset=utf-8")])
    }

    @Test func readsClipboardAndExitSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"clipboard.set","text":"héllo"}
        {"op":"clipboard.set","file":"bytes.bin","mimes":["text/plain"]}
        {"op":"clipboard.stall","mime":"UTF8_STRING"}
        {"op":"clipboard.drain","file":"stalled.txt"}
        {"op":"clipboard.save","file":"clip.txt","timeout":1500}
        {"op":"waitExit","ms":3000}
        {"op":"waitExit"}
        """).map(\.step)
        let textTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]
        #expect(steps == [.clipboardSet(text: "héllo", file: nil, mimes: textTypes),
                          .clipboardSet(text: nil, file: "bytes.bin", mimes: ["text/plain"]),
                          .clipboardStall(mime: "UTF8_STRING"), .clipboardDrain(file: "stalled.txt", timeout: 10_000),
                          .clipboardSave(file: "clip.txt", mime: "text/plain;charset=utf-8", timeout: 1500),
                          .waitExit(ms: 3000), .waitExit(ms: 10_000)])
    }

    @Test(arguments: [
        ("{\"op\":\"clipboard.set\"}", "give either \"text\" or \"file\""),
        ("{\"op\":\"clipboard.set\",\"text\":\"a\",\"file\":\"b\"}", "give either \"text\" or \"file\""),
        ("{\"op\":\"clipboard.set\",\"text\":\"a\",\"mimes\":\"text/plain\"}", "\"mimes\" must be a list of strings"),
        ("{\"op\":\"clipboard.set\",\"text\":\"a\",\"mimes\":[1]}", "\"mimes\" must be a list of strings"),
        ("{\"op\":\"clipboard.drain\"}", "missing \"file\""),
        ("{\"op\":\"clipboard.save\",\"file\":\"c\",\"timeout\":0}", "\"timeout\" must be a number from 1"),
        ("{\"op\":\"waitExit\",\"ms\":-1}", "\"ms\" must be a number from 0"),
    ])
    func malformedClipboardStepsSayWhatIsWrong(text: String, message: String) {
        #expect {
            _ = try ScriptParser.parse(text)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.line == 1 && error.message.contains(message)
        }
    }

    @Test(arguments: [
        ("{\"op\":\"waitReady\"}\nnot json", 2, "not valid JSON"),
        ("[1,2]", 1, "must be a JSON object"),
        ("{\"x\":1}", 1, "missing \"op\""),
        ("{\"op\":\"fly\"}", 1, "unknown op \"fly\""),
        ("{\"op\":\"pointer.move\",\"x\":1}", 1, "missing \"y\""),
        ("{\"op\":\"output\",\"width\":-5,\"height\":10}", 1, "\"width\" must be a number from 1"),
        ("{\"op\":\"pointer.down\",\"button\":\"fourth\"}", 1, "\"button\" must be left, right or middle"),
        ("{\"op\":\"touch.drag\",\"points\":[],\"by\":[0,1]}", 1, "\"points\" must be a list"),
        ("{\"op\":\"pointer.axis\",\"dy\":1,\"source\":\"trackball\"}", 1, "\"source\" must be"),
        ("{\"op\":\"pinch.update\",\"scale\":0}", 1, "\"scale\" must be a number from 0.01"),
        ("{\"op\":\"swipe.end\",\"cancelled\":\"yes\"}", 1, "\"cancelled\" must be true or false"),
    ])
    func malformedLinesNameTheLineAndTheProblem(text: String, line: Int, message: String) {
        #expect {
            _ = try ScriptParser.parse(text)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}
