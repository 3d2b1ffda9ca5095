import SweepGestures

/// Multi-line text, wrapped to the view's width and scrolled: a message
/// body, a file's preview, a log. Read-only by default; `isEditable` makes
/// it an editor. Spans set by the app (`StyledText`) are bold, italic,
/// coloured or links; a link is activated by a click on it, or by Enter
/// with the cursor in it, and reaches `onLinkActivated`.
///
/// Selection, the clipboard and undo work as in `TextField`: Shift with the
/// movement keys (Left, Right, Up, Down, Home and End of the line,
/// Ctrl+Home and Ctrl+End of the text, Page Up and Page Down) and a
/// press, drag, double click (a word) or triple click (a paragraph);
/// Ctrl+A, Ctrl+C, Ctrl+X, Ctrl+V, Ctrl+Z and Ctrl+Shift+Z; what is
/// selected becomes the primary selection and the middle button pastes it.
/// A read-only view selects and copies but changes nothing.
///
/// Paragraphs are measured only when they are drawn or reached, so a
/// megabyte of text opens and scrolls without laying out the rest.
@MainActor
public final class TextView: Component {
    /// What the view holds; setting it scrolls to the top and forgets the undo history.
    public var text: StyledText {
        get {
            var styled = StyledText()
            for (index, paragraph) in document.paragraphs.enumerated() {
                if index > 0 { styled.append("\n") }
                paragraph.forEachRun(in: 0..<paragraph.count) { range, style in
                    styled.append(String(paragraph.characters[range]), style: style)
                }
            }
            return styled
        }
        set { setDocument(TextDocument(newValue)) }
    }
    /// The plain text (paragraphs joined by newlines); setting it drops every span.
    public var string: String {
        get { document.string }
        set { setDocument(TextDocument(StyledText(newValue))) }
    }
    /// Whether typing, pasting and deleting change the text.
    public var isEditable: Bool {
        didSet {
            invalidate()
            madeAccessibleObject.map(updateEditing)
        }
    }
    /// The colours it draws with: the window's theme (`AppWindow.theme`)
    /// unless one is set here, which overrides it (`themeOverride`).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    /// The view's own theme; nil follows the window's.
    public var themeOverride: Theme? {
        get { themes.override }
        set { if themes.setOverride(newValue) { invalidate() } }
    }
    private var themes: ThemeSource

    /// The window tells its new theme after it set its font family: a new family is measured anew.
    public func inheritedThemeDidChange(to theme: Theme) {
        if host?.fontFamily != advances.family { fontDidChange() }
        if themes.inherit(theme) { invalidate() }
    }

    /// Another font family: every advance is measured again.
    private func fontDidChange() {
        advances = AdvanceCache(scale: host?.scale ?? 1, family: host?.fontFamily)
        layout.forgetMeasurements(paragraphCounts: document.paragraphs.map(\.count))
        invalidate()
    }
    /// Called after every edit by the person.
    public var onChange: ((TextView) -> Void)?
    /// A link was clicked, or Enter pressed in it: its target.
    public var onLinkActivated: ((String) -> Void)?
    /// What a screen reader calls the view ("Preview", "Message").
    public var accessibleLabel: String?

    public private(set) var frame: Rect = .zero
    public var isVisible = true { didSet { gestureView.isUserInteractionEnabled = isVisible } }
    public private(set) var isFocused = false
    /// How far the text is scrolled, in logical pixels from its top.
    public private(set) var contentOffset = 0.0

    var document: TextDocument
    var layout: TextLayout
    var history = TextHistory()
    /// Where Shift ranges and drags start, and where the cursor is.
    var anchor: TextPosition
    var cursor: TextPosition
    /// The x an Up or Down keeps to, across lines of other lengths.
    var goalX: Double?
    private(set) weak var host: ComponentHost?
    let gestureView: GestureView
    private let pointer = PressDragGestureRecognizer(name: "text view pointer")
    private let touchScroll = PanGestureRecognizer(name: "text view scroll", minimumTouches: 1, maximumTouches: 1)
    private var scrollStartOffset = 0.0
    /// What a press began: placing the cursor, a word drag, a paragraph drag, or the scrollbar's thumb.
    private enum PressMode { case characters, words(Range<TextPosition>), paragraphs(Int), scrollbar(grabOffset: Double) }
    private var pressMode: PressMode = .characters
    /// The press has not moved: its release may activate the link under it.
    private var pressIsClick = false
    /// The link the press began on, if any (read-only, or Ctrl held in an editable view).
    private var pressedLink: String?
    var madeAccessibleObject: AccessibleObject?
    /// Characters' advances measured so far, at the window's scale.
    private var advances = AdvanceCache(scale: 1)

