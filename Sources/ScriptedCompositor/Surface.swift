import CPixman
import CWaylandServer
import SweepPNG

/// A client's `wl_surface`: double-buffered state, and the committed
/// buffers' pixels copied out (what each commit damaged) so screenshots
/// never read client memory.
final class Surface: ResourceOwner {
    weak var compositor: CompositorServer?
    var resource: WLResource?
    /// When it was made among the client's surfaces (0 first): frame callbacks are answered in this order.
    var creationIndex = 0
    /// The role's interface once given (`xdg_surface`, `zwlr_layer_surface_v1`).
    var role: String?
    private var pendingBuffer: WLResource?
    private var pendingBufferAttached = false
    private var pendingCallbacks: [WLResource] = []
    var frameCallbacks: [WLResource] = []
    private(set) var bufferScale: Int32 = 1
    private var pendingScale: Int32 = 1
    /// `wl_surface.set_buffer_transform`: surface damage is not mapped
    /// through a transform here, so a transformed buffer is copied whole.
    private var bufferTransform: Int32 = 0
    private var pendingTransform: Int32 = 0
    /// The committed contents as the client drew them (premultiplied
    /// ARGB, rows packed): each commit's damage copied in as it is,
    /// converted only when a screenshot asks, so committing stays as cheap
    /// as a real compositor's.
    private var committed: (pixels: [UInt32], width: Int, height: Int, opaque: Bool)?
    /// Whether a buffer is attached and committed.
    var hasContents: Bool { committed != nil }
    /// The committed buffer's size in surface (logical) pixels: its pixels over its buffer scale.
    var committedSize: (width: Int, height: Int)? {
        committed.map { ($0.width / Int(bufferScale), $0.height / Int(bufferScale)) }
    }

    /// The committed contents, straight-alpha RGBA.
    var image: PNGImage? {
        guard let committed else { return nil }
        var rgba = [UInt8](repeating: 0, count: committed.width * committed.height * 4)
        for (index, pixel) in committed.pixels.enumerated() {
            let a = committed.opaque ? 255 : Int(pixel >> 24)
            // Premultiplied ARGB to straight RGBA.
            func channel(_ value: UInt32) -> UInt8 {
                let c = Int(value & 0xff)
                return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
            }
            rgba[index * 4] = channel(pixel >> 16)
            rgba[index * 4 + 1] = channel(pixel >> 8)
            rgba[index * 4 + 2] = channel(pixel)
            rgba[index * 4 + 3] = UInt8(a)
        }
        return PNGImage(width: committed.width, height: committed.height, rgba: rgba)
    }
    private(set) var commits = 0
    private var pendingDamage = SurfaceDamage()
    /// The damage of the last buffer commit that damaged anything (the whole buffer for a whole copy).
    private var previousDamage: [pixman_box32_t] = []
    /// The commits since `takeDamageStatistics` was last called.
    private var damageStatistics = DamageStatistics()
    /// Called after each commit (the toplevel sends its first configure here).
    var onCommit: (() -> Void)?

    init(compositor: CompositorServer) {
        self.compositor = compositor
    }

    func resourceDestroyed(_ resource: WLResource?) {
        for callback in pendingCallbacks + frameCallbacks { wl_resource_destroy(callback) }
        pendingCallbacks.removeAll()
        frameCallbacks.removeAll()
        compositor?.surfaceGone(self)
        self.resource = nil
    }

    func attach(_ buffer: WLResource?) {
        pendingBuffer = buffer
        pendingBufferAttached = true
    }

    func frame(_ callback: WLResource) {
        pendingCallbacks.append(callback)
    }

    func setBufferScale(_ scale: Int32) {
        pendingScale = max(1, scale)
    }

    func damageBuffer(x: Int32, y: Int32, width: Int32, height: Int32) {
        pendingDamage.addBuffer(x: x, y: y, width: width, height: height)
    }

    func damage(x: Int32, y: Int32, width: Int32, height: Int32) {
        pendingDamage.addSurface(x: x, y: y, width: width, height: height)
    }

    /// What the commits since the last call did with their damage.
    func takeDamageStatistics() -> DamageStatistics {
        defer { damageStatistics = DamageStatistics() }
        return damageStatistics
    }

