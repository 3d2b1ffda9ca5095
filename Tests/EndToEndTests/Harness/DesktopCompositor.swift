import Foundation

/// A desktop's compositor a test drives through `sweep-input` (KWin through
/// its fake input, mutter through its remote desktop).
protocol DesktopCompositor: Compositor {
    var directory: TestDirectory { get }
    /// The output's size, in logical pixels.
    var width: Int { get }
    var height: Int { get }
    /// Plays `script`'s input steps, its positions moved by `offset` (where the window's origin
    /// is); throws with sweep-input's message when it fails.
    func play(_ script: String, offset: (x: Int, y: Int)) throws
}

extension DesktopCompositor {
    /// Runs sweep-input `via` the compositor's input API on `script`.
    func playInput(_ script: String, via: String, offset: (x: Int, y: Int), count: Int) throws {
        let path = "\(directory.path)/input-\(count).jsonl"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let input = try ChildProcess(name: "sweep-input-\(count)", executable: try builtProduct("sweep-input"),
                                     arguments: ["--via", via, "--offset", "\(offset.x),\(offset.y)", "--script", path],
                                     environment: clientEnvironment, directory: directory.path)
        guard let status = input.waitForExit(seconds: 60) else {
            input.stop()
            throw HarnessError("sweep-input did not finish within 60 s\n\(input.logTail)")
        }
        guard status == 0 else { throw HarnessError("sweep-input failed with status \(status): \(input.logTail)\n\(logTail)") }
    }

    /// A sweep-input that holds its input devices for the compositor's whole life, started before
    /// any window: each later sweep-input run makes devices of its own and takes them away at its
    /// end, and a seat that lost its last touch screen (or keyboard) takes the capability from its
    /// clients, which bind it again only after the next run's first touch went by. mutter makes a
    /// session's devices on first use: the keeper touches and taps Shift at `spot` (output
    /// coordinates, under no window) first.
    func startInputKeeper(via: String, spot: (x: Int, y: Int)) throws -> ChildProcess {
        let path = "\(directory.path)/keeper.jsonl"
        try "{\"op\":\"wait\",\"ms\":600000}\n{\"op\":\"wait\",\"ms\":600000}\n{\"op\":\"wait\",\"ms\":600000}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let keeper = try ChildProcess(name: "sweep-input-keeper", executable: try builtProduct("sweep-input"),
                                      arguments: ["--via", via, "--prime", "\(spot.x),\(spot.y)", "--script", path],
                                      environment: clientEnvironment, directory: directory.path)
        guard waitUntil(seconds: 15, { keeper.stdout.contains("primed") || !keeper.isRunning }), keeper.isRunning else {
            keeper.stop()
            throw HarnessError("sweep-input could not hold \(name)'s input devices: \(keeper.logTail)")
        }
        return keeper
    }

    /// Where the window of the client whose `WAYLAND_DEBUG=client` log is `clientLog` has its
    /// origin: the pointer is put in the output's corner, outside the window, then in the middle,
    /// which the window covers, and the client's log says where in its content surface (the one
    /// given the xdg_surface or layer-surface role; not a title bar's subsurface) it came in. Only entries after
    /// the move count: one from before (the pointer already in the middle when the window mapped,
    /// maybe before the compositor centred it; an earlier measurement) is stale.
    func windowOffset(of clientLog: String) throws -> (x: Int, y: Int) {
        let read = { (try? String(contentsOfFile: clientLog, encoding: .utf8)) ?? "" }
        let before = read().split(separator: "\n").count
        try play("""
        {"op":"pointer.move","x":1,"y":1}
        {"op":"wait","ms":100}
        {"op":"pointer.move","x":\(width / 2),"y":\(height / 2)}
        """, offset: (0, 0))
        var found: (Double, Double)?
        _ = waitUntil(seconds: 5) {
            let lines = read().split(separator: "\n")
            guard let content = lines.lazy.compactMap(xdgSurfaceOwner).first else { return false }
            found = lines.dropFirst(before).reversed().lazy.compactMap { pointerEntry($0, surface: content) }.first
            return found != nil
        }
        guard let (x, y) = found else { throw HarnessError("the pointer never entered the window\n\(logTail)") }
        return (width / 2 - Int(x.rounded()), height / 2 - Int(y.rounded()))
    }
}

/// The `wl_surface@N` of an `xdg_wm_base@….get_xdg_surface(new id xdg_surface@M, wl_surface@N)`
/// request, or of a layer shell's `get_layer_surface` (the picker's overlay).
private func xdgSurfaceOwner(_ line: Substring) -> Substring? {
    guard line.contains(".get_xdg_surface(") || line.contains(".get_layer_surface("),
          let start = line.range(of: "wl_surface@") else { return nil }
    return line[start.lowerBound...].prefix { $0 != ")" && $0 != "," }
}

/// The surface coordinates of a `wl_pointer@N.enter(serial, wl_surface@M, x, y)` line.
private func pointerEntry(_ line: Substring, surface: Substring) -> (Double, Double)? {
    guard line.contains(".enter("), line.contains("wl_pointer@"), line.contains("\(surface),"), let open = line.lastIndex(of: "("),
          let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard fields.count == 4, let x = Double(fields[2]), let y = Double(fields[3]) else { return nil }
    return (x, y)
}
