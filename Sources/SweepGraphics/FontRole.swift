/// The kinds of text the toolkit draws; a canvas maps each to a face and a size.
public enum FontRole: CaseIterable, Hashable, Sendable {
    /// Row titles and most text (15 px).
    case body
    /// Subtitles and secondary lines (12 px).
    case caption
    /// Toolbar titles (17 px, bold).
    case title

    /// Size in logical pixels.
    public var pixelSize: Double {
        switch self {
        case .body: 15
        case .caption: 12
        case .title: 17
        }
    }

    public var isBold: Bool { self == .title }
}
