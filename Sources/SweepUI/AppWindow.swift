import SweepLoop
import SweepGestures
import SweepPixman
internal import SweepWayland

/// A window of an `Application` showing a `Component` (its `content`), and
/// everything between the compositor and that content: the gesture arena
/// and its one deadline timer, routing of the pointer, touches, touchpad
/// gestures and keys, drawing once a frame, and the clipboard.
///
/// Routing: the left button, touches and touchpad gestures go through the
/// arena, which finds the gesture view under them; hover, scrolling and the
/// right button go to the visible component under the pointer; keys go
/// first to `onKey` (the app's shortcuts), then Ctrl+C copies the key
/// component's `copiedText`, then the key component (the one last pressed
/// or touched) gets them, then the key commands (`addKeyCommand`), then
/// Tab and F6 move the focus. The components are the content's `children`, or
/// the content itself when it has none.
@MainActor
public final class AppWindow: ComponentHost {
    /// The app; a window keeps it alive.
    public let application: Application
    /// The toplevel or layer surface (size, scale, title, frame pacing).
    let window: Window
    /// What the surface draws and tells: this window, through `WindowContent`.
    private var surfaceContent: AppWindowSurface?
    /// Drags over the window, as `DropSession`s.
    private var dropTarget: WindowDropTarget?
    public let gestureArena = GestureArena()
    /// The seat's clipboard, made at once: its data device also brings drags over the window.
    var clipboard: Clipboard?
    /// The seat's primary selection (what is selected; the middle button pastes it).
    var primarySelection: Clipboard?
    /// The tooltip's popup and what it draws while one shows (`showTooltip`).
    var tooltip: (window: Window, view: TooltipView)?

    /// What the window shows; it fills the window unless `onResize` places it.
    public var content: Component? {
        didSet {
            guard let content else { return }
            content.attach(to: self)
            themeToldToContent = nil
            applyTheme()
            keyComponent = components.first { $0.acceptsFocus } ?? components.first
            layout(size: window.size)
        }
    }
    /// The window's own theme in place of the application's (`Application.theme`),
    /// for every component in it and its title bar; nil follows the application.
    public var themeOverride: Theme? { didSet { applyTheme() } }
    /// The theme the window's components inherit: its own, else the application's.
    public var theme: Theme { themeOverride ?? application.theme }
    /// The family the window's text is drawn in: its theme's (a family fontconfig's syntax would misread is the default's).
    public var fontFamily: String? { window.fontFamily }
    /// The theme the content was last told, so a change is told once.
    private var themeToldToContent: Theme?
    /// The button Enter activates when the focused component does not take
    /// Enter (a text field without `onSubmit`, a button without the focus;
    /// GTK's default widget); drawn with an accent ring. Kept weakly.
    public weak var defaultButton: Button? {
        didSet {
            oldValue?.isDefault = false
            defaultButton?.isDefault = true
        }
    }
    /// Places the content for a new size; by default it fills the window.
    public var onResize: ((Size) -> Void)?
    /// Called when the window's width crosses `SizeClass.compactWidthLimit`
    /// (a phone turned, a window narrowed), before the content is laid out
    /// at the new size: the place to hide what a phone has no room for.
    /// Setting it calls it once with the current class, so one handler sets up both.
    public var onSizeClassChange: ((SizeClass) -> Void)? {
        didSet { onSizeClassChange?(horizontalSizeClass) }
    }
    /// The window's size class as of its last layout.
    public var horizontalSizeClass: SizeClass { SizeClass(width: laidOutSize.width) }
    /// The app's own shortcuts, before the key component; true when handled.
    public var onKey: ((KeyEvent) -> Bool)?
    /// Keys that do something wherever the focus is (`addKeyCommand`), asked after the focused component.
    var keyCommands: [KeyCommand] = []
    /// The person asked to close the window; by default the app quits.
    public var onClose: (() -> Void)?
    /// Called after each frame is committed, with the frame count.
    public var onCommit: ((Int) -> Void)?
    /// Called when Ctrl+C put content on the clipboard, or with nil when
    /// the compositor offers no clipboard.
    public var onCopy: ((ClipboardContent?) -> Void)?
    /// The middle button pasted the primary selection's text at a window point
    /// (for a text field); unset, the middle button does nothing.
    public var onPrimaryPaste: ((String, Point) -> Void)?
    /// Called when the window gains (true) or loses (false) the keyboard
    /// focus. Compositors let only the focused client set the clipboard.
    public var onActiveChange: ((Bool) -> Void)?
    /// Called when another program took the clipboard over from this
    /// window's last copy (`copy(_:)` or Ctrl+C).
    public var onClipboardLost: (() -> Void)?
    /// The component that gets keys and shows the keyboard focus: the
    /// first focusable one at the start, then the last one pressed or
    /// touched that accepts focus, or the one Tab moved to.
    public var keyComponent: Component? {
        didSet {
            guard oldValue !== keyComponent else { return }
            updateFocusChain()
            // A component the focus moved to out of a scroll view's sight comes into it; not one
            // pressed (it shows where the pointer is, and moving it would move the press).
            if let keyComponent, !isPressing { revealFocused(keyComponent) }
        }
    }
    /// Set while a press focuses the component under it.
    private var isPressing = false
    /// Set while the content is laid out (`layout(size:)`).
    private var isLayingOut = false
    /// The size the content was last laid out at (its size class is the window's).
    private var laidOutSize = Size.zero
    /// The key component and its focused descendants, as last told they have the focus.
    private var focusChain: [Component] = []

