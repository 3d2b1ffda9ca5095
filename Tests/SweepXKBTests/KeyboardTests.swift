import CSweepSystem
import Glibc
import SweepInput
@testable import SweepXKB
import Testing

/// The keyboard with a real compiled keymap (the system's default layout),
/// as the compositor sends it: text in a sealed memfd.
@Suite struct KeyboardTests {
    /// Xkb masks of the default keymap: Shift is bit 0, Control bit 2 (real
    /// modifiers), as every xkb keymap orders them.
    static let shiftMask: UInt32 = 1 << 0, controlMask: UInt32 = 1 << 2

    private func memfd(holding text: String) throws -> Int32 {
        let fd = sweep_memfd_create("keymap-test")
        try #require(fd >= 0)
        let bytes = Array(text.utf8) + [0]
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        #expect(sweep_memfd_seal(fd) == 0)
        return fd
    }

    @Test func keysTypeTextAndModifiersChangeIt() throws {
        let keyboard = try Keyboard(defaultLayout: ())
        let a = try #require(keyboard.evdevCode(forKeysymNamed: "a")).code
        #expect(a == 30, "KEY_A")
        #expect(keyboard.keysym(forEvdevCode: a) == .a)
        #expect(keyboard.text(forEvdevCode: a) == "a")
        keyboard.updateModifiers(depressed: KeyboardTests.shiftMask, latched: 0, locked: 0, group: 0)
        #expect(keyboard.text(forEvdevCode: a) == "A")
        #expect(keyboard.modifiers == .shift)
        keyboard.updateModifiers(depressed: KeyboardTests.shiftMask | KeyboardTests.controlMask, latched: 0, locked: 0, group: 0)
        #expect(keyboard.modifiers == [.shift, .control])
        keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        #expect(keyboard.modifiers == [])
        let escape = try #require(keyboard.evdevCode(forKeysymNamed: "Escape")).code
        #expect(keyboard.keysym(forEvdevCode: escape) == .escape)
        #expect(keyboard.text(forEvdevCode: escape).isEmpty)
        let shift = try #require(keyboard.evdevCode(forKeysymNamed: "Shift_L")).code
        #expect(keyboard.repeats(evdevCode: a))
        #expect(!keyboard.repeats(evdevCode: shift), "modifiers do not repeat")
    }

    /// The named keys apps bind shortcuts to are the keysyms xkbcommon
    /// gives their keys: zoom's plus, minus and equal, the keypad's.
    @Test func theNamedShortcutKeysAreTheKeysymsOfTheirKeys() throws {
        let keyboard = try Keyboard(defaultLayout: ())
        let names: [(String, KeySym)] = [
            ("plus", .plus), ("minus", .minus), ("equal", .equal), ("comma", .comma), ("period", .period),
            ("slash", .slash), ("backslash", .backslash), ("semicolon", .semicolon), ("apostrophe", .apostrophe),
            ("grave", .grave), ("bracketleft", .bracketLeft), ("bracketright", .bracketRight),
            ("KP_Add", .keypadAdd), ("KP_Subtract", .keypadSubtract), ("KP_Multiply", .keypadMultiply),
            ("KP_Divide", .keypadDivide), ("KP_Enter", .keypadEnter),
        ]
        for (name, keysym) in names {
            let (code, shifted) = try #require(keyboard.evdevCode(forKeysymNamed: name), "no key for \(name)")
            keyboard.updateModifiers(depressed: shifted ? KeyboardTests.shiftMask : 0, latched: 0, locked: 0, group: 0)
            #expect(keyboard.keysym(forEvdevCode: code) == keysym, "\(name)")
        }
        keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        #expect(KeySym.keypadAdd.keypadEquivalent == .plus && KeySym.keypadEnter.keypadEquivalent == .returnKey)
        #expect(KeySym.a.keypadEquivalent == nil)
    }

    /// Found by fuzzing (Fuzz/fuzz-keymap): a key code within 8 of 2³² trapped on `code + 8`.
    @Test func anyKeyCodeACompositorSendsIsNoKeyRatherThanACrash() throws {
        let keyboard = try Keyboard(defaultLayout: ())
        for code in [UInt32.max, UInt32.max - 7, UInt32.max - 8, 1 << 31] {
            #expect(keyboard.keysym(forEvdevCode: code).rawValue == 0)
            #expect(keyboard.shortcutKeysym(forEvdevCode: code).rawValue == 0)
            #expect(keyboard.text(forEvdevCode: code).isEmpty)
            #expect(!keyboard.repeats(evdevCode: code))
            #expect(keyboard.updateKey(evdevCode: code, pressed: true).depressed == 0)
        }
    }

