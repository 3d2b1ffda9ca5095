import SweepLoop
import CWaylandClient
import CWaylandProtocols
import SweepGeometry
import SweepInput
import SweepXKB

/// A `wl_seat`: its pointer and keyboard come and go with its capabilities
/// (a mouse unplugged and plugged back in). Events reach the app as typed
/// frames through the `on…` closures, only for the surfaces `ownsSurface` accepts.
public final class Seat {
    let proxy: OpaquePointer
    let version: UInt32
    unowned let connection: Connection
    public private(set) var name = ""
    /// The serial of the latest input event (key, button, keyboard focus):
    /// what the clipboard needs to prove the copy came from the person.
    public internal(set) var latestInputSerial: UInt32 = 0
    /// The serial of the latest button press or touch down: what a drag
    /// starts with (a compositor checks it against the press it grabs).
    public internal(set) var latestPressSerial: UInt32 = 0

    private(set) var pointer: OpaquePointer?
    private(set) var keyboardProxy: OpaquePointer?

    // Pointer state.
    var pointerEvents = PointerFrameAccumulator()
    var pointerFocus: OpaquePointer?
    var pointerEnterSerial: UInt32 = 0
    var cursor: CursorTheme?
    /// `wp_cursor_shape_device_v1` for the pointer, where the compositor offers cursor-shape-v1.
    var cursorShapeDevice: OpaquePointer?
    /// The shape wanted, and the one last set on the pointer.
    public internal(set) var cursorShape = CursorShape.default
    var appliedCursorShape: CursorShape?
    /// The window frame under the pointer (its input goes to the frame, not
    /// the app), the cursor it asks for, and where the pointer is on it.
    weak var pointerDecoration: ClientDecoration?
    var decorationCursorShape = CursorShape.default
    var decorationPointerPosition = Point.zero

    // Touch state.
    private(set) var touchProxy: OpaquePointer?
    var touchEvents = TouchFrameAccumulator()
    var ownedTouches: Set<Int32> = []
    var touchSurface: OpaquePointer?
    /// Touches that went down on a window frame.
    var decorationTouches: [Int32: WeakDecoration] = [:]

    // Touchpad gestures (on the pointer).
    var swipeGesture: OpaquePointer?
    var pinchGesture: OpaquePointer?
    var holdGesture: OpaquePointer?
    var gestureOnApp = false
    /// The cancelled end of the gesture running on the app, sent if the
    /// pointer goes away before the compositor ends it.
    var gestureCancel: PointerGesture?

    // Keyboard state.
    var keyboard: Keyboard?
    /// The locale's dead keys and Compose sequences (nil without a table).
    var composeSequences: ComposeSequences?
    var keyboardFocus: OpaquePointer?
    var keyRepeat = KeyRepeat()
    var repeatTimer: EventLoop.TimerID?
    /// The compositor's time of the repeating key's press and the loop's time then.
    var repeatBase = (event: UInt32(0), loop: 0.0)

    /// Whether a surface is one of the app's (decoration surfaces are not).
    public var ownsSurface: (OpaquePointer) -> Bool = { _ in true }
    /// The cursor scale wanted now (the window's integer scale).
    public var cursorScale: () -> Int32 = { 1 }
    /// A pointer frame over an app surface.
    public var onPointerFrame: ((PointerFrame) -> Void)?
    /// A touch frame on an app surface.
    public var onTouchFrame: ((TouchFrame) -> Void)?
    /// A touchpad gesture that began over an app surface.
    public var onGesture: ((PointerGesture) -> Void)?
    /// A key press or repeat while an app surface has keyboard focus.
    public var onKey: ((KeyEvent) -> Void)?
    /// A key was released while a surface had the keyboard focus (for reporting: apps act on presses).
    public var onKeyRelease: ((KeyEvent) -> Void)?
    /// Keyboard focus entered (true) or left (false) the app.
    public var onKeyboardFocus: ((Bool) -> Void)?
    /// A message for the person (a keymap that cannot be used, say).
    public var onError: ((String) -> Void)?