    func commit() {
        bufferScale = pendingScale
        bufferTransform = pendingTransform
        if pendingBufferAttached, let buffer = pendingBuffer {
            copyPixels(from: buffer)
            wl_buffer_send_release(buffer)
        } else if pendingBufferAttached {
            committed = nil   // a NULL attach unmaps
        }
        pendingDamage = SurfaceDamage()   // damage without a new buffer changes nothing shown
        pendingBuffer = nil
        pendingBufferAttached = false
        frameCallbacks += pendingCallbacks
        pendingCallbacks.removeAll()
        commits += 1
        onCommit?()
    }

    /// Answers the frame callbacks of what was committed (the compositor's "frame").
    func sendFrameDone(time: UInt32) {
        let callbacks = frameCallbacks
        frameCallbacks.removeAll()
        for callback in callbacks {
            wl_callback_send_done(callback, time)
            wl_resource_destroy(callback)
        }
    }

    /// Takes the buffer's damaged pixels into `committed`, or all of them
    /// when there is nothing of the same size and format to update.
    private func copyPixels(from buffer: WLResource) {
        guard let shm = wl_shm_buffer_get(buffer) else { return }
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        let format = wl_shm_buffer_get_format(shm)
        guard width > 0, height > 0, width <= 16384, height <= 16384, stride >= width * 4,
              format == WL_SHM_FORMAT_ARGB8888.rawValue || format == WL_SHM_FORMAT_XRGB8888.rawValue else { return }
        let opaque = format == WL_SHM_FORMAT_XRGB8888.rawValue
        let damage = pendingDamage.take(width: width, height: height, scale: bufferScale)
        damageStatistics.commits += 1
        let boxes: [pixman_box32_t]
        var pixels: [UInt32]
        if let previous = committed, previous.width == width, previous.height == height, previous.opaque == opaque,
           bufferTransform == 0 {
            boxes = damage
            pixels = previous.pixels
            committed = nil   // so `pixels` is the only reference, and is written in place
            damageStatistics.mostBands = max(damageStatistics.mostBands, damage.count)
            damageStatistics.mostBandsWithPrevious = max(damageStatistics.mostBandsWithPrevious,
                                                         SurfaceDamage.bandCount(damage + previousDamage))
            damageStatistics.damagedPixels += damage.reduce(0) { $0 + Int($1.x2 - $1.x1) * Int($1.y2 - $1.y1) }
        } else {
            boxes = [pixman_box32_t(x1: 0, y1: 0, x2: Int32(width), y2: Int32(height))]
            pixels = [UInt32](repeating: 0, count: width * height)
            damageStatistics.wholeCopies += 1
        }
        // A commit that damaged nothing changes nothing shown, and a compositor's history skips it.
        if !boxes.isEmpty { previousDamage = boxes }
        wl_shm_buffer_begin_access(shm)
        if let data = wl_shm_buffer_get_data(shm) {
            pixels.withUnsafeMutableBytes { destination in
                for box in boxes {
                    let x = Int(box.x1), rowBytes = Int(box.x2 - box.x1) * 4
                    for y in Int(box.y1)..<Int(box.y2) {
                        (destination.baseAddress! + (y * width + x) * 4).copyMemory(from: data + y * stride + x * 4, byteCount: rowBytes)
                    }
                }
            }
        }
        wl_shm_buffer_end_access(shm)
        committed = (pixels, width, height, opaque)
    }

    nonisolated(unsafe) static let requests = requestTable(sweep_wl_surface_requests(
        destroy: Resource.destroy,
        attach: { _, resource, buffer, _, _ in Resource.object(resource, as: Surface.self)?.attach(buffer) },
        damage: { _, resource, x, y, width, height in
            Resource.object(resource, as: Surface.self)?.damage(x: x, y: y, width: width, height: height)
        },
        frame: { client, resource, id in
            guard let surface = Resource.object(resource, as: Surface.self),
                  let callback = wl_resource_create(client, sweep_server_wl_callback_interface(), 1, id) else { return }
            wl_resource_set_implementation(callback, nil, nil, nil)
            surface.frame(callback)
        },
        set_opaque_region: { _, _, _ in },
        set_input_region: { _, _, _ in },
        commit: { _, resource in Resource.object(resource, as: Surface.self)?.commit() },
        set_buffer_transform: { _, resource, transform in Resource.object(resource, as: Surface.self)?.pendingTransform = transform },
        set_buffer_scale: { _, resource, scale in Resource.object(resource, as: Surface.self)?.setBufferScale(scale) },
        damage_buffer: { _, resource, x, y, width, height in
            Resource.object(resource, as: Surface.self)?.damageBuffer(x: x, y: y, width: width, height: height)
        },
        offset: { _, _, _, _ in }
    ))
}
