import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime
import TaskTileSync

/// `tasktile sync add NAME (--url URL --user USER --password-command CMD | --vdir DIR)`.
struct SyncAddCommand: Command {
    static let spec = CommandSpec(path: ["sync", "add"], abstract: "Add a sync account: a CalDAV server or a vdir.",
        discussion: "The password is never stored: --password-command runs at each sync and its first output line is the password (e.g. 'pass show dav'). The command is split into words without a shell.",
        arguments: [ArgumentSpec(name: "name", help: "A name for the account.")],
        options: [urlOption, userOption, passwordCommandOption, vdirOption].map(\.spec))
    static let urlOption = Option.value("--url", valueName: "url", help: "The CalDAV server URL (its principal or calendar home is found from there).")
    static let userOption = Option.value("--user", valueName: "user", help: "The user name.")
    static let passwordCommandOption = Option.value("--password-command", valueName: "command", help: "A command that prints the password.")
    static let vdirOption = Option.value("--vdir", valueName: "dir", help: "Sync with a vdir (one .ics file per item) instead of a server.")
    let account: SyncAccount

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        let name = arguments.positionals[0]
        guard !name.isEmpty, name.count <= 100, !name.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 } }) else {
            throw Self.usage(Phrase(key: .usageInvalidValue, name, "NAME", "1…100 characters without spaces"))
        }
        if let dir = arguments[Self.vdirOption] {
            guard arguments[Self.urlOption] == nil else { throw Self.usage(Phrase(key: .syncErrorNeedsTarget)) }
            let path = dir.hasPrefix("/") ? dir : FileManager.default.currentDirectoryPath + "/" + dir
            account = SyncAccount(name: name, kind: .vdir, url: path, user: nil, passwordCommand: nil)
        } else if let url = arguments[Self.urlOption] {
            guard let u = URL(string: url), u.scheme == "http" || u.scheme == "https", u.host != nil else {
                throw Self.usage(Phrase(key: .syncErrorBadURL, url))
            }
            // Refused here, once, rather than at every sync: the command is split without a shell.
            if let command = arguments[Self.passwordCommandOption] {
                do { _ = try CommandWords.split(command) } catch let SpawnError.cannotSplit(_, reason) {
                    throw Self.usage(Phrase(key: .syncErrorPasswordCommandRefused, command, reason))
                } catch {
                    throw Self.usage(Phrase(key: .syncErrorPasswordCommandRefused, command, "\(error)"))
                }
            }
            account = SyncAccount(name: name, kind: .caldav, url: url, user: arguments[Self.userOption],
                                  passwordCommand: arguments[Self.passwordCommandOption])
        } else {
            throw Self.usage(Phrase(key: .syncErrorNeedsTarget))
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        try context.store().addSyncAccount(account)
        if context.json {
            context.printJSON(.object([("name", .string(account.name)), ("kind", .string(account.kind.rawValue)), ("url", .string(account.url))]))
        } else {
            context.out(context.localizer.text(.syncAdded, account.name, account.url))
        }
        return .success
    }
}

/// `tasktile sync ls`.
struct SyncLsCommand: Command {
    static let spec = CommandSpec(path: ["sync", "ls"], abstract: "Show the sync accounts.")
    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let accounts = try context.store().syncAccounts()
        if context.json {
            context.printJSON(.array(accounts.map { a in
                .object([("name", .string(a.name)), ("kind", .string(a.kind.rawValue)), ("url", .string(a.url)),
                         ("user", a.user.map { .string($0) } ?? .null),
                         ("lastSyncAt", a.lastSyncAt.map { .string(JSONDates.utc($0)) } ?? .null)])
            }))
            return .success
        }
        if accounts.isEmpty { context.out(context.localizer.text(.syncNoAccounts)); return .success }
        for a in accounts { context.out("\(a.name)  \(a.kind.rawValue)  \(a.url)\(a.user.map { "  \($0)" } ?? "")") }
        return .success
    }
}

/// `tasktile sync rm NAME`.
struct SyncRmCommand: Command {
    static let spec = CommandSpec(path: ["sync", "rm"], abstract: "Remove a sync account (its lists and todos stay).",
                                  arguments: [ArgumentSpec(name: "name", help: "The account's name.")])
    let name: String
    init(_ arguments: ParsedArguments, context: CommandContext) throws { name = arguments.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        try context.store().removeSyncAccount(named: name)
        context.json ? context.printJSON(.object([("removed", .string(name))])) : context.out(context.localizer.text(.syncRemoved, name))
        return .success
    }
}

