namespace Sorcha.ApiPlatform.OpenApi;

/// <summary>
/// What each tag groups, for the documents' <c>tags</c> (generated clients and the Swagger UI show them). A tag used
/// without a line here fails the document, so a new group cannot ship undescribed.
/// </summary>
internal static class OpenApiTags
{
    private static readonly Dictionary<string, string> Descriptions = new(StringComparer.Ordinal)
    {
        ["Identity"] = "Development-only tokens (OAuth2 client credentials); elsewhere tokens come from the configured issuer.",
        ["Linked data"] = "The JSON-LD context of the application/ld+json answers (blueprints, instances, committed transactions).",
        ["Health"] = "Readiness of the platform and its services, anonymous.",
        ["Wallets"] = "Create, recover, list and delete the caller's wallets (a signing and an encryption key pair each).",
        ["Signing"] = "Signatures with a wallet's key, their verification, and signed transactions prepared by a wallet.",
        ["Wallet access"] = "Delegation: the subjects a wallet's owner lets read or act with the wallet, and the wallets delegated to the caller.",
        ["Encryption"] = "Wallet-to-wallet envelopes: seal data for a wallet, open an envelope addressed to one of yours.",
        ["Registers"] = "Append-only registers, their counts, and who may write to them.",
        ["Register transactions"] = "The committed transactions of a register and their inclusion proofs.",
        ["Dockets"] = "Sealed, signed dockets of a register and consistency proofs between them.",
        ["Verification"] = "Whole-register verification and the export that lets anyone verify offline.",
        ["Transactions"] = "The write path: commit signed transactions into registers, one or a batch.",
        ["Blueprints"] = "Multi-party workflow definitions: drafts, edits, publishing and the versions each publish froze.",
        ["Templates"] = "The caller's blueprint templates (JSON-e) and their instantiation into draft blueprints.",
        ["Execution"] = "A blueprint action's steps run on their own: validate, calculate, route, disclose.",
        ["Instances"] = "Running blueprints: start an instance, list and read instances, submit or reject their actions.",
        ["Inbox"] = "A participant's work: the open steps waiting for a wallet the caller owns.",
    };

    public static string Describe(string tag) => Descriptions.TryGetValue(tag, out var description)
        ? description
        : throw new InvalidOperationException($"OpenAPI tag '{tag}' has no description: add it to {nameof(OpenApiTags)}.");
}