    /// What an input method types into instead of the focused component
    /// (`TextInputClient`): a picker's filter, which takes typing while its
    /// list has the focus. Kept weakly; nil follows the focus.
    public weak var textInputClient: TextInputClient? {
        didSet { syncTextInput() }
    }
    /// The seat's text input while it is on this window (text-input-v3).
    private(set) var textInputSession: TextInputSession?

    /// The menu open now (`showMenu`), if any.
    var menuSession: MenuSession?
    /// Buttons and touches that dismissed a menu: their releases go nowhere.
    var swallowedButtons: Set<UInt32> = []
    var swallowedTouches: Set<Int32> = []
    /// The seat of the latest press, key or touch: a menu grabs it.
    weak var latestInputSeat: Seat?
    /// The icon of the drag this window started, while it runs.
    var dragIcon: (window: Window, content: DragIconView)?
    /// What a screen reader sees of the window: a frame, child of the app (Application+Accessibility).
    public private(set) lazy var accessibleFrame = makeAccessibleFrame()
    /// Whether the window has the keyboard focus (its frame is "active").
    public internal(set) var isActive = false
    /// The component a drag over the window is over, and where (window coordinates).
    var dropComponent: Component?
    var dropPoint: Point?

    /// Timers armed for components, by their tokens.
    private var timers: [TimerToken: EventLoop.TimerID] = [:]
    private var nextTimer: UInt64 = 0
    /// The armed timer for the arena's earliest deadline, and that deadline.
    private var gestureTimer: (id: EventLoop.TimerID, deadline: Double)?
    /// The compositor's event time and the loop's time at the latest input.
    private var clock = (event: 0.0, loop: 0.0)

    /// Button codes (`BTN_LEFT`, `BTN_RIGHT`, `BTN_MIDDLE`).
    /// The window's title (a toplevel's, shown by the compositor; a layer surface has none to
    /// show) and its name to a screen reader, which hears it change: an app that shows another
    /// folder or document says so by setting it.
    public var title: String {
        didSet {
            guard title != oldValue else { return }
            window.title = title
            application.accessibility?.nameChanged(accessibleFrame)
        }
    }

    static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111
    static let middleButton: UInt32 = 0x112

