/// A one-line text field: a filter or a search box over a list, edited as
/// `LineEditor` says (typing, Left / Right and Ctrl+Left / Right, Home /
/// End, Backspace, Delete, Ctrl+W, Ctrl+U, Ctrl+K); Ctrl+V pastes the
/// clipboard's first line; Enter calls `onSubmit`. A click puts the cursor there and focuses the
/// field; Tab moves on to the next focusable component.
///
/// Keys it does not use (Up, Down, Page Up, Escape, Ctrl+C) return false,
/// so the window's `onKey` or another component can act on them.
@MainActor
public final class TextField: Component {
    /// The text; setting it moves the cursor to its end and calls no `onChange`.
    public var text: String {
        get { editor.text }
        set {
            editor.text = newValue
            invalidate()
        }
    }
    /// Shown, dimmed, while the text is empty.
    public var placeholder: String { didSet { invalidate() } }
    /// Called after every edit by the person, with the new text.
    public var onChange: ((String) -> Void)?
    /// Enter was pressed.
    public var onSubmit: ((String) -> Void)?
    public var theme: Theme { didSet { invalidate() } }
    /// The field's height in logical pixels (place it with `setFrame`).
    public static let preferredHeight = 40.0

    public private(set) var frame: Rect = .zero
    public var isVisible = true { didSet { clicks.view.isUserInteractionEnabled = isVisible } }
    public private(set) var isFocused = false
    /// The cursor, as a count of characters before it.
    public var cursor: Int { editor.cursor }

    /// The text and the cursor.
    private var editor = LineEditor() {
        didSet {
            // Screen readers hear every edit and caret move (once one has asked for the field): the edit first.
            guard let entry = madeAccessibleEntry, let accessibility = (host as? AppWindow)?.application.accessibility else { return }
            if editor.characters != oldValue.characters { accessibility.textChanged(entry, from: oldValue.text, to: editor.text) }
            if editor.cursor != oldValue.cursor || editor.characters != oldValue.characters {
                accessibility.caretMoved(entry, to: AccessibleObject.scalarOffset(ofCharacter: editor.cursor, in: editor.text))
            }
        }
    }
    private var characters: [Character] { editor.characters }
    /// The entry once made (`accessibleObject`), for the edits' announcements.
    private var madeAccessibleEntry: AccessibleObject?
    private weak var host: ComponentHost?
    private let clicks: ButtonArea
    /// The cursor's x in the frame the field was last drawn with (for clicks).
    private var lastLayout: (textLeft: Double, offsets: [Double])?

    /// What a screen reader sees: an entry it can read and type into (its name: `accessibleLabel`, else the placeholder).
    public private(set) lazy var accessibleObject: AccessibleObject? = makeAccessibleObject()
    /// The label a screen reader reads for the field.
    public var accessibleLabel: String?
    /// What a screen reader says of the field after its label ("Filters as you type"); none by default.
    public var accessibleDescription: String?
    /// What a screen reader calls the field: an entry by default.
    public var accessibleRole: AccessibleRole = .entry { didSet { madeAccessibleEntry?.role = accessibleRole } }

    public init(text: String = "", placeholder: String = "", theme: Theme = .light, name: String = "text field") {
        self.placeholder = placeholder
        self.theme = theme
        clicks = ButtonArea(name: name)
        editor = LineEditor(text)
        clicks.action = { [unowned self] point in placeCursor(at: point) }
    }

