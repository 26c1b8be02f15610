import PhotoGridEngines
import WaterfallCheckTransport

// `waterfall-check verify --engine exec:'.build/debug/photo-grid-engine --serve' Fixtures`
if CommandLine.arguments.contains("--serve") { serve(PhotoGridEngine.make()) }
print("usage: photo-grid-engine --serve")
