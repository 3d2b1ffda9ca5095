/// Drawing a text field: the box, the text scrolled so the cursor shows,
/// the selection behind it, the cursor, and a search field's magnifier and
/// clear button.
extension TextField {
    static let padding = 10.0
    /// A search field's magnifier and clear button: each this wide.
    static let searchIconWidth = 24.0

    /// The text as drawn: a password's characters are dots.
    var shownText: String { style == .password ? Self.dots(characters.count) : text }

    static func dots(_ count: Int) -> String { String(repeating: "\u{2022}", count: count) }

    /// The box inside the field's frame.
    var box: Rect { frame.insetBy(dx: 6, dy: 4) }

    /// Where the text goes: the box less its padding and a search field's icons.
    var textArea: Rect {
        var area = box.insetBy(dx: Self.padding, dy: 0)
        if style == .search {
            area = Rect(x: area.minX + Self.searchIconWidth - 4, y: area.minY,
                        width: max(0, area.width - 2 * Self.searchIconWidth + 8), height: area.height)
        }
        return area
    }

    /// A search field's clear button, while there is text to clear.
    var clearButtonFrame: Rect? {
        guard style == .search, !characters.isEmpty else { return nil }
        return Rect(x: box.maxX - Self.searchIconWidth - 4, y: box.midY - Self.searchIconWidth / 2,
                    width: Self.searchIconWidth, height: Self.searchIconWidth)
    }

    public func draw(in canvas: Canvas, damage: Region) {
        guard isVisible, damage.intersects(frame) else { return }
        canvas.withClip(frame) {
            canvas.fill(frame, color: theme.background)
            canvas.fillRoundedRect(box, radius: 6, color: isFocused ? theme.accent : theme.separator)
            canvas.fillRoundedRect(box.insetBy(dx: isFocused ? 2 : 1, dy: isFocused ? 2 : 1), radius: 5, color: theme.background)
            if style == .search { drawSearchIcons(in: canvas) }
            drawText(in: canvas)
        }
    }

    private func drawText(in canvas: Canvas) {
        let inner = textArea
        let lineHeight = canvas.metrics(for: .body).lineHeight
        let top = box.midY - lineHeight / 2
        let shown = shownText
        // Each boundary's x, so the cursor, the selection and clicks find their place.
        // Character by character: O(n) for a long paste (kerning across pairs is not worth O(n²)).
        var offsets: [Double] = [0]
        offsets.reserveCapacity(characters.count + 1)
        let dotWidth = style == .password ? canvas.measureText("\u{2022}", role: .body) : 0
        for character in characters {
            let width = style == .password ? dotWidth : canvas.measureText(String(character), role: .body)
            offsets.append(offsets[offsets.count - 1] + width)
        }
        // Scrolled so the cursor stays inside the field.
        let shift = max(0, offsets[cursor] + 2 - inner.width)
        let textLeft = inner.minX - shift
        lastLayout = (textLeft, offsets)
        canvas.withClip(inner) {
            if let selected = selection {
                let left = textLeft + offsets[selected.lowerBound], right = textLeft + offsets[selected.upperBound]
                canvas.fill(Rect(x: left, y: top, width: right - left, height: lineHeight),
                            color: isFocused ? theme.highlightBackground : theme.selectionTint)
            }
            if characters.isEmpty {
                _ = canvas.drawText(placeholder, at: Point(x: inner.minX, y: top), role: .body,
                                    color: theme.secondaryText, maxWidth: inner.width)
            } else {
                _ = canvas.drawText(shown, at: Point(x: textLeft, y: top), role: .body, color: theme.primaryText, maxWidth: nil)
            }
            if isFocused {
                canvas.fill(Rect(x: textLeft + offsets[cursor], y: top, width: 2, height: lineHeight), color: theme.accent)
            }
        }
    }

    /// A magnifier at the start, and a clear button (a cross in a disc) at the end while there is text.
    private func drawSearchIcons(in canvas: Canvas) {
        let centre = Point(x: box.minX + Self.padding + 6, y: box.midY - 1)
        canvas.strokeCircle(center: centre, radius: 5, lineWidth: 1.5, color: theme.secondaryText)
        canvas.drawLine(from: Point(x: centre.x + 3.6, y: centre.y + 3.6), to: Point(x: centre.x + 8, y: centre.y + 8),
                        lineWidth: 1.8, color: theme.secondaryText)
        guard let button = clearButtonFrame else { return }
        let middle = Point(x: button.midX, y: button.midY)
        canvas.fillCircle(center: middle, radius: 8, color: theme.secondaryText)
        for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
            canvas.drawLine(from: Point(x: middle.x - 3.5 * dx, y: middle.y - 3.5 * dy),
                            to: Point(x: middle.x + 3.5 * dx, y: middle.y + 3.5 * dy), lineWidth: 1.6, color: theme.background)
        }
    }
}
