import Foundation
import SweepPNG
import Testing

/// The clipboard end to end: sweep-copy copying and pasting through the
/// scripted compositor, large texts, pasters that never read, and the
/// compositor passing its client's standard streams through.
@Suite struct ClipboardRunTests {
    struct Run {
        let status: Int32?
        let process: ChildProcess
        let directory: TestDirectory

        var stdout: Data { FileManager.default.contents(atPath: process.stdoutPath) ?? Data() }
        var stderr: String { process.stderr }
        func file(_ name: String) -> Data? { FileManager.default.contents(atPath: "\(directory.path)/\(name)") }
    }

    /// Plays `script` against `client`; `files` are written into the test's
    /// directory first (the script names them relative to it), and `input`
    /// (a file there) becomes the compositor's standard input.
    private func play(_ script: String, label: String, client: [String], files: [String: Data] = [:],
                      input: String? = nil, seconds: Double = 60) throws -> Run {
        let directory = try TestDirectory("clipboard-\(label)")
        let scriptPath = "\(directory.path)/script.jsonl"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        for (name, data) in files { try data.write(to: URL(fileURLWithPath: "\(directory.path)/\(name)")) }
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--"] + client,
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path,
                                       standardInput: input.map { "\(directory.path)/\($0)" })
        let status = process.waitForExit(seconds: seconds)
        if status == nil { process.stop() }
        return Run(status: status, process: process, directory: directory)
    }

    /// Bytes no text decoder would keep as they are: invalid UTF-8, NUL,
    /// CR LF, a lone CR, multi-byte characters; 300 KB, several pipe buffers.
    /// (Made for each use: a `Data` kept in a static keeps its storage pointer
    /// where LeakSanitizer does not see it, and `make test-asan` called it leaked.)
    private static var awkwardBytes: Data {
        var bytes: [UInt8] = []
        let piece: [UInt8] = Array("Amber Ridge ✓ — ünïcödé\r\n".utf8) + [0x00, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x41, 0x0a]
        while bytes.count < 300_000 { bytes += piece }
        return Data(bytes)
    }

    /// Text with no repeat shorter than a line, so a chunk out of place shows.
    private static func numberedText(bytes count: Int) -> Data {
        var text = Data()
        var line = 0
        while text.count < count {
            text.append(contentsOf: Array(String(format: "%09d the quick brown fox jumps over the lazy dog\n", line).utf8))
            line += 1
        }
        return text.prefix(count)
    }

    // MARK: - Paste

    @Test func pasteWritesTheSelectionToStandardOutputByteForByte() throws {
        let run = try play("""
        {"op":"clipboard.set","file":"selection.bin"}
        {"op":"waitExit","ms":20000}
        """, label: "paste", client: [try builtProduct("sweep-copy"), "--paste"],
        files: ["selection.bin": Self.awkwardBytes])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let expected = Self.awkwardBytes
        #expect(run.stdout == expected, "stdout has \(run.stdout.count) bytes, expected \(expected.count)")
    }

    @Test(arguments: [["text/plain"], ["STRING", "image/png"], ["UTF8_STRING"]])
    func pasteTakesAnyTextType(mimes: [String]) throws {
        let types = "[" + mimes.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let run = try play("""
        {"op":"clipboard.set","text":"plain text","mimes":\(types)}
        {"op":"waitExit"}
        """, label: "paste-types", client: [try builtProduct("sweep-copy"), "--paste"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(String(decoding: run.stdout, as: UTF8.self) == "plain text")
    }

    @Test(arguments: ["{\"op\":\"clipboard.set\",\"text\":\"<png>\",\"mimes\":[\"image/png\"]}", "# nothing copied"])
    func pasteWithoutTextSaysSoAndFails(setting: String) throws {
        let run = try play("""
        \(setting)
        {"op":"waitExit"}
        """, label: "paste-none", client: [try builtProduct("sweep-copy"), "--paste"])
        defer { run.directory.remove() }
        #expect(run.status == 1, "\(run.process.logTail)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("sweep-copy: the clipboard holds no text"), "\(run.stderr)")
    }

    // MARK: - Copy

    @Test func anEightMegabyteCopyArrivesWhole() throws {
        // Read from standard input on the loop, written to the paster in chunks.
        let text = Self.numberedText(bytes: 8_000_000)
        let run = try play("""
        {"op":"waitReady"}
        {"op":"clipboard.save","file":"clip.txt","timeout":20000}
        """, label: "copy-8mb", client: [try builtProduct("sweep-copy")], files: ["input.txt": text], input: "input.txt")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let copied = run.file("clip.txt") ?? Data()
        #expect(copied.count == text.count)
        #expect(copied == text, "the copy differs from the text")
    }

    @Test func aCopyServesUntilAnotherClientTakesTheClipboardThenEnds() throws {
        // wl-copy's lifetime: the text is served while it is the selection; once
        // another client copies (the script, here), the copier has nothing to serve.
        let run = try play("""
        {"op":"waitReady"}
        {"op":"clipboard.save","file":"clip.txt"}
        {"op":"expectExit"}
        {"op":"clipboard.set","text":"someone else's"}
        {"op":"waitExit","ms":3000}
        """, label: "copy-lost", client: [try builtProduct("sweep-copy"), "mine"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.file("clip.txt") == Data("mine".utf8))
        #expect(run.stderr.contains("sweep-copy: copied 4 bytes"), "\(run.stderr)")
    }

    @Test func pastersThatNeverReadNeitherStopTheWindowNorOtherPasters() throws {
        // Two pasters take the selection and never read it. Meanwhile the window
        // must follow a resize and a third paster must get everything (a client
        // that waited 2 s on each stalled paster fails both); after 5 s without
        // progress the client gives up on the stalled two.
        let text = Self.numberedText(bytes: 2_000_000)
        let run = try play("""
        {"op":"output","width":400,"height":300,"scale":1}
        {"op":"waitReady"}
        {"op":"clipboard.stall"}
        {"op":"clipboard.stall","mime":"UTF8_STRING"}
        {"op":"output","width":500,"height":200,"scale":1}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"resized.png"}
        {"op":"clipboard.save","file":"clip.txt","timeout":3000}
        {"op":"wait","ms":5600}
        {"op":"clipboard.drain","file":"stalled-1.txt","timeout":3000}
        {"op":"clipboard.drain","file":"stalled-2.txt","timeout":3000}
        """, label: "copy-stalled", client: [try builtProduct("sweep-copy")], files: ["input.txt": text], input: "input.txt")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let resized = try PNGCodec.read(path: "\(run.directory.path)/resized.png")
        #expect(resized.width == 500 && resized.height == 200,
                "the window answered the resize while pasters stalled: \(resized.width)x\(resized.height)")
        #expect(run.file("clip.txt") == text, "the third paster got all of it")
        for name in ["stalled-1.txt", "stalled-2.txt"] {
            let stalled = run.file(name) ?? Data()
            // The client wrote what the pipe held, then closed it: a strict prefix, ended by the client.
            #expect(!stalled.isEmpty && stalled.count < text.count, "\(name): \(stalled.count) bytes")
            #expect(stalled == text.prefix(stalled.count), "\(name) is the start of the text")
        }
    }

    // MARK: - Standard streams

    @Test func theCompositorPassesItsClientsStandardStreamsThrough() throws {
        // The client echoes its input, then writes a line to each stream; the
        // compositor's own words go to stderr only, also when the run fails.
        let input = Self.awkwardBytes.prefix(100_000)
        let run = try play("""
        {"op":"waitExit"}
        """, label: "stdio", client: ["/bin/sh", "-c", "cat; printf 'client out'; printf 'client err' >&2"],
        files: ["input.bin": Data(input)], input: "input.bin")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.stdout == Data(input) + Data("client out".utf8))
        #expect(run.stderr == "client err", "\(run.stderr)")

        let failing = try play("""
        {"op":"wait","ms":3000}
        """, label: "stdio-fail", client: ["/bin/sh", "-c", "printf 'only this'; exit 7"])
        defer { failing.directory.remove() }
        #expect(failing.status == 70)
        #expect(failing.stdout == Data("only this".utf8))
        #expect(failing.stderr.contains("scripted-compositor: the client exited with status 7"), "\(failing.stderr)")
    }
}
