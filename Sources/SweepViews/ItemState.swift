/// How an item is drawn apart from its content: selection, focus, editing
/// mode, the pointer over it, a running gesture, and the deselect fade.
public struct ItemState: Hashable, Sendable {
    /// Selected now, a running sweep or band included.
    public var isSelected: Bool
    /// Has the keyboard focus ring.
    public var isFocused: Bool
    /// The view is in editing mode (selection circles show).
    public var isEditing: Bool
    /// The pointer is over it (hovered or pressed).
    public var isHighlighted: Bool
    /// A running sweep or band changes its selection and has not committed
    /// yet: `isSelected` says which way (selected by the gesture, or
    /// deselected by it). Committed state is never provisional.
    public var isProvisional: Bool
    /// Shown dimmed (`ItemContent.isDisabled`).
    public var isDisabled: Bool
    /// The opacity of the selection tint, 0...1: 1 while selected, falling to
    /// 0 as a just-deselected item fades out.
    public var tintOpacity: Double

    /// A state; `tintOpacity` defaults to 1 when selected, else 0.
    public init(isSelected: Bool = false, isFocused: Bool = false, isEditing: Bool = false, isHighlighted: Bool = false,
                isProvisional: Bool = false, isDisabled: Bool = false, tintOpacity: Double? = nil) {
        self.isSelected = isSelected
        self.isFocused = isFocused
        self.isEditing = isEditing
        self.isHighlighted = isHighlighted
        self.isProvisional = isProvisional
        self.isDisabled = isDisabled
        self.tintOpacity = tintOpacity ?? (isSelected ? 1 : 0)
    }
}
