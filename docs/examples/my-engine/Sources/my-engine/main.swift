import MyEngine
import WaterfallCheckTransport

// `waterfall-check verify --engine exec:'.build/debug/my-engine --serve' Fixtures`
if CommandLine.arguments.contains("--serve") { serve(MyEngine()) }
print("usage: my-engine --serve")
