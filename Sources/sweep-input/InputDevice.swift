/// What sweep-input sends input through: a compositor's own way of taking
/// input from a program (KWin's fake-input protocol, mutter's remote-desktop
/// D-Bus session). Coordinates are the compositor's global, logical ones.
protocol InputDevice: AnyObject {
    func moveAbsolute(x: Double, y: Double) throws(InputFailure)
    /// A mouse's motion by (dx, dy) logical pixels, unaccelerated.
    func moveRelative(dx: Double, dy: Double) throws(InputFailure)
    /// `button`: an evdev code (0x110 left, 0x111 right, 0x112 middle).
    func button(_ button: UInt32, pressed: Bool) throws(InputFailure)
    /// A scroll of (dx, dy): wheel notches of 15 when `wheel`, else smooth pixels.
    func scroll(dx: Double, dy: Double, wheel: Bool) throws(InputFailure)
    /// `code`: an evdev key code.
    func key(_ code: UInt32, pressed: Bool) throws(InputFailure)
    func touchDown(id: UInt32, x: Double, y: Double) throws(InputFailure)
    func touchMove(id: UInt32, x: Double, y: Double) throws(InputFailure)
    func touchUp(id: UInt32) throws(InputFailure)
    /// Ends a group of touch changes (where the device has groups).
    func touchFrame() throws(InputFailure)
    func touchCancel() throws(InputFailure)
    /// Waits until the compositor has taken everything sent so far.
    func sync() throws(InputFailure)
}
