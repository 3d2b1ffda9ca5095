import SweepLoop
import Dispatch
import Glibc
internal import SweepWayland

/// An app's connection to the compositor and its one event loop: it owns
/// the seats and hands each one's input to the window it is for. Windows
/// (`AppWindow`) register themselves; `run()` dispatches until `quit()`.
///
/// The loop polls the display fd and any fd the app adds (`watch`), with the
/// nearest timer (recognizer deadlines, animations, key repeat) as the
/// timeout; app code never sees seats, the arena or deadlines.
@MainActor
public final class Application {
    let connection: Connection
    /// The windows, in the order they were made (a window keeps its app alive, not the reverse).
    public var windows: [AppWindow] { windowRefs.compactMap(\.window) }
    private struct WeakWindow { weak var window: AppWindow? }
    private var windowRefs: [WeakWindow] = []
    /// The desktop's colour scheme being followed (`followTheme(.auto)`), if any.
    var themeFollower: ThemeFollower?
    /// The theme every window draws with, and so every component in them,
    /// unless a window or a component sets its own (`AppWindow.themeOverride`,
    /// `themeOverride` on a component); `followTheme` keeps it with the
    /// desktop (dark or light, its accent colour). Light by default.
    public var theme = Theme.light {
        didSet {
            guard theme != oldValue else { return }
            decorationStyle = DecorationStyle(theme: theme)
            for window in windows { window.applyTheme() }
        }
    }
    /// The colours of the title bars the windows draw where the compositor
    /// draws none (GNOME, weston); they follow `theme`, and a window with a
    /// theme of its own has title bars of its theme.
    public var decorationStyle = DecorationStyle.light {
        didSet { for window in windows where window.themeOverride == nil { window.window.decorationStyle = decorationStyle } }
    }
    /// The app on the accessibility bus (AT-SPI2), while an assistive technology may use it;
    /// nil with none (or `SWEEP_ACCESSIBILITY=0`). See Application+Accessibility.
    public internal(set) var accessibility: AccessibilityBridge?
    var accessibilityPump: BusPump?
    /// Keys on their way to the app through the accessibility registry.
    lazy var keyReporter = KeyReporter(application: self)
    /// Announcements to a screen reader: a burst is said once it pauses (250 ms), and once a
    /// second while it lasts.
    lazy var announcer = Announcer(application: self)
    /// Value changes (scroll bars) to screen readers, at most ten a second per object.
    lazy var valueChangeReporter = ValueChangeReporter(loop: connection.loop) { [weak self] object in
        guard let self, let accessibility else { return }
        accessibility.valueChanged(object)
        accessibilityPump?.rearm()
    }

    /// Connects to the compositor named by `WAYLAND_DISPLAY` (or
    /// `WAYLAND_SOCKET`); throws `WaylandError` with one line naming it.
    public init() throws {
        // A compositor that goes away must not kill us with SIGPIPE before we can say so.
        signal(SIGPIPE, SIG_IGN)
        connection = try Connection()
        for seat in connection.seats.values { attach(seat) }
        connection.onSeatAdded = { [weak self] seat in self?.attach(seat) }
        connection.loop.onWarning = { [weak self] message in self?.reportError(message) }
        startAccessibility()
    }

    /// An output (a monitor) of the compositor's.
    public struct Output: Sendable, Hashable {
        /// Its name, such as "DP-1" (empty until the compositor says).
        public let name: String
        /// Its size in logical pixels, once the compositor said its mode and scale.
        public let logicalSize: Size?
    }

    /// The outputs, in the order the compositor announced them.
    public var outputs: [Output] { connection.outputList.map { Output(name: $0.name, logicalSize: $0.logicalSize) } }

    /// Whether windows may be layer surfaces (wlr-layer-shell: overlays,
    /// pickers, panels): sway, Hyprland and KWin offer it; GNOME does not.
    public var offersLayerShell: Bool { connection.offersLayerShell }

    /// Whether the compositor has a clipboard and drag and drop (`wl_data_device_manager`).
    public var offersClipboard: Bool { connection.offersClipboard }

    /// The one loop (SweepLoop's `EventLoop`, with the display plugged in). Apps use `watch`,
    /// `schedule` and `post` below.
    var loop: EventLoop { connection.loop }

    /// What a watched fd is waited for and found ready for (`.readable`, `.writable`; `.hangUp`,
    /// `.error` and `.invalid` come unasked).
    public typealias Readiness = EventLoop.Readiness
    /// A watched fd, to stop watching it.
    public typealias WatchID = EventLoop.WatchID
    /// A scheduled body, to cancel it.
    public typealias TimerID = EventLoop.TimerID

    /// Calls `callback` on the loop whenever `fd` is ready for `events`, polled with the display
    /// (standard input, a pipe, a socket). The fd stays the caller's; a hang-up or error without
    /// `.readable` ends the watch before the callback runs, which should close the fd.
    @discardableResult
    public func watch(fd: Int32, events: Readiness, _ callback: @escaping (Readiness) -> Void) -> WatchID {
        loop.watch(fd: fd, events: events, callback)
    }

