import SweepGraphics

/// What one item shows, whatever draws it (UIKit's
/// `UIListContentConfiguration`): a picture, a title with optional
/// highlighted characters, a secondary line, a trailing detail, a badge and
/// an accessory, and whether it is disabled.
///
/// A list row puts the picture before the text, the detail right-aligned at
/// the trailing edge, then the badge and the accessory. A grid cell puts the
/// picture above the title, the detail under the title and the badge in the
/// top-right corner; it draws no accessory.
public struct ItemContent: Hashable, Sendable {
    /// A thumbnail or a built-in icon before (list) or above (grid) the text; nil for none.
    public var image: ItemImage?
    /// The item's name, in the primary text colour.
    public var title: String
    /// A second, smaller line under the title (a list's subtitle); nil for none.
    public var secondaryText: String?
    /// A short trailing fact: a file size, a date. nil for none.
    public var detailText: String?
    /// A short text in a pill, an unread count say; nil for none.
    public var badge: String?
    /// What a list row shows at its trailing edge.
    public var accessory: RowAccessory
    /// Parts of the title to highlight (the characters a fuzzy filter matched),
    /// as UTF-8 byte offsets into `title`: what a byte-level matcher produces.
    /// Ranges may overlap, come in any order or reach past the end; a range
    /// that splits a multi-byte character highlights the whole character, and
    /// the part past the end is ignored.
    public var titleHighlights: [Range<Int>]
    /// Shown dimmed (an item that cannot be chosen now).
    public var isDisabled: Bool
    /// The app's own value for its renderer: the item's identifier, or its
    /// model (a message's unread and flagged states), read back with
    /// `value(as:)`. The default renderers ignore it. A
    /// `SnapshotDataSource` puts the item's identifier here when its
    /// `content` closure left it nil.
    public var value: ItemValue?

    /// `value` as a `T`, when it holds one.
    public func value<T>(as type: T.Type) -> T? { value?.base as? T }

    /// Content with `title` and whatever else is given; nothing else shows.
    public init(title: String, secondaryText: String? = nil, detailText: String? = nil, image: ItemImage? = nil,
                badge: String? = nil, accessory: RowAccessory = .none, titleHighlights: [Range<Int>] = [],
                isDisabled: Bool = false, value: ItemValue? = nil) {
        self.image = image
        self.title = title
        self.secondaryText = secondaryText
        self.detailText = detailText
        self.badge = badge
        self.accessory = accessory
        self.titleHighlights = titleHighlights
        self.isDisabled = isDisabled
        self.value = value
    }
}

/// Any hashable, sendable value an app hangs on an `ItemContent` (an
/// identifier, a model struct); equal when the values are.
public struct ItemValue: Hashable, Sendable {
    /// The value.
    public let base: any Hashable & Sendable

    /// Wraps `base`.
    public init(_ base: some Hashable & Sendable) { self.base = base }

    public static func == (lhs: ItemValue, rhs: ItemValue) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}

/// An item's picture: a decoded bitmap, or an icon drawn from shapes.
public enum ItemImage: Hashable, Sendable {
    /// A decoded picture (a thumbnail), fitted into the picture's place.
    case bitmap(Bitmap)
    /// A built-in icon, drawn in the theme's accent.
    case icon(ItemIcon)
}

/// Small pictures drawn with the canvas's shapes, so they need no files and
/// stay sharp at every scale.
public enum ItemIcon: Hashable, Sendable {
    /// A folder with a tab.
    case folder
    /// A page with a folded corner and lines of text: a file.
    case document
    /// A framed picture of mountains and a sun.
    case image
    /// Two beamed notes.
    case audio
    /// A film camera.
    case video
    /// A box with a lid and a handle.
    case archive
    /// Two chain links.
    case link
    /// A short text (an emoji, a letter) drawn centred as the icon.
    case glyph(String)
}
