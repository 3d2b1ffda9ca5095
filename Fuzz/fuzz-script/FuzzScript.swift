import FuzzSupport
import ScriptedCompositor

/// The scripted compositor's script reader (`ScriptParser.parse`): any
/// bytes, decoded leniently as a script file is. A script either reads, its
/// steps on ascending lines that exist, or fails naming a line that exists.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
    do {
        let steps = try ScriptParser.parse(text)
        var previous = 0
        for (line, _) in steps {
            fuzzCheck(line > previous && line <= lines, "step on line \(line) after \(previous), of \(lines)")
            previous = line
        }
    } catch {
        fuzzCheck(error.line >= 1 && error.line <= lines, "error on line \(error.line) of \(lines): \(error)")
        fuzzCheck(!error.message.isEmpty, "an error without a message")
    }
    return 0
}

@main enum FuzzScriptMain {
    static func main() { runFuzzer(fuzzScript) }
}
