import SweepGeometry

/// A rectangle of a window that owns gesture recognizers. Input that lands in
/// it (touches going down, a touchpad gesture beginning under the pointer, a
/// button press) goes to its recognizers; a view with user interaction
/// disabled receives nothing, and the input goes to the view behind it.
public final class GestureView {
    public var name: String
    /// In window coordinates; recognizers get points relative to its origin.
    public var frame: Rect
    /// When false the view and its recognizers receive no input at all.
    public var isUserInteractionEnabled = true
    public private(set) var recognizers: [GestureRecognizer] = []
    weak var arena: GestureArena?
    /// The part of the window it takes input in besides its frame (the
    /// viewport of a scroll view it is inside, in window coordinates), asked
    /// at each press; nil: its frame alone. Set by the arena from
    /// `GestureArena.adding(clippedTo:_:)` when the view is added.
    public var clip: (() -> Rect)?

    /// Whether a window point is one the view takes input at.
    public func takesInput(at point: Point) -> Bool {
        isUserInteractionEnabled && frame.contains(point) && (clip.map { $0().contains(point) } ?? true)
    }

    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
    }

    /// Attaches a recognizer; it gets input in the order recognizers were added.
    public func addRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        recognizer.arena = arena
        recognizers.append(recognizer)
    }

    public func removeRecognizer(_ recognizer: GestureRecognizer) {
        recognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
        recognizer.arena = nil
    }

    /// The view's bounds: its size at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: frame.width, height: frame.height) }

    /// A window point in the view's coordinates.
    public func convert(_ point: Point) -> Point { Point(x: point.x - frame.minX, y: point.y - frame.minY) }
}
