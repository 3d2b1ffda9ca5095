import SweepUI

/// The picker's header: the prompt and the filter text (or the
/// placeholder), a line that counts "N of M selected" (and says while
/// input is still coming), and a Done button.
final class PickHeader: Component {
    /// The height with `headerLines` lines of header text (18 px each) between the filter and the status.
    nonisolated static func height(headerLines: Int) -> Double { 56 + 18 * Double(headerLines) }
    /// Lines of text under the filter (--header, then --header-lines' records as they arrive).
    var headerLines: [String] = [] { didSet { invalidate() } }
    var height: Double { Self.height(headerLines: headerLines.count) }
    private(set) var frame: Rect = .zero
    var isVisible = true
    var theme: Theme
    private weak var host: ComponentHost?
    private let doneButton = ButtonArea(name: "done")
    private var doneFrame: Rect = .zero
    /// A click in the filter puts the cursor at the nearest character boundary.
    private let fieldClicks = ButtonArea(name: "filter")
    /// Where each character boundary of the filter was drawn (x), for clicks: those after the
    /// cursor moved right by a preedit shown there.
    private var boundaries: [Double] = []
    /// Where a preedit was drawn (its left and right x; a preedit cut at the field's end reaches
    /// on to Done): the cursor is at both its edges, and a click on it leaves the cursor there.
    private var preeditSpan: ClosedRange<Double>?
    var onPlaceCursor: (Int) -> Void = { _ in }

