using System.Text.Json;
using Sorcha.Ledger;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tombstones;

namespace Sorcha.Verify;

/// <summary>
/// <c>sorcha-verify tombstone tombstone.json --trusted-docket docket.json --consistency proof.json</c>: after a register
/// was deleted, is its tombstone the end of the register this verifier knew? The tombstone must be signed by the
/// register key; the kept docket, and both ends of the consistency proof kept with it, signed by the same key; the
/// proof must start at the kept docket, end at the tombstone's final docket, and lead from one tree to the other.
/// Exit 0 consistent, 1 not, 2 usage or I/O.
/// </summary>
public static class TombstoneCommand
{
    public const string Name = "tombstone";

    public const string Usage = """
        usage: sorcha-verify tombstone <tombstone.json> --trusted-docket <docket.json> --consistency <proof.json>
          tombstone.json  the DELETE answer, or the 410 of GET /api/registers/{id} (its "tombstone" member)
          docket.json     a docket kept from earlier (GET /api/registers/{id}/dockets/{n})
          proof.json      GET /api/registers/{id}/consistency?from=<n>&to=<final docket>, kept before the delete
          exit codes: 0 the tombstone ends the kept register, 1 it does not, 2 usage or I/O error
        """;

    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter output, TextWriter errors,
        CancellationToken cancellationToken = default)
    {
        if (args is not [var tombstonePath, "--trusted-docket", var docketPath, "--consistency", var proofPath])
        {
            await errors.WriteLineAsync(Usage);
            return VerifyCommand.UsageOrIoError;
        }

        try
        {
            var tombstone = await ReadTombstoneAsync(tombstonePath, cancellationToken);
            var trusted = await TrustedDocketFile.LoadAsync(docketPath, cancellationToken);
            await using var proofStream = File.OpenRead(proofPath);
            var proof = await JsonSerializer.DeserializeAsync(proofStream, LedgerJsonContext.Default.ConsistencyProof, cancellationToken)
                ?? throw new InvalidDataException($"{proofPath} holds null, not a consistency proof.");
            if (TombstoneChecks.CheckAgainst(tombstone, trusted, proof) is { } reason)
            {
                await output.WriteLineAsync($"INVALID: {reason}");
                return VerifyCommand.Invalid;
            }

            await output.WriteLineAsync($"VALID: register {tombstone.RegisterId} was deleted at {tombstone.DeletedAt} by {tombstone.DeletedBy}; " +
                $"its final docket {tombstone.FinalDocket} (tree size {tombstone.TreeSize}) extends the kept docket {trusted.Number} (tree size {trusted.TreeSize}).");
            return VerifyCommand.Valid;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or InvalidDataException)
        {
            await errors.WriteLineAsync($"error: {e.Message}");
            return VerifyCommand.UsageOrIoError;
        }
    }

    private static async Task<Tombstone> ReadTombstoneAsync(string path, CancellationToken cancellationToken)
    {
        using var document = JsonDocument.Parse(await File.ReadAllBytesAsync(path, cancellationToken));
        var root = document.RootElement;
        var element = root.ValueKind == JsonValueKind.Object && root.TryGetProperty("tombstone", out var inner) ? inner : root;
        return element.Deserialize(LedgerJsonContext.Default.Tombstone) ?? throw new InvalidDataException($"{path} holds null, not a tombstone.");
    }
}