    public static let padding = 12.0
    let lineHeight = 22.0

    public init(text: StyledText = StyledText(), isEditable: Bool = false, theme: Theme? = nil, name: String = "text view") {
        document = TextDocument(text)
        self.isEditable = isEditable
        themes = ThemeSource(override: theme)
        layout = TextLayout(paragraphCounts: document.paragraphs.map(\.count), width: 1, lineHeight: lineHeight)
        anchor = document.start
        cursor = document.start
        gestureView = GestureView(name: name, frame: .zero)
        gestureView.addRecognizer(pointer)
        gestureView.addRecognizer(touchScroll)
        pointer.onStateChange = { [unowned self] recognizer in pointerChanged(recognizer.state) }
        touchScroll.onStateChange = { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            if pan.state == .began { scrollStartOffset = contentOffset }
            if pan.state == .began || pan.state == .changed { scroll(to: scrollStartOffset - pan.translation.y) }
        }
    }

    private func setDocument(_ newDocument: TextDocument) {
        endPress()
        let old = madeAccessibleObject == nil ? nil : document.string
        document = newDocument
        layout = TextLayout(paragraphCounts: document.paragraphs.map(\.count), width: textWidth, lineHeight: lineHeight)
        history.clear()
        anchor = document.start
        cursor = document.start
        goalX = nil
        contentOffset = 0
        invalidate()
        if let object = madeAccessibleObject, let old, let accessibility {
            accessibility.textChanged(object, from: old, to: document.string)
            accessibility.caretMoved(object, to: 0)
        }
    }

    /// Forgets what a press began (the text changed under it): the rest of its drag selects by character.
    func endPress() {
        pressMode = .characters
        pressIsClick = false
    }