    let prompt: String
    let placeholder: String
    var query = "" {
        didSet {
            invalidate()
            if query != oldValue, let entry = accessibleEntry { accessibility?.textChanged(entry, from: oldValue, to: query) }
        }
    }
    /// The filter's accessible object once a reader asked for it, and the bridge it is served on.
    private(set) var accessibleEntry: AccessibleObject?
    private var accessibility: AccessibilityBridge? { (host as? AppWindow)?.application.accessibility }
    /// Where the filter's cursor is, in characters (set after `query`: a screen reader hears the edit, then the caret).
    var cursor = 0 {
        didSet {
            invalidate()
            if cursor != oldValue, let entry = accessibleEntry {
                accessibility?.caretMoved(entry, to: AccessibleObject.scalarOffset(ofCharacter: cursor, in: query))
            }
        }
    }
    /// The filter's selected characters (Shift+arrows, Shift+Home / End), nil for none.
    var selection: Range<Int>? {
        didSet {
            guard selection != oldValue else { return }
            invalidate()
            if let entry = accessibleEntry { accessibility?.textSelectionChanged(entry) }
        }
    }
    /// Text an input method is composing, drawn underlined at the cursor (not yet in the query).
    var preedit: TextInputUpdate.Preedit? {
        // Only the filter's line is drawn again (the status and header lines below stay).
        didSet { if preedit != oldValue { host?.invalidate(Region(filterLine)) } }
    }
    /// The prompt and the filter: the header's first 34 px, above its header lines and status.
    private var filterLine: Rect { Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(frame.height, 34)) }
    /// Where the caret was last drawn (window coordinates): an input method's candidates open under it.
    private(set) var caretRect: Rect?
    /// A screen reader moved the caret (SetCaretOffset), in characters.
    var onCaretSet: (Int) -> Void = { _ in }
    /// "3 of 1,204 selected", with "reading…" while input comes.
    var status = "" { didSet { invalidate() } }
    var onDone: () -> Void = {}
    /// An assistive technology set the filter's text.
    var onQueryEdited: (String) -> Void = { _ in }
    /// What a screen reader sees: the filter (an entry it can read and set), the status line, Done.
    lazy var accessibleObject: AccessibleObject? = makeAccessibleObject()

    init(prompt: String, placeholder: String, theme: Theme) {
        self.prompt = prompt
        self.placeholder = placeholder
        self.theme = theme
        doneButton.action = { [unowned self] _ in onDone() }
        fieldClicks.action = { [unowned self] point in
            guard !boundaries.isEmpty else { return }
            // The boundaries as drawn, each with the cursor it stands for (a preedit's right edge too).
            var drawn = boundaries.enumerated().map { (x: $0.element, cursor: $0.offset) }
            if preedit != nil, let preeditSpan {
                if preeditSpan.contains(point.x) { return onPlaceCursor(cursor) }
                drawn.append((preeditSpan.upperBound, cursor))
            }
            let nearest = drawn.min { abs($0.x - point.x) < abs($1.x - point.x) }
            onPlaceCursor(nearest?.cursor ?? 0)
        }
    }

    func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        host.gestureArena.add(doneButton.view)
        host.gestureArena.add(fieldClicks.view)
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        // On a phone Done is a 44-high touch target and a tap anywhere left of it reaches the filter.
        let compact = host?.horizontalSizeClass == .compact
        doneFrame = compact ? Rect(x: newFrame.maxX - 84, y: newFrame.minY + 6, width: 72, height: 44)
            : Rect(x: newFrame.maxX - 84, y: newFrame.minY + 10, width: 72, height: 36)
        doneButton.view.frame = doneFrame
        fieldClicks.view.frame = Rect(x: newFrame.minX, y: newFrame.minY, width: max(0, doneFrame.minX - newFrame.minX),
                                      height: compact ? newFrame.height : 34)
        invalidate()
    }

    private func invalidate() { host?.invalidate(Region(frame)) }

    /// A hand over Done, the I-beam over the filter (the rest of the header).
    func cursorShape(at point: Point) -> CursorShape { doneFrame.contains(point) ? .pointer : .text }

    func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame) else { return }
        canvas.withClip(frame) {
            canvas.fill(frame, color: theme.headerBackground)
            let body = canvas.metrics(for: .body), caption = canvas.metrics(for: .caption)
            let left = frame.minX + 12
            let textTop = frame.minY + 8
            let promptWidth = canvas.drawText(prompt, at: Point(x: left, y: textTop), role: .body,
                                              color: theme.secondaryText, maxWidth: frame.width / 3)
            let fieldLeft = left + promptWidth
            let fieldWidth = max(0, doneFrame.minX - 12 - fieldLeft)
            let composing = preedit?.text ?? ""
            preeditSpan = nil
            if query.isEmpty && composing.isEmpty {
                boundaries = []
                caretRect = Rect(x: fieldLeft, y: textTop, width: 2, height: body.lineHeight)
                if !placeholder.isEmpty {
                    canvas.drawText(placeholder, at: Point(x: fieldLeft, y: textTop), role: .body,
                                    color: theme.secondaryText, maxWidth: fieldWidth)
                }
                canvas.fill(Rect(x: fieldLeft, y: textTop, width: 2, height: body.lineHeight), color: theme.accent)
            } else {
                // Each visible boundary's x, for clicks: advances summed until the field's end (a pasted
                // query may be thousands of characters; measuring every prefix would be quadratic).
                // A preedit at the cursor moves the characters after it right by its width.
                let composingWidth = composing.isEmpty ? 0 : canvas.measureText(composing, role: .body)
                var x = 0.0
                boundaries = [fieldLeft]
                for (index, character) in query.enumerated() where x <= fieldWidth {
                    if index == cursor { x += composingWidth }
                    x += canvas.measureText(String(character), role: .body)
                    boundaries.append(fieldLeft + min(fieldWidth, x))
                }
                // While a preedit shows, the selection is not drawn: its characters are not where the boundaries say.
                if let selection, composing.isEmpty, let last = boundaries.last, selection.lowerBound < boundaries.count {
                    let left = boundaries[selection.lowerBound]
                    let right = selection.upperBound < boundaries.count ? boundaries[selection.upperBound] : last
                    canvas.fill(Rect(x: left, y: textTop, width: right - left, height: body.lineHeight), color: theme.highlightBackground)
                }
                let before = String(query.prefix(cursor))
                let drawn = composing.isEmpty ? query : before + composing + String(query.dropFirst(cursor))
                canvas.drawText(drawn, at: Point(x: fieldLeft, y: textTop), role: .body, color: theme.primaryText, maxWidth: fieldWidth)
                var caret = min(fieldWidth, canvas.measureText(before, role: .body))
                if let preedit, !composing.isEmpty {
                    // The preedit underlined; the caret where the input method puts it inside (or hidden).
                    let end = min(fieldWidth, canvas.measureText(before + composing, role: .body))
                    let preeditLeft = cursor < boundaries.count ? boundaries[cursor] : fieldLeft + caret
                    let cut = preeditLeft + composingWidth >= fieldLeft + fieldWidth
                    preeditSpan = preeditLeft...(cut ? .infinity : preeditLeft + composingWidth)
                    canvas.fill(Rect(x: fieldLeft + caret, y: textTop + body.lineHeight - 2, width: end - caret, height: 1),
                                color: theme.primaryText)
                    let inside = preedit.cursor.map { String(composing.utf8.prefix($0.lowerBound)) ?? "" }
                    caret = inside.map { min(fieldWidth, canvas.measureText(before + $0, role: .body)) } ?? end
                }
                caretRect = Rect(x: fieldLeft + caret + 1, y: textTop, width: 2, height: body.lineHeight)
                if composing.isEmpty || preedit?.cursor != nil {
                    canvas.fill(Rect(x: fieldLeft + caret + 1, y: textTop, width: 2, height: body.lineHeight), color: theme.accent)
                }
            }
            for (index, line) in headerLines.enumerated() {
                canvas.drawText(line, at: Point(x: left, y: frame.minY + 34 + 18 * Double(index)), role: .caption,
                                color: theme.primaryText, maxWidth: max(0, doneFrame.minX - 12 - left))
            }
            canvas.drawText(status, at: Point(x: left, y: frame.maxY - caption.lineHeight - 6), role: .caption,
                            color: theme.secondaryText, maxWidth: max(0, doneFrame.minX - 12 - left))
            canvas.fillRoundedRect(doneFrame, radius: 8, color: theme.accent)
            let label = "Done"
            let labelWidth = canvas.measureText(label, role: .body)
            canvas.drawText(label, at: Point(x: doneFrame.midX - labelWidth / 2, y: doneFrame.midY - body.lineHeight / 2),
                            role: .body, color: .white, maxWidth: nil)
            canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: theme.separator)
        }
    }
}

