import Foundation
import PackagePlugin

/// Turns the string catalogue, one JSON file per language in `<target>/Localization/Catalogue/`
/// (docs/language.md "The catalogue"), into `StringCatalogue+Generated.swift` in the plugin's work
/// directory, by running the `catalogue-compiler` tool before the target compiles. The files are
/// excluded from the target in Package.swift, so SwiftPM does not treat them as resources.
@main struct CatalogueCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let directory = URL(fileURLWithPath: module.directory.string).appending(path: "Localization/Catalogue")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "StringCatalogue+Generated.swift")
        return [
            .buildCommand(
                displayName: "Compiling the string catalogue (\(files.count) languages)",
                executable: try context.tool(named: "catalogue-compiler").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