    // MARK: - Component

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        host.gestureArena.add(gestureView)
    }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        gestureView.frame = newFrame
        layout.setWidth(textWidth, paragraphs: document.paragraphs)
        scroll(to: contentOffset)
        invalidate()
    }

    public func windowScaleDidChange(to scale: Double) {
        layout.forgetMeasurements(paragraphCounts: document.paragraphs.map(\.count))
        invalidate()
    }

    /// Whether Tab stops at the view and a press focuses it (a preview beside a list may not).
    public var isFocusable = true

    public var acceptsFocus: Bool { isVisible && isFocusable }
    /// Wheel and touchpad scrolling over it scroll its own content.
    public var scrollsItself: Bool { true }

    public var sizeNeeds: SizeNeeds {
        SizeNeeds(minimum: Size(width: 120, height: lineHeight * 3 + 2 * Self.padding),
                  natural: Size(width: 480, height: lineHeight * 12 + 2 * Self.padding))
    }

    public func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        invalidate()
        if let object = madeAccessibleObject { accessibility?.stateChanged(object, "focused", isFocused) }
    }

    public func cursorShape(at point: Point) -> CursorShape {
        !isEditable && link(at: point) != nil ? .pointer : .text
    }

    /// The link whose characters are under a window point (not merely nearest it).
    func link(at point: Point) -> String? {
        guard let (position, line, x) = hit(point), let laid = layout.layout(of: position.paragraph),
              let character = TextLayout.character(atX: x, line: line, in: laid) else { return nil }
        let under = TextPosition(paragraph: position.paragraph, offset: character)
        guard let link = document.link(at: under), under.offset < link.range.upperBound.offset else { return nil }
        return link.target
    }

    /// The selected text (what Ctrl+C copies and the primary selection offers); nil when nothing is selected.
    public var copiedText: String? { selection.map { document.string(in: $0) } }

    /// The selected text, nil when nothing is selected.
    public var selectedText: String? { copiedText }

    /// Selects the whole text.
    public func selectAll() {
        select(document.start..<document.end)
    }

    /// The wheel scrolls three lines a notch; fingers on a touchpad and other continuous devices one to one.
    public func handleScroll(_ frame: PointerFrame) {
        guard isVisible, let vertical = frame.vertical else { return }
        let dy = vertical.value120.map { Double($0) / 120 * 3 * lineHeight } ?? vertical.value
        guard dy != 0 else { return }
        scroll(to: contentOffset + dy)
    }

    // MARK: - Selection and scrolling

    var selection: Range<TextPosition>? { anchor == cursor ? nil : min(anchor, cursor)..<max(anchor, cursor) }

    func select(_ range: Range<TextPosition>) {
        history.closeGroup()
        let old = (anchor, cursor)
        anchor = document.clamped(range.lowerBound)
        cursor = document.clamped(range.upperBound)
        selectionDidChange(from: old)
    }

    /// Moves the cursor, extending the selection or not.
    func move(to position: TextPosition, extending: Bool, keepingGoalX: Bool = false) {
        let old = (anchor, cursor)
        let position = document.clamped(position)
        if position != cursor || (!extending && anchor != cursor) { history.closeGroup() }
        cursor = position
        if !extending { anchor = position }
        if !keepingGoalX { goalX = nil }
        selectionDidChange(from: old)
        scrollToCursor()
    }

    func selectionDidChange(from old: (TextPosition, TextPosition)) {
        guard old.0 != anchor || old.1 != cursor else { return }
        invalidate()
        guard let object = madeAccessibleObject, let accessibility else { return }
        if old.1 != cursor { accessibility.caretMoved(object, to: accessibleOffset(of: cursor)) }
        if (old.0 != old.1) || anchor != cursor { accessibility.textSelectionChanged(object) }
    }

    /// The width text wraps to.
    var textWidth: Double { max(1, frame.width - 2 * Self.padding - ScrollbarGeometry.wideWidth) }

    /// Scrolls to `offset`, kept inside the text.
    public func scroll(to offset: Double) {
        let maximum = max(0, layout.contentHeight + 2 * Self.padding - frame.height)
        let clamped = max(0, min(offset, maximum))
        guard clamped != contentOffset else { return }
        contentOffset = clamped
        invalidate()
    }

    /// Scrolls so the cursor's line shows.
    func scrollToCursor() {
        guard frame.height > 0, let line = lineRect(of: cursor) else { return }
        if line.minY < contentOffset {
            scroll(to: line.minY)
        } else if line.maxY > contentOffset + frame.height - 2 * Self.padding {
            scroll(to: line.maxY - frame.height + 2 * Self.padding)
        }
    }

    func invalidate() { host?.invalidate(Region(frame)) }

    var accessibility: AccessibilityBridge? { (host as? AppWindow)?.application.accessibility }

    // MARK: - Measuring and hit testing

    /// Measures paragraph `index` if it is not yet.
    func layOut(_ index: Int) {
        guard layout.layout(of: index) == nil else { return }
        let scale = host?.scale ?? 1
        // Measured through a local cache: no exclusivity check on the view's property a character.
        // In the window's family, which the canvas draws in.
        let family = host?.fontFamily
        var cache = AdvanceCache(scale: scale, family: family)
        if advances.scale == scale && advances.family == family { swap(&cache, &advances) }
        layout.layOut(index, paragraph: document.paragraphs[index]) { character, role in
            cache.advance(of: character, role: role)
        }
        swap(&cache, &advances)
    }

    /// The rectangle of `position`'s line in content coordinates (0 at the text's top).
    func lineRect(of position: TextPosition) -> Rect? {
        layOut(position.paragraph)
        layout.updateTops()
        guard let laid = layout.layout(of: position.paragraph) else { return nil }
        let line = TextLayout.line(of: position.offset, in: laid)
        let y = layout.top(of: position.paragraph) + Double(line) * lineHeight
        return Rect(x: TextLayout.x(of: position.offset, in: laid), y: y, width: 2, height: lineHeight)
    }

    /// The text position nearest a window point.
    func position(at point: Point) -> TextPosition? { hit(point)?.position }

    /// The position nearest a window point, its line in the paragraph, and the point's x from the line's start.
    private func hit(_ point: Point) -> (position: TextPosition, line: Int, x: Double)? {
        guard frame.width > 0 else { return nil }
        let y = point.y - frame.minY - Self.padding + contentOffset
        var index = layout.paragraph(atY: max(0, y))
        layOut(index)
        // Measuring may have moved what is at y: look again once.
        let again = layout.paragraph(atY: max(0, y))
        if again != index {
            index = again
            layOut(index)
        }
        layout.updateTops()
        guard let laid = layout.layout(of: index) else { return nil }
        let line = max(0, min(laid.lineStarts.count - 1, Int((y - layout.top(of: index)) / lineHeight)))
        let x = point.x - frame.minX - Self.padding
        return (TextPosition(paragraph: index, offset: TextLayout.offset(nearestX: x, line: line, in: laid)), line, x)
    }

    // MARK: - Pointer

    private func windowPoint(_ point: Point) -> Point {
        Point(x: point.x + gestureView.frame.minX, y: point.y + gestureView.frame.minY)
    }

    private var scrollbar: ScrollbarGeometry {
        ScrollbarGeometry(frame: frame, contentHeight: layout.contentHeight + 2 * Self.padding)
    }

    private func pointerChanged(_ state: GestureState) {
        let point = windowPoint(pointer.location)
        switch state {
        case .began:
            host?.focus(self)
            pressIsClick = true
            if let thumb = scrollbar.thumb(at: contentOffset, wide: true), scrollbar.grabArea?.contains(point) == true {
                let grab = thumb.contains(point) ? point.y - thumb.minY : thumb.height / 2
                pressMode = .scrollbar(grabOffset: grab)
                if !thumb.contains(point) { scroll(to: scrollbar.offset(centringThumbAt: point.y)) }
                return
            }
            guard let at = position(at: point) else { return }
            // A link opens on a click, in an editable view only with Ctrl (a click there places the cursor).
            pressedLink = pointer.clickCount == 1 && (!isEditable || pointer.modifiers == .control) ? link(at: point) : nil
            switch pointer.clickCount {
            case 2:
                let word = TextBoundaries.word(at: at.offset, in: document.paragraphs[at.paragraph].characters)
                let range = TextPosition(paragraph: at.paragraph, offset: word.lowerBound)..<TextPosition(paragraph: at.paragraph, offset: word.upperBound)
                pressMode = .words(range)
                select(range)
            case 3:
                pressMode = .paragraphs(at.paragraph)
                selectParagraphs(from: at.paragraph, to: at.paragraph)
            default:
                pressMode = .characters
                move(to: at, extending: pointer.modifiers.contains(.shift))
            }
        case .changed:
            pressIsClick = pressIsClick && abs(point.x - windowPoint(pointer.pressPoint).x) < 4
                && abs(point.y - windowPoint(pointer.pressPoint).y) < 4
            if case .scrollbar(let grab) = pressMode {
                let top = point.y - grab - scrollbar.track.minY
                return scroll(to: top * scrollbar.offsetPerThumbPixel)
            }
            // Past the top or bottom: the text scrolls under the pointer.
            if point.y < frame.minY { scroll(to: contentOffset - lineHeight) }
            if point.y > frame.maxY { scroll(to: contentOffset + lineHeight) }
            guard let at = position(at: point) else { return }
            dragSelection(to: at)
        case .ended:
            if case .scrollbar = pressMode {
                pressMode = .characters
                return
            }
            if pressIsClick, let target = pressedLink, link(at: point) == target {
                onLinkActivated?(target)
            }
            pressedLink = nil
            if copiedText != nil { host?.selectionDidChange(in: self) }
        default:
            pressMode = .characters
        }
    }

    /// A drag reached `position`: by characters, or by whole words or paragraphs after a double or triple click.
    private func dragSelection(to position: TextPosition) {
        switch pressMode {
        case .characters, .scrollbar:
            move(to: position, extending: true)
        case .words(let origin):
            let word = TextBoundaries.word(at: position.offset, in: document.paragraphs[position.paragraph].characters)
            let low = document.clamped(origin.lowerBound), high = document.clamped(origin.upperBound)
            if position < low {
                anchor = high
                move(to: TextPosition(paragraph: position.paragraph, offset: word.lowerBound), extending: true)
            } else {
                anchor = low
                move(to: max(high, TextPosition(paragraph: position.paragraph, offset: word.upperBound)), extending: true)
            }
        case .paragraphs(let origin):
            selectParagraphs(from: min(origin, document.paragraphs.count - 1), to: position.paragraph)
        }
    }

    /// Selects whole paragraphs from `first` to `last`, the cursor at the `last` end (a triple click's drag).
    private func selectParagraphs(from first: Int, to last: Int) {
        let low = min(first, last), high = max(first, last)
        let start = TextPosition(paragraph: low, offset: 0)
        let end = high + 1 < document.paragraphs.count ? TextPosition(paragraph: high + 1, offset: 0)
            : TextPosition(paragraph: high, offset: document.paragraphs[high].count)
        history.closeGroup()
        let old = (anchor, cursor)
        (anchor, cursor) = last < first ? (end, start) : (start, end)
        selectionDidChange(from: old)
    }
}

extension TextView: MiddleClickPasting {
    /// The middle button: the primary selection goes in where it was pressed (an editable view only).
    func pastePrimarySelection(at point: Point) {
        host?.focus(self)
        guard isEditable, let at = position(at: point) else { return }
        host?.pastePrimarySelection { [weak self] pasted in
            guard let self, let pasted, !pasted.isEmpty else { return }
            move(to: at, extending: false)
            replaceSelection(with: pasted, kind: .other)
        }
    }
}
