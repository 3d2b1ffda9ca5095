/// How a surface's buffers map to its logical size.
///
/// - `integer(n)`: buffers are n times the logical size, declared with
///   `wl_surface.set_buffer_scale(n)` (the highest scale of the outputs the
///   surface is on).
/// - `fractional(numerator120)`: the compositor's preferred scale from
///   `wp_fractional_scale_v1` in 1/120 steps; buffers are the logical size
///   times it, rounded half away from zero as the protocol says, with buffer
///   scale 1 and a `wp_viewport` destination of the logical size. A
///   preferred scale of 0 (a broken compositor) is taken as 1.
public enum SurfaceScale: Hashable, Sendable {
    case integer(Int)
    case fractional(numerator120: UInt32)

    /// Device pixels per logical pixel.
    public var factor: Double {
        switch self {
        case .integer(let n): Double(max(1, n))
        case .fractional(let numerator): Double(numerator == 0 ? 120 : numerator) / 120
        }
    }

    /// The value for `wl_surface.set_buffer_scale`.
    public var bufferScale: Int32 {
        switch self {
        case .integer(let n): Int32(max(1, n))
        case .fractional: 1
        }
    }

    /// Whether a viewport maps the buffer to the logical size.
    public var usesViewport: Bool {
        if case .fractional = self { return true }
        return false
    }

    /// The buffer size for a surface of `width` x `height` logical pixels.
    public func bufferSize(width: Int, height: Int) -> PixelSize {
        switch self {
        case .integer(let n):
            let scale = max(1, n)
            return PixelSize(width: width * scale, height: height * scale)
        case .fractional(let numerator):
            // round(size * numerator / 120), half away from zero, in integers.
            let n = Int(numerator == 0 ? 120 : numerator)
            return PixelSize(width: (width * n + 60) / 120, height: (height * n + 60) / 120)
        }
    }
}
