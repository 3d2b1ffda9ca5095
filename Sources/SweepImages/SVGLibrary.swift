import CSweepSVG
import Glibc

/// librsvg and cairo, loaded with `dlopen` the first time an SVG is drawn
/// rather than linked: linking them (and GLib, GIO, gdk-pixbuf and the
/// rest they pull in) cost every app about 6 ms at start whether it drew
/// an SVG or not (sweep-pick --version: 32 → 26 ms). Never unloaded once found.
struct SVGLibrary: @unchecked Sendable {   // function pointers into libraries that stay loaded
    let functions: SweepSVGFunctions

    static let rsvgName = "librsvg-2.so.2"
    static let cairoName = "libcairo.so.2"

    /// Loaded by whichever thread first draws an SVG; Swift runs a static's initializer once,
    /// and the others wait for it. A failure is kept too: the libraries are not looked for again.
    static let shared = load(rsvg: rsvgName, cairo: cairoName)

    /// The two libraries by their file names (RTLD_NOW | RTLD_LOCAL: every symbol resolved now,
    /// none added to the process's namespace), or why not: a missing library or function.
    static func load(rsvg rsvgName: String, cairo cairoName: String) -> Result<SVGLibrary, ImageError> {
        func open(_ name: String, _ needs: String) -> Result<UnsafeMutableRawPointer, ImageError> {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return .success(handle) }
            let reason = dlerror().map { String(cString: $0) } ?? "cannot load \(name)"
            return .failure(.missingLibrary("SVG needs \(needs): \(reason)"))
        }
        let rsvg: UnsafeMutableRawPointer
        switch open(rsvgName, "librsvg (Debian: librsvg2-2)") {
        case .success(let handle): rsvg = handle
        case .failure(let error): return .failure(error)
        }
        let cairo: UnsafeMutableRawPointer
        switch open(cairoName, "cairo (Debian: libcairo2)") {
        case .success(let handle): cairo = handle
        case .failure(let error): dlclose(rsvg); return .failure(error)
        }
        var functions = SweepSVGFunctions()
        if let missing = sweep_svg_bind(&functions, rsvg, cairo) {
            dlclose(cairo)
            dlclose(rsvg)
            return .failure(.missingLibrary("SVG needs librsvg 2.52 or newer and cairo (Debian: librsvg2-2): "
                                            + "\(String(cString: missing)) not found in \(rsvgName) or \(cairoName)"))
        }
        return .success(SVGLibrary(functions: functions))
    }
}
