namespace Sorcha.Contracts.LinkedData;

/// <summary>
/// The JSON-LD context of Sorcha's documents (docs/api.md, "JSON-LD"), served by the gateway at <see cref="Path"/>.
/// A document answered as <see cref="MediaType"/> is its JSON answer, member for member, with <c>@context</c>,
/// <c>@id</c> and <c>@type</c> added. Every member is a term: the generic ones from Dublin Core, the rest in Sorcha's
/// vocabulary (<see cref="Vocabulary"/>, a name, not a location); lists keep their order; what authors and clients
/// write freely (schemas, rules, payloads, the participant → wallet map) is a JSON literal, so that none of its keys
/// is read as a term or a keyword. A published context never changes: a new meaning is a new version.
/// </summary>
public static class LinkedDataContext
{
    public const string Path = "/api/contexts/v1";

    public const string MediaType = "application/ld+json";

    public const string Vocabulary = "https://w3id.org/sorcha/v1#";

    public const string BlueprintType = "Blueprint";
    public const string InstanceType = "Instance";
    public const string TransactionType = "Transaction";

    private static readonly Lazy<string> Text = new(() =>
    {
        using var stream = typeof(LinkedDataContext).Assembly.GetManifestResourceStream("Sorcha.Contracts.LinkedData.context-v1.jsonld")!;
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    });

    /// <summary>The context document, as served.</summary>
    public static string Json => Text.Value;
}
