import CWaylandClient
import Glibc
import CWaylandProtocols
import SweepGeometry
import SweepInput

/// A seat's `zwp_text_input_v3`: how an input method (fcitx5, IBus, an
/// on-screen keyboard) types into the app. The compositor says which of the
/// app's surfaces has it (`enter`, `leave`, with the keyboard focus); the
/// app enables it while a text field there has the focus, tells it the text
/// around the cursor, where the cursor is drawn and what the field holds,
/// and each `commit` makes that state current. The input method's events
/// are double-buffered until `done`, which hands them over as one
/// `TextInputUpdate`.
public final class TextInput {
    let proxy: OpaquePointer
    /// The app surface text input is on, between `enter` and `leave`.
    public private(set) var focusedSurface: OpaquePointer?
    /// Whether the app enabled it (and has not disabled it since), as committed.
    public private(set) var isEnabled = false
    /// How many `commit` requests were sent: the serial a `done` answering the latest one carries.
    public private(set) var commitCount: UInt32 = 0
    /// The events since the last `done`.
    private var pending = TextInputUpdate()

    /// The compositor moved text input to (`true`) or away from (`false`) one of the app's surfaces.
    public var onFocus: ((OpaquePointer, Bool) -> Void)?
    /// `done`: the input method's update, and whether it answers the latest
    /// commit (false: it was made against older state; apply it, but send
    /// no state until a current one comes, as the protocol says).
    public var onDone: ((TextInputUpdate, Bool) -> Void)?

    init(manager: OpaquePointer, seat: OpaquePointer) {
        proxy = zwp_text_input_manager_v3_get_text_input(manager, seat)
        zwp_text_input_v3_add_listener(proxy, TextInput.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { zwp_text_input_v3_destroy(proxy) }

    // MARK: - State (sent with the next commit)

    /// Asks for input method events for the focused text; `commit` to apply.
    /// Resets the state the compositor holds: send it all again before committing.
    public func enable() {
        zwp_text_input_v3_enable(proxy)
        isEnabled = true
    }

    /// No text is focused any more; `commit` to apply.
    public func disable() {
        zwp_text_input_v3_disable(proxy)
        isEnabled = false
    }

    /// The text around the cursor (at most `SurroundingText.byteLimit` bytes) with
    /// the cursor and the selection's other end as UTF-8 byte offsets into it, and
    /// whether the input method's own edit made the change.
    public func setSurroundingText(_ surrounding: SurroundingText, causedByInputMethod: Bool) {
        zwp_text_input_v3_set_surrounding_text(proxy, surrounding.text, Int32(clamping: surrounding.cursor),
                                               Int32(clamping: surrounding.anchor))
        zwp_text_input_v3_set_text_change_cause(proxy, causedByInputMethod ? ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD.rawValue
                                                    : ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER.rawValue)
    }

    /// What the field holds, as the protocol's hints and purpose.
    public func setContentType(_ type: TextContentType) {
        let (hints, purpose) = Self.wire(type)
        zwp_text_input_v3_set_content_type(proxy, hints, purpose)
    }

    /// Where the cursor (or the preedit's cursor) is drawn, in the surface's
    /// logical coordinates: the candidate window opens beside it.
    public func setCursorRectangle(_ rect: Rect) {
        zwp_text_input_v3_set_cursor_rectangle(proxy, Int32(saturating: rect.minX.rounded(.down)),
                                               Int32(saturating: rect.minY.rounded(.down)),
                                               Int32(saturating: max(1, rect.width.rounded(.up))),
                                               Int32(saturating: max(1, rect.height.rounded(.up))))
    }

    /// Makes the state sent since the last commit current.
    public func commit() {
        zwp_text_input_v3_commit(proxy)
        commitCount &+= 1
    }

    /// The protocol's hints and purpose for a content type.
    static func wire(_ type: TextContentType) -> (hints: UInt32, purpose: UInt32) {
        let completion = ZWP_TEXT_INPUT_V3_CONTENT_HINT_COMPLETION.rawValue
        let spellcheck = ZWP_TEXT_INPUT_V3_CONTENT_HINT_SPELLCHECK.rawValue
        let capitals = ZWP_TEXT_INPUT_V3_CONTENT_HINT_AUTO_CAPITALIZATION.rawValue
        let hidden = ZWP_TEXT_INPUT_V3_CONTENT_HINT_HIDDEN_TEXT.rawValue | ZWP_TEXT_INPUT_V3_CONTENT_HINT_SENSITIVE_DATA.rawValue
        switch type {
        case .normal: return (completion | spellcheck | capitals, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
        case .search: return (completion, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
        case .fileName: return (ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
        case .password: return (hidden, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PASSWORD.rawValue)
        case .number: return (ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NUMBER.rawValue)
        case .url: return (completion, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_URL.rawValue)
        case .email: return (completion, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL.rawValue)
        case .name: return (capitals, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NAME.rawValue)
        case .terminal: return (ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_TERMINAL.rawValue)
        }
    }

    // MARK: - Events

    private func entered(_ surface: OpaquePointer?) {
        guard let surface else { return }
        focusedSurface = surface
        onFocus?(surface, true)
    }

    private func left(_ surface: OpaquePointer?) {
        guard let left = surface ?? focusedSurface else { return }
        if focusedSurface == left { focusedSurface = nil }
        // Still enabled as far as the compositor knows (wlroots keeps it so): the app disables it.
        pending = TextInputUpdate()
        onFocus?(left, false)
    }

    private func done(serial: UInt32) {
        let update = pending
        pending = TextInputUpdate()
        onDone?(update, serial == commitCount)
    }

    /// Text from the compositor: invalid UTF-8 is repaired (U+FFFD), never passed on.
    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> TextInput? {
        data.map { Unmanaged<TextInput>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<zwp_text_input_v3_listener> = {
        let listener = UnsafeMutablePointer<zwp_text_input_v3_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_text_input_v3_listener(
            enter: { data, _, surface in TextInput.from(data)?.entered(surface) },
            leave: { data, _, surface in TextInput.from(data)?.left(surface) },
            preedit_string: { data, _, text, begin, end in
                guard let input = TextInput.from(data) else { return }
                input.pending.preedit = TextInput.text(text).flatMap { $0.isEmpty ? nil : TextInputUpdate.Preedit(text: $0, begin: Int(begin), end: Int(end)) }
            },
            // An empty commit is the protocol's "none": it must not replace a selection with nothing.
            commit_string: { data, _, text in TextInput.from(data)?.pending.commit = TextInput.text(text).flatMap { $0.isEmpty ? nil : $0 } },
            delete_surrounding_text: { data, _, before, after in
                guard let input = TextInput.from(data) else { return }
                input.pending.deleteBefore = Int(before)
                input.pending.deleteAfter = Int(after)
            },
            done: { data, _, serial in TextInput.from(data)?.done(serial: serial) }
        ))
        return listener
    }()
}
