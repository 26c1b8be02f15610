import Foundation

extension EngineComparison.Report {
    /// Writes each minimal difference to `directory` as a fixture whose expected value is the
    /// baseline's answer, atomically, named `compare-<case name>.json`.
    /// - Returns: the paths written.
    /// - Throws: file system errors; a baseline that faulted gives no fixture.
    public func saveFixtures(in directory: String) throws -> [String] {
        throw CompareInputError(path: directory, message: "--save needs the fixture codec (not merged yet)")
    }
}
