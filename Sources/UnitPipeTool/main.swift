import UnitPipeCLI

#if canImport(Glibc)
import Glibc
#endif

@main
struct UnitPipeMain {
    static func main() {
        exit(UnitPipeCommand.run(Array(CommandLine.arguments.dropFirst())))
    }
}
