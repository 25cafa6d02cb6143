using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Resources;

/// <summary>
/// A schema inside a loaded document: <paramref name="Key"/> names it in problems and in the compiler's table (a plain
/// JSON Pointer in the caller's document, "uri#pointer" in a registry document); <paramref name="BaseUri"/> is the
/// resource it belongs to, against which its $ref values resolve.
/// </summary>
internal sealed record SchemaLocation(string Key, JsonNode? Node, string BaseUri);
