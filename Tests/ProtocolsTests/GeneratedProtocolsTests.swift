import Foundation
import Testing

/// The committed protocol XMLs and scanner output must be exactly what
/// protocols/generate.sh makes from the system's wayland-protocols.
@Suite struct GeneratedProtocolsTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private func check(root: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["\(Self.packageRoot)/protocols/generate.sh", "--check"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWEEP_PROTOCOLS_ROOT"] = root
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func committedCodeMatchesARegeneration() throws {
        let (status, output) = try check(root: Self.packageRoot)
        #expect(status == 0, "regenerating would change the committed files; run `make protocols`:\n\(output)")
    }

    @Test func theCheckNoticesAnEditedFile() throws {
        // A copy of the tree with one generated header changed must fail the check.
        let copy = NSTemporaryDirectory() + "sweep-protocols-\(getpid())"
        let files = FileManager.default
        try? files.removeItem(atPath: copy)
        try files.createDirectory(atPath: "\(copy)/Sources", withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: copy) }
        try files.copyItem(atPath: "\(Self.packageRoot)/protocols", toPath: "\(copy)/protocols")
        try files.copyItem(atPath: "\(Self.packageRoot)/Sources/CWaylandProtocols", toPath: "\(copy)/Sources/CWaylandProtocols")
        let header = "\(copy)/Sources/CWaylandProtocols/include/viewporter-client-protocol.h"
        try (String(contentsOfFile: header, encoding: .utf8) + "\n// edited\n").write(toFile: header, atomically: true, encoding: .utf8)
        let (status, output) = try check(root: copy)
        #expect(status == 1)
        #expect(output.contains("viewporter-client-protocol.h"))
    }
}