    init(proxy: OpaquePointer, version: UInt32, connection: Connection) {
        self.proxy = proxy
        self.version = version
        self.connection = connection
        wl_seat_add_listener(proxy, Seat.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        textInput = nil
        tablets = nil
        releasePointer()
        releaseKeyboard()
        releaseTouch()
        if version >= 5 { wl_seat_release(proxy) } else { wl_proxy_destroy(proxy) }
    }

    /// The seat's pens, once `startTablets()` made them readable.
    public private(set) var tablets: TabletSeat?

    /// Reads the seat's pens (once) where the compositor offers tablet-v2; nil where it does not.
    public func startTablets() -> TabletSeat? {
        if tablets == nil, let manager = connection.tabletManager {
            let seat = TabletSeat(manager: manager, seat: proxy, connection: connection)
            seat.ownsSurface = { [weak self] surface in self?.ownsSurface(surface) ?? false }
            tablets = seat
        }
        return tablets
    }

    /// The seat's text input, once `startTextInput()` made it.
    public private(set) var textInput: TextInput?

    /// Makes the seat's text input (once) where the compositor offers
    /// text-input-v3; nil where it does not.
    public func startTextInput() -> TextInput? {
        if textInput == nil, let manager = connection.textInputManager { textInput = TextInput(manager: manager, seat: proxy) }
        return textInput
    }

    public var hasPointer: Bool { pointer != nil }
    public var hasKeyboard: Bool { keyboardProxy != nil }
    public var hasTouch: Bool { touchProxy != nil }
    /// The keyboard modifiers held now (none without a keyboard).
    public var modifiers: Modifiers { keyboard?.modifiers ?? [] }

    /// The app surface under the pointer, with keyboard focus, and where the
    /// latest touch went down: an app with several windows routes by them.
    public var pointerFocusSurface: OpaquePointer? { pointerFocus }
    public var keyboardFocusSurface: OpaquePointer? { keyboardFocus }
    public var touchFocusSurface: OpaquePointer? { touchSurface }

    /// One of the app's surfaces is going away (a closed menu): the seat
    /// stops treating it as focused; the compositor's next enter says where
    /// the pointer and keyboard went.
    func forget(_ surface: OpaquePointer) {
        if pointerFocus == surface {
            pointerFocus = nil
            pointerDecoration = nil
        }
        if keyboardFocus == surface {
            stopRepeat()
            keyboardFocus = nil
        }
        if touchSurface == surface { touchSurface = nil }
        tablets?.forget(surface)
    }

    private func capabilities(_ caps: UInt32) {
        let wantsPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let wantsKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let wantsTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if wantsTouch && touchProxy == nil {
            touchProxy = wl_seat_get_touch(proxy)
            if let touchProxy { wl_touch_add_listener(touchProxy, Seat.touchListener, Unmanaged.passUnretained(self).toOpaque()) }
        } else if !wantsTouch && touchProxy != nil {
            releaseTouch()
        }
        if wantsPointer && pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            if let pointer {
                wl_pointer_add_listener(pointer, Seat.pointerListener, Unmanaged.passUnretained(self).toOpaque())
                createGestures(for: pointer)
                if let manager = connection.cursorShapeManager {
                    cursorShapeDevice = wp_cursor_shape_manager_v1_get_pointer(manager, pointer)
                }
            }
        } else if !wantsPointer && pointer != nil {
            releasePointer()
        }
        if wantsKeyboard && keyboardProxy == nil {
            keyboardProxy = wl_seat_get_keyboard(proxy)
            if let keyboardProxy { wl_keyboard_add_listener(keyboardProxy, Seat.keyboardListener, Unmanaged.passUnretained(self).toOpaque()) }
        } else if !wantsKeyboard && keyboardProxy != nil {
            releaseKeyboard()
        }
    }

    private func releaseTouch() {
        guard let touchProxy else { return }
        if !ownedTouches.isEmpty {
            // Touches that can no longer end are cancelled, so their gesture is undone.
            ownedTouches.removeAll()
            var frame = TouchFrame()
            frame.cancelled = true
            onTouchFrame?(frame)
        }
        if version >= 3 { wl_touch_release(touchProxy) } else { wl_proxy_destroy(touchProxy) }
        self.touchProxy = nil
    }

    private func releasePointer() {
        destroyGestures()
        guard let pointer else { return }
        if pointerFocus != nil {
            // The app must not keep a hover for a pointer that no longer exists.
            var frame = PointerFrame()
            frame.left = true
            pointerFocus = nil
            onPointerFrame?(frame)
        }
        if let cursorShapeDevice { wp_cursor_shape_device_v1_destroy(cursorShapeDevice) }
        cursorShapeDevice = nil
        appliedCursorShape = nil
        if version >= 3 { wl_pointer_release(pointer) } else { wl_proxy_destroy(pointer) }
        self.pointer = nil
        cursor = nil
    }

    private func releaseKeyboard() {
        guard let keyboardProxy else { return }
        stopRepeat()
        if keyboardFocus != nil {
            keyboardFocus = nil
            onKeyboardFocus?(false)
        }
        if version >= 3 { wl_keyboard_release(keyboardProxy) } else { wl_proxy_destroy(keyboardProxy) }
        self.keyboardProxy = nil
        keyboard = nil
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> Seat? {
        data.map { Unmanaged<Seat>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_seat_listener(
            capabilities: { data, _, caps in Seat.from(data)?.capabilities(caps) },
            name: { data, _, name in
                if let name { Seat.from(data)?.name = String(cString: name) }
            }
        ))
        return listener
    }()
}