/// `tasktile sync status`.
struct SyncStatusCommand: Command {
    static let spec = CommandSpec(path: ["sync", "status"], abstract: "Show each account's last sync and the local changes not yet sent.")
    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let accounts = try store.syncAccounts()
        var rows: [JSONValue] = []
        for a in accounts {
            let pending = try store.syncJournal(after: a.journalSeq).todos.count
            if context.json {
                rows.append(.object([("name", .string(a.name)), ("lastSyncAt", a.lastSyncAt.map { .string(JSONDates.utc($0)) } ?? .null),
                                     ("neverSynced", .bool(a.lastSyncAt == nil)),
                                     ("pendingLocalChanges", .number(Double(pending)))]))
            } else if a.lastSyncAt == nil {
                // The journal counts changes since the account was added: before a first pass it
                // would say 0 while every list and todo is still to be sent.
                context.out(context.localizer.text(.syncStatusNeverSynced, a.name, a.kind.rawValue, a.url))
            } else {
                context.out(context.localizer.text(.syncStatusLine, a.name, a.kind.rawValue, a.url,
                                                   a.lastSyncAt.map(JSONDates.utc) ?? context.localizer.text(.syncNever), pending))
            }
        }
        if context.json { context.printJSON(.array(rows)) } else if accounts.isEmpty { context.out(context.localizer.text(.syncNoAccounts)) }
        return .success
    }
}

/// `tasktile sync [NAME] [--dry-run]`: one pass with one account (or every account).
struct SyncRunCommand: Command {
    static let spec = CommandSpec(path: ["sync"], abstract: "Exchange changes with a CalDAV server or vdir: one pass.",
        discussion: "Exit 0: synced; 69: the server cannot be reached (nothing changed); 77: user or password refused; 74: the store cannot be written; 65: some server items could not be read, or the server refused to create a calendar for a list (reported, the rest synced; tried again next time).",
        arguments: [ArgumentSpec(name: "name", help: "The account (default: every account).", optional: true)],
        options: [dryRunOption.spec])
    static let dryRunOption = Option.flag("--dry-run", help: "Print what would change; write nothing, here or there.")
    let name: String?
    let dryRun: Bool
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        name = arguments.positionals.first; dryRun = arguments[Self.dryRunOption]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let accounts = try name.map { [try store.syncAccount(named: $0)] } ?? store.syncAccounts()
        guard !accounts.isEmpty else { throw SyncAccountError.notFound("-", known: []) }
        let l = context.localizer
        var unreadable = 0, notCreated = 0, ambiguous = 0
        var reports: [JSONValue] = []
        for account in accounts {
            let log: (String) -> Void = { line in context.stderr.write("debug tasktile-sync: " + line + "\n"); context.stderr.flush() }
            let report = try SyncRunner.run(store: store, account: account, dryRun: dryRun, environment: context.environment, log: log,
                                            progress: { done, all in
                context.stderr.write(l.text(.syncProgress, account.name, done, all) + "\n")
                context.stderr.flush()
            })
            unreadable += report.unreadable.count
            notCreated += report.notCreated.count
            ambiguous += report.ambiguous.count
            for p in report.ambiguous + report.notCreated + report.unreadable + report.notes + report.conflicts { context.stderr.write(p.text(l) + "\n") }
            if context.json {
                reports.append(.object([
                    ("account", .string(report.account)), ("dryRun", .bool(dryRun)),
                    ("up", .number(Double(report.up))), ("down", .number(Double(report.down))),
                    ("deletedHere", .number(Double(report.deletedHere))), ("deletedThere", .number(Double(report.deletedThere))),
                    ("conflicts", .array(report.conflicts.map { .string($0.description) })),
                    ("unreadable", .array(report.unreadable.map { .string($0.description) })),
                    ("notCreated", .array(report.notCreated.map { .string($0.description) })),
                    ("ambiguous", .array(report.ambiguous.map { .string($0.description) })),
                    ("notes", .array(report.notes.map { .string($0.description) })),
                    ("skippedNotTodos", .number(Double(report.skipped))),
                    ("requests", .number(Double(report.requests))),
                ]))
            } else if dryRun {
                context.out(l.text(.syncDryRunSummary, report.account, report.up, report.down, report.deletedHere, report.deletedThere))
            } else {
                context.out(l.text(.syncSummary, report.account, report.up, report.down, report.deletedHere, report.deletedThere, report.conflicts.count))
            }
        }
        if context.json { context.printJSON(.array(reports)) }
        let left = (unreadable > 0 ? [DAVError.unreadableItems(unreadable)] : []) + (notCreated > 0 ? [DAVError.listsNotCreated(notCreated)] : [])
            + (ambiguous > 0 ? [DAVError.ambiguousNames(ambiguous)] : [])
        if !left.isEmpty { throw ReportedPartialPass(errors: left) }
        return .success
    }
}

/// The pass finished but left something alone — unreadable server items, lists the server refused
/// a calendar for — each already listed and the summary printed: exit 65 with one last line.
struct ReportedPartialPass: ReportableError {
    var errors: [DAVError]
    var exitCode: ExitCode { errors[0].exitCode }
    func message(_ localizer: Localizer) -> String { errors.map { $0.message(localizer) }.joined(separator: "; ") }
    var printsOwnJSON: Bool { true }
}
