/// Characters' advances at one scale in one font family, kept between paragraphs: an ASCII
/// character's is an array lookup a font role, any other's a dictionary's,
/// so measuring a megabyte of text asks the fonts about each different
/// character once.
@MainActor
struct AdvanceCache {
    let scale: Double
    let family: String?
    private var ascii: [[Double]]
    private var others: [FontRole: [Character: Double]] = [:]

    init(scale: Double, family: String? = nil) {
        self.scale = scale
        self.family = family
        ascii = Array(repeating: Array(repeating: -1, count: 128), count: 6)
    }

    mutating func advance(of character: Character, role: FontRole) -> Double {
        if let ascii = character.asciiValue {
            let roleIndex = Self.index(of: role)
            let known = self.ascii[roleIndex][Int(ascii)]
            if known >= 0 { return known }
            let measured = TextMeasure.width(of: String(character), role: role, scale: scale, family: family)
            self.ascii[roleIndex][Int(ascii)] = measured
            return measured
        }
        if let known = others[role]?[character] { return known }
        let measured = TextMeasure.width(of: String(character), role: role, scale: scale, family: family)
        others[role, default: [:]][character] = measured
        return measured
    }

    private static func index(of role: FontRole) -> Int {
        switch role {
        case .body: 0
        case .caption: 1
        case .title: 2
        case .bodyBold: 3
        case .bodyItalic: 4
        case .bodyBoldItalic: 5
        }
    }
}
