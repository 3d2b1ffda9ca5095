import SweepGestures

/// A one-line text field: a filter, a search box, a name or a password,
/// edited as `LineEditor` says (typing, moving and selecting with Shift,
/// Ctrl+A, deleting by character, word and line, Ctrl+Z and Ctrl+Shift+Z).
///
/// - Pointer: a press puts the cursor there (Shift+press extends the
///   selection), a drag selects, a double click selects a word and a
///   triple click the whole line; the middle button pastes the primary
///   selection where it is pressed.
/// - Touch: a tap puts the cursor, two taps select a word, three the line.
/// - Clipboard: Ctrl+C (and Ctrl+Insert) copies the selection, Ctrl+X cuts
///   it, Ctrl+V (and Shift+Insert) pastes the clipboard's first line over
///   it; whatever is selected becomes the primary selection.
/// - Enter calls `onSubmit`. Keys it does not use (Up, Down, Page Up,
///   Escape in a plain field, Ctrl+C with nothing selected) return false, so
///   the window's `onKey` or another component can act on them.
///
/// A `.search` field shows a magnifier and, while it holds text, a clear
/// button; Escape clears it. A `.password` field shows a dot for each
/// character, copies and cuts nothing, and screen readers hear neither
/// its text nor its characters.
@MainActor
public final class TextField: Component {
    /// How the field looks and behaves.
    public enum Style: Sendable, Hashable {
        /// Plain text.
        case plain
        /// A search box: a magnifier, a clear button, Escape clears.
        case search
        /// Hidden characters (dots), never copied.
        case password
    }

    /// The text; setting it moves the cursor to its end, forgets the undo
    /// history and calls no `onChange`.
    public var text: String {
        get { editor.text }
        set {
            editor.text = newValue
            invalidate()
        }
    }
    /// Shown, dimmed, while the text is empty.
    public var placeholder: String { didSet { invalidate() } }
    /// Plain, search or password.
    public var style: Style {
        didSet {
            madeAccessibleEntry?.role = accessibleRoleForStyle
            invalidate()
        }
    }
    /// Called after every edit by the person, with the new text.
    public var onChange: ((String) -> Void)?
    /// Enter was pressed.
    public var onSubmit: ((String) -> Void)?
    /// What the text is, for input methods and on-screen keyboards
    /// (`TextContentType`); nil follows the style: normal text, a search,
    /// a password.
    public var contentType: TextContentType?
    /// Called for Escape, which then does nothing else (a rename editor
    /// closes); without it, Escape empties a search field.
    public var onCancel: (() -> Void)?
    /// Called when the field gains (true) or loses (false) the keyboard focus.
    public var onFocusChange: ((Bool) -> Void)?
    /// The colours it draws with: the window's theme (`AppWindow.theme`) unless the field has its
    /// own (`themeOverride`; setting `theme` sets it, nil follows the window again).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    public var themeOverride: Theme? { get { themes.override } set { if themes.setOverride(newValue) { invalidate() } } }
    public func inheritedThemeDidChange(to theme: Theme) { if themes.inherit(theme) { invalidate() } }
    private var themes: ThemeSource
    /// The field's height in logical pixels (place it with `setFrame`).
    public static let preferredHeight = 40.0

    public private(set) var frame: Rect = .zero
    public var isVisible = true { didSet { gestureView.isUserInteractionEnabled = isVisible } }
    public private(set) var isFocused = false
    /// The cursor, as a count of characters before it.
    public var cursor: Int { editor.cursor }
    /// The selected characters' offsets, nil when nothing is selected.
    public var selection: Range<Int>? { editor.selection }

    /// Text an input method is composing, shown at the cursor (not yet part of the text).
    var preedit: TextInputUpdate.Preedit?
    /// The text, cursor, selection and undo history.
    var editor = LineEditor() {
        didSet { editorDidChange(from: oldValue) }
    }
    var characters: [Character] { editor.characters }
    /// The entry once made (`accessibleObject`), for the edits' announcements.
    var madeAccessibleEntry: AccessibleObject?
    private(set) weak var host: ComponentHost?
    let gestureView: GestureView
    private let pointer = PressDragGestureRecognizer(name: "text pointer")
    private let tap = TapGestureRecognizer(name: "text tap")
    /// Taps in a row (a double tap selects a word): the last one's time and place, and how many.
    private var lastTap: (time: Double, point: Point, count: Int)?
    /// What the pointer's press began: a drag by characters, by whole words from the word a double
    /// click took, the line a triple click took (a drag keeps it), or the clear button (its release clears).
    private enum PressMode { case characters, words(Range<Int>), line, clearButton }
    private var pressMode = PressMode.characters
    /// The layout the field was last drawn with, for clicks: the text's left
    /// edge and each character boundary's x.
    var lastLayout: (textLeft: Double, offsets: [Double])?
    /// Where the caret was last drawn (window coordinates), for an input method's candidate list.
    var lastCaret: Rect?

