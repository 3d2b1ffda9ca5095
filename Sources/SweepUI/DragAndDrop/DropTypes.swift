/// Where a drag over a list or grid would land: the item under the point,
/// and the gap nearest to it (an insertion index: `item` may equal the
/// section's count, after its last item).
public struct DropLocation: Sendable, Equatable {
    /// The item under the point; nil over empty space.
    public var item: ItemPath?
    /// Where inserted items would go.
    public var insertion: ItemPath

    public init(item: ItemPath?, insertion: ItemPath) {
        self.item = item
        self.insertion = insertion
    }
}

/// What a drop at a location would do (UIKit's `UICollectionViewDropProposal`).
public struct DropProposal: Sendable, Equatable {
    /// Into the item under the point (a folder), or between items at the insertion point.
    public enum Intent: Sendable, Equatable { case intoItem, insert }

    /// The MIME type the drop reads.
    public var mimeType: String
    /// The actions the receiver takes, and the one it prefers.
    public var actions: DragActions
    public var preferredAction: DragActions
    public var intent: Intent

    public init(mimeType: String, actions: DragActions = .copy, preferredAction: DragActions? = nil, intent: Intent = .insert) {
        self.mimeType = mimeType
        self.actions = actions
        self.preferredAction = preferredAction ?? (actions.contains(.copy) ? .copy : actions)
        self.intent = intent
    }
}