    /// A window of `size` (logical pixels) in `role`: a toplevel titled
    /// `title` by default; with `.overlayIfAvailable`, a centred overlay
    /// (a layer surface) where the compositor offers one, else a toplevel.
    public init(application: Application, title: String, appID: String, size: Size = Size(width: 800, height: 600),
                minimumSize: Size = Size(width: 320, height: 240), role: AppWindowRole = .toplevel) throws {
        self.application = application
        self.title = title
        let connection = application.connection
        switch role {
        case .overlayIfAvailable(let namespace) where connection.offersLayerShell:
            window = try Window(connection: connection, layer: LayerOptions(size: size, keyboard: .exclusive, namespace: namespace))
        case .placedOverlayIfAvailable(let namespace, let anchor, let margins) where connection.offersLayerShell:
            window = try Window(connection: connection, layer: LayerOptions(size: size, keyboard: .exclusive, namespace: namespace,
                                                                             anchor: anchor, margins: margins))
        case .layerIfAvailable(var options) where connection.offersLayerShell:
            options.size = size
            window = try Window(connection: connection, layer: options)
        case .toplevel, .overlayIfAvailable, .placedOverlayIfAvailable, .layerIfAvailable:
            window = try Window(connection: connection, title: title, appID: appID, size: size, minimumSize: minimumSize)
        }
        let surfaceContent = AppWindowSurface(window: self)
        self.surfaceContent = surfaceContent
        window.content = surfaceContent
        window.onCommit = { [weak self] frames in self?.committed(frames) }
        _ = window.addSizeObserver { [weak self] size in self?.layout(size: size) }
        _ = window.addScaleObserver { [weak self, weak application] scale in
            for seat in application?.connection.seats.values ?? [:].values { seat.applyCursor() }
            self?.scaleChanged(to: scale)
        }
        application.add(self)
        if let seat = inputSeat, let clipboard = makeClipboard(for: seat) {
            let dropTarget = WindowDropTarget(window: self)
            self.dropTarget = dropTarget
            clipboard.dropTarget = dropTarget
        }
    }

    /// The components input is routed to: the leaves of the content's tree
    /// (a container stands for its `children`, theirs in turn), in order.
    public var components: [Component] {
        guard let content else { return [] }
        var leaves: [Component] = []
        var pending: [(component: Component, depth: Int)] = [(content, 0)]
        while let (component, depth) = pending.popLast() {
            let children = component.children.filter { $0 !== component }
            if children.isEmpty || depth >= 32 {
                leaves.append(component)
            } else {
                pending.append(contentsOf: children.reversed().map { ($0, depth + 1) })
            }
        }
        return leaves
    }

    private var visibleComponents: [Component] { components.filter(\.isVisible) }

    /// The cursor the component under `point` asks for; the content's (a tab
    /// bar around its pages) where no page is.
    public func cursorShape(at point: Point) -> CursorShape {
        containerHandleCursor(at: point) ?? component(at: point)?.cursorShape(at: point) ?? content?.cursorShape(at: point) ?? .default
    }

    /// The cursor of a container's own handle under `point` (a split pane's
    /// divider), asked from the content down before the component under it:
    /// there a press moves the handle and focuses nothing.
    private func containerHandleCursor(at point: Point) -> CursorShape? {
        var node = content, depth = 0
        while let container = node, depth < 32 {
            let children = container.children.filter { $0 !== container && $0.isVisible }
            guard !children.isEmpty else { return nil }
            if let shape = (container as? ContainerHandles)?.handleCursor(at: point) { return shape }
            node = children.first { $0.frame.contains(point) }
            depth += 1
        }
        return nil
    }

    private func layout(size: Size) {
        isLayingOut = true
        defer { isLayingOut = false }
        let sizeClass = SizeClass(width: size.width), previous = laidOutSize
        laidOutSize = size
        if sizeClass != SizeClass(width: previous.width) { onSizeClassChange?(sizeClass) }
        if let onResize { onResize(size) } else { content?.setFrame(Rect(origin: .zero, size: size)) }
        // A window made lower while a text field has the focus (an on-screen keyboard came up under
        // it) keeps the field in sight: the scroll views around it bring it into the room left.
        if size.height < previous.height, let keyComponent, keyComponent is TextInputClient { revealFocused(keyComponent) }
        window.invalidateAll()
    }

