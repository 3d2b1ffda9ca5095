import Foundation
import Testing

/// `Examples/files` under a real sway (headless, pixman renderer), driven
/// by a virtual keyboard: a folder the test makes (over twenty thousand
/// entries, drawn from the first chunk on), type-ahead,
/// Enter into a folder and on a file, Backspace up, Tab to the filter and
/// back. The app prints the files it opens; those lines are the verdict.
@Suite(.serialized) struct FilesSwayTests {
    private func makeFolder(_ folder: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: "\(folder)/beta", withIntermediateDirectories: true)
        files.createFile(atPath: "\(folder)/beta/inner.txt", contents: Data("x".utf8))
        for name in ["apple.txt", "cherry.txt", "date.txt", "zz-last.txt"] { files.createFile(atPath: "\(folder)/\(name)", contents: nil) }
        for index in 0..<20_000 { files.createFile(atPath: "\(folder)/file-\(index)", contents: nil) }
    }

    /// Waits until the app has printed `count` lines.
    private func lines(_ app: ChildProcess, count: Int) -> [String] {
        _ = waitUntil(seconds: 10) { app.stdout.split(separator: "\n").count >= count }
        return app.stdout.split(separator: "\n").map(String.init)
    }

    @Test func typeAheadEnterBackspaceAndTheFilterUnderSway() throws {
        let sway = try HeadlessSway(label: "files")
        defer { sway.stop() }
        let folder = "\(sway.directory.path)/folder"
        try makeFolder(folder)
        let app = try ChildProcess(name: "files", executable: builtProduct("files"), arguments: ["--timing", folder],
                                   environment: sway.clientEnvironment, directory: sway.directory.path)
        defer { app.stop() }
        // The first entry, the folder beta, is drawn: dark text in the first row under the filter field.
        let (shot, ready) = try sway.screenshot(within: 15) { $0.darkPixelCount(x: 50, y: 44, width: 200, height: 36) > 40 }
        #expect(ready, "no first row: \(shot.width)x\(shot.height)\n\(app.logTail)\n\(sway.logTail)")
        // The listing goes on after the first rows (--timing says when it ends); "zz" is its last
        // entry, and Enter prints it.
        #expect(waitUntil(seconds: 30) { app.stderr.contains("listed 20005 entries") }, "\(app.logTail)")
        try sway.type(["zz"])
        try sway.type(["-k", "Return"])
        #expect(lines(app, count: 1) == ["\(folder)/zz-last.txt"], "\(app.logTail)")
        // "be" finds the folder, Enter opens it, "in" and Enter print its file, Backspace goes up.
        try sway.type(["be"])
        try sway.type(["-k", "Return"])
        try sway.type(["in"])
        try sway.type(["-k", "Return"])
        #expect(lines(app, count: 2).last == "\(folder)/beta/inner.txt", "\(app.logTail)")
        try sway.type(["-k", "BackSpace"])
        #expect(waitUntil(seconds: 30) { app.stderr.components(separatedBy: "listed 20005 entries").count == 3 }, "\(app.logTail)")
        // Tab to the filter, "rr" leaves cherry.txt alone; Tab back to the list, "c" and Enter print it.
        try sway.type(["-k", "Tab"])
        try sway.type(["rr"])
        try sway.type(["-k", "Tab"])
        try sway.type(["c"])
        try sway.type(["-k", "Return"])
        #expect(lines(app, count: 3).last == "\(folder)/cherry.txt", "\(app.logTail)")
        #expect(app.isRunning, "\(app.logTail)")
    }

    /// With a home, the places show beside the entries: F6 goes to them,
    /// type-ahead and Enter open Documents, F6 and Tab come back to the
    /// entries, where Enter prints the file found there.
    @Test func thePlacesAndF6UnderSway() throws {
        let sway = try HeadlessSway(label: "files-places")
        defer { sway.stop() }
        let folder = "\(sway.directory.path)/folder", home = "\(sway.directory.path)/home"
        try makeFolder(folder)
        let files = FileManager.default
        try files.createDirectory(atPath: "\(home)/Documents", withIntermediateDirectories: true)
        try files.createDirectory(atPath: "\(home)/.config", withIntermediateDirectories: true)
        files.createFile(atPath: "\(home)/Documents/report.txt", contents: nil)
        files.createFile(atPath: "\(home)/.config/user-dirs.dirs", contents: Data("XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n".utf8))
        var environment = sway.clientEnvironment
        environment["HOME"] = home
        let app = try ChildProcess(name: "files", executable: builtProduct("files"), arguments: ["--timing", folder],
                                   environment: environment, directory: sway.directory.path)
        defer { app.stop() }
        #expect(waitUntil(seconds: 30) { app.stderr.contains("listed 20005 entries") }, "\(app.logTail)")
        // The places' names in the sidebar: Home and Documents, two rows of dark text at its left.
        let (shot, ready) = try sway.screenshot(within: 15) { $0.darkPixelCount(x: 10, y: 50, width: 100, height: 30) > 20 }
        #expect(ready, "no places: \(shot.width)x\(shot.height)\n\(app.logTail)")
        try sway.type(["-k", "F6"])
        try sway.type(["d"])
        try sway.type(["-k", "Return"])
        #expect(waitUntil(seconds: 15) { app.stderr.contains("listed 1 entries") }, "Documents opened: \(app.logTail)")
        try sway.type(["-k", "F6"])
        try sway.type(["-k", "Tab"])
        try sway.type(["r"])
        try sway.type(["-k", "Return"])
        #expect(lines(app, count: 1) == ["\(home)/Documents/report.txt"], "\(app.logTail)")
    }
}