    // MARK: - Component

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        host.gestureArena.add(clicks.view)
    }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        clicks.view.frame = newFrame
        invalidate()
    }

    public var acceptsFocus: Bool { isVisible }

    public func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        invalidate()
        if let entry = madeAccessibleEntry, let accessibility = (host as? AppWindow)?.application.accessibility {
            accessibility.stateChanged(entry, "focused", isFocused)
        }
    }

    public func cursorShape(at point: Point) -> CursorShape { .text }

    public var copiedText: String? { characters.isEmpty ? nil : text }

    public func handleKey(_ key: KeyEvent) -> Bool {
        let control = key.modifiers.contains(.control)
        switch key.keysym {
        case .returnKey, .keypadEnter: onSubmit?(text)
        case .v where control:
            host?.paste { [weak self] pasted in
                // The first line, found without walking the rest (a paste may be megabytes); the editor cuts it to its length.
                guard let self, let line = pasted?.prefix(while: { !$0.isNewline }), !line.isEmpty else { return }
                editor.insert(String(line))
                edited()
            }
        default:
            switch editor.apply(key) {
            case .ignored: return false
            case .edited: edited()
            case .moved: break
            }
        }
        invalidate()
        return true
    }

    // MARK: - Editing

    private func edited() {
        invalidate()
        onChange?(text)
    }

    private func placeCursor(at point: Point) {
        host?.focus(self)
        guard let layout = lastLayout else { return }
        let x = point.x - layout.textLeft
        // The boundary nearest the click.
        var best = 0
        for (index, offset) in layout.offsets.enumerated() where abs(offset - x) < abs(layout.offsets[best] - x) { best = index }
        // The layout is the last frame's: the text may have shrunk since.
        editor.moveCursor(to: best)
        invalidate()
    }

    private func invalidate() { host?.invalidate(Region(frame)) }

    // MARK: - Drawing

    static let padding = 10.0

    public func draw(in canvas: Canvas, damage: Region) {
        guard isVisible, damage.intersects(frame) else { return }
        canvas.withClip(frame) {
            canvas.fill(frame, color: theme.background)
            let box = frame.insetBy(dx: 6, dy: 4)
            canvas.fillRoundedRect(box, radius: 6, color: isFocused ? theme.accent : theme.separator)
            canvas.fillRoundedRect(box.insetBy(dx: isFocused ? 2 : 1, dy: isFocused ? 2 : 1), radius: 5, color: theme.background)
            let inner = box.insetBy(dx: Self.padding, dy: 0)
            let lineHeight = canvas.metrics(for: .body).lineHeight
            let top = box.midY - lineHeight / 2
            // Each boundary's x, so the cursor and clicks find their place.
            var offsets: [Double] = [0]
            offsets.reserveCapacity(characters.count + 1)
            // Character by character: O(n) for a long paste (kerning across pairs is not worth O(n²)).
            for character in characters {
                offsets.append(offsets[offsets.count - 1] + canvas.measureText(String(character), role: .body))
            }
            // Scrolled so the cursor stays inside the field.
            let shift = max(0, offsets[cursor] + 2 - inner.width)
            let textLeft = inner.minX - shift
            lastLayout = (textLeft, offsets)
            canvas.withClip(inner) {
                if characters.isEmpty {
                    _ = canvas.drawText(placeholder, at: Point(x: inner.minX, y: top), role: .body,
                                        color: theme.secondaryText, maxWidth: inner.width)
                } else {
                    _ = canvas.drawText(text, at: Point(x: textLeft, y: top), role: .body, color: theme.primaryText, maxWidth: nil)
                }
                if isFocused {
                    canvas.fill(Rect(x: textLeft + offsets[cursor], y: top, width: 2, height: lineHeight), color: theme.accent)
                }
            }
        }
    }
}

extension TextField {
    private func makeAccessibleObject() -> AccessibleObject {
        let entry = AccessibleObject(role: accessibleRole)
        madeAccessibleEntry = entry
        entry.name = { [unowned self] in accessibleLabel ?? placeholder }
        entry.description = { [unowned self] in accessibleDescription ?? "" }
        entry.states = { [unowned self] in
            var states = AccessibleStates.usable.union([.focusable, .editable])
            if isFocused { states.insert(.focused) }
            return states
        }
        entry.text = { [unowned self] in text }
        entry.setText = { [unowned self] newText in
            // As if typed: the app hears it through onChange.
            text = newText
            onChange?(text)
            return true
        }
        entry.caret = { [unowned self] in AccessibleObject.scalarOffset(ofCharacter: editor.cursor, in: editor.text) }
        entry.setCaret = { [unowned self] offset in
            let text = editor.text
            guard (0...text.unicodeScalars.count).contains(offset) else { return false }
            editor.moveCursor(to: AccessibleObject.characterIndex(ofScalar: offset, in: text))
            invalidate()
            return true
        }
        entry.extents = { [unowned self] in frame }
        entry.grabFocus = { [unowned self] in
            host?.focus(self)
            return isFocused
        }
        return entry
    }
}