    /// Lays the content out again at the window's size (a component's needs changed); asked
    /// while a layout runs, it is that layout's already.
    public func setNeedsLayout() {
        guard !isLayingOut else { return }
        layout(size: window.size)
    }

    // MARK: - ComponentHost

    public func invalidate(_ region: Region) { window.invalidate(region) }

    public func moveContent(in area: Rect, by dy: Double, covered: [Rect]) {
        window.moveContent(in: area, by: dy, covered: covered)
    }

    public func setNeedsFrame() { window.setNeedsFrame() }

    @discardableResult
    public func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerToken {
        nextTimer += 1
        let token = TimerToken(nextTimer)
        timers[token] = window.connection.loop.schedule(after: milliseconds) { [weak self] in
            self?.timers[token] = nil
            body()
        }
        return token
    }

    public func cancel(_ timer: TimerToken) {
        if let id = timers.removeValue(forKey: timer) { window.connection.loop.cancel(id) }
    }

    public var now: Double { EventLoop.nowMilliseconds }

    // MARK: - The surface

    /// The window's size in logical pixels.
    public var size: Size { window.size }
    /// The output's scale the window draws at (1, 1.5, 2…), following the outputs it is on.
    public var scale: Double { window.scale }
    /// The radius of the window's rounded corners (a layer surface's,
    /// drawn by the app: the picker's `--radius`); 0 by default.
    public var cornerRadius: Double {
        get { window.cornerRadius }
        set { window.cornerRadius = newValue }
    }
    /// Device pixels the window copied instead of drawing so far (scrolling
    /// by copying, a measure for logs).
    public var copiedPixels: Int { window.copiedPixels }
    /// What the window's own title bar asked the compositor for (a log's).
    public var onTitleBarRequest: ((TitleBarRequest) -> Void)? {
        get { window.onTitleBarRequest }
        set { window.onTitleBarRequest = newValue }
    }

    /// Repaints the whole window at the next frame.
    public func invalidateAll() { window.invalidateAll() }

    /// Calls `observer` once the compositor presented the next frame drawn (or at once when it cannot say).
    public func afterNextPresentation(_ observer: @escaping () -> Void) { window.afterNextPresentation(observer) }

    /// Tells every component, nested ones too, the scale the window draws at now.
    /// Tells the content (every component in the window) and the title bar
    /// the window's theme when it changed; menus, tooltips and drag icons
    /// take their component's theme when they open.
    func applyTheme() {
        let theme = self.theme
        if themeOverride != nil { window.decorationStyle = DecorationStyle(theme: theme) }
        else { window.decorationStyle = application.decorationStyle }
        let family = FontSet.usableFamily(theme.fontFamily)
        let fontChanged = family != window.fontFamily
        window.fontFamily = family
        guard let content, themeToldToContent != theme else { return }
        themeToldToContent = theme
        tellTheme(theme, to: content)
        // Text of another family has other widths: sizes asked by text (buttons) change.
        if fontChanged { layout(size: window.size) }
    }

    private func scaleChanged(to scale: Double) {
        if let content { tellScale(scale, to: content) }
    }

    func drawContent(in canvas: Canvas, damage: Region) {
        content?.draw(in: canvas, damage: damage)
    }

    var isAnimating: Bool { content?.isAnimating ?? false }

    func advanceAnimations(to time: Double) -> Region { content?.advanceAnimations(to: time) ?? Region() }

    func windowShouldClose() {
        if let onClose { onClose() } else { application.quit() }
    }

    private func committed(_ frames: Int) {
        onCommit?(frames)
        // Containers too (a scroll view reports its offset), each component once.
        for placed in placedTree { placed.component.didCommitFrame() }
        // A component's focused descendant may have changed with what it shows (a page pushed).
        updateFocusChain()
        // What the frame shows is what the input method hears of: the text, the cursor's place.
        syncTextInput()
    }

