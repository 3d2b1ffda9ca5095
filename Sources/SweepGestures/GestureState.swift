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

extension GestureState {
    /// Whether a recognizer in this state may move to `next`: UIKit's state
    /// machine. Possible → began, recognized or failed; began → changed,
    /// ended or cancelled; changed → changed, ended or cancelled; a final
    /// state → possible (a reset). Anything else is a bug in the recognizer.
    public func canTransition(to next: GestureState) -> Bool {
        switch (self, next) {
        case (.possible, .began), (.possible, .recognized), (.possible, .failed),
             (.began, .changed), (.began, .ended), (.began, .cancelled),
             (.changed, .changed), (.changed, .ended), (.changed, .cancelled),
             (.ended, .possible), (.cancelled, .possible), (.failed, .possible), (.recognized, .possible):
            return true
        default:
            return false
        }
    }
}
