import CSweepSystem
import CWaylandClient
import Glibc
import SweepPixman
import SweepPresentation

/// One `wl_buffer` over its own memfd, with a pixman image over the same memory.
final class ShmBuffer {
    let size: PixelSize
    let buffer: OpaquePointer
    let image: PixmanImage
    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int
    /// Called when the compositor releases the buffer.
    var onRelease: (() -> Void)?

    init(shm: OpaquePointer, size: PixelSize) throws {
        let stride = size.width * 4
        let byteCount = stride * size.height
        let fd = sweep_memfd_create("sweep-buffer")
        guard fd >= 0 else { throw WaylandError.sharedMemory("memfd_create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            throw WaylandError.sharedMemory("ftruncate \(byteCount) bytes: \(String(cString: strerror(errno)))")
        }
        _ = sweep_memfd_seal(fd)
        // Populated: every pixel is written before its first commit (drawn or copied forward), and one
        // call that faults the pages in is cheaper than a fault per page inside the frame's drawing.
        guard let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0),
              memory != MAP_FAILED else {
            throw WaylandError.sharedMemory("mmap \(byteCount) bytes: \(String(cString: strerror(errno)))")
        }
        guard let image = PixmanImage(borrowing: memory, width: size.width, height: size.height, stride: stride) else {
            munmap(memory, byteCount)
            throw WaylandError.sharedMemory("pixman could not wrap \(size)")
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(byteCount)) else {
            munmap(memory, byteCount)
            throw WaylandError.sharedMemory("wl_shm.create_pool failed")
        }
        defer { wl_shm_pool_destroy(pool) }
        guard let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(size.width), Int32(size.height),
                                                     Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue) else {
            munmap(memory, byteCount)
            throw WaylandError.sharedMemory("wl_shm_pool.create_buffer failed")
        }
        self.size = size
        self.buffer = buffer
        self.image = image
        self.memory = memory
        self.byteCount = byteCount
        wl_buffer_add_listener(buffer, ShmBuffer.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(buffer)
        munmap(memory, byteCount)
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            guard let data else { return }
            Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue().onRelease?()
        }))
        return listener
    }()
}
