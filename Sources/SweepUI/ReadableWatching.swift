import SweepWayland

/// The part of an event loop that work finished on other threads comes
/// back through: a callback on the loop whenever an fd is readable.
/// `EventLoop` is one; a test drives its own with `poll`, since an
/// `EventLoop` needs a compositor.
public protocol ReadableWatching: AnyObject {
    /// Calls `callback` on the loop whenever `fd` is readable (or hung
    /// up); returns the function that ends the watch. The fd stays the
    /// caller's.
    func watchReadable(fd: Int32, _ callback: @escaping () -> Void) -> () -> Void
}

extension EventLoop: ReadableWatching {
    public func watchReadable(fd: Int32, _ callback: @escaping () -> Void) -> () -> Void {
        let id = watch(fd: fd, events: .readable) { _ in callback() }
        return { [weak self] in self?.unwatch(id) }
    }
}
