import Foundation
import Testing
import UnitPipe
@testable import UnitPipeCLI

@Suite("Man page")
struct ManPageTests {
    @Test("ERROR CODES holds every code of the table with its meaning")
    func everyCode() throws {
        let man = try CLIHarness.run(["man"]).stdout
        for code in ErrorCode.allCases {
            #expect(man.contains(".TP\n\\fB\(ManPage.escaped(code.rawValue))\\fR\n\(ManPage.escaped(code.meaning))\n"), "\(code.rawValue)")
        }
    }

    @Test("EXIT STATUS, ENVIRONMENT and SEE ALSO, whole")
    func sections() throws {
        let man = try CLIHarness.run(["man"]).stdout
        #expect(man.contains("""
            .SH EXIT STATUS
            .TP
            \\fB0\\fR
            Every row succeeded (validate: every cell is valid).
            .TP
            \\fB1\\fR
            The run finished and some rows were rejected, or cells emptied with \\-\\-on\\-error keep; all of them are \
            reported. \\-\\-exit\\-on\\-rejects 0 makes this status 0, for schedulers that fail a task on any non\\-zero exit.
            .TP
            \\fB2\\fR
            Trouble: a usage error, an unreadable input, an output that cannot be written, \\-\\-max\\-errors exceeded, \
            \\-\\-on\\-error fail tripped. No partial output file is left; an earlier file at the path is untouched.
            .TP
            \\fB130, 143\\fR
            Interrupted by SIGINT or SIGTERM (SIGHUP and SIGQUIT act as SIGTERM); outputs are removed as for 2.
            .SH FILES

            """))
        #expect(man.contains("""
            .SH ENVIRONMENT
            .TP
            \\fBUNITPIPE_READER\\fR
            libcsv makes \\-\\-reader libcsv the default (every record parsed by libcsv; same output, slower).
            .TP
            \\fBLANG, LC_ALL, LC_NUMERIC\\fR
            Not read: how numbers are written in the input is \\-\\-locale (default C), never the environment's locale, \
            so a job reads a file the same way on every machine.
            .SH EXAMPLES

            """))
        #expect(man.hasSuffix("""
            .SH SEE ALSO
            unitpipe COMMAND \\-\\-help. The documentation by task, in the source tree and, installed from a package, \
            under /usr/share/doc/unitpipe: \\fIdocs/guide.md\\fR, \
            \\fIdocs/unattended.md\\fR, \\fIdocs/validate.md\\fR, \\fIdocs/cluster.md\\fR, \\fIdocs/architecture.md\\fR, \
            \\fIdocs/testing.md\\fR, \\fIbench/README.md\\fR.

            """))
        #expect(!man.contains("README of the unitpipe source tree"))
    }

    @Test("the files the man page points to exist")
    func seeAlsoExists() {
        let root = CLIHarness.fixtures.deletingLastPathComponent()
        for path in ManPage.seeAlso {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
    }
}
