import CPixman
import Glibc

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

    /// Makes every pixel transparent (a surface drawn with holes in it, a shadow).
    public func clear() {
        var transparent = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
        var box = pixman_box32_t(x1: 0, y1: 0, x2: Int32(width), y2: Int32(height))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, handle, &transparent, 1, &box)
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

    /// Scrolling by copying: the rectangle at `x`, `y` of `width` × `height`
    /// pixels takes the pixels `dy` rows above it in `source` (below it for
    /// a negative `dy`), an image of the same size that may be this one:
    /// rows are then copied in the order that reads each before it is
    /// overwritten. Parts outside either image are left alone.
    public func copyRows(from source: PixmanImage, x: Int, y: Int, width: Int, height: Int, dy: Int) {
        let left = max(0, x), right = min(x + width, self.width, source.width)
        let top = max(0, y, dy), bottom = min(y + height, self.height, source.height + dy)
        guard right > left, bottom > top,
              let target = pixman_image_get_data(handle), let from = pixman_image_get_data(source.handle) else { return }
        let targetBase = UnsafeMutableRawPointer(target), sourceBase = UnsafeRawPointer(from)
        let bytes = (right - left) * 4
        func copy(_ row: Int) {
            memmove(targetBase + row * stride + left * 4, sourceBase + (row - dy) * source.stride + left * 4, bytes)
        }
        // Content moving down is copied from the bottom up, so no row is read after it was written.
        if dy > 0 {
            for row in (top..<bottom).reversed() { copy(row) }
        } else {
            for row in top..<bottom { copy(row) }
        }
    }
}
