using System.Text.Json;
using System.Text.Json.Serialization;

namespace Sorcha.Registers.Store;

/// <summary>
/// A committed transaction as the API returns it: <see cref="Json"/> is the <c>CommittedTransaction</c> object, with
/// <c>docketNumber</c> once its docket is sealed. Written to responses byte for byte, so what a client receives is
/// exactly what the register holds (and what a verifier must be able to recompute the txId from).
/// </summary>
[JsonConverter(typeof(StoredTransactionConverter))]
public sealed record StoredTransaction(long Sequence, ReadOnlyMemory<byte> Json);

public sealed class StoredTransactionConverter : JsonConverter<StoredTransaction>
{
    public override StoredTransaction Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        throw new NotSupportedException("StoredTransaction is write-only; read a CommittedTransaction instead.");

    // Not validated again: every stored form was written by CommittedTransactionJson from a parsed submission, and a
    // batch answer would otherwise re-read its 1,000 documents token by token.
    public override void Write(Utf8JsonWriter writer, StoredTransaction value, JsonSerializerOptions options) =>
        writer.WriteRawValue(value.Json.Span, skipInputValidation: true);
}
