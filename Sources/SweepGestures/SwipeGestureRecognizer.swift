import SweepGeometry
import SweepInput

/// Directions of a swipe.
public struct SwipeDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let right = SwipeDirection(rawValue: 1)
    public static let left = SwipeDirection(rawValue: 2)
    public static let up = SwipeDirection(rawValue: 4)
    public static let down = SwipeDirection(rawValue: 8)
}

/// A quick straight stroke in one of `direction`, with
/// `numberOfTouchesRequired` fingers (touchscreen) or touchpad fingers.
/// Discrete: recognized once the stroke is long enough.
public final class SwipeGestureRecognizer: GestureRecognizer {
    public var direction: SwipeDirection
    public var numberOfTouchesRequired: Int
    /// Distance that makes a swipe.
    public var minimumDistance = 50.0
    /// The stroke must get there within this time of its start.
    public var maximumDuration = 500.0
    /// Largest angle between the stroke and its axis, in degrees.
    public var maximumAngle = 30.0
    /// The direction it was recognized in.
    public private(set) var recognizedDirection: SwipeDirection = []

    private var start: Double?
    private var origin = Point.zero
    private var swipeMotion: Point?

    public init(name: String = "swipe", direction: SwipeDirection = .right, touches: Int = 1) {
        self.direction = direction
        numberOfTouchesRequired = touches
        super.init(name: name)
    }

    public override var deadline: Double? { start.map { $0 + maximumDuration } }

    public override func handle(_ input: GestureInput) {
        switch input {
        case .touchesBegan(_, let time):
            if touches.count > numberOfTouchesRequired { return fail() }
            if start == nil { start = time }
            origin = centroid
        case .touchesMoved:
            guard touches.count == numberOfTouchesRequired else { return }
            evaluate(centroid - origin)
        case .touchesEnded:
            if touches.isEmpty { fail() }
        case .touchpad(.swipeBegin(let fingers, _), _, let time):
            guard Int(fingers) == numberOfTouchesRequired else { return fail() }
            start = time
            swipeMotion = .zero
        case .touchpad(.swipeUpdate(let dx, let dy, _), _, _):
            guard let motion = swipeMotion else { return }
            swipeMotion = motion + Point(x: dx, y: dy)
            evaluate(swipeMotion!)
        case .touchpad(.swipeEnd, _, _):
            if swipeMotion != nil { fail() }
        case .deadline:
            fail()
        default:
            break
        }
    }

    private func evaluate(_ motion: Point) {
        guard motion.length >= minimumDistance else { return }
        let horizontal = abs(motion.x) >= abs(motion.y)
        let stroke: SwipeDirection = horizontal ? (motion.x > 0 ? .right : .left) : (motion.y > 0 ? .down : .up)
        let major = max(abs(motion.x), abs(motion.y)), minor = min(abs(motion.x), abs(motion.y))
        let offAxis = Angles.atan2(minor, major) * 180 / Angles.pi
        guard direction.contains(stroke), offAxis <= maximumAngle else { return fail() }
        recognizedDirection = stroke
        recognize()
    }

    public override func reset() {
        start = nil
        swipeMotion = nil
        recognizedDirection = []
        super.reset()
    }
}
