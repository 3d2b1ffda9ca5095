// swift-tools-version: 6.0
// Sweep: UIKit-grade multi-selection and gestures for Wayland, in Swift.
import PackageDescription

let package = Package(
    name: "Sweep",
    products: [
        .library(name: "SweepGeometry", targets: ["SweepGeometry"]),
        .library(name: "SweepInput", targets: ["SweepInput"]),
        .library(name: "SweepGraphics", targets: ["SweepGraphics"]),
        .library(name: "SweepLayout", targets: ["SweepLayout"]),
        .library(name: "SweepSelection", targets: ["SweepSelection"]),
        .library(name: "SweepGestures", targets: ["SweepGestures"]),
        .library(name: "SweepInteraction", targets: ["SweepInteraction"]),
        .library(name: "SweepPresentation", targets: ["SweepPresentation"]),
        .library(name: "SweepViews", targets: ["SweepViews"]),
        .library(name: "SweepPixman", targets: ["SweepPixman"]),
        .library(name: "SweepLoop", targets: ["SweepLoop"]),
        .library(name: "SweepWayland", targets: ["SweepWayland"]),
        .library(name: "SweepPNG", targets: ["SweepPNG"]),
        .library(name: "SweepIcons", targets: ["SweepIcons"]),
        .library(name: "SweepUI", targets: ["SweepUI"]),
        .library(name: "SweepImages", targets: ["SweepImages"]),
        .library(name: "PickCore", targets: ["PickCore"]),
        .executable(name: "sweep-demo", targets: ["sweep-demo"]),
        .library(name: "ScriptedCompositor", targets: ["ScriptedCompositor"]),
        .executable(name: "scripted-compositor", targets: ["scripted-compositor"]),
        .executable(name: "sweep-copy", targets: ["sweep-copy"]),
        .executable(name: "sweep-input", targets: ["sweep-input"]),
        .executable(name: "hello-select", targets: ["hello-select"]),
        .executable(name: "two-windows", targets: ["two-windows"]),
        .executable(name: "files", targets: ["files"]),
        .executable(name: "photos", targets: ["photos"]),
        .executable(name: "records", targets: ["records"]),
        .executable(name: "mail", targets: ["mail"]),
        .executable(name: "sweep-pick", targets: ["sweep-pick"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: C libraries (module maps and thin shims only)
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandServer", pkgConfig: "wayland-server",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CFcft",
                       providers: [.apt(["libfcft-dev"])]),
        .systemLibrary(name: "CFribidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        // Only the image tests use zlib directly: they craft PNG chunks libpng would not write.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSDBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // Links libdispatch for its main-queue hooks (the event loop runs the main actor's work).
        .target(name: "CSweepSystem", linkerSettings: [.linkedLibrary("dispatch")]),
        // SVG: librsvg draws into a cairo image surface over the caller's pixels. Both are dlopened the
        // first time an SVG is drawn (librsvg2-2 at run time; no headers, no link), their functions found by name.
        .target(name: "CSweepSVG"),
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        .target(name: "CWaylandServerProtocols", dependencies: ["CWaylandServer", "CWaylandProtocols"]),

        // MARK: Pure core (no C import, no clock, no I/O)
        .target(name: "SweepGeometry"),
        .target(name: "SweepInput", dependencies: ["SweepGeometry"]),
        .target(name: "SweepGraphics", dependencies: ["SweepGeometry"]),
        .target(name: "SweepLayout", dependencies: ["SweepGeometry"]),
        .target(name: "SweepPresentation", dependencies: ["SweepGeometry"]),
        .target(name: "SweepSelection", dependencies: ["SweepGeometry"]),
        .target(name: "SweepGestures", dependencies: ["SweepGeometry", "SweepInput"]),
        .target(name: "SweepInteraction",
                dependencies: ["SweepGeometry", "SweepInput", "SweepSelection", "SweepLayout"]),
        .target(name: "SweepViews",
                dependencies: ["SweepGeometry", "SweepGraphics", "SweepLayout"]),

        // MARK: Adapters, each over one C library
        .target(name: "SweepPixman",
                dependencies: ["SweepGeometry", "SweepGraphics", "CPixman", "CFcft", "CFribidi"]),
        .target(name: "SweepPNG", dependencies: ["CPNG"]),
        .target(name: "SweepImages", dependencies: ["SweepGraphics", "CPNG", "CTurboJPEG", "CSweepSVG"]),
        // Icons by name in XDG icon themes: index.theme, inheritance, sizes and scales. Glibc only.
        .target(name: "SweepIcons"),
        .target(name: "SweepEventLog", dependencies: ["CSweepSystem"]),
        .target(name: "SweepXKB", dependencies: ["SweepInput", "CXKBCommon", "CSweepSystem"]),
        .target(name: "SweepDesktop", dependencies: ["CSDBus"]),
        .target(name: "SweepAccessibility", dependencies: ["CSDBus", "SweepGeometry"]),
        // The event loop: fds, timers, work after dispatching and the main queue; the display plugs in.
        .target(name: "SweepLoop", dependencies: ["CSweepSystem"]),
        // What an app and the window system exchange, as values: clipboard and drag data, cursors, layer placement.
        .target(name: "SweepPlatform", dependencies: ["SweepGeometry", "SweepGraphics"]),
        .target(name: "SweepWayland",
                dependencies: ["SweepLoop", "SweepPlatform", "SweepGeometry", "SweepInput", "SweepPresentation", "SweepPixman", "SweepXKB",
                               "CWaylandClient", "CWaylandProtocols", "CSweepSystem"]),

        // MARK: The component layer: what apps use
        .target(name: "SweepUI",
                dependencies: ["SweepGeometry", "SweepInput", "SweepGraphics", "SweepLayout", "SweepSelection",
                               "SweepGestures", "SweepInteraction", "SweepViews", "SweepPixman", "SweepLoop", "SweepPlatform",
                               "SweepWayland", "SweepImages", "SweepDesktop", "SweepAccessibility", "SweepEventLog",
                               "SweepIcons"]),

        .target(name: "ScriptedCompositor",
                dependencies: ["CWaylandServer", "CWaylandServerProtocols", "CSweepSystem", "CPixman", "CSDBus", "SweepPNG", "SweepXKB",
                               "SweepEventLog"]),

        // MARK: Products
        .executableTarget(name: "scripted-compositor",
                          dependencies: ["ScriptedCompositor", "SweepEventLog", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "sweep-copy", dependencies: ["SweepUI", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Test input into KWin (its fake-input protocol) and mutter (its remote-desktop D-Bus API),
        // in the scripted compositor's script format.
        .target(name: "CRemoteDesktop", dependencies: ["CSDBus"]),
        .executableTarget(name: "sweep-input", dependencies: ["ScriptedCompositor", "SweepGeometry", "SweepXKB", "CWaylandClient", "CWaylandProtocols",
                                                              "CRemoteDesktop", "CSDBus", "CSweepSystem", "SweepEventLog",
                                                              .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The demo's pages: their state and files, apart from drawing and input, so they unit-test.
        .target(name: "DemoPages", dependencies: ["SweepGeometry", "SweepSelection", "PickCore", "CSweepSystem", "SweepEventLog"]),
        // The picker's core: records as bytes, fields, matching, filtering, output. Standard library only,
        // and a prefetch hint (CPickPrefetch: one inlined compiler builtin, no library).
        .target(name: "PickCore", dependencies: ["CPickPrefetch"]),
        .target(name: "CPickPrefetch"),
        // The picker: SweepUI's public API, its own core, and the argument parser.
        .executableTarget(name: "sweep-pick",
                          dependencies: ["SweepUI", "PickCore", "SweepIcons", "SweepImages", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "sweep-demo",
                          dependencies: ["DemoPages", "SweepUI", "SweepEventLog", "SweepGestures",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // The smallest app on SweepUI, shown whole in the README.
        .executableTarget(name: "hello-select", dependencies: ["SweepUI"], path: "Examples/hello-select"),
        .executableTarget(name: "two-windows", dependencies: ["SweepUI"], path: "Examples/two-windows"),
        .executableTarget(name: "files", dependencies: ["SweepUI"], path: "Examples/files"),
        .executableTarget(name: "photos", dependencies: ["SweepUI"], path: "Examples/photos"),
        .executableTarget(name: "records", dependencies: ["SweepUI"], path: "Examples/records"),
        .executableTarget(name: "mail", dependencies: ["SweepUI"], path: "Examples/mail"),

        // MARK: Tests
        .target(name: "SweepTestSupport", path: "Sources/SweepTestSupport"),
        .testTarget(name: "DemoPagesTests", dependencies: ["DemoPages", "SweepGeometry", "SweepEventLog"]),
        .testTarget(name: "PickCoreTests", dependencies: ["PickCore", "SweepTestSupport"]),
        .testTarget(name: "SweepGeometryTests", dependencies: ["SweepTestSupport", "SweepGeometry"]),
        .testTarget(name: "SweepLayoutTests", dependencies: ["SweepTestSupport", "SweepLayout"]),
        .testTarget(name: "SweepPresentationTests", dependencies: ["SweepTestSupport", "SweepPresentation"]),
        .testTarget(name: "SweepSelectionTests", dependencies: ["SweepTestSupport", "SweepSelection"]),
        .testTarget(name: "SweepInputTests", dependencies: ["SweepInput", "SweepGeometry"]),
        .testTarget(name: "SweepXKBTests", dependencies: ["SweepXKB", "SweepInput", "CSweepSystem"]),
        .testTarget(name: "SweepGesturesTests", dependencies: ["SweepGestures", "SweepInput", "SweepGeometry"]),
        .testTarget(name: "SweepInteractionTests",
                    dependencies: ["SweepTestSupport", "SweepInteraction", "SweepSelection", "SweepLayout"]),
        .testTarget(name: "SweepPixmanTests",
                    dependencies: ["SweepPixman", "SweepGraphics", "SweepViews", "SweepLayout", "SweepPresentation", "CPixman"]),
        .testTarget(name: "SweepUITests", dependencies: ["SweepUI", "SweepGestures", "SweepPixman", "SweepTestSupport", "SweepIcons", "SweepPNG"]),
        .testTarget(name: "ProtocolsTests"),
        .testTarget(name: "LintTests", exclude: ["allowed.txt"]),
        .testTarget(name: "SweepPNGTests", dependencies: ["SweepPNG"]),
        .testTarget(name: "SweepImagesTests",
                    dependencies: ["SweepImages", "SweepGraphics", "SweepPNG", "CPNG", "CZlib", "CTurboJPEG"]),
        .testTarget(name: "SweepIconsTests", dependencies: ["SweepIcons"]),
        .testTarget(name: "SweepEventLogTests", dependencies: ["SweepEventLog"]),
        .testTarget(name: "ScriptedCompositorTests", dependencies: ["ScriptedCompositor", "CPixman"]),
        .testTarget(name: "EndToEndTests", dependencies: ["sweep-demo", "scripted-compositor", "sweep-input", "sweep-copy", "hello-select", "two-windows", "files", "photos", "records", "mail", "sweep-pick", "SweepPNG"],
                    exclude: ["Harness/test-portal.py", "Harness/atspi-probe.py", "Harness/kwin-screenshot.py", "Harness/mutter-screenshot.py", "Harness/mutter-scale.py", "Harness/orca"]),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Fuzzing (SWEEP_FUZZ=1 only)
// libFuzzer targets, one for each reader of outside bytes, and one that drives a CollectionView
// with decoded input sequences (Fuzz/). Each defines LLVMFuzzerTestOneInput and a main that hands
// it to libFuzzer's driver (LLVMFuzzerRunDriver: SwiftPM links the target's own main, not
// libFuzzer's). They link only with the fuzzer sanitizer, so the targets exist only when
// SWEEP_FUZZ=1 is set and a plain `swift build` never sees them. `make fuzz-targets` builds them
// (scripts/fuzz.sh has the flags: -sanitize=fuzzer,address in .build-fuzz, one product each).
// They link with lld: gold drops the coverage counters' section bounds, so libFuzzer would see
// no coverage.
if Context.environment["SWEEP_FUZZ"] == "1" {
    let lld: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport"] + dependencies,
                          path: "Fuzz/fuzz-\(name)", linkerSettings: lld)
    }
    package.targets += [
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Fuzz/FuzzSupport"),
        fuzzTarget("script", ["ScriptedCompositor"]),
        fuzzTarget("packing", ["DemoPages"]),
        fuzzTarget("pick-records", ["PickCore"]),
        fuzzTarget("filter-text", ["SweepUI", "SweepInput", "PickCore"]),
        fuzzTarget("images", ["SweepImages", "SweepGraphics"]),
        fuzzTarget("keymap", ["SweepXKB", "SweepInput"]),
        fuzzTarget("portal", ["SweepDesktop", "CSDBus"]),
        fuzzTarget("collection", ["SweepUI", "SweepGestures", "SweepInput", "SweepGeometry", "SweepSelection"]),
        fuzzTarget("icon-theme", ["SweepIcons"]),
        fuzzTarget("history", ["PickCore"]),
        fuzzTarget("config", ["PickCore"]),
        fuzzTarget("file-uri", ["SweepUI"]),
    ]
    package.products += ["script", "packing", "pick-records", "filter-text", "images", "keymap", "portal", "collection",
                         "icon-theme", "history", "config", "file-uri"]
        .map { Product.executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) }
}