extension PickHeader {
    /// Tells a screen reader the filter has the focus (typing goes there, whatever the list shows);
    /// the bridge says it again once the registry knows the app.
    func announceFocus(on accessibility: AccessibilityBridge) {
        guard accessibleObject != nil, let entry = accessibleEntry else { return }
        accessibility.stateChanged(entry, "focused", true)
    }

    private func makeAccessibleObject() -> AccessibleObject {
        let panel = AccessibleObject(role: .panel)
        panel.name = { "" }
        panel.extents = { [unowned self] in frame }
        let entry = AccessibleObject(role: .entry)
        accessibleEntry = entry
        entry.parent = panel
        entry.name = { [unowned self] in prompt.trimmingCharacters(in: .whitespaces).isEmpty ? "Filter" : prompt }
        entry.description = { [unowned self] in placeholder }
        entry.states = { AccessibleStates.usable.union([.focusable, .focused, .editable]) }
        entry.text = { [unowned self] in query }
        entry.caret = { [unowned self] in AccessibleObject.scalarOffset(ofCharacter: cursor, in: query) }
        entry.textSelection = { [unowned self] in
            selection.map { AccessibleObject.scalarOffset(ofCharacter: $0.lowerBound, in: query)
                ..< AccessibleObject.scalarOffset(ofCharacter: $0.upperBound, in: query) }
        }
        entry.setCaret = { [unowned self] offset in
            guard (0...query.unicodeScalars.count).contains(offset) else { return false }
            onCaretSet(AccessibleObject.characterIndex(ofScalar: offset, in: query))
            return true
        }
        entry.setText = { [unowned self] text in
            onQueryEdited(text.filter { $0 != "\n" && $0 != "\r" })
            return true
        }
        entry.extents = { [unowned self] in
            host?.horizontalSizeClass == .compact ? fieldClicks.view.frame
                : Rect(x: frame.minX, y: frame.minY, width: doneFrame.minX - frame.minX, height: 30)
        }
        let status = AccessibleObject(role: .statusBar)
        status.parent = panel
        status.name = { [unowned self] in self.status }
        status.text = { [unowned self] in self.status }
        status.extents = { [unowned self] in Rect(x: frame.minX, y: frame.minY + 30, width: doneFrame.minX - frame.minX, height: 26) }
        let done = AccessibleObject(role: .pushButton)
        done.parent = panel
        done.name = { "Done" }
        done.extents = { [unowned self] in doneFrame }
        done.actions = [("click", { [unowned self] in
            onDone()
            return true
        })]
        panel.children = { [entry, status, done] }
        return panel
    }
}
