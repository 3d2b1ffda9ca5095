/// How a span of a text view's text looks and acts: bold, italic, a colour,
/// a link (its target, which `TextView.onLinkActivated` receives).
public struct TextStyle: Hashable, Sendable {
    public var isBold: Bool
    public var isItalic: Bool
    /// The text's colour; nil for the theme's.
    public var color: Color?
    /// What the span links to (a URL, an app's id); nil for plain text.
    /// Links are drawn in the accent colour, underlined.
    public var link: String?

    public init(bold: Bool = false, italic: Bool = false, color: Color? = nil, link: String? = nil) {
        isBold = bold
        isItalic = italic
        self.color = color
        self.link = link
    }

    public static let plain = TextStyle()
    public static let bold = TextStyle(bold: true)
    public static let italic = TextStyle(italic: true)
    public static func link(_ target: String) -> TextStyle { TextStyle(link: target) }

    var fontRole: FontRole { .body(bold: isBold, italic: isItalic) }
}

/// Text with styled spans, built by appending (as `AttributedString` is
/// built): `StyledText("From: ").appending("Ada", style: .bold)`. Newlines
/// separate paragraphs.
public struct StyledText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The spans in order, each some text and its style.
    public private(set) var runs: [(text: String, style: TextStyle)] = []

    public init(_ text: String = "", style: TextStyle = .plain) {
        if !text.isEmpty { runs = [(text, style)] }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Adds `text` in `style` at the end.
    public mutating func append(_ text: String, style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        runs.append((text, style))
    }

    /// This text with `text` in `style` added at the end.
    public func appending(_ text: String, style: TextStyle = .plain) -> StyledText {
        var copy = self
        copy.append(text, style: style)
        return copy
    }

    /// The plain text.
    public var string: String { runs.map(\.text).joined() }

    public static func == (lhs: StyledText, rhs: StyledText) -> Bool {
        lhs.runs.count == rhs.runs.count && zip(lhs.runs, rhs.runs).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }

    public func hash(into hasher: inout Hasher) {
        for run in runs {
            hasher.combine(run.text)
            hasher.combine(run.style)
        }
    }
}