    /// Text input (text-input-v3) came to (`entered`) or left one of this
    /// window's surfaces. Only the window's own surface takes it: a menu
    /// that grabbed the keyboard is typed into as keys, not by the input method.
    func textInputFocusChanged(_ entered: Bool, input: TextInput, surface: OpaquePointer) {
        if entered {
            guard surface == window.surfaceProxy else { return }
            textInputSession?.leave()
            textInputSession = TextInputSession(input: input)
        } else {
            // Another seat's leave is not this session's.
            guard let session = textInputSession, session.input === input else { return }
            session.leave()
            textInputSession = nil
        }
        syncTextInput()
    }

    /// The input method's `done`: the client applies it, and state held back
    /// since an older `done` goes now (the caret's place follows with the frame).
    /// After a `done` answering an older commit, the state waits for a current
    /// one, the next key, or `TextInputSession.staleWait`: a compositor
    /// answers only the input method's commits (wlroots), so an input method
    /// waiting for the text would otherwise never hear it.
    func textInputDone(_ update: TextInputUpdate, current: Bool, input: TextInput) {
        guard textInputSession?.input === input else { return }
        textInputSession?.done(update, current: current)
        syncTextInput()
        guard !current, let session = textInputSession else { return }
        application.schedule(after: TextInputSession.staleWait) { [weak self, weak session] in
            guard let self, let session, session === textInputSession else { return }
            session.keyTyped()
            syncTextInput()
        }
    }

    /// The client an input method types into: the app's, else the innermost focused one.
    var currentTextInputClient: TextInputClient? {
        textInputClient ?? focusChain.reversed().lazy.compactMap { $0 as? TextInputClient }.first
    }

    /// Tells the input method of a changed client, text, cursor or type.
    func syncTextInput() {
        textInputSession?.sync(to: currentTextInputClient)
    }

    // MARK: - Input

    func handle(_ frame: PointerFrame, modifiers: Modifiers, from seat: Seat? = nil, surface: OpaquePointer? = nil) {
        if frame.buttons.contains(where: \.pressed), let seat { latestInputSeat = seat }
        if routeToMenu(frame, surface: surface, seat: seat) { return }
        let previous = gestureArena.pointerPosition
        routePointer(frame, modifiers: modifiers)
        if let seat, let position = frame.position, !frame.left { seat.setCursorShape(cursorShape(at: position)) }
        defer { if let position = frame.position { lastPointerPosition = position } }
        if let position = frame.position, let hidden = hoverHiddenAt {
            // The pointer a touch hid comes back where it was (compositors re-enter it
            // there after the touch): the hover stays off until it really moves.
            if abs(position.x - hidden.x) < 1 && abs(position.y - hidden.y) < 1 { return finishPointerFrame(frame) }
            hoverHiddenAt = nil
        }
        if frame.left {
            if previous != nil { for placed in placedTree { window.invalidate(placed.component.hover(at: nil)) } }
        } else if let position = frame.position {
            // Containers hear it too (a scroll view widens its scrollbar), each component once.
            for placed in placedTree {
                window.invalidate(placed.component.hover(at: placed.visibleFrame.contains(position) ? position : nil))
            }
        }
        finishPointerFrame(frame)
    }

    /// Scrolling and the gesture timer: what every pointer frame does after the hover.
    private func finishPointerFrame(_ frame: PointerFrame) {
        // Sideways alone too: a table's columns scroll, a row swipes (components without sideways scrolling ignore it).
        if frame.vertical != nil || frame.horizontal != nil, let position = gestureArena.pointerPosition,
           let component = scrollTarget(at: position) {
            component.handleScroll(frame)
        }
        if frame.time != 0 { armGestureTimer(eventTime: gestureArena.eventTime(frame.time)) }
    }

    /// Where the pointer was when a touch hid it; nil once it moved on.
    private var hoverHiddenAt: Point?
    /// The pointer's last position in the window, kept after it leaves (sway
    /// sends the leave that hides it before the touch itself).
    private var lastPointerPosition: Point?

