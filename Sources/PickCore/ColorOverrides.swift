/// `--color`'s colours: `name:#rrggbb` pairs separated by commas, as fzf
/// writes them (`bg:#1e1e2e,fg:#cdd6f4,accent:#89b4fa`). Which names exist is
/// the caller's; the parse only checks their shape.
public struct ColorOverrides: Equatable, Sendable {
    /// Each name's colour as 0xRRGGBB, in the order given (a later one of the same name wins).
    public private(set) var colors: [(name: String, rgb: UInt32)]

    public static func == (lhs: ColorOverrides, rhs: ColorOverrides) -> Bool {
        lhs.colors.map(\.name) == rhs.colors.map(\.name) && lhs.colors.map(\.rgb) == rhs.colors.map(\.rgb)
    }

    /// Why a `--color` value cannot be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses `spec`, accepting only names in `names`.
    public init(parsing spec: String, names: Set<String>) throws(ParseError) {
        colors = []
        for part in spec.split(separator: ",", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2 else { throw ParseError(description: "\"\(part)\" is not NAME:#RRGGBB") }
            let name = String(pieces[0]).lowercased(), value = pieces[1].hasPrefix("#") ? pieces[1].dropFirst() : pieces[1]
            guard names.contains(name) else {
                throw ParseError(description: "no colour named \"\(name)\" (there are \(names.sorted().joined(separator: ", ")))")
            }
            guard value.count == 6, let rgb = UInt32(value, radix: 16) else {
                throw ParseError(description: "\"\(pieces[1])\" is not a colour: write #RRGGBB")
            }
            colors.append((name, rgb))
        }
    }

    /// The colour given last for `name`, if any.
    public func color(_ name: String) -> UInt32? { colors.last { $0.name == name }?.rgb }
}
