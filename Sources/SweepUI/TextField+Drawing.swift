/// Drawing a text field: the box, the text scrolled so the cursor shows,
/// the selection behind it, the cursor, and a search field's magnifier and
/// clear button.
extension TextField {
    static let padding = 10.0
    /// A search field's magnifier and clear button: each this wide.
    static let searchIconWidth = 24.0

    /// The text as a screen reader reads it: a password's characters are dots.
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
        // What is drawn: the text with an input method's preedit at the cursor (a password's as dots).
        let at = min(editor.cursor, characters.count)
        let composing = preedit.map { Array($0.text) } ?? []
        let drawn = Array(characters[..<at]) + composing + Array(characters[at...])
        // Each boundary's x, so the cursor, the selection and clicks find their place.
        // Character by character: O(n) for a long paste (kerning across pairs is not worth O(n²)).
        var offsets: [Double] = [0]
        offsets.reserveCapacity(drawn.count + 1)
        let dotWidth = style == .password ? canvas.measureText("\u{2022}", role: .body) : 0
        for character in drawn {
            let width = style == .password ? dotWidth : canvas.measureText(String(character), role: .body)
            offsets.append(offsets[offsets.count - 1] + width)
        }
        // The text's own boundaries: those after the cursor sit past the preedit.
        let textOffsets = composing.isEmpty ? offsets : Array(offsets[...at]) + Array(offsets[(at + composing.count + 1)...])
        // The caret: the input method's cursor inside the preedit, else the text's.
        let caretX: Double? = if let preedit {
            preedit.cursor.map { offsets[at + Self.characterIndex(ofByte: $0.lowerBound, in: preedit.text)] }
        } else {
            offsets[at]
        }
        // Scrolled so the caret (or the preedit's end) stays inside the field.
        let shift = max(0, (caretX ?? offsets[at + composing.count]) + 2 - inner.width)
        let textLeft = inner.minX - shift
        lastLayout = (textLeft, textOffsets)
        lastCaret = Rect(x: textLeft + (caretX ?? offsets[at]), y: top, width: 2, height: lineHeight)
        canvas.withClip(inner) {
            if let selected = selection, composing.isEmpty {
                let left = textLeft + offsets[selected.lowerBound], right = textLeft + offsets[selected.upperBound]
                canvas.fill(Rect(x: left, y: top, width: right - left, height: lineHeight),
                            color: isFocused ? theme.highlightBackground : theme.selectionTint)
            }
            if drawn.isEmpty {
                _ = canvas.drawText(placeholder, at: Point(x: inner.minX, y: top), role: .body,
                                    color: theme.secondaryText, maxWidth: inner.width)
            } else {
                let shown = style == .password ? Self.dots(drawn.count) : String(drawn)
                _ = canvas.drawText(shown, at: Point(x: textLeft, y: top), role: .body, color: theme.primaryText, maxWidth: nil)
            }
            if let preedit, !composing.isEmpty { drawPreeditUnderline(preedit, from: at, offsets: offsets, textLeft: textLeft, top: top,
                                                                      lineHeight: lineHeight, in: canvas) }
            if isFocused, let caretX {
                canvas.fill(Rect(x: textLeft + caretX, y: top, width: 2, height: lineHeight), color: theme.accent)
            }
        }
    }

    /// The preedit's underline (what is being composed is not text yet), thicker under
    /// the part the input method highlights (the clause being converted).
    private func drawPreeditUnderline(_ preedit: TextInputUpdate.Preedit, from at: Int, offsets: [Double], textLeft: Double,
                                      top: Double, lineHeight: Double, in canvas: Canvas) {
        let count = preedit.text.count
        let baseline = top + lineHeight - 2
        canvas.fill(Rect(x: textLeft + offsets[at], y: baseline, width: offsets[at + count] - offsets[at], height: 1),
                    color: theme.primaryText)
        guard let cursor = preedit.cursor, !cursor.isEmpty else { return }
        let low = at + Self.characterIndex(ofByte: cursor.lowerBound, in: preedit.text)
        let high = at + Self.characterIndex(ofByte: cursor.upperBound, in: preedit.text)
        canvas.fill(Rect(x: textLeft + offsets[low], y: baseline - 1, width: offsets[high] - offsets[low], height: 2),
                    color: theme.accent)
    }

    /// The characters of `text` before `byte` (a character boundary).
    static func characterIndex(ofByte byte: Int, in text: String) -> Int {
        var position = 0, index = 0
        for character in text {
            position += character.utf8.count
            if position > byte { break }
            index += 1
        }
        return index
    }

    /// Where the input method is told the cursor is: where it was last drawn, else the text's start.
    var cursorRectangle: Rect {
        lastCaret ?? Rect(x: textArea.minX, y: box.minY, width: 2, height: box.height)
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
