import CWaylandServer

extension CompositorServer {
    /// The client's live protocol objects by interface ("wl_buffer": 2,
    /// "wl_shm_pool": 2, …); empty once it is disconnected. A long run
    /// compares them over time to find objects a client leaks.
    var clientResourceCounts: [String: Int] {
        guard let client else { return [:] }
        var counts: [String: Int] = [:]
        withUnsafeMutablePointer(to: &counts) { pointer in
            wl_client_for_each_resource(client, { resource, data in
                guard let resource, let data, let name = wl_resource_get_class(resource) else { return WL_ITERATOR_CONTINUE }
                data.assumingMemoryBound(to: [String: Int].self).pointee[String(cString: name), default: 0] += 1
                return WL_ITERATOR_CONTINUE
            }, pointer)
        }
        return counts
    }
}
