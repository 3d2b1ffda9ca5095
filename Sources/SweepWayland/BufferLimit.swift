import Glibc
import SweepGeometry
import SweepPresentation

/// What one shm buffer may hold. A window of 12000 × 12000 at scale 2 would
/// need 2.3 GB in one buffer (more than wl_shm's 32-bit pool size, so
/// building it trapped): such a window is drawn at a lower scale (the
/// compositor scales it up), and a logical size past 16384 on a side is
/// drawn at 16384. Said once on stderr; never a crash.
enum BufferLimit {
    /// Bytes of one buffer at most: 16384 × 16384 ARGB.
    static let maximumBytes = 1 << 30
    static let maximumSide = 16384.0

    static func bytes(_ size: PixelSize) -> Int { size.width * size.height * 4 }

    /// A configured size a buffer can back at scale 1.
    static func logicalSize(_ size: Size) -> Size {
        Size(width: min(size.width, maximumSide), height: min(size.height, maximumSide))
    }

    /// `wanted`, or the highest lower scale whose buffer fits (scale 1 at worst).
    static func scale(_ wanted: SurfaceScale, for size: Size) -> SurfaceScale {
        let width = Int(size.width), height = Int(size.height)
        guard bytes(wanted.bufferSize(width: width, height: height)) > maximumBytes else { return wanted }
        var n = Int(saturating: wanted.factor.rounded(.down))
        while n > 1 && bytes(SurfaceScale.integer(n).bufferSize(width: width, height: height)) > maximumBytes { n -= 1 }
        return .integer(max(1, n))
    }

    static func warn(size: Size, wanted: SurfaceScale) {
        let message = "sweep: a \(Int(size.width))×\(Int(size.height)) window at scale \(wanted.factor) needs more than "
            + "\(maximumBytes >> 20) MiB a buffer; drawing it at a lower scale\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