    /// Found by fuzzing (Fuzz/fuzz-keymap): libxkbcommon 1.5 (Debian 12) writes through a NULL
    /// pointer on an empty first element; the keymap is refused before it gets there.
    @Test func aKeymapWithAnEmptyFirstElementIsRefusedNotACrash() throws {
        #expect(throws: KeymapError.compileFailed) { try Keyboard(keymapText: "xkb_keycodes{key<>{,[]") }
        #expect(throws: KeymapError.compileFailed) {
            try Keyboard(keymapText: "xkb_keymap { xkb_symbols \"s\" { key <SPC> {\n ,[space] }; }; };")
        }
        let valid = try Keyboard(defaultLayout: ()).keymapText
        #expect(!Keyboard.hasEmptyFirstElement(valid), "the system's keymaps have none")
    }

    @Test func theKeymapComesFromTheCompositorsFileDescriptor() throws {
        let text = try Keyboard(defaultLayout: ()).keymapText
        let fd = try memfd(holding: text)
        defer { close(fd) }
        let keyboard = try Keyboard(fileDescriptor: fd, size: text.utf8.count + 1, format: 1)
        #expect(keyboard.keysym(forEvdevCode: 30) == .a)
    }

    @Test func aBadDescriptorSizeOrFormatIsAnErrorNotACrash() throws {
        let text = try Keyboard(defaultLayout: ()).keymapText
        let fd = try memfd(holding: text)
        defer { close(fd) }
        // A size past the end of the file would fault when read.
        #expect(throws: KeymapError.badSize(text.utf8.count + 4096)) {
            try Keyboard(fileDescriptor: fd, size: text.utf8.count + 4096, format: 1)
        }
        #expect(throws: KeymapError.badSize(0)) { try Keyboard(fileDescriptor: fd, size: 0, format: 1) }
        #expect(throws: KeymapError.unsupportedFormat(0)) { try Keyboard(fileDescriptor: fd, size: 10, format: 0) }
        #expect(throws: KeymapError.self) { try Keyboard(fileDescriptor: -1, size: 100, format: 1) }
        // Text that is not a keymap.
        let junk = try memfd(holding: "xkb_keymap { this is not a keymap")
        defer { close(junk) }
        #expect(throws: KeymapError.compileFailed) { try Keyboard(fileDescriptor: junk, size: 20, format: 1) }
    }
}

@Suite struct KeyRepeatTests {
    @Test func aHeldKeyRepeatsAfterTheDelayAtTheRate() {
        var repeater = KeyRepeat()
        repeater.configure(rate: 25, delay: 600)
        repeater.press(30, at: 1000, repeats: true)
        #expect(repeater.nextRepeat == 1600)
        #expect(repeater.repeats(until: 1599).isEmpty)
        #expect(repeater.repeats(until: 1600) == [1600])
        // 40 ms apart; a late timer delivers every repeat it missed.
        #expect(repeater.repeats(until: 1700) == [1640, 1680])
        repeater.release(31)
        #expect(repeater.key == 30, "another key's release does not stop it")
        repeater.release(30)
        #expect(repeater.repeats(until: 5000).isEmpty)
        #expect(repeater.nextRepeat == nil)
    }

    @Test func modifiersANewKeyFocusLossAndRateZeroStopIt() {
        var repeater = KeyRepeat()
        repeater.press(30, at: 0, repeats: true)
        repeater.press(42, at: 100, repeats: false)
        #expect(repeater.key == nil, "pressing Shift stops the repeat and does not repeat itself")
        repeater.press(30, at: 200, repeats: true)
        repeater.press(31, at: 300, repeats: true)
        #expect(repeater.key == 31 && repeater.nextRepeat == 900)
        repeater.stop()
        #expect(repeater.key == nil)
        repeater.configure(rate: 0, delay: 200)
        repeater.press(30, at: 1000, repeats: true)
        #expect(repeater.key == nil, "rate 0 turns repeat off")
        repeater.configure(rate: 50, delay: 200)
        repeater.press(30, at: 1000, repeats: true)
        #expect(repeater.repeats(until: 1250) == [1200, 1220, 1240])
    }
}

/// Shortcut keysyms on non-Latin layouts fall back to the first Latin layout's letter of the key.
@Suite struct ShortcutKeysymTests {
    static let keyA: UInt32 = 30, keyC: UInt32 = 46, key1: UInt32 = 2, keyReturn: UInt32 = 28

    @Test func aCyrillicLayoutMatchesShortcutsByTheLatinLetterOfTheKey() throws {
        let keyboard = try Keyboard(layouts: "ru,us")
        #expect(keyboard.keysym(forEvdevCode: Self.keyA).rawValue == 0x6c6, "Cyrillic ef on the A key")
        #expect(keyboard.text(forEvdevCode: Self.keyA) == "ф")
        #expect(keyboard.shortcutKeysym(forEvdevCode: Self.keyA).rawValue == 0x61)
        #expect(keyboard.shortcutKeysym(forEvdevCode: Self.keyC).rawValue == 0x63)
        #expect(keyboard.shortcutKeysym(forEvdevCode: Self.keyReturn) == keyboard.keysym(forEvdevCode: Self.keyReturn))
    }

    @Test func latinLayoutsAndLayoutsWithoutLatinKeepTheirKeysym() throws {
        let us = try Keyboard(layouts: "us")
        #expect(us.shortcutKeysym(forEvdevCode: Self.keyA).rawValue == 0x61)
        // AZERTY: the A key types q's neighbour; its own Latin letter wins, not a fallback.
        let french = try Keyboard(layouts: "fr,us")
        #expect(french.shortcutKeysym(forEvdevCode: Self.keyA) == french.keysym(forEvdevCode: Self.keyA))
        #expect(french.shortcutKeysym(forEvdevCode: Self.key1) == french.keysym(forEvdevCode: Self.key1))
        // Russian alone: there is no Latin letter to fall back to.
        let russian = try Keyboard(layouts: "ru")
        #expect(russian.shortcutKeysym(forEvdevCode: Self.keyA).rawValue == 0x6c6)
        let greek = try Keyboard(layouts: "gr,us")
        #expect(greek.shortcutKeysym(forEvdevCode: Self.keyC).rawValue == 0x63)
    }

    @Test func keyNamesAreFoundInTheFirstLayoutThatHasThem() throws {
        let keyboard = try Keyboard(layouts: "ru,us")
        #expect(keyboard.evdevCode(forKeysymNamed: "a")?.code == Self.keyA)
        #expect(keyboard.evdevCode(forKeysymNamed: "Cyrillic_ef")?.code == Self.keyA)
        #expect(throws: KeymapError.self) { try Keyboard(layouts: "no-such-layout") }
    }
}
