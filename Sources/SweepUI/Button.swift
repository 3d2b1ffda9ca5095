import SweepGestures
import SweepIcons

/// A push button or a toggle button (GTK's `GtkButton` and
/// `GtkToggleButton`, UIKit's `UIButton`): a label, an icon, or both.
///
/// A tap or a click activates it; so do Space and Enter while it has the
/// keyboard focus, Enter anywhere in its window when it is the window's
/// `defaultButton`, and Alt with its `mnemonic`. It shows the pointer over
/// it, pressed while the pointer holds it down (activated at the release
/// over it, as GTK's are: dragging off and letting go does nothing), a brief
/// press when activated otherwise, the focus ring and being disabled. A `.suggested`
/// button (the default action) is filled with the accent colour, a
/// `.destructive` one says its label in red. A toggle button stays pressed
/// while on. It asks for its label's width plus padding and at least 34
/// logical pixels of height (`sizeNeeds`; 44 × 44 on a compact window), and a screen reader hears a push
/// button or a toggle button with its label, its pressed or checked state,
/// and a "click" action.
@MainActor
public final class Button: Component {
    /// How the button stands among others.
    public enum Style: Sendable, Hashable {
        case normal
        /// The action a window suggests (Enter's, Open, Save): accent-filled.
        case suggested
        /// An action that loses something (Delete, Discard): red.
        case destructive
    }

