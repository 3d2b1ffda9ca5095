/// Something an input method types into: a text field, the rename editor,
/// sweep-pick's filter. The window tells the input method (through
/// text-input-v3: fcitx5, IBus, an on-screen keyboard) what the client
/// holds while it has the keyboard focus, and hands it the input method's
/// edits. Keys still arrive as keys: without an input method nothing changes.
///
/// The window's client is `AppWindow.textInputClient` when set (a picker
/// whose filter takes typing while its list has the focus), else the
/// innermost focused component that is one.
@MainActor
public protocol TextInputClient: AnyObject {
    /// What the input method is told: the text around the cursor, where the
    /// cursor is drawn and what the text is; nil while the client takes no
    /// text (hidden). Read after each frame: a change is sent then.
    var textInputState: TextInputState? { get }
    /// The input method's edit: delete around the cursor and insert the
    /// committed text (`LineEditor.applyInputMethodEdit` does both), then show
    /// `update.preedit` at the cursor until the next update (nil: none).
    func applyTextInput(_ update: TextInputUpdate)
}

/// What an input method is told of a text client.
public struct TextInputState: Sendable, Hashable {
    /// The text around the cursor and the selection, in UTF-8 bytes.
    public var surrounding: SurroundingText
    /// Where the cursor (or the preedit's cursor) is drawn, in window
    /// coordinates: the candidate list opens below it.
    public var cursorRectangle: Rect
    /// What the text is, for the input method's and a keyboard's behaviour.
    public var contentType: TextContentType

    public init(surrounding: SurroundingText, cursorRectangle: Rect, contentType: TextContentType) {
        self.surrounding = surrounding
        self.cursorRectangle = cursorRectangle
        self.contentType = contentType
    }
}
