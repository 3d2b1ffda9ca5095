/// A touchpad gesture as `zwp_pointer_gestures_v1` reports it (libinput's
/// swipe, pinch and hold), with the compositor's time in milliseconds.
public enum PointerGesture: Hashable, Sendable {
    case swipeBegin(fingers: UInt32, time: UInt32)
    /// Finger motion since the last update, in surface pixels.
    case swipeUpdate(dx: Double, dy: Double, time: UInt32)
    case swipeEnd(cancelled: Bool, time: UInt32)
    case pinchBegin(fingers: UInt32, time: UInt32)
    /// `scale` is relative to the begin (1 = unchanged); `rotation` is degrees since the last update.
    case pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double, time: UInt32)
    case pinchEnd(cancelled: Bool, time: UInt32)
    case holdBegin(fingers: UInt32, time: UInt32)
    case holdEnd(cancelled: Bool, time: UInt32)
}

extension PointerGesture {
    /// The compositor's time of the event, in milliseconds (32 bits, wrapping).
    public var time: UInt32 {
        switch self {
        case .swipeBegin(_, let time), .swipeUpdate(_, _, let time), .swipeEnd(_, let time),
             .pinchBegin(_, let time), .pinchUpdate(_, _, _, _, let time), .pinchEnd(_, let time),
             .holdBegin(_, let time), .holdEnd(_, let time):
            return time
        }
    }
}