    public var title: String { didSet { if title != oldValue { changed() } } }
    public var icon: ItemIcon? { didSet { changed() } }
    /// An icon of the desktop's icon theme by name ("go-previous-symbolic",
    /// "folder-new"), found and decoded off the main actor at the window's
    /// scale and shown in place of `icon` once it is (`icon` stays the
    /// fallback when the theme has none). A symbolic icon (`-symbolic`)
    /// takes the title's colour, as GTK recolours them.
    public var iconName: String? { didSet { if iconName != oldValue { loadThemeIcon() } } }
    /// The theme's icon, decoded, once found.
    private(set) var themeIcon: Bitmap?
    /// Where theme icons are looked up: the desktop's theme, else Adwaita (GTK's default), hicolor after it.
    nonisolated(unsafe) static var iconLookup = IconLookup(theme: IconSearchPaths.desktopThemeName(environment: IconSearchPaths.processEnvironment)
                                                               ?? "Adwaita")
    public var style: Style { didSet { changed() } }
    /// The colours it draws with: the window's theme (`AppWindow.theme`) unless the button has its
    /// own (`themeOverride`; setting `theme` sets it, nil follows the window again).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    public var themeOverride: Theme? { get { themes.override } set { if themes.setOverride(newValue) { changed() } } }
    public func inheritedThemeDidChange(to theme: Theme) { if themes.inherit(theme) { changed() } }
    private var themes: ThemeSource
    /// A disabled button draws dimmed and ignores presses and keys.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            changed()
            say("sensitive", isEnabled)
            say("enabled", isEnabled)
        }
    }
    /// Whether it stays pressed when activated, and comes up when activated again.
    public let isToggle: Bool
    /// A toggle button's state; setting it calls nothing.
    public var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            changed()
            say("checked", isOn)
            say("pressed", isOn)
        }
    }
    /// What a screen reader calls it when the title does not say (an arrow,
    /// an icon alone); nil: the title.
    public var accessibleName: String?
    /// Whether Tab stops on it (true); a toolbar's buttons whose actions have
    /// shortcuts may leave it to the text fields and lists, as macOS does by default.
    public var isFocusable = true
    /// Called when a person activates it (a toggle button: after `isOn` flipped).
    public var onActivate: ((Button) -> Void)?

    public private(set) var frame: Rect = .zero
    public var isVisible = true { didSet { area.isUserInteractionEnabled = isVisible && isEnabled } }
    private let area: GestureView
    private let tap = TapGestureRecognizer(name: "button tap")
    /// The pointer's press, held and released: pressed while over the button, activated at a release over it.
    private let press = PressDragGestureRecognizer(name: "button press")
    /// Whether the pointer holds it down over it now.
    private var isHeld = false
    private var isHovered = false
    /// Shows pressed for a moment after an activation.
    private var isFlashing = false
    private var isFocused = false
    private weak var host: ComponentHost?
    /// The accessible object once a screen reader asked for it (state changes are said only then).
    private var madeAccessibleObject: AccessibleObject?
    /// The colour around the button's rounded body (what it sits on): a toolbar's by default.
    public var backdrop: Color?

    /// A push button (`toggle` false) or a toggle button titled `title`.
    public init(_ title: String, icon: ItemIcon? = nil, style: Style = .normal, toggle: Bool = false, theme: Theme? = nil,
                onActivate: ((Button) -> Void)? = nil) {
        self.title = title
        self.icon = icon
        self.style = style
        isToggle = toggle
        themes = ThemeSource(override: theme)
        self.onActivate = onActivate
        area = GestureView(name: "button \(title)", frame: .zero)
        area.addRecognizer(tap)
        tap.onStateChange = { [unowned self] recognizer in
            if recognizer.state == .recognized || recognizer.state == .ended { activate() }
        }
        area.addRecognizer(press)
        press.onStateChange = { [unowned self] _ in pressChanged() }
    }

    private func loadThemeIcon() {
        themeIcon = nil
        changed()
        guard let name = iconName else { return }
        let scale = host?.scale ?? 1, lookup = Self.iconLookup
        let size = Int(saturating: Self.iconSize), pixels = Int(saturating: (Self.iconSize * scale).rounded(.up))
        Task { [weak self] in
            let bitmap = await Task.detached { () -> Bitmap? in
                guard let path = lookup.path(forIcon: name, size: size, scale: Int(saturating: scale.rounded(.up))) else { return nil }
                return try? ImageDecoder.thumbnail(path: path, fitting: pixels)
            }.value
            // A later lookup (another name, another scale) wins over this one.
            guard let self, iconName == name, (host?.scale ?? 1) == scale else { return }
            themeIcon = bitmap
            changed()
        }
    }

    public func windowScaleDidChange(to scale: Double) { if iconName != nil { loadThemeIcon() } }

    /// Whether it shows pressed: held down now, or a toggle that is on.
    public var isPressed: Bool { isHeld || isFlashing || (isToggle && isOn) }

    /// A letter that activates it with Alt held, anywhere in its window (GTK's
    /// mnemonics); drawn underlined where it first appears in the title.
    /// Nil: none. Letters are matched without case.
    public var mnemonic: Character? { didSet { changed() } }

    /// Whether it is its window's `defaultButton` (told by the window): drawn with an accent ring.
    var isDefault = false { didSet { if isDefault != oldValue { changed() } } }

    private func pressChanged() {
        let inside = Rect(origin: .zero, size: frame.size).contains(press.point)
        switch press.state {
        case .began, .changed:
            setHeld(inside && isEnabled)
        case .ended:
            let activates = isHeld
            setHeld(false)
            if activates { activate() }
        default:
            setHeld(false)
        }
    }

    private func setHeld(_ held: Bool) {
        guard held != isHeld else { return }
        isHeld = held
        changed()
    }

    /// A short text shown under the button after the pointer rests on it
    /// (GTK's hover timeout, `tooltipDelay`), and told to screen readers as its description.
    public var tooltip: String?
    /// Milliseconds the pointer rests before the tooltip shows.
    public static let tooltipDelay = 500.0
    private var tooltipTimer: TimerToken?
    private var isShowingTooltip = false

    /// A menu the button opens below itself when activated (a header bar's
    /// menu button, GTK's `GtkMenuButton`); what is chosen goes to `onMenuChoice`.
    public var menu: Menu?
    /// The id of the entry chosen in `menu`.
    public var onMenuChoice: ((String) -> Void)?

    /// Activates it as a person would: a toggle flips, then `onActivate`;
    /// a button with a `menu` opens it.
    public func activate() {
        takeTooltipDown()
        if let menu, isEnabled {
            openMenu(menu)
            return
        }
        guard isEnabled else { return }
        if isToggle { isOn.toggle() }
        if let host {
            isFlashing = true
            changed()
            _ = host.schedule(after: 120) { [weak self] in
                self?.isFlashing = false
                self?.changed()
            }
        }
        onActivate?(self)
    }

    private func openMenu(_ menu: Menu) {
        host?.showMenu(menu, at: Point(x: frame.minX, y: frame.maxY), theme: theme, trigger: .keyboard) { [weak self] event in
            if case .chosen(let id) = event { self?.onMenuChoice?(id) }
        }
    }

    private func changed() {
        area.isUserInteractionEnabled = isVisible && isEnabled
        host?.invalidate(Region(frame))
    }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        host.gestureArena.add(area)
    }

    public func setFrame(_ newFrame: Rect) {
        host?.invalidate(Region(frame))
        frame = newFrame
        area.frame = newFrame
        changed()
    }

    public static let padding = 12.0, iconSize = 18.0, minimumHeight = 34.0
    private static let keypadEnter = KeySym(rawValue: 0xff8d)

    public var sizeNeeds: SizeNeeds {
        let text = title.isEmpty ? 0 : TextMeasure.width(of: title, role: .body, scale: host?.scale ?? 1, family: host?.fontFamily).rounded(.up)
        let iconWidth = icon == nil && iconName == nil ? 0 : Self.iconSize + (title.isEmpty ? 0 : 6)
        // Touch sized on a phone: 44 × 44 at least.
        let sizeClass = host?.horizontalSizeClass ?? .regular, height = sizeClass.touchLength(Self.minimumHeight)
        let width = max(height, text + iconWidth + 2 * Self.padding)
        return SizeNeeds(minimum: Size(width: width, height: height), natural: Size(width: width, height: height))
    }

    // MARK: - Input

    public var acceptsFocus: Bool { isVisible && isEnabled && isFocusable }
    public func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        changed()
        say("focused", isFocused)
    }

    /// Tells a screen reader listening that a state changed (once it has seen the button).
    private func say(_ state: String, _ value: Bool) {
        guard let object = madeAccessibleObject, let accessibility = (host as? AppWindow)?.application.accessibility else { return }
        accessibility.stateChanged(object, state, value)
    }

    public func handleKey(_ key: KeyEvent) -> Bool {
        guard isEnabled, key.modifiers.isDisjoint(with: [.control, .alt]),
              key.keysym == .space || key.keysym == .returnKey || key.keysym == Self.keypadEnter else { return false }
        activate()
        return true
    }

    public func hover(at point: Point?) -> Region {
        let over = point.map { frame.contains($0) } ?? false
        guard over != isHovered else { return Region() }
        isHovered = over
        over ? scheduleTooltip() : takeTooltipDown()
        return Region(frame)
    }

    /// After the pointer rests on the button for `tooltipDelay` milliseconds, its tooltip shows.
    private func scheduleTooltip() {
        guard let tooltip, !tooltip.isEmpty, let host else { return }
        tooltipTimer = host.schedule(after: Self.tooltipDelay) { [weak self] in
            guard let self, isHovered, isVisible else { return }
            tooltipTimer = nil
            isShowingTooltip = true
            self.host?.showTooltip(tooltip, under: frame, theme: theme)
        }
    }

    private func takeTooltipDown() {
        if let tooltipTimer { host?.cancel(tooltipTimer) }
        tooltipTimer = nil
        if isShowingTooltip { host?.hideTooltip() }
        isShowingTooltip = false
    }

    public func cursorShape(at point: Point) -> CursorShape { isEnabled ? .pointer : .default }

    // MARK: - Drawing

    public func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame), frame.width > 0, frame.height > 0 else { return }
        // The whole frame: the corners, the margin and where a focus ring was.
        canvas.fill(frame, color: backdrop ?? theme.toolbarBackground)
        let body = frame.insetBy(dx: 1, dy: 1)
        let (fill, text) = colours()
        if style == .normal {
            // A hairline around a plain button, as GTK draws one; the accent's round the window's default button.
            canvas.fillRoundedRect(body, radius: 6, color: isDefault && isEnabled ? theme.accent : theme.separator)
            canvas.fillRoundedRect(body.insetBy(dx: 1, dy: 1), radius: 5, color: fill)
        } else {
            canvas.fillRoundedRect(body, radius: 6, color: fill)
        }
        if let tint = tint { canvas.fillRoundedRect(body, radius: 6, color: tint) }
        var contentWidth = title.isEmpty ? 0 : canvas.measureText(title, role: .body)
        let hasIcon = icon != nil || themeIcon != nil
        if hasIcon { contentWidth += Self.iconSize + (title.isEmpty ? 0 : 6) }
        var x = (frame.midX - min(contentWidth, frame.width - 2 * Self.padding) / 2).rounded()
        if hasIcon {
            let rect = Rect(x: x, y: (frame.midY - Self.iconSize / 2).rounded(), width: Self.iconSize, height: Self.iconSize)
            if let themeIcon {
                let symbolic = iconName?.hasSuffix("-symbolic") == true
                canvas.drawBitmap(symbolic ? Self.recoloured(themeIcon, text) : themeIcon, in: themeIcon.aspectFit(in: rect))
            } else {
                icon?.draw(in: rect, color: text, cutout: fill, canvas: canvas)
            }
            x += Self.iconSize + 6
        }
        if !title.isEmpty {
            let lineHeight = canvas.metrics(for: .body).lineHeight
            _ = canvas.drawText(title, at: Point(x: x, y: (frame.midY - lineHeight / 2).rounded()), role: .body, color: text,
                                maxWidth: max(0, frame.maxX - Self.padding - x))
        }
        if let mnemonic, let range = mnemonicRange(of: mnemonic), !title.isEmpty {
            // Under the letter: the title's width before it, then the letter's.
            let lineHeight = canvas.metrics(for: .body).lineHeight
            let start = x + canvas.measureText(String(title[..<range.lowerBound]), role: .body)
            let width = canvas.measureText(String(title[range]), role: .body)
            let baseline = (frame.midY - lineHeight / 2).rounded() + canvas.metrics(for: .body).ascent + 1
            canvas.fill(Rect(x: start, y: baseline.rounded(), width: width, height: 1), color: text)
        }
        if isFocused { ItemViewDecorations.drawFocusRing(around: frame, theme: theme, canvas: canvas) }
    }

    /// A symbolic icon in `color`: its shape (alpha) kept, premultiplied.
    static func recoloured(_ bitmap: Bitmap, _ color: Color) -> Bitmap {
        let pixels = bitmap.pixels.map { pixel -> UInt32 in
            let alpha = (pixel >> 24) * UInt32(color.alpha) / 255
            let scale = { (channel: UInt8) in UInt32(channel) * alpha / 255 }
            return alpha << 24 | scale(color.red) << 16 | scale(color.green) << 8 | scale(color.blue)
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, pixels: pixels) ?? bitmap
    }

    /// Where the mnemonic's letter first is in the title, matched without case.
    private func mnemonicRange(of letter: Character) -> Range<String.Index>? {
        let wanted = letter.lowercased()
        guard let index = title.indices.first(where: { title[$0].lowercased() == wanted }) else { return nil }
        return index..<title.index(after: index)
    }

    /// Whether Alt with `key` is this button's mnemonic.
    func matchesMnemonic(_ key: KeyEvent) -> Bool {
        guard let mnemonic, isEnabled, isVisible, !key.text.isEmpty else { return false }
        return key.text.lowercased() == mnemonic.lowercased()
    }

    /// The fill and the text colour for the style.
    private func colours() -> (fill: Color, text: Color) {
        var fill: Color, text: Color
        switch style {
        case .suggested: (fill, text) = (theme.accent, Color.white)
        case .destructive: (fill, text) = (theme.toolbarBackground, Color(rgb: 0xd7263d))
        case .normal: (fill, text) = (theme.toolbarBackground, theme.primaryText)
        }
        if !isEnabled { text = text.withOpacity(0.4) }
        return (fill, text)
    }

    /// Drawn over the fill: darker pressed, a little darker under the pointer.
    private var tint: Color? {
        guard isEnabled else { return nil }
        if isPressed { return theme.primaryText.withOpacity(0.18) }
        return isHovered ? theme.primaryText.withOpacity(0.07) : nil
    }

    // MARK: - Accessibility

    private var accessibleStates: AccessibleStates {
        var states: AccessibleStates = isEnabled ? .usable : [.visible, .showing]
        if isEnabled && isFocusable { states.insert(.focusable) }
        if isFocused { states.insert(.focused) }
        if isToggle && isOn { states.formUnion([.pressed, .checked]) }
        if isToggle { states.insert(.checkable) }
        return states
    }

    /// What a screen reader sees: a push or toggle button named by its
    /// title (its icon's name without one), with a "click" action.
    public private(set) lazy var accessibleObject: AccessibleObject? = {
        let object = AccessibleObject(role: isToggle ? .toggleButton : .pushButton)
        madeAccessibleObject = object
        object.name = { [unowned self] in accessibleName ?? (title.isEmpty ? (icon.map { "\($0)" } ?? "") : title) }
        object.states = { [unowned self] in accessibleStates }
        object.description = { [unowned self] in tooltip ?? "" }
        object.extents = { [unowned self] in frame }
        object.actions = [(name: "click", perform: { [unowned self] in
            guard isEnabled else { return false }
            activate()
            return true
        })]
        return object
    }()
}

/// The button a key activates in a window when neither the focused
/// component nor a key command took it: Enter (no Ctrl, Alt or Shift) the
/// window's enabled, visible default button; Alt with a letter (no Ctrl or
/// Super, not a repeat) the first visible, enabled button whose mnemonic
/// it is.
@MainActor
enum ButtonKeys {
    static func button(for key: KeyEvent, defaultButton: Button?, among components: [Component]) -> Button? {
        if key.keysym == .returnKey || key.keysym == .keypadEnter {
            guard key.modifiers.isDisjoint(with: [.control, .alt, .shift]), let button = defaultButton,
                  button.isEnabled, button.isVisible else { return nil }
            return button
        }
        guard key.modifiers.contains(.alt), key.modifiers.isDisjoint(with: [.control, .superKey]), !key.isRepeat else { return nil }
        return components.lazy.compactMap { $0 as? Button }.first { $0.matchesMnemonic(key) }
    }
}
