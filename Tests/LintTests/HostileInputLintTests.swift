import Foundation
import Testing

/// The code that reads what a compositor, a file or a person sends must not trap on it. Three
/// kinds of trap are looked for in every Swift file of Sources/ and Examples/:
///
/// - `try!`, never allowed;
/// - a force unwrap (`x!`, `as!`, an implicitly unwrapped `T!`): each one is named in
///   `allowed.txt` beside this file, with why it cannot fail;
/// - arithmetic that can overflow on a number parsed from outside: a name bound to
///   `Int(…)`-style parsing of text, a `KeyFile` integer, or a file's `st_size`, on a line with
///   `+ - *` (or `+= -= *=`) and without `&+`-style, `ReportingOverflow`, `clamping:`, `min(`
///   or `max(`; named in `allowed.txt` too when it is bounded before (a guard above);
/// - a floating-point value made an integer (`Int32(x.rounded())`), which traps on NaN, an
///   infinity or a value out of range: `Int(saturating:)`-style clamping, or named in
///   `allowed.txt` with the bound that holds.
///
/// A line is allowed by an entry of its file whose snippet it contains; an entry that allows no
/// line fails too, so the list stays true.
@Suite struct HostileInputLintTests {
    struct Finding: CustomStringConvertible {
        let file: String, line: Int, rule: String, text: String
        var description: String { "\(file):\(line): \(rule): \(text.trimmingCharacters(in: .whitespaces))" }
    }

    struct Allowance {
        let file: String, snippet: String, reason: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles() -> [String] {
        var files: [String] = []
        for folder in ["Sources", "Examples"] {
            let base = root.appendingPathComponent(folder).path
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let path = walker.nextObject() as? String {
                if path.hasSuffix(".swift") { files.append("\(folder)/\(path)") }
            }
        }
        return files.sorted()
    }

    static func allowances() throws -> [Allowance] {
        let text = try String(contentsOf: root.appendingPathComponent("Tests/LintTests/allowed.txt"), encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, !fields[2].isEmpty else {
                throw LintError(message: "allowed.txt: \"\(line)\" is not FILE<TAB>SNIPPET<TAB>WHY")
            }
            return Allowance(file: fields[0], snippet: fields[1], reason: fields[2])
        }
    }

    struct LintError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// The code of a line: without a trailing `//` comment and without string literals' contents.
    static func code(_ line: String) -> String {
        var result = ""
        var inString = false, previous: Character = " "
        for character in line {
            if character == "\"" && previous != "\\" { inString.toggle(); result.append(character) }
            else if !inString && character == "/" && previous == "/" { result.removeLast(); break }
            else if !inString { result.append(character) }
            previous = character
        }
        return result
    }

    static var forceUnwrap: Regex<AnyRegexOutput> { try! Regex(#"[\w\)\]]!(?!=)"#) }
    static var parsedBinding: Regex<AnyRegexOutput> { try! Regex(#"(?:let|var)\s+(\w+)\s*=\s*(?:U?Int(?:8|16|32|64)?\((?:String\(|Substring\(|\w+\s*,\s*radix|text|value|field|word|token|string|part|\$0)|[\w.]*integer\(|[\w.]*st_size)"#) }

    static var roundedToInteger: Regex<AnyRegexOutput> {
        try! Regex(#"\bU?Int(8|16|32|64)?\((?!bitPattern|clamping|truncatingIfNeeded|exactly|saturating)[^()]*(\([^()]*\))?[^()]*\.rounded\("#)
    }

    static func findings() throws -> [Finding] {
        var findings: [Finding] = []
        let forceUnwrap = Self.forceUnwrap, parsedBinding = Self.parsedBinding, roundedToInteger = Self.roundedToInteger
        for file in swiftFiles() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var parsed: Set<String> = ["st_size"]
            for (index, raw) in lines.enumerated() {
                let trimmed = raw.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") { continue }
                let line = code(raw)
                func found(_ rule: String) { findings.append(Finding(file: file, line: index + 1, rule: rule, text: raw)) }
                if line.contains("try!") { found("try!") }
                if line.contains("!"), line.contains(forceUnwrap) { found("force unwrap") }
                if line.contains(".rounded("), line.contains(roundedToInteger) { found("floating value made an integer") }
                if line.contains("= "), line.contains("Int") || line.contains("integer(") || line.contains("st_size") {
                    for match in line.matches(of: parsedBinding) { if let name = match.output[1].substring { parsed.insert(String(name)) } }
                }
                for name in parsed where usesUnchecked(name, in: line) { found("unchecked arithmetic on \(name)") }
            }
        }
        return findings
    }

    /// Whether `line` holds `name` (a whole word) and trapping arithmetic, with no bound on the line.
    static func usesUnchecked(_ name: String, in line: String) -> Bool {
        let operators = [" + ", " - ", " * ", "+= ", "-= ", "*= "]
        let safe = ["&+", "&-", "&*", "ReportingOverflow", "clamping:", "saturating:", "min(", "max("]
        guard operators.contains(where: line.contains), !safe.contains(where: line.contains) else { return false }
        var rest = line[...]
        while let range = rest.range(of: name) {
            let before = rest[..<range.lowerBound].last, after = rest[range.upperBound...].first
            let isWord = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWord(before) && !isWord(after) && after != "(" { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func noTrapOnOutsideInputIsLeftUnexplained() throws {
        let allowances = try Self.allowances()
        var used = Set<Int>()
        var unexplained: [Finding] = []
        for finding in try Self.findings() {
            if let index = allowances.firstIndex(where: { $0.file == finding.file && finding.text.contains($0.snippet) }),
               finding.rule != "try!" {
                used.insert(index)
            } else {
                unexplained.append(finding)
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) sites that can trap on outside input; fix them, or name them in Tests/LintTests/allowed.txt with why they cannot fail:\n\(unexplained.map(\.description).joined(separator: "\n"))")
        let stale = allowances.indices.filter { !used.contains($0) }.map { "\(allowances[$0].file)\t\(allowances[$0].snippet)" }
        #expect(stale.isEmpty, "allowed.txt names sites that are gone:\n\(stale.joined(separator: "\n"))")
    }

    /// The lint finds what it is for (so a broken pattern cannot pass everything).
    @Test func theRulesFindTheirExamples() {
        #expect("let data = try! read()".contains("try!"))
        #expect(Self.code("let x = y! // z!").contains(Self.forceUnwrap))
        #expect(!Self.code("if a != b { print(\"hi!\") } // b!").contains(Self.forceUnwrap))
        #expect(Self.code("let r = value as! Int").contains(Self.forceUnwrap))
        #expect(Self.usesUnchecked("count", in: "entries[i].count = count + 1"))
        #expect(Self.usesUnchecked("size", in: "let total = 4 * size"))
        #expect(!Self.usesUnchecked("size", in: "let total = size.multipliedReportingOverflow(by: 4)"))
        #expect(!Self.usesUnchecked("size", in: "let end = min(size + 1, limit)"))
        #expect(!Self.usesUnchecked("size", in: "let total = sizes + 1 + resize(2)"))
        #expect(Self.usesUnchecked("st_size", in: "expected += Int(info.st_size)"))
        #expect(Self.code("out.int32(Int32(value.rounded()))").contains(Self.roundedToInteger))
        #expect(!Self.code("out.int32(Int32(saturating: value.rounded()))").contains(Self.roundedToInteger))
        #expect("let size = Int(text) ?? 0".contains(Self.parsedBinding))
        #expect("guard let count = Int(String(decoding: fields[0], as: UTF8.self)) else {".contains(Self.parsedBinding))
    }
}
