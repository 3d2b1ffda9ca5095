import SweepGeometry
import SweepSelection

/// What an interaction did, for damage, the event log and the app.
public enum InteractionEvent: Hashable, Sendable {
    /// The effective selection changed; `provisional` while a sweep or band runs.
    case selection(SelectionChange, provisional: Bool)
    case multiselect(phase: MultiselectPhase, item: ItemPath?, input: SweepInputKind)
    case band(phase: BandPhase, rect: Rect, mode: BandMode)
    /// The content offset changed (autoscroll, keyboard focus).
    case scroll(offset: Double)
    case focus(ItemPath)
    case activate(ItemPath)
    /// Escape asked to leave editing mode.
    case endEditing
}

/// The phases of a sweep (the event log's `multiselect` phases).
public enum MultiselectPhase: String, Hashable, Sendable {
    case shouldBegin, began, ended, cancelled
}
