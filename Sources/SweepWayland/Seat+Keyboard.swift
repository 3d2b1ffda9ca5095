import SweepLoop
import CWaylandClient
import Glibc
import SweepInput
import SweepXKB

/// `wl_keyboard` events through xkbcommon, with key repeat on the event loop.
extension Seat {
    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        // The locale's dead keys and Compose sequences, read once per seat.
        if composeSequences == nil { composeSequences = ComposeSequences() }
        do {
            keyboard = try Keyboard(fileDescriptor: fd, size: Int(size), format: format)
        } catch {
            // A broken keymap from a compositor that sent a good one before: keep that one.
            onError?("keyboard: \(error)" + (keyboard != nil ? " (keeping the previous keymap)" : ""))
        }
    }

    private func keyboardEnter(surface: OpaquePointer?) {
        guard let surface, ownsSurface(surface) else { return }
        keyboardFocus = surface
        onKeyboardFocus?(true)
    }

    private func keyboardLeave(surface: OpaquePointer?) {
        guard keyboardFocus != nil else { return }
        // Losing focus releases everything held: no stuck repeat, no stuck Shift.
        stopRepeat()
        composeSequences?.reset()
        keyboard?.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        keyboardFocus = nil
        onKeyboardFocus?(false)
    }

    private func key(time: UInt32, code: UInt32, state: UInt32) {
        guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue else {
            // A release always ends its key's repeat, focus or not: the key's handler
            // may have closed the surface that had the focus (a menu's Return).
            keyRepeat.release(code)
            if keyRepeat.key == nil { cancelRepeatTimer() }
            if keyboardFocus != nil, let keyboard {
                onKeyRelease?(KeyEvent(keysym: keyboard.keysym(forEvdevCode: code), text: keyboard.text(forEvdevCode: code),
                                       modifiers: keyboard.modifiers, isRepeat: false, time: time, keycode: code + 8))
            }
            return
        }
        guard let focus = keyboardFocus, let keyboard else { return }
        // The repeat is set up before the key is delivered, so a handler that removes its
        // surface (`forget` stops the repeat) or moves the focus leaves none running.
        keyRepeat.press(code, at: EventLoop.nowMilliseconds, repeats: keyboard.repeats(evdevCode: code))
        repeatBase = (event: time, loop: EventLoop.nowMilliseconds)
        cancelRepeatTimer()
        deliverKey(code: code, time: time, isRepeat: false)
        guard keyboardFocus == focus, keyRepeat.key == code else { return stopRepeat() }
        armRepeat()
    }

    private func deliverKey(code: UInt32, time: UInt32, isRepeat: Bool) {
        guard let keyboard else { return }
        let modifiers = keyboard.modifiers
        // With Ctrl, Alt or Super held the key is a shortcut: on a Cyrillic or Greek layout
        // it is matched by the Latin letter of its key.
        let isShortcut = !modifiers.isDisjoint(with: [.control, .alt, .superKey])
        var keysym = isShortcut ? keyboard.shortcutKeysym(forEvdevCode: code) : keyboard.keysym(forEvdevCode: code)
        var text = keyboard.text(forEvdevCode: code)
        // A dead key or Compose starts a sequence that types nothing until it ends (in é, ©); shortcuts
        // and repeats are never part of one.
        if !isShortcut, !isRepeat, let composeSequences {
            switch composeSequences.feed(keysym) {
            case .passThrough: break
            case .composing: return
            // A key that types nothing (Escape, Return, an arrow) ends the sequence and does its job.
            case .cancelled: if !text.isEmpty { return }
            case .composed(let composed, let composedKeysym):
                text = composed
                if composedKeysym.rawValue != 0 { keysym = composedKeysym }
            }
        }
        onKey?(KeyEvent(keysym: keysym, text: text, modifiers: modifiers, isRepeat: isRepeat, time: time, keycode: code + 8))
    }

    /// One timer for the next repeat; repeats that fell due while the loop was busy are all delivered.
    private func armRepeat() {
        cancelRepeatTimer()
        guard let next = keyRepeat.nextRepeat else { return }
        repeatTimer = connection.loop.schedule(after: next - EventLoop.nowMilliseconds) { [weak self] in
            guard let self else { return }
            self.repeatTimer = nil
            for due in self.keyRepeat.repeats(until: EventLoop.nowMilliseconds) {
                // A repeat's handler may have closed the focused surface (`forget` stopped the repeat).
                guard let code = self.keyRepeat.key, self.keyboardFocus != nil else { break }
                let time = self.repeatBase.event &+ UInt32(max(0, due - self.repeatBase.loop))
                self.deliverKey(code: code, time: time, isRepeat: true)
            }
            self.armRepeat()
        }
    }

    private func cancelRepeatTimer() {
        if let repeatTimer { connection.loop.cancel(repeatTimer) }
        repeatTimer = nil
    }

    func stopRepeat() {
        keyRepeat.stop()
        cancelRepeatTimer()
    }

    private func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        keyboard?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    }

    private func repeatInfo(rate: Int32, delay: Int32) {
        keyRepeat.configure(rate: rate, delay: delay)
        if keyRepeat.key == nil { cancelRepeatTimer() }
    }

    nonisolated(unsafe) static let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
        let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                guard let seat = Seat.from(data) else { close(fd); return }
                seat.keymap(format: format, fd: fd, size: size)
            },
            enter: { data, _, serial, surface, _ in
                Seat.from(data)?.latestInputSerial = serial
                Seat.from(data)?.keyboardEnter(surface: surface)
            },
            leave: { data, _, _, surface in Seat.from(data)?.keyboardLeave(surface: surface) },
            key: { data, _, serial, time, key, state in
                Seat.from(data)?.latestInputSerial = serial
                Seat.from(data)?.key(time: time, code: key, state: state)
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                Seat.from(data)?.modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            },
            repeat_info: { data, _, rate, delay in Seat.from(data)?.repeatInfo(rate: rate, delay: delay) }
        ))
        return listener
    }()
}