    /// What a screen reader sees: an entry it can read and type into (its name: `accessibleLabel`, else the placeholder).
    public private(set) lazy var accessibleObject: AccessibleObject? = makeAccessibleObject()
    /// The label a screen reader reads for the field.
    public var accessibleLabel: String?
    /// What a screen reader says of the field after its label ("Filters as you type"); none by default.
    public var accessibleDescription: String?
    /// What a screen reader calls the field: an entry by default (a password text for `.password`).
    public var accessibleRole: AccessibleRole = .entry { didSet { madeAccessibleEntry?.role = accessibleRoleForStyle } }

    public init(text: String = "", placeholder: String = "", style: Style = .plain, theme: Theme? = nil,
                name: String = "text field") {
        self.placeholder = placeholder
        self.style = style
        themes = ThemeSource(override: theme)
        gestureView = GestureView(name: name, frame: .zero)
        editor = LineEditor(text)
        gestureView.addRecognizer(pointer)
        gestureView.addRecognizer(tap)
        pointer.onStateChange = { [unowned self] recognizer in pointerChanged(recognizer.state) }
        tap.onStateChange = { [unowned self] recognizer in
            if recognizer.state == .recognized { tapped(at: viewToWindow(recognizer.location)) }
        }
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
        invalidate()
    }

    public var acceptsFocus: Bool { isVisible }

    public var sizeNeeds: SizeNeeds {
        let height = Self.preferredHeight(in: host?.horizontalSizeClass ?? .regular)
        return SizeNeeds(minimum: Size(width: 80, height: height), natural: Size(width: 240, height: height))
    }

    /// The field's height on a window of `sizeClass`: `preferredHeight`, touch sized on a phone.
    public static func preferredHeight(in sizeClass: SizeClass) -> Double { sizeClass.touchLength(preferredHeight) }

    public func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        invalidate()
        onFocusChange?(isFocused)
        if let entry = madeAccessibleEntry, let accessibility = (host as? AppWindow)?.application.accessibility {
            accessibility.stateChanged(entry, "focused", isFocused)
        }
    }

    public func cursorShape(at point: Point) -> CursorShape {
        clearButtonFrame?.contains(point) == true ? .pointer : .text
    }

    /// The selected text (what Ctrl+C copies and the primary selection
    /// offers); nil when nothing is selected or the field is a password.
    public var copiedText: String? { style == .password ? nil : editor.selectedText }

    public func handleKey(_ key: KeyEvent) -> Bool {
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        switch key.keysym {
        case .returnKey, .keypadEnter:
            // Without an action of its own, a plain Enter goes on to the window (its default button,
            // GTK's activates-default); with a modifier it stays the field's, as before.
            guard let onSubmit else { return !key.modifiers.isDisjoint(with: [.control, .alt, .shift]) }
            onSubmit(text)
        case .escape:
            if let onCancel {
                onCancel()
                return true
            }
            guard style == .search, !characters.isEmpty else { return false }
            clear()
        case .insert where control, _ where control && key.keysym.matches(letter: "c"):
            guard let copied = copiedText else { return false }
            host?.copy(.text(copied))
        case _ where control && key.keysym.matches(letter: "x"):
            guard style != .password, let cut = editor.cutSelection() else { return false }
            host?.copy(.text(cut))
            edited()
        case .insert where shift, _ where control && key.keysym.matches(letter: "v"):
            host?.paste { [weak self] pasted in self?.pasteFirstLine(of: pasted) }
        default:
            switch editor.apply(key) {
            case .ignored: return false
            case .edited: edited()
            case .moved: offerSelectionAsPrimary()
            }
        }
        invalidate()
        return true
    }

    // MARK: - Editing

    /// Selects the characters in `range` (clamped to the text), the cursor at its end.
    public func select(_ range: Range<Int>) {
        let count = characters.count
        editor.select(min(max(0, range.lowerBound), count)..<min(max(0, range.upperBound), count))
        invalidate()
    }

    /// Empties the field, as the person would (one undo step; `onChange` is called).
    public func clear() {
        guard !characters.isEmpty else { return }
        editor.selectAll()
        editor.insert("")
        edited()
    }

    func edited() {
        invalidate()
        onChange?(text)
    }

    /// The first line of `pasted`, found without walking the rest (a paste may be megabytes), over the selection.
    private func pasteFirstLine(of pasted: String?, at point: Point? = nil) {
        guard let line = pasted?.prefix(while: { !$0.isNewline }), !line.isEmpty else { return }
        if let point { editor.moveCursor(to: offset(at: point)) }
        editor.insert(String(line))
        edited()
    }

    /// The editor changed: screen readers hear the edit, the caret and the selection (once one asked for the field).
    private func editorDidChange(from old: LineEditor) {
        guard let entry = madeAccessibleEntry, let accessibility = (host as? AppWindow)?.application.accessibility else { return }
        let hidesText = style == .password
        if editor.characters != old.characters {
            accessibility.textChanged(entry, from: hidesText ? Self.dots(old.characters.count) : old.text,
                                      to: hidesText ? Self.dots(editor.characters.count) : editor.text)
        }
        if editor.cursor != old.cursor || editor.characters != old.characters {
            accessibility.caretMoved(entry, to: entry.caret?() ?? editor.cursor)
        }
        if editor.selection != old.selection { accessibility.textSelectionChanged(entry) }
    }

    /// A selection made by keys or the pointer becomes the primary selection (GTK's behaviour).
    private func offerSelectionAsPrimary() {
        if copiedText != nil { host?.selectionDidChange(in: self) }
    }

    // MARK: - Pointer and touch

    private func viewToWindow(_ point: Point) -> Point {
        Point(x: point.x + gestureView.frame.minX, y: point.y + gestureView.frame.minY)
    }

    private func pointerChanged(_ state: GestureState) {
        let point = viewToWindow(pointer.location)
        switch state {
        case .began:
            host?.focus(self)
            guard clearButtonFrame?.contains(point) != true else { return pressMode = .clearButton }
            let at = offset(at: point)
            switch pointer.clickCount {
            case 2:
                editor.selectWord(at: at)
                pressMode = editor.selection.map { .words($0) } ?? .characters
            case 3:
                editor.selectAll()
                pressMode = .line
            default:
                editor.moveCursor(to: at, extending: pointer.modifiers.contains(.shift))
                pressMode = .characters
            }
        case .changed:
            extendSelection(to: offset(at: point))
        case .ended:
            if case .clearButton = pressMode {
                if clearButtonFrame?.contains(point) == true { clear() }
            } else {
                offerSelectionAsPrimary()
            }
            pressMode = .characters
        default:
            pressMode = .characters
        }
        invalidate()
    }

    /// A drag reached `offset`: from the press, or by whole words after a double click; the line a
    /// triple click took and a press on the clear button stay as they are.
    private func extendSelection(to offset: Int) {
        switch pressMode {
        case .characters:
            editor.moveCursor(to: offset, extending: true)
        case .words(let origin):
            let word = TextBoundaries.word(at: offset, in: characters)
            if offset < origin.lowerBound {
                editor.select(origin.upperBound..<origin.upperBound)
                editor.moveCursor(to: word.lowerBound, extending: true)
            } else {
                editor.select(origin.lowerBound..<max(origin.upperBound, word.upperBound))
            }
        case .line, .clearButton:
            break
        }
    }

    private func tapped(at point: Point) {
        host?.focus(self)
        if clearButtonFrame?.contains(point) == true { return clear() }
        let now = host?.now ?? 0
        var count = 1
        if let last = lastTap, now - last.time <= 500, abs(last.point.x - point.x) <= 24 && abs(last.point.y - point.y) <= 24 { count = last.count % 3 + 1 }
        lastTap = (now, point, count)
        switch count {
        case 2: editor.selectWord(at: offset(at: point))
        case 3: editor.selectAll()
        default: editor.moveCursor(to: offset(at: point))
        }
        offerSelectionAsPrimary()
        invalidate()
    }

    /// The character boundary nearest a window point, by the last frame's layout.
    func offset(at point: Point) -> Int {
        guard let layout = lastLayout else { return editor.cursor }
        let x = point.x - layout.textLeft
        var best = 0
        for (index, offset) in layout.offsets.enumerated() where abs(offset - x) < abs(layout.offsets[best] - x) { best = index }
        // The layout is the last frame's: the text may have shrunk since.
        return min(best, characters.count)
    }

    func invalidate() { host?.invalidate(Region(frame)) }
}

