using System.Text.Json.Serialization;
using Sorcha.Cryptography;

namespace Sorcha.Contracts.Wallets;

/// <summary>
/// api.md: <c>mnemonic</c> is optional (given only to recover a wallet); <c>wordCount</c> (12–24, default 24) sizes a new
/// mnemonic; <c>passphrase</c> is BIP-39's optional passphrase. JsonIgnore marks them optional in the document.
/// <c>algorithm</c> stays a string: the service refuses an unknown one with its own 400 (<c>ED25519</c>, <c>NISTP256</c>,
/// <c>RSA4096</c>; <see cref="SignatureAlgorithm"/>'s names).
/// </summary>
public sealed record CreateWalletRequest(string? Name, string? Algorithm,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Mnemonic = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] int? WordCount = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Passphrase = null)
{
    // A mnemonic and a passphrase are secrets: keep them out of anything that prints records.
    public override string ToString() => $"CreateWalletRequest {{ Name = {Name}, Algorithm = {Algorithm} }}";
}

/// <summary>
/// api.md's Wallet plus <c>tags</c>; a derived address also names its wallet (<c>parent</c>) and its <c>account</c> (n ≥ 1).
/// Keys are in the contract's formats (docs/api.md, "Key formats"), base64 on the wire; the algorithm is its name.
/// </summary>
public record WalletDto(string Address, string Name,
    [property: JsonConverter(typeof(JsonStringEnumConverter<SignatureAlgorithm>))] SignatureAlgorithm Algorithm,
    byte[] PublicKey, byte[] EncryptionPublicKey, DateTimeOffset CreatedAt,
    IReadOnlyDictionary<string, string> Tags,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Parent,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] int? Account)
{
    private static readonly IReadOnlyDictionary<string, string> NoTags = new Dictionary<string, string>();

    // A service older than tags sent none: read as no tags, never null.
    public IReadOnlyDictionary<string, string> Tags { get; init; } = Tags ?? NoTags;
}

/// <summary>The creation answer: the wallet plus its mnemonic, the only time it is ever shown (null on recovery and for RSA4096).</summary>
public sealed record CreatedWalletDto(
    string Address, string Name, SignatureAlgorithm Algorithm, byte[] PublicKey, byte[] EncryptionPublicKey, DateTimeOffset CreatedAt,
    IReadOnlyDictionary<string, string> Tags, string? Mnemonic)
    : WalletDto(Address, Name, Algorithm, PublicKey, EncryptionPublicKey, CreatedAt, Tags, null, null)
{
    // A mnemonic is a private key: keep it out of logs that print records.
    public override string ToString() => $"CreatedWalletDto {{ Address = {Address}, Name = {Name}, Algorithm = {Algorithm} }}";
}

/// <summary>
/// <c>PATCH /api/wallets/{address}</c> as JSON Merge Patch: a member left out stays as it is. <c>name</c> cannot be
/// removed (null is 400); in <c>tags</c> a string sets a key and null removes it, other keys stay, and
/// <c>"tags": null</c> removes them all. The setters record which members were given, which a plain property cannot
/// tell from null; a sender leaves out what it does not set (Sorcha.Client writes no null member).
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
