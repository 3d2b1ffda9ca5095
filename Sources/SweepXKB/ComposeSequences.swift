import CXKBCommon
import Glibc
import SweepInput

/// Dead keys and the Compose key, through xkbcommon's compose tables: the
/// locale's `Compose` file, or `$XCOMPOSEFILE`, or `~/.XCompose` (which may
/// include the locale's with `include "%L"`), as GTK and Qt read them.
/// `dead_acute` then `e` gives é; `Multi_key` `o` `c` gives ©; a key that
/// fits no sequence cancels it and types nothing.
public final class ComposeSequences {
    private let context: OpaquePointer
    private let table: OpaquePointer
    private let state: OpaquePointer

    /// What a key press did to the sequence being typed.
    public enum Outcome: Equatable, Sendable {
        /// The key is no part of a sequence: it types as usual.
        case passThrough
        /// The key started or continued a sequence: it types nothing yet.
        case composing
        /// The key ended a sequence: it types `text` (and is `keysym`, when the sequence gives one).
        case composed(text: String, keysym: KeySym)
        /// The key broke off a sequence: nothing is typed, the sequence is gone.
        case cancelled
    }

    /// The compose table of `locale` (the environment's when nil: `LC_ALL`,
    /// `LC_CTYPE`, `LANG`, else C.UTF-8), honouring `$XCOMPOSEFILE` and
    /// `~/.XCompose`; nil when the locale has no table (no libx11-data) or it does not compile.
    public convenience init?(locale: String? = nil) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let name = locale ?? Self.environmentLocale
        guard let table = xkb_compose_table_new_from_locale(context, name, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            return nil
        }
        self.init(context: context, table: table)
    }

    /// The sequences of a Compose file's text (for tests and apps with their own).
    public convenience init?(composeText: String, locale: String = "C") {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        // xkbcommon drops a last line without its line end.
        let table = (composeText.hasSuffix("\n") ? composeText : composeText + "\n").withCString { text in
            xkb_compose_table_new_from_buffer(context, text, strlen(text), locale, XKB_COMPOSE_FORMAT_TEXT_V1,
                                              XKB_COMPOSE_COMPILE_NO_FLAGS)
        }
        guard let table else {
            xkb_context_unref(context)
            return nil
        }
        self.init(context: context, table: table)
    }

    private init?(context: OpaquePointer, table: OpaquePointer) {
        guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb_compose_table_unref(table)
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.table = table
        self.state = state
    }

    deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
        xkb_context_unref(context)
    }

    /// The locale the environment names for character handling; the C
    /// locale (or none) reads as C.UTF-8, whose table is the UTF-8 one
    /// (the plain C locale's is Latin-1's, without most sequences).
    public static var environmentLocale: String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name), value.pointee != 0 {
                let locale = String(cString: value)
                return locale == "C" || locale == "POSIX" ? "C.UTF-8" : locale
            }
        }
        return "C.UTF-8"
    }

    /// Whether a sequence is being typed (a dead key or Compose was pressed).
    public var isComposing: Bool { xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSING }

    /// Feeds a pressed key's keysym. Modifier keys (Shift for a capital in
    /// the sequence) pass through without touching the sequence.
    public func feed(_ keysym: KeySym) -> Outcome {
        guard xkb_compose_state_feed(state, keysym.rawValue) == XKB_COMPOSE_FEED_ACCEPTED else { return .passThrough }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            // A Compose file may give any length: ask again with room for all of it.
            var buffer = [CChar](repeating: 0, count: 64)
            var length = Int(xkb_compose_state_get_utf8(state, &buffer, buffer.count))
            if length >= buffer.count {
                buffer = [CChar](repeating: 0, count: length + 1)
                length = Int(xkb_compose_state_get_utf8(state, &buffer, buffer.count))
            }
            let text = String(decoding: buffer.prefix(max(0, min(length, buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let keysym = KeySym(rawValue: xkb_compose_state_get_one_sym(state))
            xkb_compose_state_reset(state)
            return .composed(text: text, keysym: keysym)
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(state)
            return .cancelled
        default:
            return .passThrough
        }
    }

    /// Drops a sequence being typed (the focus went elsewhere).
    public func reset() { xkb_compose_state_reset(state) }
}
