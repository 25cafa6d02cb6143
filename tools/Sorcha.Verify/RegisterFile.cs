using System.Text.Json;
using Sorcha.Ledger.Verification;

namespace Sorcha.Verify;

/// <summary>What the verifier takes from a saved <c>GET /api/registers/{id}</c> response.</summary>
public sealed record RegisterFile(string Id, string PublicKey, RegisterHead? Head)
{
    public static async Task<RegisterFile> LoadAsync(string path, CancellationToken cancellationToken)
    {
        await using var stream = File.OpenRead(path);
        using var document = await JsonDocument.ParseAsync(stream, cancellationToken: cancellationToken);
        var root = document.RootElement;
        var id = root.TryGetProperty("id", out var idValue) && idValue.ValueKind == JsonValueKind.String ? idValue.GetString()! : null;
        var key = root.TryGetProperty("publicKey", out var keyValue) && keyValue.ValueKind == JsonValueKind.String ? keyValue.GetString()! : null;
        if (id is null || key is null)
        {
            throw new InvalidDataException($"{path} has no string \"id\" and \"publicKey\"; is it a GET /api/registers/{{id}} response?");
        }

        // The head is optional: pinning it catches a truncated export, but an older register.json still verifies.
        RegisterHead? head = root.TryGetProperty("height", out var height) && height.ValueKind == JsonValueKind.Number && height.TryGetInt64(out var h)
            && root.TryGetProperty("headChainHash", out var hash) && hash.ValueKind == JsonValueKind.String && h > 0
            ? new RegisterHead(h, hash.GetString()!)
            : null;
        return new RegisterFile(id, key, head);
    }
}
