// The end of a run, for all its outputs together (-o, -e, -r, --summary). Each regular file is
// written as a temporary file beside its path. The commit first makes every temporary complete
// and durable — staged bytes written, fsync(2), close(2) — then writes the summary the same way,
// checks once more for a signal, and only then renames them all into place, the summary last,
// and makes the directories durable. Anything that goes wrong before the first rename (a full
// disk, an error from fsync or close, a summary path that cannot be written, a signal) removes
// every temporary, so every earlier file stays as it was, and the summary alone is written to
// say why. A run stopped on purpose (--max-errors, --on-error fail) keeps its error report and
// rejects, which say why, but not its output. A signal during the renames is noted and the
// renames finish: from the first rename on, the run ends as it would have.

import UnitPipeCSV

/// One of a run's outputs as the commit sees it.
protocol StagedOutput: AnyObject {
    /// Makes the output complete and durable, not yet in place.
    func prepare() throws(OutputError)
    /// Puts a prepared output in place; returns the directory to make durable, if any.
    func publish() throws(OutputError) -> String?
    /// Removes what was written, leaving any earlier file untouched.
    func abandon()
}

extension OutputFile: StagedOutput {}
extension ReportFile: StagedOutput {}

/// Commits a run's outputs all together, or none of them.
enum OutputCommit {
    /// An output of the run and whether it is kept when the run stops on purpose.
    struct Member {
        let file: StagedOutput
        /// `true` for the error report and the rejects: they say why a run stopped at --max-errors.
        let isKeptWhenStopped: Bool
    }

    /// Commits `members`, then the summary to `summaryPath` (rendered by `summary` from the run's
    /// final failure and whether a reader went away); updates `failure` with whatever failed on the way.
    ///
    /// - Returns: `true` when an output's reader went away (a closed pipe: no failure, the run ends quietly).
    static func finish(
        _ members: [Member], summaryPath: String?, failure: inout JobError?, summary: (JobError?, Bool) -> String
    ) -> Bool {
        var sawClosedPipe = false
        var prepared: [StagedOutput] = []
        for member in members {
            guard failure == nil || (failure?.isDeliberateStop == true && member.isKeptWhenStopped) else {
                member.file.abandon()
                continue
            }
            do {
                try member.file.prepare()
                prepared.append(member.file)
            } catch .closedPipe {
                sawClosedPipe = true
                member.file.abandon()
            } catch {
                failure = .output(error)
                member.file.abandon()
            }
        }
        if failure != nil && failure?.isDeliberateStop != true { abandon(&prepared) }
        var summaryFile = prepareSummary(summaryPath, summary: summary, sawClosedPipe: sawClosedPipe, failure: &failure, prepared: &prepared)
        if let signal = Interruption.signalNumber, failure == nil || failure?.isDeliberateStop == true {
            // The last check: past it, the renames run to their end whatever arrives.
            failure = .interrupted(signal: signal)
            abandon(&prepared)
            summaryFile?.abandon()
            summaryFile = prepareSummary(summaryPath, summary: summary, sawClosedPipe: sawClosedPipe, failure: &failure, prepared: &prepared)
        }
        var directories: [String] = []
        for (index, file) in prepared.enumerated() {
            do {
                if let directory = try file.publish() { directories.append(directory) }
            } catch {
                // The outputs renamed before stay in place; the rest and the summary say so.
                failure = .output(error)
                var rest = Array(prepared[(index + 1)...])
                abandon(&rest)
                summaryFile?.abandon()
                summaryFile = prepareSummary(summaryPath, summary: summary, sawClosedPipe: sawClosedPipe, failure: &failure, prepared: &rest)
                break
            }
        }
        if let summaryFile {
            do {
                if let directory = try summaryFile.publish() { directories.append(directory) }
            } catch {
                if failure == nil { failure = .output(error) }
            }
        }
        var synchronized: Set<String> = []
        for directory in directories where synchronized.insert(directory).inserted {
            FileSystem.synchronizeDirectory(directory)
        }
        return sawClosedPipe
    }

    /// Writes the summary into its temporary file and prepares it; when that fails, the run
    /// fails and the outputs prepared so far are abandoned.
    private static func prepareSummary(
        _ path: String?, summary: (JobError?, Bool) -> String, sawClosedPipe: Bool, failure: inout JobError?,
        prepared: inout [StagedOutput]
    ) -> ReportFile? {
        guard let path else { return nil }
        do throws(OutputError) {
            let file = try ReportFile(path: path)
            file.buffer.append(summary(failure, sawClosedPipe))
            do {
                try file.prepare()
            } catch {
                file.abandon()
                throw error
            }
            return file
        } catch .closedPipe {
            return nil
        } catch {
            if failure == nil || failure?.isDeliberateStop == true { failure = .output(error) }
            abandon(&prepared)
            return nil
        }
    }

    private static func abandon(_ files: inout [StagedOutput]) {
        for file in files { file.abandon() }
        files = []
    }
}

extension JobError {
    /// `true` for a run stopped on purpose by its limits (`--max-errors`, `--on-error fail`).
    var isDeliberateStop: Bool {
        switch self {
        case .tooManyErrors, .stoppedAtError: return true
        default: return false
        }
    }
}
