using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Ledger.Export;

/// <summary>Tells export lines apart by shape (only a docket has a top-level <c>merkleRoot</c>) and reads dockets.</summary>
public static class ExportLine
{
    public static bool IsDocket(ReadOnlySpan<byte> line)
    {
        try
        {
            var reader = new Utf8JsonReader(line);
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
            {
                return false;
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                if (reader.ValueTextEquals("merkleRoot"u8))
                {
                    return true;
                }

                reader.Read();
                reader.Skip();
            }

            return false;
        }
        catch (JsonException)
        {
            // Not JSON at all: let the transaction path report it with its position.
            return false;
        }
    }

    public static bool TryReadDocket(ReadOnlySpan<byte> line, [NotNullWhen(true)] out Docket? docket, [NotNullWhen(false)] out string? error)
    {
        try
        {
            docket = JsonSerializer.Deserialize(line, LedgerJsonContext.Default.Docket);
            error = docket is null ? "a docket line is null" : null;
            return docket is not null;
        }
        catch (JsonException e)
        {
            docket = null;
            error = $"not a valid Docket: {e.Message}";
            return false;
        }
    }
}