extension TextField: MiddleClickPasting {
    /// The middle button: the primary selection goes in where it was pressed (not in a password field's way: it is pasted too, as GTK does).
    func pastePrimarySelection(at point: Point) {
        host?.focus(self)
        host?.pastePrimarySelection { [weak self] pasted in self?.pasteFirstLine(of: pasted, at: point) }
    }
}

/// A component that takes a middle click's paste itself (a text field),
/// rather than the window's `onPrimaryPaste`.
@MainActor
protocol MiddleClickPasting {
    func pastePrimarySelection(at point: Point)
}

extension TextField: TextInputClient {
    /// The text around the cursor (none of a password's), where the cursor
    /// was last drawn, and the content type; nil while hidden.
    public var textInputState: TextInputState? {
        guard isVisible, frame.width > 0 else { return nil }
        let surrounding = style == .password ? SurroundingText(text: "", cursor: 0, anchor: 0)
            : SurroundingText(characters: characters, cursor: editor.cursor, anchor: editor.anchor)
        return TextInputState(surrounding: surrounding, cursorRectangle: cursorRectangle, contentType: resolvedContentType)
    }

    /// The input method's edit goes into the text (one undo step), its preedit shows at the cursor.
    public func applyTextInput(_ update: TextInputUpdate) {
        if update.editsText, editor.applyInputMethodEdit(deleteBefore: update.deleteBefore, deleteAfter: update.deleteAfter,
                                                          commit: update.commit) {
            edited()
        }
        guard update.preedit != preedit else { return }
        preedit = update.preedit
        invalidate()
    }

    var resolvedContentType: TextContentType {
        if let contentType { return contentType }
        switch style {
        case .plain: return .normal
        case .search: return .search
        case .password: return .password
        }
    }
}

