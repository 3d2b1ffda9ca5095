/// A key with its modifiers that does something: a menu item's shortcut, a
/// window's key command. Written as the desktops write them ("Ctrl+C",
/// "Ctrl+Shift+N", "Alt+Left", "Delete", "F2"), which is also how it is
/// shown (`label`) and what a string literal parses.
public struct KeyShortcut: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key: a letter's lower-case keysym, or a named key's.
    public var key: KeySym
    /// Ctrl, Shift, Alt and Super, exactly these held.
    public var modifiers: Modifiers
    /// The text it was written as when that did not parse (it is shown, and matches no key).
    private var unparsed: String?

    public init(_ key: KeySym, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// "Ctrl+Shift+N", "Alt+Left", "Delete", "F2", "Space"; nil for words it does not know.
    public init?(parsing text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { part in
            String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        guard let keyName = parts.last, !keyName.isEmpty else { return nil }
        var modifiers: Modifiers = []
        for name in parts.dropLast() {
            switch name.lowercased() {
            case "ctrl", "control", "primary": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            case "super", "meta", "logo": modifiers.insert(.superKey)
            default: return nil
            }
        }
        guard let key = Self.key(named: keyName) else { return nil }
        self.init(key, modifiers: modifiers)
    }

    public init(stringLiteral text: String) {
        if let parsed = KeyShortcut(parsing: text) {
            self = parsed
        } else {
            self.init(KeySym(rawValue: 0))
            unparsed = text
        }
    }

    /// Whether `event` is this shortcut: the same key (a letter with or
    /// without Shift's capital) with exactly these modifiers held.
    public func matches(_ event: KeyEvent) -> Bool {
        guard unparsed == nil, event.modifiers.intersection([.control, .shift, .alt, .superKey]) == modifiers else { return false }
        if let letter = Self.letter(of: key) { return event.keysym.matches(letter: letter) }
        return event.keysym == key
    }

    /// How desktops show it: "Ctrl+Shift+N" (GNOME's and KDE's notation).
    public var label: String {
        if let unparsed { return unparsed }
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.superKey) { parts.append("Super") }
        parts.append(Self.name(of: key))
        return parts.joined(separator: "+")
    }

    public var description: String { label }

    /// The shortcut as ATK writes an accelerator ("<Control><Shift>n"), which screen readers read.
    public var accelerator: String {
        guard unparsed == nil else { return "" }
        var text = ""
        if modifiers.contains(.control) { text += "<Control>" }
        if modifiers.contains(.alt) { text += "<Alt>" }
        if modifiers.contains(.shift) { text += "<Shift>" }
        if modifiers.contains(.superKey) { text += "<Super>" }
        return text + (Self.letter(of: key).map(String.init) ?? Self.name(of: key))
    }

    // MARK: - Key names

    private static let named: [(name: String, key: KeySym)] = [
        ("Enter", .returnKey), ("Escape", .escape), ("Delete", .delete), ("Backspace", .backspace), ("Tab", .tab),
        ("Space", .space), ("Home", .home), ("End", .end), ("Page Up", .pageUp), ("Page Down", .pageDown),
        ("Left", .left), ("Right", .right), ("Up", .up), ("Down", .down), ("Insert", .insert),
    ]

    private static let aliases: [String: KeySym] = ["return": .returnKey, "esc": .escape, "del": .delete,
                                                   "pageup": .pageUp, "pagedown": .pageDown, "pgup": .pageUp, "pgdn": .pageDown]

    private static func key(named name: String) -> KeySym? {
        let lower = name.lowercased()
        if let found = named.first(where: { $0.name.lowercased() == lower }) { return found.key }
        if let alias = aliases[lower] { return alias }
        if lower.count >= 2, lower.first == "f", let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return KeySym(rawValue: 0xffbe + UInt32(number - 1))
        }
        guard name.count == 1, let character = name.lowercased().first else { return nil }
        return KeySym(character: character)
    }

    private static func name(of key: KeySym) -> String {
        if let found = named.first(where: { $0.key == key }) { return found.name }
        if (0xffbe...0xffc9).contains(key.rawValue) { return "F\(key.rawValue - 0xffbe + 1)" }
        if let letter = letter(of: key) { return String(letter).uppercased() }
        if let scalar = Unicode.Scalar(key.rawValue), (0x21...0x7e).contains(key.rawValue) { return String(Character(scalar)) }
        return "?"
    }

    /// The letter a letter key's keysym is, lower case; nil for other keys.
    private static func letter(of key: KeySym) -> Character? {
        guard (0x61...0x7a).contains(key.rawValue), let scalar = Unicode.Scalar(key.rawValue) else { return nil }
        return Character(scalar)
    }
}
