/// Drawing a text view: the paragraphs on screen, measured as they come
/// into view, the selection behind them, links underlined, the cursor,
/// and a scroll indicator.
extension TextView {
    public func draw(in canvas: Canvas, damage: Region) {
        guard isVisible, damage.intersects(frame) else { return }
        canvas.withClip(frame) {
            canvas.fill(frame, color: theme.background)
            if isFocused {
                canvas.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 2), color: theme.accent)
            }
            drawParagraphs(in: canvas)
            drawScrollIndicator(in: canvas)
        }
    }

    private func drawParagraphs(in canvas: Canvas) {
        let viewportTop = contentOffset, viewportBottom = contentOffset + frame.height
        // The paragraph at the top keeps its place while those below it are measured.
        var index = layout.paragraph(atY: max(0, viewportTop - Self.padding))
        layOut(index)
        layout.updateTops()
        let selected = selection
        let ascent = canvas.metrics(for: .body).ascent
        let textTop = (lineHeight - canvas.metrics(for: .body).lineHeight) / 2
        while index < document.paragraphs.count {
            layOut(index)
            layout.updateTops()
            let top = layout.top(of: index) + Self.padding
            if top > viewportBottom { break }
            if let laid = layout.layout(of: index) {
                let paragraph = document.paragraphs[index]
                for line in 0..<laid.lineStarts.count {
                    let y = frame.minY + top + Double(line) * lineHeight - contentOffset
                    if y + lineHeight < frame.minY { continue }
                    if y > frame.maxY { break }
                    let range = TextLayout.range(ofLine: line, in: laid)
                    let left = frame.minX + Self.padding
                    if let selected { drawSelection(selected, paragraph: index, line: range, laid: laid, left: left, y: y, in: canvas) }
                    var x = left
                    paragraph.forEachRun(in: range) { part, style in
                        let width = laid.advances[part].reduce(0, +)
                        let color = style.color ?? (style.link != nil ? theme.accent : theme.primaryText)
                        _ = canvas.drawText(String(paragraph.characters[part]), at: Point(x: x, y: y + textTop),
                                            role: style.fontRole, color: color, maxWidth: nil)
                        if style.link != nil {
                            canvas.fill(Rect(x: x, y: (y + textTop + ascent + 2).rounded(), width: width, height: 1), color: color)
                        }
                        x += width
                    }
                    if isFocused && isEditable && cursor.paragraph == index && TextLayout.line(of: cursor.offset, in: laid) == line {
                        let cursorX = left + TextLayout.x(of: cursor.offset, in: laid)
                        canvas.fill(Rect(x: cursorX, y: y + 2, width: 2, height: lineHeight - 4), color: theme.accent)
                    }
                }
            }
            index += 1
        }
    }

    /// The selected part of one line: its characters' width, and a little past a paragraph's end when the selection goes on.
    private func drawSelection(_ selected: Range<TextPosition>, paragraph index: Int, line range: Range<Int>,
                               laid: TextLayout.Paragraph, left: Double, y: Double, in canvas: Canvas) {
        let lineStart = TextPosition(paragraph: index, offset: range.lowerBound)
        let lineEnd = TextPosition(paragraph: index, offset: range.upperBound)
        guard selected.lowerBound <= lineEnd, selected.upperBound >= lineStart else { return }
        let from = max(selected.lowerBound, lineStart).offset, to = min(selected.upperBound, lineEnd).offset
        var x0 = left + laid.advances[range.lowerBound..<from].reduce(0, +)
        var x1 = x0 + laid.advances[from..<to].reduce(0, +)
        let isParagraphEnd = range.upperBound == laid.advances.count
        if isParagraphEnd && selected.upperBound > lineEnd { x1 += 6 }   // the newline, selected
        if x1 <= x0 { return }
        x0 = max(x0, frame.minX)
        canvas.fill(Rect(x: x0, y: y, width: x1 - x0, height: lineHeight),
                    color: isFocused ? theme.highlightBackground : theme.selectionTint)
    }

    private func drawScrollIndicator(in canvas: Canvas) {
        let geometry = ScrollbarGeometry(frame: frame, contentHeight: layout.contentHeight + 2 * Self.padding)
        guard let thumb = geometry.thumb(at: contentOffset, wide: false) else { return }
        canvas.fillRoundedRect(thumb, radius: thumb.width / 2, color: theme.scrollIndicator)
    }
}
