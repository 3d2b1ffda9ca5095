/// UIKit's four selection properties, with UIKit's defaults and interplay.
public struct SelectionConfiguration: Hashable, Sendable {
    /// A tap or click selects when not editing. Default true.
    public var allowsSelection = true {
        didSet { if !allowsSelection { allowsMultipleSelection = false } }
    }
    /// Several items may be selected when not editing. Default false;
    /// setting it true also allows selection.
    public var allowsMultipleSelection = false {
        didSet { if allowsMultipleSelection { allowsSelection = true } }
    }
    /// A tap selects while editing. Default false.
    public var allowsSelectionDuringEditing = false {
        didSet { if !allowsSelectionDuringEditing { allowsMultipleSelectionDuringEditing = false } }
    }
    /// Several items may be selected while editing. Default false; setting it
    /// true also allows selection during editing.
    public var allowsMultipleSelectionDuringEditing = false {
        didSet { if allowsMultipleSelectionDuringEditing { allowsSelectionDuringEditing = true } }
    }

    public init() {}

    /// Whether items can be selected in the given mode.
    public func allowsSelection(editing: Bool) -> Bool {
        editing ? allowsSelectionDuringEditing : allowsSelection
    }

    /// Whether more than one item can be selected in the given mode.
    public func allowsMultipleSelection(editing: Bool) -> Bool {
        editing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }
}
