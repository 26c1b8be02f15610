// An empty stand-in for swift-testing's cross-import overlay of CoreGraphics (Linux only, with the
// CoreGraphics module). The compiler imports `_Testing_CoreGraphics` whenever a file imports both
// Testing and a module named CoreGraphics; see Sources/_Testing_UIKit. The real overlay adds
// attachments of CGImage, which has no counterpart here.
