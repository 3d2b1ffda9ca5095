import Foundation
import Testing

/// Input methods under a real sway (headless): sweep-input becomes the
/// seat's input method (`zwp_input_method_v2`, as fcitx5 or IBus would),
/// sway relays between it and the app's text-input-v3, and the script's
/// preedit and commits type Chinese into sweep-pick's filter and Japanese
/// into a file's name in Examples/files. The input method checks what the
/// app tells it: the text around the cursor, the selection, the content type.
@Suite(.serialized) struct InputMethodSwayTests {
    /// The test's input method on `sway`, made before any client.
    private func inputMethod(_ sway: HeadlessSway) throws -> StreamedInput {
        try StreamedInput(via: "input-method", environment: sway.clientEnvironment, directory: sway.directory.path)
    }

    @Test func chineseThroughAnInputMethodFiltersThePicker() throws {
        let sway = try HeadlessSway(label: "input-method-pick")
        defer { sway.stop() }
        let method = try inputMethod(sway)
        defer { method.stop() }
        let input = "\(sway.directory.path)/records", log = "\(sway.directory.path)/pick.jsonl"
        try "你好世界\nhello\n你们好\n".write(toFile: input, atomically: true, encoding: .utf8)
        let pick = try ChildProcess(name: "sweep-pick", executable: builtProduct("sweep-pick"), arguments: ["--event-log", log],
                                    environment: sway.clientEnvironment.merging(["LANG": "C.UTF-8"]) { $1 },
                                    directory: sway.directory.path, standardInput: input)
        defer { pick.stop() }
        #expect(waitUntil(seconds: 20) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"event\":\"ready\"") },
                "\(pick.logTail)")
        // The filter is a search: completion hinted (1), purpose normal (0).
        try method.play([
            #"{"op":"textInput.wait","enabled":true,"ms":10000}"#,
            #"{"op":"textInput.expect","text":"","cursor":0,"hint":1,"purpose":0}"#,
            #"{"op":"textInput.send","preedit":"ni","cursor":[2,2]}"#,
            #"{"op":"textInput.send","preedit":"你","cursor":[3,3]}"#,
            #"{"op":"textInput.send","commit":"你"}"#,
            #"{"op":"textInput.expect","text":"你","cursor":3}"#,
            #"{"op":"textInput.send","preedit":"hao"}"#,
            #"{"op":"textInput.send","commit":"好"}"#,
            #"{"op":"textInput.expect","text":"你好","cursor":6}"#,
        ])
        try sway.type(["-k", "Return"])
        #expect(pick.waitForExit(seconds: 10) == 0, "\(pick.logTail)\n\(sway.logTail)")
        #expect(pick.stdout == "你好世界\n", "\(pick.stdout)")
        let queries = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.contains("\"event\":\"query\"") }
        #expect(queries.count == 2 && queries.last?.contains("\"query\":\"你好\"") == true, "only commits filter: \(queries)")
    }

    @Test func japaneseThroughAnInputMethodRenamesAFile() throws {
        let sway = try HeadlessSway(label: "input-method-rename")
        defer { sway.stop() }
        let method = try inputMethod(sway)
        defer { method.stop() }
        let folder = "\(sway.directory.path)/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["apple.txt", "cherry.txt", "date.txt"] { _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: nil) }
        let app = try ChildProcess(name: "files", executable: builtProduct("files"), arguments: ["--timing", "--details", folder],
                                   environment: sway.clientEnvironment.merging(["LANG": "C.UTF-8"]) { $1 },
                                   directory: sway.directory.path)
        defer { app.stop() }
        #expect(waitUntil(seconds: 20) { app.stderr.contains("listed 3 entries") }, "\(app.logTail)")
        // Type-ahead to cherry.txt in the details table, F2: the editor opens with "cherry" selected (the name
        // before its extension).
        try sway.type(["ch"])
        try sway.type(["-k", "F2"])
        // A file name: nothing hinted (0), purpose normal; the selection runs from 0 to the cursor at 6.
        try method.play([
            #"{"op":"textInput.wait","enabled":true,"ms":10000}"#,
            #"{"op":"textInput.expect","text":"cherry.txt","cursor":6,"anchor":0,"hint":0,"purpose":0}"#,
            #"{"op":"textInput.send","preedit":"さくら","cursor":[9,9]}"#,
            #"{"op":"textInput.send","preedit":"桜","cursor":[3,3]}"#,
            #"{"op":"textInput.send","commit":"桜"}"#,
            #"{"op":"textInput.expect","text":"桜.txt","cursor":3,"anchor":3}"#,
        ])
        try sway.type(["-k", "Return"])
        #expect(waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: "\(folder)/桜.txt") }, "\(app.logTail)\n\(sway.logTail)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/cherry.txt"))
        #expect(app.isRunning, "\(app.logTail)")
    }

    /// The focus goes to another window and comes back: the input method is deactivated, then
    /// activated again for the same field (wlroots keeps a text input enabled across a leave, so
    /// the app disables it there and enables it afresh on the way back).
    @Test func theInputMethodComesBackWithTheFocus() throws {
        let sway = try HeadlessSway(label: "input-method-refocus")
        defer { sway.stop() }
        let method = try inputMethod(sway)
        defer { method.stop() }
        let folder = "\(sway.directory.path)/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["apple.txt", "cherry.txt", "date.txt"] { _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: nil) }
        let files = try ChildProcess(name: "files", executable: builtProduct("files"), arguments: ["--timing", folder],
                                     environment: sway.clientEnvironment.merging(["LANG": "C.UTF-8"]) { $1 },
                                     directory: sway.directory.path)
        defer { files.stop() }
        #expect(waitUntil(seconds: 20) { files.stderr.contains("listed 3 entries") }, "\(files.logTail)")
        // Tab to the filter: a text field has the focus, the input method is activated.
        try sway.type(["-k", "Tab"])
        try method.play([
            #"{"op":"textInput.wait","enabled":true,"ms":10000}"#,
            #"{"op":"textInput.send","commit":"ch"}"#,
            #"{"op":"textInput.expect","text":"ch","cursor":2}"#,
        ])
        // Another window takes the focus: no text is focused there.
        let demo = try ChildProcess(name: "sweep-demo", executable: builtProduct("sweep-demo"), arguments: [],
                                    environment: sway.clientEnvironment, directory: sway.directory.path)
        defer { demo.stop() }
        try method.play([#"{"op":"textInput.wait","enabled":false,"ms":15000}"#])
        // Back to Files: the filter has the focus again, and the input method types into it.
        try sway.command("[app_id=org.sweep.Files] focus")
        try method.play([
            #"{"op":"textInput.wait","enabled":true,"ms":10000}"#,
            #"{"op":"textInput.expect","text":"ch","cursor":2}"#,
            #"{"op":"textInput.send","commit":"e"}"#,
            #"{"op":"textInput.expect","text":"che","cursor":3}"#,
        ])
        #expect(files.isRunning && demo.isRunning, "\(files.logTail)")
    }
}

