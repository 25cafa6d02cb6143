using System.Text.Json;
using System.Text.Json.Serialization;

namespace Sorcha.Client;

/// <summary>
/// An RFC 9457 problem document as the platform writes it. <see cref="Errors"/> lists every failing field (400) or
/// JSON Pointer (422); anything else the server adds (the OAuth2 <c>error</c> code, <c>traceId</c>) is in
/// <see cref="Extensions"/>.
/// </summary>
public sealed record ProblemDocument
{
    public string? Type { get; init; }

    public string? Title { get; init; }

    public int? Status { get; init; }

    public string? Detail { get; init; }

    public string? Instance { get; init; }

    public IReadOnlyDictionary<string, string[]>? Errors { get; init; }

    // Settable, not init: System.Text.Json binds extension data only through a setter.
    [JsonExtensionData]
    public IDictionary<string, JsonElement>? Extensions { get; set; }
}
