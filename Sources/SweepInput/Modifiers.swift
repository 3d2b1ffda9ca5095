/// Keyboard modifiers held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let superKey = Modifiers(rawValue: 1 << 3)

    public var description: String {
        var names: [String] = []
        if contains(.shift) { names.append("shift") }
        if contains(.control) { names.append("ctrl") }
        if contains(.alt) { names.append("alt") }
        if contains(.superKey) { names.append("super") }
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
