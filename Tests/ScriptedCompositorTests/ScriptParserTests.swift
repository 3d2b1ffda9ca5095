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

    @Test func readsRelativeMotion() throws {
        let steps = try ScriptParser.parse(#"{"op":"pointer.moveBy","dx":3,"dy":-22.5}"#)
        #expect(steps.map(\.step) == [.pointerMoveBy(dx: 3, dy: -22.5)])
    }

    @Test func readsConfigureStates() throws {
        let steps = try ScriptParser.parse("""
        {"op":"configure","width":0,"height":0}
        {"op":"configure","width":1024,"height":768,"states":["maximized","activated"]}
        {"op":"configure","width":512,"height":768,"states":[]}
        """)
        #expect(steps.map(\.step) == [.configure(width: 0, height: 0, states: ["activated"]),
                                      .configure(width: 1024, height: 768, states: ["maximized", "activated"]),
                                      .configure(width: 512, height: 768, states: [])])
        #expect(throws: ScriptError.self) { try ScriptParser.parse("{\"op\":\"configure\",\"width\":1,\"height\":1,\"states\":[\"minimized\"]}") }
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

    @Test func readsWindowSizeAndDragAcceptedSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"window.size","width":640,"height":480}
        {"op":"window.size","width":1,"height":16384,"ms":60000}
        {"op":"drag.accepted"}
        {"op":"drag.accepted","ms":300}
        """).map(\.step)
        #expect(steps == [.windowSize(width: 640, height: 480, ms: 5000), .windowSize(width: 1, height: 16384, ms: 60000),
                          .dragAccepted(ms: 5000), .dragAccepted(ms: 300)])
        #expect(throws: ScriptError.self) { try ScriptParser.parse("{\"op\":\"window.size\",\"width\":0,\"height\":10}") }
        #expect(throws: ScriptError.self) { try ScriptParser.parse("{\"op\":\"window.size\",\"width\":10}") }
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
        // Found by hostile input: a type past 4 KB, or 20,000 of them, broke the client's connection.
        ("{\"op\":\"drag.offer\",\"text\":\"a\",\"x\":1,\"y\":1,\"mimes\":[\"" + String(repeating: "a", count: 5000) + "\"]}",
         "is not a type"),
        ("{\"op\":\"drag.offer\",\"text\":\"a\",\"x\":1,\"y\":1,\"mimes\":[" + Array(repeating: "\"text/x\"", count: 20_000).joined(separator: ",") + "]}",
         "must name at most 64 types"),
        ("{\"op\":\"clipboard.set\",\"text\":\"a\",\"mimes\":[\"text plain\"]}", "is not a type"),
        ("{\"op\":\"drag.target\",\"x\":1,\"y\":1,\"width\":5,\"height\":5,\"file\":\"z\",\"accepts\":[" + Array(repeating: "\"a/b\"", count: 65).joined(separator: ",") + "]}",
         "must name at most 64 types"),
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

/// Scripts as people write them: CRLF line ends, misspelt fields, numbers far out of range.
@Suite struct ScriptParserRobustnessTests {
    @Test func crlfLineEndsAreLines() throws {
        let steps = try ScriptParser.parse("{\"op\":\"waitReady\"}\r\n{\"op\":\"wait\",\"ms\":5}\r\n")
        #expect(steps.count == 2 && steps[1].line == 2)
    }

    @Test func aMisspeltFieldIsNamedWithItsLine() {
        #expect(throws: ScriptError(line: 2, message: "pointer.move: unknown field \"yy\" (it takes \"x\", \"y\")")) {
            _ = try ScriptParser.parse("{\"op\":\"waitReady\"}\n{\"op\":\"pointer.move\",\"x\":1,\"yy\":2}")
        }
        #expect(throws: ScriptError(line: 1, message: "close: unknown field \"now\" (it takes none)")) {
            _ = try ScriptParser.parse("{\"op\":\"close\",\"now\":true}")
        }
    }

    @Test func everyOpHasItsFieldsListed() throws {
        // Each op's listed fields are the ones it reads: a step with all of them parses.
        let examples = ["{\"op\":\"pointer.drag\",\"from\":[1,2],\"to\":[3,4],\"steps\":2,\"ms\":10}",
                        "{\"op\":\"touch.drag\",\"points\":[[1,2]],\"by\":[3,4],\"steps\":2,\"ms\":10}",
                        "{\"op\":\"pinch.update\",\"dx\":1,\"dy\":2,\"scale\":1.5,\"rotation\":10}",
                        "{\"op\":\"clipboard.set\",\"text\":\"a\",\"mimes\":[\"text/plain\"]}"]
        for example in examples { _ = try ScriptParser.parse(example) }
    }

    @Test func coordinatesFarOutOfRangeAreErrorsNotTraps() {
        for line in ["{\"op\":\"pointer.move\",\"x\":1e300,\"y\":2}", "{\"op\":\"touch.down\",\"id\":0,\"x\":5,\"y\":-9e9}",
                     "{\"op\":\"pointer.drag\",\"from\":[0,0],\"to\":[1e12,0]}", "{\"op\":\"swipe.update\",\"dx\":3e7}"] {
            #expect(throws: ScriptError.self) { _ = try ScriptParser.parse(line) }
        }
    }

    @Test func readsPopupSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"popup.wait"}
        {"op":"popup.wait","count":2,"ms":300}
        {"op":"popup.dismiss"}
        """)
        #expect(steps.map(\.step) == [.popupWait(count: 1, ms: 5000), .popupWait(count: 2, ms: 300), .popupDismiss])
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"popup.wait","count":-1}"#) }
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"popup.dismiss","all":true}"#) }
    }

    @Test func readsFrameHoldSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"frames.hold"}
        {"op":"frames.release"}
        {"op":"frames.release","button":"right"}
        """)
        #expect(steps.map(\.step) == [.framesHold, .framesRelease(pressing: nil), .framesRelease(pressing: 0x111)])
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"frames.release","button":"fourth"}"#) }
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"frames.hold","ms":5}"#) }
    }

    @Test func readsFileWait() throws {
        let steps = try ScriptParser.parse("""
        {"op":"file.wait","file":"events.jsonl","contains":"\\"request\\":\\"move\\""}
        {"op":"file.wait","file":"/tmp/x","contains":"done","ms":250}
        """)
        #expect(steps.map(\.step) == [.fileWait(file: "events.jsonl", contains: "\"request\":\"move\"", ms: 10_000),
                                       .fileWait(file: "/tmp/x", contains: "done", ms: 250)])
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"file.wait","file":"x"}"#) }
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"file.wait","file":"","contains":"a"}"#) }
    }

    @Test func readsDragSteps() throws {
        let steps = try ScriptParser.parse("""
        {"op":"drag.target","x":600,"y":100,"width":200,"height":300,"accepts":["text/uri-list"],"actions":["copy","move"],"preferred":"move","mode":"slow","file":"z.json","data":"z.bin"}
        {"op":"drag.wait"}
        {"op":"drag.offer","text":"file:///a","x":10,"y":20}
        {"op":"drag.drop","timeout":100}
        {"op":"drag.cancel"}
        """)
        #expect(steps[0].step == .dragTarget(DropZone(x: 600, y: 100, width: 200, height: 300, accepts: ["text/uri-list"], actions: 3,
                                                     preferred: 2, mode: "slow", file: "z.json", dataFile: "z.bin")))
        #expect(steps[1].step == .dragWait(ms: 5000))
        #expect(steps[2].step == .dragOffer(text: "file:///a", file: nil, mimes: ["text/uri-list"], actions: 3, x: 10, y: 20))
        #expect(steps[3].step == .dragDrop(timeout: 100))
        #expect(steps[4].step == .dragCancel)
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"drag.target","x":0,"y":0,"width":1,"height":1,"file":"f","mode":"lazy"}"#) }
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"drag.offer","text":"a","file":"b","x":0,"y":0}"#) }
        #expect(throws: ScriptError.self) { try ScriptParser.parse(#"{"op":"drag.offer","text":"a","actions":["steal"],"x":0,"y":0}"#) }
    }

    @Test func dragActionsAreNegotiatedAsWaylandSays() {
        // The receiver's preferred action when both allow it; else copy, move, ask in turn; none when nothing is shared.
        #expect(DragServer.negotiate(source: 3, receiver: 3, preferred: 2) == 2)
        #expect(DragServer.negotiate(source: 1, receiver: 3, preferred: 2) == 1)
        #expect(DragServer.negotiate(source: 6, receiver: 7, preferred: 0) == 2)
        #expect(DragServer.negotiate(source: 1, receiver: 2, preferred: 2) == 0)
    }
}
