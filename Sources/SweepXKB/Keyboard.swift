import CXKBCommon
import Glibc
import SweepInput

/// A compiled xkb keymap and its state: turns evdev key codes and the
/// compositor's modifier masks into keysyms, text and `Modifiers`.
public final class Keyboard {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private let shiftIndex, controlIndex, altIndex, superIndex: xkb_mod_index_t

    /// Compiles the keymap the compositor sent as `fd` of `size` bytes
    /// (format 1 = xkb v1). The fd is not closed here.
    public convenience init(fileDescriptor fd: Int32, size: Int, format: UInt32) throws {
        guard format == 1 else { throw KeymapError.unsupportedFormat(format) }
        guard size > 0, size < 64 << 20 else { throw KeymapError.badSize(size) }
        // Mapping past the end of the file would fault on the first read: check the size it claims.
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw KeymapError.mapFailed(errno: errno) }
        guard info.st_size >= size else { throw KeymapError.badSize(size) }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw KeymapError.mapFailed(errno: errno)
        }
        defer { munmap(mapped, size) }
        // The text may or may not include its NUL terminator; never read past `size`.
        let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
        let length = bytes.firstIndex(of: 0) ?? size
        let text = String(decoding: bytes[..<length], as: UTF8.self)
        try self.init(keymapText: text)
    }

    /// Compiles a keymap from its text (xkb v1).
    public init(keymapText: String) throws {
        guard !Self.hasEmptyFirstElement(keymapText) else { throw KeymapError.compileFailed }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw KeymapError.noContext }
        guard let keymap = xkb_keymap_new_from_string(context, keymapText, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                      XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw KeymapError.compileFailed
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw KeymapError.compileFailed
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        shiftIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT)
        controlIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CTRL)
        altIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_ALT)
        superIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_LOGO)
    }

    /// Whether a brace is followed by a comma (spaces between): an empty first
    /// element (`key <A> {, [a] }`), which xkbcomp reads as if it were not
    /// there and libxkbcommon before 1.7 follows a NULL pointer on (its
    /// pull request 423; Debian 12 has 1.5). No keymap needs one, so it is
    /// refused before a compositor's keymap can crash the client.
    static func hasEmptyFirstElement(_ text: String) -> Bool {
        var afterBrace = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "{"): afterBrace = true
            case UInt8(ascii: ","): if afterBrace { return true }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            default: afterBrace = false
            }
        }
        return false
    }

    /// The default keymap of the system's xkb data (rules from the environment).
    public convenience init(defaultLayout: Void = ()) throws {
        try self.init(layouts: nil)
    }

    /// The keymap of xkb layouts such as "ru,us" (comma-separated, as in
    /// setxkbmap), or the environment's default for nil.
    public convenience init(layouts: String?) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw KeymapError.noContext }
        defer { xkb_context_unref(context) }
        let compiled: OpaquePointer? = if let layouts {
            layouts.withCString { layout in
                var names = xkb_rule_names(rules: nil, model: nil, layout: layout, variant: nil, options: nil)
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        } else {
            xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap = compiled else { throw KeymapError.compileFailed }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { throw KeymapError.compileFailed }
        defer { free(text) }
        try self.init(keymapText: String(cString: text))
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Applies `wl_keyboard.modifiers`.
    public func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The modifiers in effect now.
    public var modifiers: Modifiers {
        var result: Modifiers = []
        func active(_ index: xkb_mod_index_t) -> Bool {
            index != XKB_MOD_INVALID && xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0
        }
        if active(shiftIndex) { result.insert(.shift) }
        if active(controlIndex) { result.insert(.control) }
        if active(altIndex) { result.insert(.alt) }
        if active(superIndex) { result.insert(.superKey) }
        return result
    }

    /// The xkb keycode of an evdev code: 8 more. A compositor may send any
    /// 32-bit code: the last eight wrap to 0…7, which no keymap has (xkb's
    /// keycodes start at 8), rather than trap on the overflow.
    static func keycode(_ code: UInt32) -> xkb_keycode_t { code &+ 8 }

    /// The keysym of an evdev key code (as `wl_keyboard.key` sends it).
    public func keysym(forEvdevCode code: UInt32) -> KeySym {
        KeySym(rawValue: xkb_state_key_get_one_sym(state, Self.keycode(code)))
    }

    /// The keysym shortcuts match for an evdev key code: the keysym now, or,
    /// when that is a letter of a non-Latin layout (Cyrillic, Greek, Hebrew…),
    /// the key's keysym on the first layout where it is a Latin letter or digit,
    /// so Ctrl+A, Ctrl+C and Ctrl+Z work on the keys marked A, C and Z (as GTK does).
    public func shortcutKeysym(forEvdevCode code: UInt32) -> KeySym {
        let current = keysym(forEvdevCode: code)
        // Latin-1 keysyms and the function keys (Return, arrows, F1…) stay as they are.
        guard current.rawValue >= 0x100, current.rawValue < 0xff00 else { return current }
        let keycode = Self.keycode(code)
        for layout in 0..<xkb_keymap_num_layouts_for_key(keymap, keycode) {
            var symbols: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, 0, &symbols)
            if count == 1, let symbols, (0x30...0x39).contains(symbols[0]) || (0x61...0x7a).contains(symbols[0]) {
                return KeySym(rawValue: symbols[0])
            }
        }
        return current
    }

    /// The text an evdev key code types now: empty for none, and for the
    /// control characters xkb gives Escape, Return, Tab or Ctrl+letters.
    public func text(forEvdevCode code: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_state_key_get_utf8(state, Self.keycode(code), &buffer, buffer.count)
        guard length > 0 else { return "" }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7f }) ? "" : text
    }

    /// A keysym's name ("Left", "BackSpace", "a"); empty for none.
    public static func name(ofKeysym keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }

    /// The keysym of a name ("dead_acute", "Multi_key", "eacute"); nil for none.
    public static func keysym(named name: String) -> KeySym? {
        let sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        return sym == 0 ? nil : KeySym(rawValue: sym)
    }

    /// Whether the keymap says this key repeats when held.
    public func repeats(evdevCode code: UInt32) -> Bool {
        xkb_keymap_key_repeats(keymap, Self.keycode(code)) != 0
    }

    /// The evdev key code that produces `name` (a keysym name such as "Shift_L")
    /// at level 1 or 2 of the first layout that has it, with whether Shift is
    /// needed; nil when none.
    public func evdevCode(forKeysymNamed name: String) -> (code: UInt32, needsShift: Bool)? {
        let sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        guard sym != 0 else { return nil }
        let minimum = xkb_keymap_min_keycode(keymap), maximum = xkb_keymap_max_keycode(keymap)
        guard minimum <= maximum else { return nil }
        for layout in 0..<max(1, xkb_keymap_num_layouts(keymap)) {
            for keycode in minimum...maximum where layout < xkb_keymap_num_layouts_for_key(keymap, keycode) {
                for level in 0..<min(2, xkb_keymap_num_levels_for_key(keymap, keycode, layout)) {
                    var symbols: UnsafePointer<xkb_keysym_t>?
                    let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, level, &symbols)
                    if count > 0, let symbols, (0..<Int(count)).contains(where: { symbols[$0] == sym }) {
                        return (keycode - 8, level == 1)
                    }
                }
            }
        }
        return nil
    }

    /// Presses or releases a key in this keyboard's own state (a compositor
    /// tracking what it sends) and returns the serialized modifier masks.
    public func updateKey(evdevCode code: UInt32, pressed: Bool)
        -> (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_key(state, Self.keycode(code), pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return (xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }

    /// The keymap as text, as a compositor sends it.
    public var keymapText: String {
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }
}
