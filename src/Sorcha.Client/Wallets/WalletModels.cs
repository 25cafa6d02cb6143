using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>
/// api.md's Wallet. Keys are in the contract's formats (see Key formats), decoded from base64. A derived address is a
/// Wallet too, naming its wallet (<see cref="Parent"/>) and its <see cref="Account"/> (n ≥ 1); both are null otherwise.
/// </summary>
public record Wallet(string Address, string Name, SignatureAlgorithm Algorithm, byte[] PublicKey, byte[] EncryptionPublicKey, DateTimeOffset CreatedAt)
{
    private static readonly IReadOnlyDictionary<string, string> NoTags = new Dictionary<string, string>();
    private readonly IReadOnlyDictionary<string, string>? _tags;

    // Members rather than constructor parameters: added later, so existing constructions still compile. The generated
    // reader sets an absent member to null, and a service older than tags sends none: both read as no tags.
    public IReadOnlyDictionary<string, string> Tags { get => _tags ?? NoTags; init => _tags = value; }

    public string? Parent { get; init; }

    public int? Account { get; init; }
}

/// <summary>The answer to creating a wallet: <see cref="Mnemonic"/> is shown this once (null on recovery and for RSA4096).</summary>
public sealed record CreatedWallet(
    string Address, string Name, SignatureAlgorithm Algorithm, byte[] PublicKey, byte[] EncryptionPublicKey, DateTimeOffset CreatedAt,
    string? Mnemonic)
    : Wallet(Address, Name, Algorithm, PublicKey, EncryptionPublicKey, CreatedAt)
{
    // A mnemonic is a private key: keep it out of logs that print records.
    public override string ToString() => $"CreatedWallet {{ Address = {Address}, Name = {Name}, Algorithm = {Algorithm} }}";
}

/// <summary><see cref="WordCount"/> (12, 15, 18, 21 or 24) sizes a new mnemonic; <see cref="Passphrase"/> is BIP-39's.</summary>
public sealed record CreateWalletRequest(string Name, SignatureAlgorithm Algorithm, string? Mnemonic = null, int? WordCount = null,
    string? Passphrase = null)
{
    // A mnemonic and a passphrase are secrets: keep them out of logs that print records.
    public override string ToString() => $"CreateWalletRequest {{ Name = {Name}, Algorithm = {Algorithm} }}";
}

/// <summary>
/// <c>PATCH /api/wallets/{address}</c> as JSON Merge Patch: a null member is left out (unchanged); in <see cref="Tags"/>
/// a string sets a key and null removes it, other keys stay.
/// </summary>
public sealed record UpdateWalletRequest(string? Name = null, IReadOnlyDictionary<string, string?>? Tags = null);

public sealed record SignRequest(byte[] Data);

/// <summary>A wallet's signature over the data, with the key that verifies it.</summary>
public sealed record WalletSignature(byte[] Signature, byte[] PublicKey, SignatureAlgorithm Algorithm);

public sealed record VerifyRequest(SignatureAlgorithm Algorithm, byte[] PublicKey, byte[] Data, byte[] Signature);

public sealed record VerifyResponse(bool Valid);

public sealed record EncryptRequest(string Recipient, byte[] Data);

public sealed record DecryptResponse(byte[] Data);

/// <summary>
/// <c>POST /api/wallets/{address}/transactions</c>: the transaction to sign; its payload becomes
/// <c>{ "envelopes": [...] }</c>, one envelope per recipient in order (see <see cref="ActionPayload"/>).
/// </summary>
public sealed record PrepareTransactionRequest(string RegisterId, TransactionMetadata? Metadata, IReadOnlyList<RecipientData> Recipients,
    IReadOnlyList<AttachmentSeal>? Attachments = null);

/// <summary>
/// A file to seal for each of <see cref="Recipients"/>: the payload gains <c>attachments[i]</c> = <c>{ name,
/// contentType, size, sha256, envelopes }</c> (see <see cref="PayloadAttachment"/>).
/// </summary>
public sealed record AttachmentSeal(string Name, string ContentType, byte[] Data, IReadOnlyList<string> Recipients);

/// <summary><see cref="Data"/> to seal for the wallet <see cref="Recipient"/>.</summary>
public sealed record RecipientData(string Recipient, byte[] Data);

/// <summary>A transaction the wallet built, sealed and signed: submit <see cref="Transaction"/> as it is.</summary>
public sealed record PreparedTransaction(string TxId, Transaction Transaction);
