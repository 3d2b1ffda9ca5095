import CPixman

/// A pixman ARGB32 (premultiplied) image over memory it owns or borrows.
public final class PixmanImage {
    public let handle: OpaquePointer
    public let width: Int
    public let height: Int
    public let stride: Int
    private let ownedMemory: UnsafeMutableRawPointer?

    /// An image over `width * height` pixels at `data` (which must outlive it);
    /// the caller keeps ownership of the memory.
    public init?(borrowing data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                   data.assumingMemoryBound(to: UInt32.self), Int32(stride))
        else { return nil }
        handle = image
        self.width = width
        self.height = height
        self.stride = stride
        ownedMemory = nil
    }

    /// A cleared image with its own memory (for tests and off-screen drawing).
    public init?(width: Int, height: Int) {
        let stride = width * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, stride * height))
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                   memory.assumingMemoryBound(to: UInt32.self), Int32(stride))
        else {
            memory.deallocate()
            return nil
        }
        handle = image
        self.width = width
        self.height = height
        self.stride = stride
        ownedMemory = memory
    }

    deinit {
        pixman_image_unref(handle)
        ownedMemory?.deallocate()
    }

    /// The premultiplied ARGB value of one pixel (0xAARRGGBB).
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let base = UnsafeMutableRawPointer(pixman_image_get_data(handle)!)
        return base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Copies a rectangle of `source` (same size images) into this image.
    public func copy(from source: PixmanImage, x: Int, y: Int, width: Int, height: Int) {
        pixman_image_composite32(PIXMAN_OP_SRC, source.handle, nil, handle,
                                 Int32(x), Int32(y), 0, 0, Int32(x), Int32(y), Int32(width), Int32(height))
    }
}
