import Foundation
import SweepPNG
import Testing

/// A phone's on-screen keyboard: under Phosh's compositor phoc (headless,
/// 360 × 720 at scale 2) with squeekboard, a text field focused by a tap
/// enables text-input-v3, squeekboard shows itself and the window is given
/// the room above it; taps on its keys type into the field (squeekboard
/// commits the letters through the input method); a tap elsewhere hides it
/// and the window gets its height back.
@Suite(.serialized) struct OnScreenKeyboardPhocTests {
    /// squeekboard's US layout at 360 × 720: the keyboard is the bottom 210 logical pixels.
    static let keyboardTop = 510.0
    static let keys: [Character: (x: Double, y: Double)] = [
        "a": (36, 589), "l": (324, 589), "n": (252, 642), "\n": (328, 694),
    ]

    private func type(_ text: String, on phoc: HeadlessPhoc) throws {
        for character in text {
            let key = try #require(Self.keys[character], "no key \(character) in the test's table")
            try phoc.tap(x: key.x, y: key.y)
        }
    }

    /// How much of the band of rows `rows` of `image` is not one colour (the keyboard's keys drawn there).
    private func distinctColours(_ image: PNGImage, rows: Range<Int>) -> Int {
        var colours = Set<String>()
        for y in rows where y < image.height {
            for x in stride(from: 0, to: image.width, by: 3) { colours.insert(image.hex(x: x, y: y)) }
        }
        return colours.count
    }

    @Test func thePickersFilterIsTypedOnTheKeyboard() throws {
        let phoc = try HeadlessPhoc(label: "osk-pick")
        defer { phoc.stop() }
        let input = "\(phoc.directory.path)/records", log = "\(phoc.directory.path)/pick.jsonl"
        try "apple\nbanana\ncherry\ndate\nelderberry\nfig\ngrape\n".write(toFile: input, atomically: true, encoding: .utf8)
        let before = try phoc.screenshot()
        #expect(phoc.keyboardIsVisible == false, "the keyboard shows with no text field")
        let pick = try ChildProcess(name: "sweep-pick", executable: builtProduct("sweep-pick"), arguments: ["--event-log", log],
                                    environment: phoc.clientEnvironment, directory: phoc.directory.path, standardInput: input)
        defer { pick.stop() }
        // The picker's filter has the focus from the start: the keyboard comes up with it.
        #expect(waitUntil(seconds: 15) { phoc.keyboardIsVisible == true }, "\(pick.logTail)\n\(phoc.logTail)")
        _ = waitUntil(seconds: 1) { false }
        let shown = try phoc.screenshot()
        let keyboardRows = Int(Self.keyboardTop) * 2 + 20..<1440
        #expect(distinctColours(before, rows: keyboardRows) <= 2 && distinctColours(shown, rows: keyboardRows) > 4,
                "no keyboard drawn at the bottom: \(distinctColours(before, rows: keyboardRows)) → \(distinctColours(shown, rows: keyboardRows))")
        try type("an", on: phoc)
        #expect(waitUntil(seconds: 5) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"query\":\"an\"") },
                "\(pick.logTail)\n\(phoc.logTail)")
        // Enter on the keyboard: the one line left is chosen.
        try type("\n", on: phoc)
        #expect(pick.waitForExit(seconds: 10) == 0, "\(pick.logTail)\n\(phoc.logTail)")
        #expect(pick.stdout == "banana\n", "\(pick.stdout)")
    }

    /// The file browser's filter, tapped: the keyboard shows, the window shrinks to the room above
    /// it, typed letters filter the folder; a tap on the list hides it and the window grows back.
    @Test func aTappedFieldBringsTheKeyboardAndTheWindowMakesRoom() throws {
        let phoc = try HeadlessPhoc(label: "osk-files")
        defer { phoc.stop() }
        let folder = "\(phoc.directory.path)/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["alpha.txt", "beta.txt", "gamma.md", "delta.png", "notes"] {
            _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(name.utf8))
        }
        // WAYLAND_DEBUG: the protocol as the app speaks it (its sizes, what it tells the input method).
        let files = try ChildProcess(name: "files", executable: builtProduct("files"), arguments: ["--timing", folder],
                                     environment: phoc.clientEnvironment.merging(["WAYLAND_DEBUG": "1"]) { $1 },
                                     directory: phoc.directory.path)
        defer { files.stop() }
        func configures() -> [String] {
            files.stderr.split(separator: "\n").filter { $0.contains("xdg_toplevel@") && $0.contains(".configure(") }
                .compactMap { line in line.firstRange(of: ".configure(").map { String(line[$0.upperBound...].prefix(8)) } }
        }
        #expect(waitUntil(seconds: 20) { files.stderr.contains("listed 5 entries") }, "\(files.logTail.suffix(3000))")
        // The list has the focus: no keyboard.
        _ = waitUntil(seconds: 1) { false }
        #expect(phoc.keyboardIsVisible == false)
        #expect(configures().last?.hasPrefix("360, 720") == true, "\(configures())")
        // A tap on the filter (the header's field, between Up and the menu).
        try phoc.tap(x: 230, y: 25)
        #expect(waitUntil(seconds: 10) { phoc.keyboardIsVisible == true }, "\(phoc.logTail)")
        #expect(waitUntil(seconds: 10) { configures().last?.hasPrefix("360, 510") == true }, "\(configures())")
        try type("al", on: phoc)
        // The field tells the input method its text: the letters reached it.
        #expect(waitUntil(seconds: 5) { files.stderr.contains(#"set_surrounding_text("al", 2, 2)"#) }, "\(files.stderr.suffix(4000))")
        // The status line is drawn just above the keyboard: the window's last rows are no longer white.
        let typed = try phoc.screenshot()
        #expect(typed.hex(x: 600, y: 2 * Int(Self.keyboardTop) - 10) != typed.hex(x: 600, y: 700), "the status line is not above the keyboard")
        // A tap on the list: the field loses the focus, the keyboard goes, the window grows back.
        try phoc.tap(x: 150, y: 300)
        #expect(waitUntil(seconds: 10) { phoc.keyboardIsVisible == false }, "\(phoc.logTail)")
        #expect(waitUntil(seconds: 10) { configures().last?.hasPrefix("360, 720") == true }, "\(configures())")
        // Taps far off the output land on its edge (the status line here): nothing breaks, and
        // the pointer still taps where it is sent.
        try phoc.tap(x: -1e6, y: 1e6)
        try phoc.tap(x: 1e6, y: -1e6)
        try phoc.tap(x: 230, y: 25)
        #expect(waitUntil(seconds: 10) { phoc.keyboardIsVisible == true }, "\(phoc.logTail)")
        #expect(files.isRunning, "\(files.logTail.suffix(3000))")
    }
}
