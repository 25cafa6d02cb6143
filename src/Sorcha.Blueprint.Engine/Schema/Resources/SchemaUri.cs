using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Schema.Resources;

/// <summary>
/// RFC 3986 resolution of $id and $ref against a base URI, on strings. System.Uri does the hierarchical part; the
/// rest is here because it treats "/a/b" as an absolute file path on Linux and cannot resolve "#x" against a URN.
/// </summary>
internal static partial class SchemaUri
{
    /// <summary>
    /// The base of a document given without $id. A reserved name (.invalid never resolves) that is hierarchical, so
    /// relative references work; nothing is ever fetched from it.
    /// </summary>
    public const string DefaultBase = "https://schema.sorcha.invalid/root.json";

    /// <summary>Resolves a reference; false when it is not a URI reference or needs a hierarchical base it lacks.</summary>
    public static bool TryResolve(string baseUri, string reference, out string absolute, out string fragment)
    {
        var hash = reference.IndexOf('#', StringComparison.Ordinal);
        var part = hash < 0 ? reference : reference[..hash];
        fragment = hash < 0 ? string.Empty : reference[(hash + 1)..];
        absolute = baseUri;
        if (part.Length == 0)
        {
            return true;
        }

        if (HasScheme().IsMatch(part))
        {
            return TryNormalize(part, out absolute);
        }

        if (!Uri.TryCreate(baseUri, UriKind.Absolute, out var root) || root.IsUnc ||
            !Uri.TryCreate(root, part, out var combined))
        {
            return false;
        }

        absolute = Strip(combined.AbsoluteUri);
        return true;
    }

    /// <summary>An absolute URI without its fragment, in the form used as a key ("https://x/y", "urn:a:b").</summary>
    public static bool TryNormalize(string uri, out string normalized)
    {
        normalized = string.Empty;
        if (!HasScheme().IsMatch(uri) || !Uri.TryCreate(uri, UriKind.Absolute, out var parsed))
        {
            return false;
        }

        normalized = Strip(parsed.AbsoluteUri);
        return true;
    }

    private static string Strip(string uri)
    {
        var hash = uri.IndexOf('#', StringComparison.Ordinal);
        return hash < 0 ? uri : uri[..hash];
    }

    [GeneratedRegex("^[A-Za-z][A-Za-z0-9+.-]*:")]
    private static partial Regex HasScheme();
}
