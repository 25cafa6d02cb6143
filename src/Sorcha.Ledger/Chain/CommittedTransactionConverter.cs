using System.Runtime.InteropServices;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Sorcha.Ledger.Chain;

/// <summary>Lets minimal APIs return a <see cref="CommittedTransaction"/> (or a page of them) with <c>TypedResults</c>.</summary>
public sealed class CommittedTransactionConverter : JsonConverter<CommittedTransaction>
{
    public override CommittedTransaction Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        return CommittedTransactionReader.TryRead(JsonMarshal.GetRawUtf8Value(document.RootElement), out var transaction, out var error)
            ? transaction
            : throw new JsonException(error);
    }

    public override void Write(Utf8JsonWriter writer, CommittedTransaction value, JsonSerializerOptions options) =>
        CommittedTransactionJson.Write(writer, value.RawTransaction.Span, value.Commit);
}
