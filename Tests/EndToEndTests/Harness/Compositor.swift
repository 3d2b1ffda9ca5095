import SweepPNG

/// A real compositor that a test starts, connects a client to, and screenshots.
protocol Compositor: AnyObject {
    var name: String { get }
    /// Environment for a client of this compositor.
    var clientEnvironment: [String: String] { get }
    /// The compositor's own log, for failure messages.
    var logTail: String { get }
    func screenshot() throws -> PNGImage
    func stop()
}

extension Compositor {
    /// Takes screenshots until `check` passes (the client may still be drawing)
    /// or `seconds` pass; returns the last one and whether it passed.
    func screenshot(within seconds: Double, until check: (PNGImage) -> Bool) throws -> (PNGImage, Bool) {
        var last = try screenshot()
        let passed = try waitUntil(seconds: seconds) {
            last = try screenshot()
            return check(last)
        }
        return (last, passed)
    }
}