    /// Stops watching; nothing happens for a watch that already ended.
    public func unwatch(_ id: WatchID) {
        loop.unwatch(id)
    }

    /// Runs `body` on the loop once after `milliseconds`.
    @discardableResult
    public func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerID {
        loop.schedule(after: milliseconds, body)
    }

    /// Cancels a scheduled body that has not run yet.
    public func cancel(_ id: TimerID) {
        loop.cancel(id)
    }

    /// Runs `body` once the events being handled now are dispatched, before the loop waits again.
    public func runAfterEvents(_ body: @escaping () -> Void) {
        loop.runAfterDispatch(body)
    }

    /// Milliseconds on the monotonic clock (the time base of animations and `schedule`).
    public nonisolated static var now: Double { EventLoop.nowMilliseconds }

    /// Dispatches events until `quit()`; throws when the connection breaks.
    public func run() throws {
        try connection.loop.run()
    }

    /// Runs `body` on the loop (the main actor) soon, after the events being
    /// handled; callable from any thread or task. Bodies run in the order
    /// they were posted. The same as `DispatchQueue.main.async` or a
    /// `Task { @MainActor in … }`, which the loop runs too.
    public nonisolated static func post(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    /// Ends `run()` after the events being handled.
    public func quit() {
        connection.loop.stop()
    }

    func add(_ window: AppWindow) {
        windowRefs.removeAll { $0.window == nil }
        windowRefs.append(WeakWindow(window: window))
        window.window.decorationStyle = decorationStyle
        window.applyTheme()
    }

    /// The window a surface belongs to.
    private func window(for surface: OpaquePointer?) -> AppWindow? {
        let windows = self.windows
        guard let surface else { return windows.count == 1 ? windows[0] : nil }
        return windows.first { $0.owns(surface: surface) }
    }

    /// Routes a seat's input to the window it is for. The seat is held
    /// weakly: one going away reports a last frame from its deinit.
    private func attach(_ seat: Seat) {
        let id = ObjectIdentifier(seat)
        seat.ownsSurface = { [weak self] surface in self?.windows.contains { $0.owns(surface: surface) } ?? false }
        seat.cursorScale = { [weak self, weak seat] in
            Int32((self?.window(for: seat?.pointerFocusSurface)?.window.scale ?? 1).rounded(.up))
        }
        seat.onPointerFrame = { [weak self, weak seat] frame in
            guard let self else { return }
            let surface = seat?.pointerFocusSurface ?? lastPointerSurface[id]
            window(for: surface)?.handle(frame, modifiers: seat?.modifiers ?? [], from: seat, surface: surface)
            if let surface = seat?.pointerFocusSurface { lastPointerSurface[id] = surface }
        }
        seat.onKey = { [weak self, weak seat] key in
            guard let self, let seat else { return }
            // The window is found when the key is delivered: a screen reader's answer may come after a focus change.
            keyReporter.press(key) { [weak self, weak seat] in
                guard let self, let seat else { return }
                window(for: seat.keyboardFocusSurface)?.handle(key, from: seat)
            }
        }
        seat.onKeyRelease = { [weak self] key in self?.keyReporter.release(key) }
        seat.onTouchFrame = { [weak self, weak seat] frame in
            self?.window(for: seat?.touchFocusSurface)?.handleTouch(frame, from: seat, surface: seat?.touchFocusSurface)
        }
        seat.onGesture = { [weak self, weak seat] gesture in self?.window(for: seat?.pointerFocusSurface)?.handleGesture(gesture) }
        seat.onError = { [weak self] message in self?.reportError(message) }
        // A pen is a pointer: hover, press and drag (a band; its barrel button held: Shift, extending).
        seat.startTablets()?.onFrame = { [weak self, weak seat] frame, surface in
            guard let self, let window = window(for: surface) else { return }
            window.handle(frame, modifiers: frame.modifiers.union(seat?.modifiers ?? []), from: seat, surface: surface)
        }
        if let input = seat.startTextInput() {
            // Input methods type into the window text input is on (it follows the keyboard focus).
            input.onFocus = { [weak self, unowned input] surface, entered in
                self?.window(for: surface)?.textInputFocusChanged(entered, input: input, surface: surface)
            }
            input.onDone = { [weak self, unowned input] update, current in
                guard let surface = input.focusedSurface else { return }
                self?.window(for: surface)?.textInputDone(update, current: current, input: input)
            }
        }
        seat.onKeyboardFocus = { [weak self, weak seat] focused in
            guard let self else { return }
            let active = focused ? window(for: seat?.keyboardFocusSurface) : nil
            for window in windows { window.setActive(window === active) }
        }
    }

    /// The surface each seat's pointer was last over: the frame that says it
    /// left comes after the focus is gone.
    private var lastPointerSurface: [ObjectIdentifier: OpaquePointer] = [:]

    /// Where messages for the person go (one line each); stderr by default.
    public var onError: (String) -> Void = { message in
        _ = (message + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    func reportError(_ message: String) { onError(message) }
}
