// An app imports SweepUI alone: the types its API uses come with it.
@_exported import SweepGeometry
@_exported import SweepGraphics
@_exported import SweepInput
@_exported import SweepInteraction
@_exported import SweepLayout
@_exported import SweepSelection
@_exported import SweepViews
@_exported import SweepPlatform
@_exported import SweepDesktop
@_exported import SweepGestures
@_exported import SweepAccessibility
// The decoders an `ImageSource` uses (`ImageDecoder`: PNG, JPEG, SVG thumbnails).
@_exported import SweepImages
// Event logs and the standard descriptors: every program's outputs, one way (`StandardStreams.secure()` first).
@_exported import SweepEventLog
