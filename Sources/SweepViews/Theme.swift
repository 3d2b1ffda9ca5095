import SweepGraphics

/// The colours every view draws with.
public struct Theme: Hashable, Sendable {
    public var background: Color
    public var rowHover: Color
    public var separator: Color
    public var primaryText: Color
    public var secondaryText: Color
    public var accent: Color
    public var toolbarBackground: Color
    public var toolbarText: Color
    public var scrollIndicator: Color
    /// Section headers and the tab bar.
    public var headerBackground: Color
    /// What is drawn on the accent colour: a selection circle's checkmark, a badge's text.
    public var accentForeground: Color = .white
    /// The fontconfig family text is drawn in ("Noto Sans", "Cantarell");
    /// nil: `SWEEP_FONT`, else the system's sans-serif face.
    public var fontFamily: String? = nil

    public static let light = Theme(
        background: Color(rgb: 0xffffff),
        rowHover: Color(rgb: 0xf0f0f5),
        separator: Color(rgb: 0xd8d8dc),
        primaryText: Color(rgb: 0x1c1c1e),
        secondaryText: Color(rgb: 0x6e6e73),
        accent: Color(rgb: 0x0a6cdf),
        toolbarBackground: Color(rgb: 0xf4f4f6),
        toolbarText: Color(rgb: 0x1c1c1e),
        scrollIndicator: Color(red: 0, green: 0, blue: 0, alpha: 90),
        headerBackground: Color(rgb: 0xf2f2f7)
    )

    public static let dark = Theme(
        background: Color(rgb: 0x1c1c1e),
        rowHover: Color(rgb: 0x2c2c2e),
        separator: Color(rgb: 0x3a3a3c),
        primaryText: Color(rgb: 0xf2f2f7),
        secondaryText: Color(rgb: 0x98989f),
        accent: Color(rgb: 0x3b9bff),
        toolbarBackground: Color(rgb: 0x242426),
        toolbarText: Color(rgb: 0xf2f2f7),
        scrollIndicator: Color(red: 255, green: 255, blue: 255, alpha: 90),
        headerBackground: Color(rgb: 0x2c2c2e)
    )
}

extension Theme {
    /// The theme with every colour but the background `1 - opacity` of the
    /// way to the background: what an item drawn with it looks like drawn
    /// at `opacity` over the background, without a pass blending it there.
    public func faded(to opacity: Double) -> Theme {
        var faded = self
        let toward = 1 - (opacity.isFinite ? min(max(opacity, 0), 1) : 1)
        for path in [\Theme.rowHover, \.separator, \.primaryText, \.secondaryText, \.accent, \.toolbarBackground,
                     \.toolbarText, \.scrollIndicator, \.headerBackground, \.accentForeground] as [WritableKeyPath<Theme, Color>] {
            // The colour toward the background's, its own alpha kept (a translucent separator stays as translucent).
            var colour = self[keyPath: path].mixed(with: background, by: toward)
            colour.alpha = self[keyPath: path].alpha
            faded[keyPath: path] = colour
        }
        return faded
    }

    /// The theme called `name` ("light" or "dark").
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "light": .light
        case "dark": .dark
        default: nil
        }
    }

    /// Whether the theme is a dark one (its background is dark), whatever its accent.
    public var isDark: Bool {
        0.2126 * Double(background.red) + 0.7152 * Double(background.green) + 0.0722 * Double(background.blue) < 128
    }

    /// The theme with another accent colour (the desktop's, an app's brand):
    /// the selection, focus rings, links and check marks follow it.
    public func withAccent(_ accent: Color) -> Theme {
        var theme = self
        theme.accent = accent
        return theme
    }

    /// The theme with text in another font family (nil: the default).
    public func withFont(_ family: String?) -> Theme {
        var theme = self
        theme.fontFamily = family
        return theme
    }

    /// The background of a selected row: the accent, lightly.
    public var selectionTint: Color { accent.withOpacity(0.16) }

    /// Behind a title's highlighted characters (a filter's matches): the accent, stronger than the selection tint.
    public var highlightBackground: Color { accent.withOpacity(0.3) }
}
