import UnitPipe
import UnitPipeCSV

/// `unitpipe validate datapackage.json`: the descriptor's tabular resources as the tables of one run.
enum DataPackageArguments {
    /// Whether the one input names a Data Package descriptor (a `.json` file).
    static func isPackage(_ arguments: ParsedArguments) -> Bool {
        arguments.positionals.count == 1 && arguments.positionals[0].lowercased().hasSuffix(".json")
    }

    /// Refuses the options that say how to read one table: for a package, its descriptor says so.
    static func checkOptions(_ arguments: ParsedArguments) throws(UsageError) {
        let descriptor = arguments.positionals[0]
        let v = ValidateCommand.self
        let given: [(option: String, text: String?)] = [
            ("-c", arguments.text(of: v.column)), ("--schema", arguments.text(of: v.schema)), ("-r", arguments.text(of: v.rejects)),
            ("-d", arguments.text(of: v.delimiter)), ("--quote", arguments.text(of: v.quote)),
            ("--no-header", arguments.has(v.noHeader) ? "--no-header" : nil), ("--encoding", arguments.text(of: v.encoding)),
            ("--input-name", arguments.text(of: InputArguments.inputName)), ("--byte-range", arguments.text(of: ShardArguments.byteRange)),
            ("--min", arguments.text(of: v.minimum)), ("--max", arguments.text(of: v.maximum)), ("--integer", arguments.text(of: v.integer)),
        ]
        for (option, text) in given {
            guard let text else { continue }
            let reason = option == "-r"
                ? "the resources of a package have their own headers; check one resource's file alone to copy its invalid rows"
                : "the descriptor says how each resource is read and checked; set it there (dialect, encoding, schema)"
            throw .invalidValue(option: option, value: text, reason: "\(descriptor) is a Data Package: \(reason)")
        }
    }

    /// Reads the descriptor the one input names and makes each tabular resource's options from `base`.
    ///
    /// - Returns: The resources and the notes (skipped resources, unchecked schema keywords) to show.
    static func resources(_ arguments: ParsedArguments, base: ValidateOptions) throws(UsageError) -> (resources: [ValidateResource], notes: [String]) {
        let descriptor = arguments.positionals[0]
        let directory = descriptor.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let bytes: [UInt8]
        do { bytes = try read(descriptor) } catch { throw .invalidValue(option: "INPUT (a Data Package)", value: descriptor, reason: error.problem) }
        let package: DataPackage
        do {
            package = try DataPackage.parse(bytes, directory: descriptor.hasPrefix("/") && directory.isEmpty ? "/" : directory, read: read)
        } catch {
            throw .invalidValue(option: "INPUT (a Data Package)", value: descriptor, reason: error.description)
        }
        var notes = package.notes
        let resources = package.resources.map { resource in
            var options = base
            options.inputPaths = resource.paths
            options.delimiter = resource.delimiter
            options.quote = resource.quote
            options.hasHeader = resource.hasHeader
            options.encoding = resource.encoding
            options.schema = resource.schema
            if let null = resource.nullSequence { options.nullValues.append(null) }
            notes += resource.schema?.notes.map { "resource '\(resource.name)': schema: \($0)" } ?? []
            return ValidateResource(name: resource.name, options: options)
        }
        return (resources, notes)
    }

    /// The bytes of the file at `path` (a descriptor, or a schema or dialect it names).
    private static func read(_ path: String) throws(DataPackageError) -> [UInt8] {
        do throws(InputError) {
            return try InputArguments.contents(of: path)
        } catch {
            throw DataPackageError(path: path, problem: Messages.render(JobError.input(error)))
        }
    }
}
