import ArgumentParser

struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect and convert PNG files as the decoder sees them.",
        subcommands: []
    )
}
