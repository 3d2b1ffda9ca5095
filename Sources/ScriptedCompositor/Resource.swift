import CWaylandServer

/// A server-side protocol object.
typealias WLResource = UnsafeMutablePointer<wl_resource>

/// Ties a Swift object to a `wl_resource`: the resource holds a retained
/// reference that its destroy callback releases.
enum Resource {
    /// Creates a resource for `client` and binds `object` and `requests` to it.
    static func create<T: AnyObject>(client: OpaquePointer?, interface: UnsafePointer<wl_interface>, version: UInt32,
                                     id: UInt32, requests: UnsafeRawPointer?, object: T) -> WLResource? {
        guard let resource = wl_resource_create(client, interface, Int32(version), id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_implementation(resource, requests, Unmanaged.passRetained(object).toOpaque()) { resource in
            guard let data = wl_resource_get_user_data(resource) else { return }
            let object = Unmanaged<AnyObject>.fromOpaque(data).takeRetainedValue()
            (object as? ResourceOwner)?.resourceDestroyed(resource)
        }
        return resource
    }

    /// The object bound to `resource`.
    static func object<T: AnyObject>(_ resource: WLResource?, as type: T.Type) -> T? {
        guard let resource, let data = wl_resource_get_user_data(resource) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
    }

    /// A `destroy` request: the resource goes (its destroy callback cleans up).
    static let destroy: @convention(c) (OpaquePointer?, WLResource?) -> Void = { _, resource in
        wl_resource_destroy(resource)
    }
}

/// Objects told when their resource is destroyed.
protocol ResourceOwner: AnyObject {
    func resourceDestroyed(_ resource: WLResource?)
}

/// Allocates a request table once, for the process's lifetime.
func requestTable<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let table = UnsafeMutablePointer<T>.allocate(capacity: 1)
    table.initialize(to: value)
    return table
}
