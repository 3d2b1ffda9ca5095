/// An X keysym (the symbol a key produces under the active layout), with
/// names for the keys apps react to. Values are xkbcommon's `XKB_KEY_*`.
///
/// Letters are the lower-case keysyms (`KeySym.a`); with Shift held a
/// layout reports the upper-case one (`KeySym(character: "A")`), so match
/// shortcuts with `matches(letter:)`, which takes either.
public struct KeySym: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The keysym of a Latin-1 character (`"a"`, `"A"`, `"1"`, `"/"`): for
    /// those, xkbcommon's keysym is the character's code point. nil for
    /// other characters, whose keysyms follow other rules.
    public init?(character: Character) {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
              (0x20...0x7e).contains(scalar.value) || (0xa0...0xff).contains(scalar.value) else { return nil }
        rawValue = scalar.value
    }

    /// Whether this is `letter`'s key, typed with or without Shift
    /// (`KeySym.a` and `KeySym(character: "A")` both match `"a"`).
    public func matches(letter: Character) -> Bool {
        guard let lower = KeySym(character: Character(letter.lowercased())),
              let upper = KeySym(character: Character(letter.uppercased())) else { return false }
        return self == lower || self == upper
    }

    // Movement
    public static let home = KeySym(rawValue: 0xff50)
    public static let left = KeySym(rawValue: 0xff51)
    public static let up = KeySym(rawValue: 0xff52)
    public static let right = KeySym(rawValue: 0xff53)
    public static let down = KeySym(rawValue: 0xff54)
    public static let pageUp = KeySym(rawValue: 0xff55)
    public static let pageDown = KeySym(rawValue: 0xff56)
    public static let end = KeySym(rawValue: 0xff57)

    // Editing and control
    public static let returnKey = KeySym(rawValue: 0xff0d)
    /// Enter on the keypad.
    public static let keypadEnter = KeySym(rawValue: 0xff8d)
    public static let escape = KeySym(rawValue: 0xff1b)
    public static let backspace = KeySym(rawValue: 0xff08)
    public static let delete = KeySym(rawValue: 0xffff)
    public static let insert = KeySym(rawValue: 0xff63)
    public static let space = KeySym(rawValue: 0x0020)
    public static let tab = KeySym(rawValue: 0xff09)
    /// What Shift+Tab produces under every common layout (`ISO_Left_Tab`).
    public static let leftTab = KeySym(rawValue: 0xfe20)
    /// The context-menu key.
    public static let menu = KeySym(rawValue: 0xff67)

    // Function keys
    public static let f1 = KeySym(rawValue: 0xffbe)
    public static let f2 = KeySym(rawValue: 0xffbf)
    public static let f3 = KeySym(rawValue: 0xffc0)
    public static let f4 = KeySym(rawValue: 0xffc1)
    public static let f5 = KeySym(rawValue: 0xffc2)
    public static let f6 = KeySym(rawValue: 0xffc3)
    public static let f7 = KeySym(rawValue: 0xffc4)
    public static let f8 = KeySym(rawValue: 0xffc5)
    public static let f9 = KeySym(rawValue: 0xffc6)
    public static let f10 = KeySym(rawValue: 0xffc7)
    public static let f11 = KeySym(rawValue: 0xffc8)
    public static let f12 = KeySym(rawValue: 0xffc9)

    // Letters (lower case; see `matches(letter:)`)
    public static let a = KeySym(rawValue: 0x0061)
    public static let b = KeySym(rawValue: 0x0062)
    public static let c = KeySym(rawValue: 0x0063)
    public static let d = KeySym(rawValue: 0x0064)
    public static let e = KeySym(rawValue: 0x0065)
    public static let f = KeySym(rawValue: 0x0066)
    public static let g = KeySym(rawValue: 0x0067)
    public static let h = KeySym(rawValue: 0x0068)
    public static let i = KeySym(rawValue: 0x0069)
    public static let j = KeySym(rawValue: 0x006a)
    public static let k = KeySym(rawValue: 0x006b)
    public static let l = KeySym(rawValue: 0x006c)
    public static let m = KeySym(rawValue: 0x006d)
    public static let n = KeySym(rawValue: 0x006e)
    public static let o = KeySym(rawValue: 0x006f)
    public static let p = KeySym(rawValue: 0x0070)
    public static let q = KeySym(rawValue: 0x0071)
    public static let r = KeySym(rawValue: 0x0072)
    public static let s = KeySym(rawValue: 0x0073)
    public static let t = KeySym(rawValue: 0x0074)
    public static let u = KeySym(rawValue: 0x0075)
    public static let v = KeySym(rawValue: 0x0076)
    public static let w = KeySym(rawValue: 0x0077)
    public static let x = KeySym(rawValue: 0x0078)
    public static let y = KeySym(rawValue: 0x0079)
    public static let z = KeySym(rawValue: 0x007a)

    /// The digit keys of the main row, `digits[0]` being "0".
    public static let digits = (0x30...0x39).map { KeySym(rawValue: UInt32($0)) }

    // Punctuation apps bind shortcuts to (zoom with Ctrl+plus, minus and 0; find with Ctrl+slash)
    public static let plus = KeySym(rawValue: 0x002b)
    public static let minus = KeySym(rawValue: 0x002d)
    /// `=`, the unshifted key that Shift turns into `+` on US layouts: Ctrl+= zooms in there.
    public static let equal = KeySym(rawValue: 0x003d)
    public static let comma = KeySym(rawValue: 0x002c)
    public static let period = KeySym(rawValue: 0x002e)
    public static let slash = KeySym(rawValue: 0x002f)
    public static let backslash = KeySym(rawValue: 0x005c)
    public static let semicolon = KeySym(rawValue: 0x003b)
    public static let apostrophe = KeySym(rawValue: 0x0027)
    public static let grave = KeySym(rawValue: 0x0060)
    public static let bracketLeft = KeySym(rawValue: 0x005b)
    public static let bracketRight = KeySym(rawValue: 0x005d)

    // The keypad (with Num Lock off its digits are movement keys: `keypadHome`…)
    public static let keypadAdd = KeySym(rawValue: 0xffab)
    public static let keypadSubtract = KeySym(rawValue: 0xffad)
    public static let keypadMultiply = KeySym(rawValue: 0xffaa)
    public static let keypadDivide = KeySym(rawValue: 0xffaf)
    public static let keypadDecimal = KeySym(rawValue: 0xffae)
    /// The keypad's digits with Num Lock on, `keypadDigits[0]` being `KP_0`.
    public static let keypadDigits = (0xffb0...0xffb9).map { KeySym(rawValue: UInt32($0)) }
    public static let keypadHome = KeySym(rawValue: 0xff95)
    public static let keypadLeft = KeySym(rawValue: 0xff96)
    public static let keypadUp = KeySym(rawValue: 0xff97)
    public static let keypadRight = KeySym(rawValue: 0xff98)
    public static let keypadDown = KeySym(rawValue: 0xff99)
    public static let keypadPageUp = KeySym(rawValue: 0xff9a)
    public static let keypadPageDown = KeySym(rawValue: 0xff9b)
    public static let keypadEnd = KeySym(rawValue: 0xff9c)
    public static let keypadInsert = KeySym(rawValue: 0xff9e)
    public static let keypadDelete = KeySym(rawValue: 0xff9f)

    // Media and browser keys on laptops and keyboards that have them
    public static let back = KeySym(rawValue: 0x1008ff26)
    public static let forward = KeySym(rawValue: 0x1008ff27)
    public static let refresh = KeySym(rawValue: 0x1008ff29)
    public static let search = KeySym(rawValue: 0x1008ff1b)
    public static let zoomIn = KeySym(rawValue: 0x1008ff8b)
    public static let zoomOut = KeySym(rawValue: 0x1008ff8c)

    /// Whether this is the keypad's own key for `key` (`KP_Home` for
    /// `home`, `KP_Enter` for `returnKey`…), which an app usually treats as
    /// `key` itself.
    public var keypadEquivalent: KeySym? {
        switch self {
        case .keypadHome: .home
        case .keypadLeft: .left
        case .keypadUp: .up
        case .keypadRight: .right
        case .keypadDown: .down
        case .keypadPageUp: .pageUp
        case .keypadPageDown: .pageDown
        case .keypadEnd: .end
        case .keypadInsert: .insert
        case .keypadDelete: .delete
        case .keypadEnter: .returnKey
        case .keypadAdd: .plus
        case .keypadSubtract: .minus
        default: nil
        }
    }
}
