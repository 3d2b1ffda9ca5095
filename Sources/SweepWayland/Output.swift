import CWaylandClient
import SweepGeometry

/// A monitor as `wl_output` describes it; the toolkit needs its scale.
public final class Output {
    let proxy: OpaquePointer
    public private(set) var scale: Int32 = 1
    public private(set) var name: String = ""
    /// The current mode's refresh rate in millihertz; 0 when unknown.
    public private(set) var refreshMillihertz: Int32 = 0
    /// The current mode's size in pixels, and whether the output is turned a quarter.
    private var modeSize: (width: Int32, height: Int32)?
    private var turned = false

    /// The output's size in logical pixels (its mode over its scale, turned
    /// with it); nil until the compositor has said.
    public var logicalSize: Size? {
        guard let modeSize, modeSize.width > 0, modeSize.height > 0 else { return nil }
        let width = Double(modeSize.width) / Double(scale), height = Double(modeSize.height) / Double(scale)
        return turned ? Size(width: height, height: width) : Size(width: width, height: height)
    }
    /// Called when the output's properties are complete after a change
    /// (`done`); the connection passes it on to its observers.
    var onChange: (() -> Void)?

    init(proxy: OpaquePointer, version: UInt32) {
        self.proxy = proxy
        wl_output_add_listener(proxy, Output.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_proxy_destroy(proxy) }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Output? {
        data.map { Unmanaged<Output>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { data, _, _, _, _, _, _, _, _, transform in
                // 90 and 270 degrees, flipped or not (wl_output.transform 1, 3, 5, 7).
                Output.from(data)?.turned = transform & 1 == 1
            },
            mode: { data, _, flags, width, height, refresh in
                guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0, let output = Output.from(data) else { return }
                output.refreshMillihertz = max(0, refresh)
                output.modeSize = (width, height)
            },
            done: { data, _ in Output.from(data)?.onChange?() },
            scale: { data, _, factor in Output.from(data)?.scale = max(1, factor) },
            name: { data, _, name in
                if let name { Output.from(data)?.name = String(cString: name) }
            },
            description: { _, _, _ in }
        ))
        return listener
    }()
}
