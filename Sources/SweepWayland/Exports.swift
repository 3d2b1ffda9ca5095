// The values this adapter's API takes and gives (clipboard content, drag data, cursors, layer options).
@_exported import SweepPlatform