    func handle(_ key: KeyEvent, from seat: Seat) {
        textInputSession?.keyTyped()
        keySeat = seat
        latestInputSeat = seat
        if key.keysym == .escape, let clipboard, clipboard.isDragging {
            clipboard.cancelDrag()
            return
        }
        if let menuSession {
            menuSession.handleKey(key)
            return
        }
        if let onKey, onKey(key) { return }
        if key.modifiers.contains(.control) && key.keysym == .c {
            copySelection(from: seat)
            return
        }
        if let keyComponent, keyComponent.isVisible, keyComponent.handleKey(key) { return }
        if performKeyCommand(for: key) { return }
        if activateButton(for: key) { return }
        if (key.keysym == .tab || key.keysym == .leftTab) && key.modifiers.isDisjoint(with: [.control, .alt]) {
            moveFocus(backward: key.keysym == .leftTab || key.modifiers.contains(.shift))
        } else if key.keysym == .f6 && key.modifiers.isDisjoint(with: [.control, .alt]) {
            moveFocusToOtherPane()
        }
    }

    /// Enter for the default button, Alt with a letter for the visible
    /// button with that mnemonic; whether one was activated.
    private func activateButton(for key: KeyEvent) -> Bool {
        guard let button = ButtonKeys.button(for: key, defaultButton: defaultButton, among: components) else { return false }
        button.activate()
        return true
    }

    // MARK: - Focus

    /// Focuses `component`: one of the window's components, or one inside
    /// them that shows their focus (a page's list: the page takes it).
    public func focus(_ component: Component) {
        for top in visibleComponents where top.acceptsFocus {
            var next: Component? = top, depth = 0
            while let candidate = next, depth < 16 {
                if candidate === component { return keyComponent = top }
                next = candidate.focusedDescendant
                depth += 1
            }
        }
        guard component.acceptsFocus, components.contains(where: { $0 === component }) else { return }
        keyComponent = component
    }

    public func isFocused(_ component: Component) -> Bool { focusChain.contains { $0 === component } }

    /// Tells the components that gained or lost the keyboard focus: the key
    /// component and, through `focusedDescendant`, those inside it that show it.
    private func updateFocusChain() {
        var chain: [Component] = []
        var next = keyComponent
        while let component = next, chain.count < 16, !chain.contains(where: { $0 === component }) {
            chain.append(component)
            next = component.focusedDescendant
        }
        let old = focusChain
        focusChain = chain
        for component in old where !chain.contains(where: { $0 === component }) { component.focusDidChange(false) }
        for component in chain where !old.contains(where: { $0 === component }) { component.focusDidChange(true) }
    }

    /// Tab and Shift+Tab: the next (previous) visible focusable component,
    /// wrapping around; true when the focus moved.
    @discardableResult
    public func moveFocus(backward: Bool) -> Bool {
        let focusable = visibleComponents.filter(\.acceptsFocus)
        guard !focusable.isEmpty else { return false }
        let current = focusable.firstIndex { $0 === keyComponent }
        let next: Int
        if let current {
            next = (current + (backward ? focusable.count - 1 : 1)) % focusable.count
        } else {
            next = backward ? focusable.count - 1 : 0
        }
        guard focusable[next] !== keyComponent else { return false }
        keyComponent = focusable[next]
        focusable[next].focusArrivedByTab(backward: backward)
        return true
    }

    /// F6: the keyboard focus goes to the other side of the innermost split
    /// pane holding the focused component (GTK's and most desktops' key),
    /// to its first focusable component; true when it moved.
    @discardableResult
    public func moveFocusToOtherPane() -> Bool {
        guard let content, let focused = keyComponent else { return false }
        // The containers from the content down to the focused component.
        guard let chain = AppWindow.path(to: focused, from: content, depth: 0) else {
            // The focused component is no longer shown (a side collapsed): the first that can take it does.
            guard let first = visibleComponents.first(where: \.acceptsFocus) else { return false }
            keyComponent = first
            return true
        }
        for (index, node) in chain.enumerated().reversed() {
            guard let pane = node as? SplitPane, index + 1 < chain.count else { continue }
            let other = chain[index + 1] === pane.first ? pane.second : pane.first
            let focusable = visibleComponents.filter { candidate in
                candidate.acceptsFocus && AppWindow.path(to: candidate, from: other, depth: 0) != nil
            }
            guard let target = focusable.first else { continue }
            keyComponent = target
            target.focusArrivedByTab(backward: false)
            return true
        }
        return false
    }

