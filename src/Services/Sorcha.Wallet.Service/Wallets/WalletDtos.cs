using System.Text.Json.Serialization;
using Sorcha.Cryptography;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>
/// api.md: <c>mnemonic</c> is optional (given only to recover a wallet); <c>wordCount</c> (12–24, default 24) sizes a new
/// mnemonic; <c>passphrase</c> is BIP-39's optional passphrase. JsonIgnore marks them optional in the document.
/// </summary>
public sealed record CreateWalletRequest(string? Name, string? Algorithm,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Mnemonic,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] int? WordCount = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Passphrase = null)
{
    // A mnemonic and a passphrase are secrets: keep them out of anything that prints records.
    public override string ToString() => $"CreateWalletRequest {{ Name = {Name}, Algorithm = {Algorithm} }}";
}

/// <summary>
/// api.md's Wallet plus <c>tags</c>; a derived address also names its wallet (<c>parent</c>) and its <c>account</c>.
/// </summary>
public record WalletDto(string Address, string Name, string Algorithm, string PublicKey, string EncryptionPublicKey, DateTimeOffset CreatedAt,
    IReadOnlyDictionary<string, string> Tags,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Parent,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] int? Account)
{
    public static WalletDto From(WalletRecord w) => new(w.Address, w.Name, w.Algorithm.ToString(),
        Convert.ToBase64String(w.PublicKey), Convert.ToBase64String(w.EncryptionPublicKey), w.CreatedAt, w.Tags ?? WalletTags.None,
        w.Parent, w.Account);
}

/// <summary>The creation answer: the wallet plus its mnemonic, the only time it is ever shown.</summary>
public sealed record CreatedWalletDto(
    string Address, string Name, string Algorithm, string PublicKey, string EncryptionPublicKey, DateTimeOffset CreatedAt,
    IReadOnlyDictionary<string, string> Tags, string? Mnemonic)
    : WalletDto(Address, Name, Algorithm, PublicKey, EncryptionPublicKey, CreatedAt, Tags, null, null)
{
    public static CreatedWalletDto From(WalletRecord w, string? mnemonic) => new(w.Address, w.Name, w.Algorithm.ToString(),
        Convert.ToBase64String(w.PublicKey), Convert.ToBase64String(w.EncryptionPublicKey), w.CreatedAt, w.Tags ?? WalletTags.None, mnemonic);
}

/// <summary>
/// <c>PATCH /api/wallets/{address}</c> as JSON Merge Patch: a member left out stays as it is. <c>name</c> cannot be
/// removed (null is 400); <c>tags</c> merge key by key (<see cref="WalletTags"/>), and null removes them all. The
/// setters record which members were given, which a plain property cannot tell from null.
/// </summary>
public sealed record UpdateWalletRequest
{
    private readonly string? _name;
    private readonly Dictionary<string, string?>? _tags;

    public string? Name { get => _name; init => (_name, NameGiven) = (value, true); }

    public Dictionary<string, string?>? Tags { get => _tags; init => (_tags, TagsGiven) = (value, true); }

    [JsonIgnore]
    public bool NameGiven { get; private init; }

    [JsonIgnore]
    public bool TagsGiven { get; private init; }
}

public static class Algorithms
{
    public static bool TryParse(string? value, out SignatureAlgorithm algorithm)
    {
        algorithm = default;
        return value is "ED25519" or "NISTP256" or "RSA4096" && Enum.TryParse(value, out algorithm);
    }

    public const string Allowed = "algorithm must be one of ED25519, NISTP256, RSA4096.";
}
