import SweepUI

/// A key named in `--expect` (fzf's names: ctrl-d, alt-enter, f1, tab …):
/// it accepts like Enter, and its name is printed first.
struct ExpectKey: Equatable {
    let name: String
    let keysym: UInt32
    let modifiers: Modifiers

    struct BadKey: Error, CustomStringConvertible {
        let name: String
        var description: String { "--expect: unknown key '\(name)' (use names such as ctrl-d, alt-enter, f2)" }
    }

    private static let named: [String: UInt32] = [
        "enter": 0xff0d, "return": 0xff0d, "tab": 0xff09, "space": 0x20, "esc": 0xff1b, "bspace": 0xff08,
        "del": 0xffff, "up": 0xff52, "down": 0xff54, "left": 0xff51, "right": 0xff53, "home": 0xff50, "end": 0xff57,
        "pgup": 0xff55, "pgdn": 0xff56,
    ]

    static func parseList(_ list: String) throws -> [ExpectKey] {
        try list.split(separator: ",").map { try ExpectKey(String($0).trimming(" ")) }
    }

    init(_ name: String) throws {
        self.name = name
        var rest = Substring(name.lowercased())
        var modifiers: Modifiers = []
        while true {
            if rest.hasPrefix("ctrl-") { modifiers.insert(.control); rest = rest.dropFirst(5) }
            else if rest.hasPrefix("alt-") { modifiers.insert(.alt); rest = rest.dropFirst(4) }
            else if rest.hasPrefix("shift-") { modifiers.insert(.shift); rest = rest.dropFirst(6) }
            else { break }
        }
        if let value = Self.named[String(rest)] {
            keysym = value
        } else if rest.count == 1, let scalar = rest.unicodeScalars.first, scalar.isASCII {
            keysym = scalar.value
        } else if rest.hasPrefix("f"), let number = UInt32(rest.dropFirst()), (1...12).contains(number) {
            keysym = 0xffbe + number - 1
        } else {
            throw BadKey(name: name)
        }
        self.modifiers = modifiers
    }

    func matches(_ key: KeyEvent) -> Bool {
        let held = key.modifiers.intersection([.control, .alt, .shift])
        return key.keysym.rawValue == keysym && held == modifiers
    }
}

extension String {
    /// Without leading and trailing occurrences of `character`.
    func trimming(_ character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
