using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Client;

/// <summary>
/// api.md's Blueprint, as sent and as returned. On create and update the server ignores <see cref="Id"/> and
/// <see cref="Published"/>; <see cref="Version"/> above 0 on update must be the current one (optimistic concurrency).
/// The timestamps are the server's (null in a document you write).
/// </summary>
public sealed record Blueprint
{
    public string? Id { get; init; }

    public required string Title { get; init; }

    public string? Description { get; init; }

    public int Version { get; init; }

    public bool Published { get; init; }

    public IReadOnlyList<Participant> Participants { get; init; } = [];

    /// <summary>The first action is where every instance starts.</summary>
    public IReadOnlyList<BlueprintAction> Actions { get; init; } = [];

    public DateTimeOffset? CreatedAt { get; init; }

    public DateTimeOffset? UpdatedAt { get; init; }

    public DateTimeOffset? PublishedAt { get; init; }

    /// <summary>Reads a blueprint document (e.g. one of samples/blueprints/*.json).</summary>
    public static Blueprint FromJson(string json) =>
        JsonSerializer.Deserialize(json, SorchaJsonContext.Default.Blueprint) ?? throw new JsonException("The document is null.");

    public string ToJson() => JsonSerializer.Serialize(this, SorchaJsonContext.Default.Blueprint);
}

/// <summary>A role in the workflow, bound to a wallet address per instance.</summary>
public sealed record Participant(string Id, string Name);

/// <summary>One step: who sends it, its data's JSON Schema (2020-12), what it computes, where it goes, who sees what.</summary>
public sealed record BlueprintAction
{
    public required string Id { get; init; }

    public required string Title { get; init; }

    /// <summary>The participant id allowed to submit this action.</summary>
    public required string Sender { get; init; }

    public JsonNode? DataSchema { get; init; }

    /// <summary>Field → JSON Logic, run in order (later ones see earlier results).</summary>
    public JsonObject? Calculations { get; init; }

    /// <summary>First match wins; a route without condition always matches; <c>next</c> null finishes the instance.</summary>
    public IReadOnlyList<Route>? Routes { get; init; }

    public IReadOnlyList<Disclosure>? Disclosures { get; init; }
}

public sealed record Route(string? Next, JsonNode? Condition = null);

/// <summary>What a participant sees of an action's data: JSON Pointers, "/*" for all of it.</summary>
public sealed record Disclosure(string Participant, IReadOnlyList<string> Pointers);
