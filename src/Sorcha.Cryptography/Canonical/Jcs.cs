using System.Buffers;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Cryptography;

/// <summary>
/// RFC 8785 JSON Canonicalization Scheme. Input that cannot be canonicalized (duplicate property names,
/// numbers outside IEEE double range, invalid UTF-8 or lone surrogates) throws <see cref="FormatException"/>.
/// </summary>
public static class Jcs
{
    // txIds are computed on every submission: a per-thread buffer keeps hashing allocation-free.
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? _scratch;

    private const int MaxRetainedScratch = 1 << 20;

    public static byte[] Canonicalize(JsonElement element)
    {
        var output = new ArrayBufferWriter<byte>(256);
        WriteTo(element, output);
        return output.WrittenSpan.ToArray();
    }

    public static byte[] Canonicalize(JsonNode? node)
    {
        if (node is null)
        {
            return "null"u8.ToArray();
        }

        // A JsonNode may wrap arbitrary CLR values; serializing and re-reading gives one code path for both inputs.
        var json = new ArrayBufferWriter<byte>(256);
        try
        {
            using var writer = new Utf8JsonWriter(json);
            node.WriteTo(writer);
        }
        catch (ArgumentException e)
        {
            throw new FormatException("The JSON value cannot be canonicalized (NaN or Infinity).", e);
        }

        using var document = JsonDocument.Parse(json.WrittenMemory);
        return Canonicalize(document.RootElement);
    }

    public static string CanonicalizeToString(JsonElement element) => Encoding.UTF8.GetString(Canonicalize(element));

    /// <summary>
    /// Writes the canonical form of <paramref name="element"/>. When <paramref name="omitRootProperty"/> is set and the
    /// root is an object, that property is left out (e.g. a transaction's "signature" when computing its txId).
    /// </summary>
    public static void WriteTo(JsonElement element, IBufferWriter<byte> output, string? omitRootProperty = null)
    {
        ArgumentNullException.ThrowIfNull(output);
        if (element.ValueKind == JsonValueKind.Undefined)
        {
            throw new ArgumentException("The JSON element is undefined.", nameof(element));
        }

        var omit = omitRootProperty is null ? null : Encoding.UTF8.GetBytes(omitRootProperty);
        new JcsWriter(output).WriteRoot(element, omit);
    }

    /// <summary>SHA-256 of the canonical bytes, without allocating them (see <see cref="WriteTo"/> for the omission).</summary>
    public static byte[] Sha256(JsonElement element, string? omitRootProperty = null)
    {
        var hash = new byte[Hashes.Sha256Size];
        Sha256(element, hash, omitRootProperty);
        return hash;
    }

    public static void Sha256(JsonElement element, Span<byte> destination, string? omitRootProperty = null)
    {
        var scratch = _scratch ??= new ArrayBufferWriter<byte>(1024);
        scratch.ResetWrittenCount();
        try
        {
            WriteTo(element, scratch, omitRootProperty);
            SHA256.HashData(scratch.WrittenSpan, destination);
        }
        finally
        {
            scratch.ResetWrittenCount();
            if (scratch.Capacity > MaxRetainedScratch)
            {
                _scratch = null;
            }
        }
    }
}
