import Foundation
import Testing

/// Random valid scripts against sweep-demo under the scripted compositor,
/// checked for crashes, hangs and broken invariants (`FuzzInvariants`).
/// `make test` runs a short pass with fixed seeds; `make fuzz` runs for
/// FUZZ_SECONDS (default 300) with new seeds; some seeds use random bytes
/// as the --items file and as the saved packing list. A failing seed is written
/// out as a ready-to-run script (its path is in the failure message).
@Suite(.serialized) struct FuzzRunTests {
    static let rows = 500

    /// Plays one seed; nil when all is well, else what went wrong and where the script is.
    static func play(seed: UInt64, length: Int) throws -> String? {
        var fuzzer = ScriptFuzzer(seed: seed)
        let script = fuzzer.script(length: length).joined(separator: "\n")
        let directory = try TestDirectory("fuzz-\(seed)")
        var random = FuzzRandom(seed: seed ^ 0x5eed)
        var arguments = ["--rows", "\(rows)", "--layout", "auto"]
        if seed % 3 == 0 {
            // Random bytes as the items (lines of any bytes, invalid UTF-8, NULs, CRs).
            let bytes = (0..<random.below(20_000)).map { _ in random.below(6) == 0 ? UInt8(0x0A) : UInt8(truncatingIfNeeded: random.next()) }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory.path)/items"))
            arguments = ["--items", "\(directory.path)/items", "--layout", "auto"]
        }
        if seed % 4 == 0 {
            // A packing file of random bytes where the saved list would be.
            try FileManager.default.createDirectory(atPath: "\(directory.path)/state/sweep", withIntermediateDirectories: true)
            let bytes = (0..<random.below(4_000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory.path)/state/sweep/packing-list"))
        }
        let run = try playDemo(script, label: "fuzz-\(seed)", arguments: arguments, directory: directory)
        var problems: [String] = []
        if run.status != 0 { problems.append("status \(run.status.map(String.init) ?? "none (hung)")") }
        // With --items the count is what was read; the views log it as `items`.
        let items = run.events("items").compactMap { $0["count"] as? Int }.max() ?? rows
        problems += FuzzInvariants.check(run.events, rows: arguments.first == "--items" ? items : rows)
        guard !problems.isEmpty else {
            directory.remove()
            return nil
        }
        let kept = "\(directory.path)/failing-seed-\(seed).jsonl"
        try? script.write(toFile: kept, atomically: true, encoding: .utf8)
        return "seed \(seed): \(problems.prefix(5).joined(separator: "; "))\n  replay: scripted-compositor --script \(kept) -- sweep-demo \(arguments.joined(separator: " "))\n\(run.process.logTail)"
    }

    /// Fixed seeds for about a minute (`make test`), or new seeds for
    /// FUZZ_SECONDS (`make fuzz`): one test either way, never skipped.
    @Test func randomScriptsKeepTheInvariants() throws {
        if let text = ProcessInfo.processInfo.environment["FUZZ_SECONDS"], let seconds = Double(text) {
            let deadline = Date().addingTimeInterval(seconds)
            var seed = UInt64(Date().timeIntervalSince1970 * 1000)
            var runs = 0, failures = 0
            while Date() < deadline {
                seed &+= 1
                runs += 1
                if let failure = try Self.play(seed: seed, length: 80) {
                    failures += 1
                    Issue.record(Comment(rawValue: failure))
                }
            }
            print("fuzz: \(runs) scripts in \(Int(seconds)) s, \(failures) failed")
        } else {
            for seed in UInt64(1)...16 {
                if let failure = try Self.play(seed: seed, length: 40) { Issue.record(Comment(rawValue: failure)) }
            }
        }
    }
}
