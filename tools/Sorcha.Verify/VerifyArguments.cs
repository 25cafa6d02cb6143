namespace Sorcha.Verify;

/// <summary>
/// The command line, parsed: <c>export.ndjson [--public-key base64 | --register register.json] [--skip-docket-signatures]
/// [--trusted-docket docket.json]</c>.
/// </summary>
public sealed record VerifyArguments(string ExportPath, string? PublicKey, string? RegisterPath, bool SkipDocketSignatures, int? Parallelism,
    string? TrustedDocketPath = null)
{
    public const string Usage = """
        usage: sorcha-verify <export.ndjson> (--public-key <base64> | --register <register.json> | --skip-docket-signatures)
                             [--trusted-docket <docket.json>] [--parallelism <n>]
          export.ndjson            GET /api/registers/{id}/export saved to a file
          --public-key             the register's Ed25519 docket-signing key (Register.publicKey)
          --register               a saved GET /api/registers/{id} response: id, publicKey and the published head
          --skip-docket-signatures verify without the register key (docket signatures are not checked)
          --trusted-docket         a docket kept from earlier (GET /api/registers/{id}/dockets/{n}): the export must
                                   still hold it unchanged, so the register only grew since (else INVALID)
        exit codes: 0 valid, 1 invalid, 2 usage or I/O error
               sorcha-verify attachment <export.ndjson> <txId> <index> <file>   (a file against its recorded hash)
               sorcha-verify tombstone <tombstone.json> --trusted-docket <docket.json> --consistency <proof.json>
                                                                                (a deleted register against a kept docket)
        """;

    public static bool TryParse(IReadOnlyList<string> args, out VerifyArguments? arguments, out string? error)
    {
        arguments = null;
        string? path = null, publicKey = null, register = null, trusted = null;
        var skip = false;
        int? parallelism = null;
        for (var i = 0; i < args.Count; i++)
        {
            var arg = args[i];
            string? Value() => i + 1 < args.Count ? args[++i] : null;
            switch (arg)
            {
                case "--public-key": publicKey = Value() ?? ""; break;
                case "--register": register = Value() ?? ""; break;
                case "--skip-docket-signatures": skip = true; break;
                case "--trusted-docket": trusted = Value() ?? ""; break;
                case "--parallelism": parallelism = int.TryParse(Value(), out var n) && n > 0 ? n : -1; break;
                case "-h" or "--help": error = null; return false;
                default:
                    if (arg.StartsWith('-') || path is not null)
                    {
                        error = $"unexpected argument '{arg}'";
                        return false;
                    }

                    path = arg;
                    break;
            }
        }

        error = path is null ? "the export file is required"
            : publicKey == "" || register == "" || trusted == "" ? "--public-key, --register and --trusted-docket need a value"
            : publicKey is not null && register is not null ? "give either --public-key or --register, not both"
            : publicKey is null && register is null && !skip ? "the register's public key is required (--public-key or --register), or pass --skip-docket-signatures"
            : parallelism == -1 ? "--parallelism needs a positive number"
            : null;
        arguments = error is null ? new VerifyArguments(path!, publicKey, register, skip, parallelism, trusted) : null;
        return error is null;
    }
}
