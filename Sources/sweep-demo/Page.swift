import SweepUI

/// One page of the demo (the list, the grid, Trails, Packing list, Filters,
/// Canvas): a component with a name for the event log and the command line.
/// Pages put their views in the window when they are made.
protocol Page: Component {
    /// The page's name in the event log and on the command line.
    var name: String { get }
}

extension Page {
    func attach(to host: ComponentHost) {}
    /// Every page takes the keyboard focus when pressed, as before focus existed.
    var acceptsFocus: Bool { true }
}
