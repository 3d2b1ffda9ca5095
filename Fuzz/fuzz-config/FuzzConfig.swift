import FuzzSupport
import PickCore

/// sweep-pick's configuration file and command line (`OptionsFile`,
/// `ShellWords`, `CommandLineSyntax`). Half the inputs are a file's raw bytes;
/// the other half are words the fuzzer picks, written quoted in one of the
/// shell's ways, several to a line, with LF, CRLF or CR line ends, comments
/// and blank lines, which must read back as the same words. Every list of
/// words then sorts as a model says: each option once with its last value,
/// operands in order, in one pass (a quadratic parser once took 105 s for
/// 16,000 words; libFuzzer's per-input timeout catches a slow one).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let words: [String]
    if input.bool() {
        guard let read = try? OptionsFile.words(in: input.rest()) else { return 0 }
        words = read
    } else {
        var chosen: [String] = []
        var text: [UInt8] = input.bool() ? [0xEF, 0xBB, 0xBF] : []
        let end: [UInt8] = [[0x0A], [0x0D, 0x0A], [0x0D]][input.below(3)]
        while !input.isAtEnd && chosen.count < 4096 {
            switch input.below(10) {
            case 0: text += end + Array("  # --comment 'x\"".utf8) + end
            case 1: text += end
            default:
                let word = Vocabulary.word(&input)
                chosen.append(word)
                text += Array(Vocabulary.quoted(word, style: input.below(3)).utf8) + (input.below(3) == 0 ? end : [0x20])
            }
        }
        let read: [String]
        do { read = try OptionsFile.words(in: text) } catch {
            fuzzCheck(false, "written words did not read: \(error)")
            return 0
        }
        fuzzCheck(read == chosen, "wrote \(chosen), read \(read)")
        words = read
    }
    let sorted = Vocabulary.syntax.sort(words)
    let model = Model(words)
    fuzzCheck(sorted.operands == model.operands && sorted.endsOptions == model.endsOptions, "operands \(sorted.operands) from \(words)")
    fuzzCheck(Set(sorted.options).count == sorted.options.count, "an option kept twice: \(sorted.options)")
    fuzzCheck(sorted.options.count == model.last.count && Set(sorted.options) == Set(model.last.values),
              "options \(sorted.options), model \(model.last) from \(words)")
    // Sorting what was sorted changes nothing (the defaults and the command line are sorted again
    // together), unless an option lacked its value, which the defaults refuse.
    if sorted.lacksValue == nil {
        fuzzCheck(Vocabulary.syntax.sort(sorted.options).options == sorted.options, "sorting again changed \(sorted.options)")
    }
    return 0
}

/// The words and the syntax the fuzzer draws from: options of each kind and their spellings.
enum Vocabulary {
    static let syntax = CommandLineSyntax(
        valueOptions: ["--query": "--query", "-q": "--query", "--prompt": "--prompt", "--history": "--history"],
        optionalValues: ["--history": "/cache"],
        flags: ["--exact": "--exact", "--select-1": "--select-1", "--auto-select": "--select-1"])
    static let words = ["--query", "-q", "--prompt", "--history", "--exact", "--select-1", "--auto-select", "--", "-", "--unknown",
                        "--query=", "--prompt=a=b", "-qx", "file", "-> ", "'", "\"", "\\", "#", "a b", "", "é", "\t"]

    static func word(_ input: inout FuzzBytes) -> String {
        if input.below(4) == 0 {
            // Any text without NUL, CR or LF (a line holds no line end; quoting keeps the rest).
            return String(decoding: input.chunk().filter { $0 != 0 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        }
        return words[input.below(words.count)]
    }

    /// `word` quoted so a shell reads it back: in single quotes, in double quotes, or with backslashes.
    static func quoted(_ word: String, style: Int) -> String {
        switch style {
        case 0: "'" + word.unicodeScalars.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
        case 1: "\"" + word.unicodeScalars.map { "\"\\$`".unicodeScalars.contains($0) ? "\\\($0)" : String($0) }.joined() + "\""
        default: word.isEmpty ? "''" : word.unicodeScalars.map { "\\\($0)" }.joined()
        }
    }
}

/// What sorting must give, worked out the slow way: each option's last word, by its long name.
struct Model {
    var last: [String: String] = [:]
    var operands: [String] = []
    var endsOptions = false

    init(_ words: [String]) {
        let syntax = Vocabulary.syntax
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if endsOptions || word == "-" || !word.hasPrefix("-") { operands.append(word); continue }
            if word == "--" { endsOptions = true; continue }
            if let name = syntax.valueOptions[word] {
                if name == "--history" && (index == words.count || words[index].hasPrefix("-")) {
                    last[name] = name + "=/cache"
                } else if index < words.count {
                    last[name] = name + "=" + words[index]
                    index += 1
                } else {
                    last[name] = word
                }
            } else if let equals = word.firstIndex(of: "="), word.hasPrefix("--"), let name = syntax.valueOptions[String(word[..<equals])] {
                last[name] = word
            } else if !word.hasPrefix("--"), word.count > 2, let name = syntax.valueOptions[String(word.prefix(2))] {
                last[name] = name + "=" + word.dropFirst(2)
            } else {
                last[syntax.flags[word] ?? word] = word
            }
        }
    }
}

@main enum FuzzConfigMain {
    static func main() { runFuzzer(fuzzConfig) }
}