    /// The components from `node` down to `target`, both included; nil when `target` is not inside.
    private static func path(to target: Component, from node: Component, depth: Int) -> [Component]? {
        if node === target { return [node] }
        guard depth < 32 else { return nil }
        for child in node.children where child !== node {
            if let rest = path(to: target, from: child, depth: depth + 1) { return [node] + rest }
        }
        return nil
    }

    /// A press or touch on `component`: it takes the focus if it accepts
    /// it (or when nothing focusable has it, so its keys still work).
    private func pressed(_ component: Component) {
        isPressing = true
        defer { isPressing = false }
        if component.acceptsFocus || !(keyComponent?.acceptsFocus ?? false) { keyComponent = component }
    }

    /// The seat of the latest key, whose clipboard copy and paste use.
    private weak var keySeat: Seat?

    /// The clipboard's text, decoded leniently (nil when there is none);
    /// `completion` runs later on the loop, which never waits for the
    /// other program.
    public func paste(_ completion: @escaping (String?) -> Void) {
        guard let clipboard = clipboardOfKeySeat() else { return completion(nil) }
        clipboard.paste { bytes in completion(bytes.map { String(decoding: $0, as: UTF8.self) }) }
    }

    /// The seat of the latest key, or the first one.
    var inputSeat: Seat? { keySeat ?? application.connection.seats.values.first }

    private func clipboardOfKeySeat() -> Clipboard? {
        guard let seat = inputSeat else { return nil }
        return clipboard ?? makeClipboard(for: seat)
    }

    /// The window's clipboard on `seat`, nil when the compositor has none.
    private func makeClipboard(for seat: Seat) -> Clipboard? {
        guard let made = Clipboard(connection: window.connection, seat: seat) else { return nil }
        made.onCancelled = { [weak self] in self?.onClipboardLost?() }
        clipboard = made
        return made
    }

    /// The clipboard's content as the other program sent it, byte for byte
    /// (nil when there is none or the compositor has no clipboard), in the
    /// best text type it offers; `completion` runs later on the loop.
    public func pasteBytes(_ completion: @escaping ([UInt8]?) -> Void) {
        guard let clipboard = clipboardOfKeySeat() else { return completion(nil) }
        clipboard.paste(completion)
    }

    /// Puts `content` on the clipboard (an app's own Copy), with the latest
    /// input's serial; reports through `onCopy` like Ctrl+C.
    public func copy(_ content: ClipboardContent) {
        guard let seat = inputSeat, let clipboard = clipboardOfKeySeat() else {
            application.reportError("the compositor offers no clipboard (wl_data_device_manager)")
            onCopy?(nil)
            return
        }
        clipboard.copy(content, serial: seat.latestInputSerial)
        onCopy?(content)
    }

    /// Ctrl+C: the key component's text goes on the clipboard.
    private func copySelection(from seat: Seat) {
        guard let content = keyComponent?.clipboardContent else { return }
        guard let clipboard = clipboardOfKeySeat() else {
            application.reportError("the compositor offers no clipboard (wl_data_device_manager)")
            onCopy?(nil)
            return
        }
        clipboard.copy(content, serial: seat.latestInputSerial)
        onCopy?(content)
    }

