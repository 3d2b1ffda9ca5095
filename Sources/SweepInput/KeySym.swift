/// An X keysym (the symbol a key produces under the active layout), with the
/// names the toolkit reacts to. Values are xkbcommon's `XKB_KEY_*`.
public struct KeySym: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let home = KeySym(rawValue: 0xff50)
    public static let left = KeySym(rawValue: 0xff51)
    public static let up = KeySym(rawValue: 0xff52)
    public static let right = KeySym(rawValue: 0xff53)
    public static let down = KeySym(rawValue: 0xff54)
    public static let pageUp = KeySym(rawValue: 0xff55)
    public static let pageDown = KeySym(rawValue: 0xff56)
    public static let end = KeySym(rawValue: 0xff57)
    public static let returnKey = KeySym(rawValue: 0xff0d)
    public static let escape = KeySym(rawValue: 0xff1b)
    public static let backspace = KeySym(rawValue: 0xff08)
    public static let space = KeySym(rawValue: 0x0020)
    public static let tab = KeySym(rawValue: 0xff09)
    public static let q = KeySym(rawValue: 0x0071)
    public static let a = KeySym(rawValue: 0x0061)
    public static let c = KeySym(rawValue: 0x0063)
    public static let z = KeySym(rawValue: 0x007a)
    public static let delete = KeySym(rawValue: 0xffff)
}
