internal import SweepWayland

/// One window's side of a seat's text input: which client the input method
/// types into, what it was last told, and the protocol's rules for telling
/// it more (state goes with a `commit`; after a `done` answering an older
/// commit, nothing is sent until a current one comes or the person types).
@MainActor
final class TextInputSession {
    /// The seat's text input this session speaks through.
    let input: TextInput
    /// The client the input method was enabled for, kept weakly.
    private weak var client: TextInputClient?
    /// What was last sent (nil: nothing since enabling).
    private var sent: TextInputState?
    /// Set after a `done` answering an older commit: state waits.
    private var waitsForCurrentDone = false
    /// Whether the next state sent comes from the input method's own edit.
    private var changedByInputMethod = false

    /// How long state waits after a `done` answering an older commit, in milliseconds.
    static let staleWait = 250.0

    init(input: TextInput) {
        self.input = input
    }

    /// Makes `newClient` (nil for none) the one typed into and sends its
    /// state if it changed: enabling, disabling, or the text, cursor and type.
    func sync(to newClient: TextInputClient?) {
        if newClient !== client {
            // The old client's preedit goes with it (its text stays as typed), and the input method
            // is disabled before it is enabled for the new one, so it starts afresh there.
            client?.applyTextInput(TextInputUpdate())
            disable()
            client = newClient
            sent = nil
            waitsForCurrentDone = false
        }
        guard let client, let state = client.textInputState else {
            // Hidden: its preedit goes, and the input method is told no text is focused.
            if sent != nil { client?.applyTextInput(TextInputUpdate()) }
            disable()
            sent = nil
            return
        }
        if !input.isEnabled || sent == nil {
            // Enabling (again, for another field) resets what the compositor and the input method
            // hold, a preedit of the field before included: everything goes again.
            input.enable()
            send(state, everything: true)
            return
        }
        guard state != sent, !waitsForCurrentDone else { return }
        send(state, everything: false)
    }

    private func send(_ state: TextInputState, everything: Bool) {
        if everything || state.surrounding != sent?.surrounding {
            input.setSurroundingText(state.surrounding, causedByInputMethod: changedByInputMethod)
        }
        if everything || state.cursorRectangle != sent?.cursorRectangle { input.setCursorRectangle(state.cursorRectangle) }
        if everything || state.contentType != sent?.contentType { input.setContentType(state.contentType) }
        input.commit()
        sent = state
        changedByInputMethod = false
    }

    /// The input method's `done`: the client applies it; the state it
    /// leaves is sent with the next sync if the update answered the latest commit.
    func done(_ update: TextInputUpdate, current: Bool) {
        waitsForCurrentDone = !current
        guard let client else { return }
        if update.editsText { changedByInputMethod = true }
        client.applyTextInput(update)
    }

    /// The person typed a key (or the wait after an older `done` ran out): the
    /// client's state is sent with the next sync, whatever the input method last answered.
    func keyTyped() {
        waitsForCurrentDone = false
    }

    /// Text input left the window: the preedit goes and the text input is
    /// disabled (as GTK does: wlroots keeps it enabled across a leave, and an
    /// enable that finds it enabled would not reach the input method).
    func leave() {
        client?.applyTextInput(TextInputUpdate())
        client = nil
        sent = nil
        waitsForCurrentDone = false
        disable()
    }

    private func disable() {
        guard input.isEnabled else { return }
        input.disable()
        input.commit()
    }
}
