using System.Text.Json;
using Sorcha.Ledger;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Verify;

/// <summary>A docket the client saved earlier (<c>GET /api/registers/{id}/dockets/{number}</c>, or a consistency answer's "to").</summary>
public static class TrustedDocketFile
{
    public static async Task<Docket> LoadAsync(string path, CancellationToken cancellationToken)
    {
        await using var stream = File.OpenRead(path);
        try
        {
            return await JsonSerializer.DeserializeAsync(stream, LedgerJsonContext.Default.Docket, cancellationToken)
                ?? throw new InvalidDataException($"{path} holds null, not a Docket.");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not a Docket (GET /api/registers/{{id}}/dockets/{{number}}): {e.Message}");
        }
    }
}
