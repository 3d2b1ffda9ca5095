import Foundation
import Testing

/// IBus under GNOME: GNOME Shell headless starts ibus-daemon and relays
/// between it and text-input-v3, an IBus engine of the test's own
/// (`ibus-test-engine.py`, as ibus-libpinyin would) composes "ni" and
/// commits 你好 into sweep-pick's filter, and IBus hears back what the
/// filter holds: its content type and the text around the cursor.
@Suite(.serialized) struct IBusGnomeShellTests {
    private static let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Harness/ibus-test-engine.py").path

    @Test func anIBusEngineComposesChineseIntoThePicker() throws {
        let gnome = try HeadlessGnomeShell(label: "ibus")
        defer { gnome.stop() }
        let engineLog = "\(gnome.directory.path)/engine.log", trigger = "\(gnome.directory.path)/type-now"
        let engine = try ChildProcess(name: "ibus-test-engine", executable: "/usr/bin/python3", arguments: [Self.engine, engineLog, trigger],
                                      environment: gnome.clientEnvironment, directory: gnome.directory.path)
        defer { engine.stop() }
        func engineSaid() -> String { (try? String(contentsOfFile: engineLog, encoding: .utf8)) ?? "" }
        #expect(waitUntil(seconds: 20) { engineSaid().contains("engine True") }, "\(engineSaid()) \(engine.logTail)\n\(gnome.logTail)")
        let input = "\(gnome.directory.path)/records", log = "\(gnome.directory.path)/pick.jsonl"
        try "你好世界\nhello\n你们好\n".write(toFile: input, atomically: true, encoding: .utf8)
        // WAYLAND_DEBUG: whether the shell has given the filter text input yet.
        let pick = try ChildProcess(name: "sweep-pick", executable: builtProduct("sweep-pick"), arguments: ["--event-log", log],
                                    environment: gnome.clientEnvironment.merging(["LANG": "C.UTF-8", "WAYLAND_DEBUG": "1"]) { $1 },
                                    directory: gnome.directory.path, standardInput: input)
        defer { pick.stop() }
        func enabled() -> Bool { pick.stderr.range(of: #"text_input_v3@[0-9]+\.enable\(\)"#, options: .regularExpression) != nil }
        #expect(waitUntil(seconds: 20) { pick.stderr.contains("wl_surface@") && pick.stderr.contains(".enter(wl_output") }, "\(pick.logTail)")
        // A new window normally takes the focus; say so to the shell as a click would, in case it did not.
        if !waitUntil(seconds: 3, enabled) { try gnome.activateWindow(ofProcess: pick.pid) }
        #expect(waitUntil(seconds: 10, enabled), "the shell never enabled text input: \(pick.stderr.suffix(3000))\n\(gnome.logTail)")
        FileManager.default.createFile(atPath: trigger, contents: nil)
        func queries() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
                guard line.contains("\"event\":\"query\""),
                      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return object["query"] as? String
            }
        }
        #expect(waitUntil(seconds: 10) { queries().last == "你好" }, "\(queries()) \(engineSaid())\n\(pick.stderr.suffix(3000))")
        // The preedit was shown and never filtered by; the commit filtered once.
        #expect(pick.stderr.contains(#"preedit_string("ni", 2, 2)"#) && queries().filter { $0 == "你好" }.count == 1, "\(queries())")
        // IBus heard the filter's content type (free form, word completion: a search) and, after the
        // commit, its text (the shell says nothing of an empty field) with the cursor after it: 6,
        // text-input-v3's UTF-8 bytes, which GNOME Shell 43 passes on where IBus counts characters.
        #expect(engineSaid().contains("content type 0 4"), "\(engineSaid())")
        #expect(waitUntil(seconds: 5) { engineSaid().contains("surrounding 你好 6 6") }, "\(engineSaid())")
        #expect(pick.isRunning, "\(pick.logTail)")
    }
}
