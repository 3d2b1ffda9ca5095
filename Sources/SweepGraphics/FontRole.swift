/// The kinds of text the toolkit draws; a canvas maps each to a face and a size.
public enum FontRole: CaseIterable, Hashable, Sendable {
    /// Row titles and most text (15 px).
    case body
    /// Subtitles and secondary lines (12 px).
    case caption
    /// Toolbar titles (17 px, bold).
    case title
    /// Body text in bold, in italic, and in both (a text view's spans).
    case bodyBold
    case bodyItalic
    case bodyBoldItalic

    /// Size in logical pixels.
    public var pixelSize: Double {
        switch self {
        case .body, .bodyBold, .bodyItalic, .bodyBoldItalic: 15
        case .caption: 12
        case .title: 17
        }
    }

    public var isBold: Bool { self == .title || self == .bodyBold || self == .bodyBoldItalic }
    public var isItalic: Bool { self == .bodyItalic || self == .bodyBoldItalic }

    /// Body text with the given weight and slant.
    public static func body(bold: Bool, italic: Bool) -> FontRole {
        switch (bold, italic) {
        case (false, false): .body
        case (true, false): .bodyBold
        case (false, true): .bodyItalic
        case (true, true): .bodyBoldItalic
        }
    }
}
