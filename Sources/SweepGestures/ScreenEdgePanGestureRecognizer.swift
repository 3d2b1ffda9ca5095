import SweepGeometry

/// The edges of a view.
public struct RectEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = RectEdges(rawValue: 1)
    public static let left = RectEdges(rawValue: 2)
    public static let bottom = RectEdges(rawValue: 4)
    public static let right = RectEdges(rawValue: 8)
    public static let all: RectEdges = [.top, .left, .bottom, .right]
}

/// A pan that starts within `edgeWidth` of one of `edges` of its view and
/// moves away from that edge (UIKit's `UIScreenEdgePanGestureRecognizer`).
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public var edges: RectEdges
    public var edgeWidth = 20.0
    /// The edge the pan started from.
    public private(set) var startEdge: RectEdges = []

    public init(name: String = "edge pan", edges: RectEdges) {
        self.edges = edges
        super.init(name: name, minimumTouches: 1, maximumTouches: 1)
        acceptsTouchpadSwipes = false
    }

    public override func handle(_ input: GestureInput) {
        if case .touchesBegan(let added, _) = input, touches.count == added.count, let bounds = view?.bounds {
            let point = added[0].position
            startEdge = []
            if edges.contains(.left) && point.x - bounds.minX <= edgeWidth { startEdge.insert(.left) }
            if edges.contains(.right) && bounds.maxX - point.x <= edgeWidth { startEdge.insert(.right) }
            if edges.contains(.top) && point.y - bounds.minY <= edgeWidth { startEdge.insert(.top) }
            if edges.contains(.bottom) && bounds.maxY - point.y <= edgeWidth { startEdge.insert(.bottom) }
            if startEdge.isEmpty { return fail() }
        }
        super.handle(input)
    }

    public override func allowsBeginning(with translation: Point) -> Bool {
        let horizontal = abs(translation.x) >= abs(translation.y)
        return (startEdge.contains(.left) && horizontal && translation.x > 0)
            || (startEdge.contains(.right) && horizontal && translation.x < 0)
            || (startEdge.contains(.top) && !horizontal && translation.y > 0)
            || (startEdge.contains(.bottom) && !horizontal && translation.y < 0)
    }

    public override func reset() {
        startEdge = []
        super.reset()
    }
}
