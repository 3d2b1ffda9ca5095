/// The states of a gesture recognizer, as UIKit names them.
///
/// Continuous gestures (pan, pinch, long press) go possible → began →
/// changed… → ended or cancelled; discrete ones (tap, swipe) go possible →
/// recognized. Either may go possible → failed.
public enum GestureState: String, Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed
    /// A discrete gesture happened (UIKit's `.recognized`, which is `.ended`).
    case recognized

    /// Began or changed: the gesture is running and owns its input.
    public var isActive: Bool { self == .began || self == .changed }

    /// Ended, cancelled, failed or recognized: nothing more happens until a reset.
    public var isFinished: Bool {
        self == .ended || self == .cancelled || self == .failed || self == .recognized
    }
}