    func handleTouch(_ frame: TouchFrame, from seat: Seat? = nil, surface: OpaquePointer? = nil) {
        if !frame.down.isEmpty, let seat { latestInputSeat = seat }
        if routeToMenu(frame, surface: surface) { return }
        if !frame.down.isEmpty && !gestureArena.hasTouches {
            // Compositors hide the pointer while a finger is down: its hover highlight goes with it
            // (it comes back when the pointer moves).
            for placed in placedTree { window.invalidate(placed.component.hover(at: nil)) }
            hoverHiddenAt = lastPointerPosition
            if let component = component(at: frame.down[0].position) {
                // A touch during a fling stops it and selects nothing (interaction.md §6), a scroll view's above it too.
                touchesBegan(at: frame.down[0].position)
                pressed(component)
            }
        }
        gestureArena.handle(frame)
        armGestureTimer(eventTime: gestureArena.eventTime(frame.time))
    }

    func handleGesture(_ gesture: PointerGesture) {
        if case .holdBegin = gesture, let position = gestureArena.pointerPosition { touchesBegan(at: position) }
        gestureArena.handle(gesture)
        switch gesture {
        case .swipeBegin, .pinchBegin, .holdBegin: armGestureTimer(eventTime: gestureArena.eventTime(gesture.time))
        default: break
        }
    }

    /// Pointer position and buttons: the left into the arena, the right to the component under it.
    private func routePointer(_ frame: PointerFrame, modifiers: Modifiers) {
        let time = gestureArena.eventTime(frame.time)   // continuous across the 32-bit wrap
        if let position = frame.position { gestureArena.pointerMoved(to: position, time: time) }
        for (code, pressed) in frame.buttons {
            guard let position = gestureArena.pointerPosition else { continue }
            if code == AppWindow.leftButton {
                if pressed, containerHandleCursor(at: position) == nil, let component = component(at: position) { self.pressed(component) }
                gestureArena.pointerButton(pressed: pressed, modifiers: modifiers, time: time)
            } else if code == AppWindow.rightButton && pressed, let component = component(at: position) {
                self.pressed(component)
                component.handleSecondaryClick(at: position)
            } else if code == AppWindow.middleButton && pressed {
                if let component = component(at: position), let field = component as? MiddleClickPasting {
                    self.pressed(component)
                    field.pastePrimarySelection(at: position)
                } else {
                    pastePrimarySelection(at: position)
                }
            }
        }
        if frame.left {
            // The pointer left mid-drag: the compositor will not send the release to us.
            gestureArena.pointerButton(pressed: false, modifiers: modifiers, time: time)
            gestureArena.pointerMoved(to: nil, time: time)
        }
    }

    /// Arms one timer for the earliest recognizer deadline, converting the
    /// compositor's event clock (continuous, the arena's) to the loop's.
    private func armGestureTimer(eventTime: Double) {
        clock = (event: eventTime, loop: EventLoop.nowMilliseconds)
        let deadline = gestureArena.nextDeadline
        // Most input (every pointer motion) leaves the deadline as it was: keep the timer.
        guard deadline != gestureTimer?.deadline else { return }
        if let gestureTimer { window.connection.loop.cancel(gestureTimer.id) }
        gestureTimer = nil
        guard let deadline else { return }
        let id = window.connection.loop.schedule(after: max(0, deadline - eventTime)) { [weak self] in
            guard let self else { return }
            self.gestureTimer = nil
            let now = self.clock.event + (EventLoop.nowMilliseconds - self.clock.loop)
            self.gestureArena.advance(to: max(now, deadline))
            self.armGestureTimer(eventTime: max(now, deadline))
        }
        gestureTimer = (id, deadline)
    }
}

/// An `AppWindow` as its surface's content: drawing, sizing, animation and
/// closing, kept off the window's public API.
@MainActor
final class AppWindowSurface: @MainActor WindowContent {
    private unowned let window: AppWindow

    init(window: AppWindow) {
        self.window = window
    }

    func draw(in canvas: Canvas, damage: Region) { window.drawContent(in: canvas, damage: damage) }
    var isAnimating: Bool { window.isAnimating }
    func advanceAnimations(to time: Double) -> Region { window.advanceAnimations(to: time) }
    func windowShouldClose() { window.windowShouldClose() }
}
