import SweepUI

/// Where and how big the picker's window is: its size (percentages of the
/// output's, which --monitor names or else the first), and the layer-shell
/// options (anchor, margins, layer, keyboard, output). Where the compositor
/// has no layer shell, the placement options cannot act: `note` says so.
struct PickPlacement {
    let size: Size
    let layer: LayerOptions
    let note: String?

    struct UnknownOutput: Error, CustomStringConvertible {
        let name: String, known: [String]
        var description: String {
            "no output named \"\(name)\"" + (known.isEmpty ? "" : " (the outputs: \(known.joined(separator: ", ")))")
        }
    }

    @MainActor init(options: PickOptions, application: Application) throws {
        let outputs = application.outputs
        var output = outputs.first
        if let name = options.monitor {
            guard let named = outputs.first(where: { $0.name == name }) else {
                throw UnknownOutput(name: name, known: outputs.map(\.name).filter { !$0.isEmpty })
            }
            output = named
        }
        size = options.windowSize(outputSize: output?.logicalSize)
        layer = LayerOptions(size: size, layer: options.layer.layer, keyboard: options.keyboard.keyboard, namespace: "sweep-pick",
                             anchor: options.anchor.edges, margins: options.margins ?? LayerOptions.EdgeInsets(),
                             outputName: options.monitor)
        var unused: [String] = []
        if options.anchor != .center { unused.append("--anchor") }
        if options.margins != LayerOptions.EdgeInsets() { unused.append("--margin") }
        if options.monitor != nil { unused.append("--monitor") }
        if options.layer != .overlay { unused.append("--layer") }
        if options.keyboard != .exclusive { unused.append("--keyboard") }
        note = application.offersLayerShell || unused.isEmpty ? nil
            : "note: \(unused.joined(separator: ", ")) ignored: the compositor has no layer shell, so the picker is a window it places itself"
    }
}
