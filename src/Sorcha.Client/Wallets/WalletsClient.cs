using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Client;

/// <summary>
/// <c>/api/wallets</c>: the caller's wallets. Another caller's wallet is 404 on every route; the envelope type is
/// <see cref="Envelope"/> from Sorcha.Cryptography, so it can also be opened locally. Requests are Sorcha.Contracts'
/// records, whose members are strings where the service checks them (base64, algorithm names); these methods take
/// bytes and <see cref="SignatureAlgorithm"/> and encode them.
/// </summary>
public sealed partial class WalletsClient
{
    private const string Root = "api/wallets";
    private readonly ApiTransport _transport;

    internal WalletsClient(ApiTransport transport) => _transport = transport;

    /// <summary>A new wallet; for ED25519 and NISTP256 the answer carries its 24-word mnemonic, shown only this once.</summary>
    public Task<CreatedWalletDto> CreateAsync(string name, SignatureAlgorithm algorithm = SignatureAlgorithm.ED25519,
        CancellationToken cancellationToken = default) =>
        CreateAsync(new CreateWalletRequest(name, AlgorithmNames.ToName(algorithm)), cancellationToken);

    /// <summary>
    /// A wallet as <paramref name="request"/> says: a new mnemonic of <see cref="CreateWalletRequest.WordCount"/> words
    /// (shown this once), or recovered from <see cref="CreateWalletRequest.Mnemonic"/>; with BIP-39's passphrase if given.
    /// </summary>
    public Task<CreatedWalletDto> CreateAsync(CreateWalletRequest request, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Root, request, Json.CreateWalletRequest, Json.CreatedWalletDto, cancellationToken);

    /// <summary>
    /// Recovers a wallet from its mnemonic and passphrase (the same → the same keys and address; another passphrase is
    /// another wallet); 409 if it exists.
    /// </summary>
    public async Task<WalletDto> RecoverAsync(string name, SignatureAlgorithm algorithm, string mnemonic, string? passphrase = null,
        CancellationToken cancellationToken = default) =>
        await _transport.SendAsync(HttpMethod.Post, Root, new CreateWalletRequest(name, AlgorithmNames.ToName(algorithm), mnemonic, Passphrase: passphrase),
            Json.CreateWalletRequest, Json.CreatedWalletDto, cancellationToken).ConfigureAwait(false);

    public Task<Paged<WalletDto>> ListAsync(int? page = null, int? pageSize = null, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Root, page, pageSize), Json.PageWallet, cancellationToken);

    public Task<WalletDto> GetAsync(string address, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(address), Json.WalletDto, cancellationToken);

    /// <summary>
    /// Renames and tags one of the caller's wallets or derived addresses: a null <paramref name="name"/> or
    /// <paramref name="tags"/> is left as it is; a tag set to null is removed, tags not named stay.
    /// </summary>
    public Task<WalletDto> UpdateAsync(string address, string? name = null, IReadOnlyDictionary<string, string?>? tags = null,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Patch, Path(address),
            new UpdateWalletRequest { Name = name, Tags = tags is null ? null : new Dictionary<string, string?>(tags, StringComparer.Ordinal) },
            Json.UpdateWalletRequest, Json.WalletDto, cancellationToken);

    /// <summary>
    /// Derives the wallet's next address (account n = 1, 2, …, named "&lt;name&gt; #n"): a wallet of its own to every route,
    /// deleted with its wallet. 409 for an RSA4096 wallet, a derived address, or a wallet stored without its seed.
    /// </summary>
    public Task<WalletDto> DeriveAddressAsync(string address, CancellationToken cancellationToken = default) =>
        _transport.PostAsync(Path(address) + "/addresses", Json.WalletDto, cancellationToken);

    /// <summary>The wallet's derived addresses in account order.</summary>
    public Task<Paged<WalletDto>> ListAddressesAsync(string address, int? page = null, int? pageSize = null,
        CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Path(address) + "/addresses", page, pageSize), Json.PageWallet, cancellationToken);

    public Task DeleteAsync(string address, CancellationToken cancellationToken = default) =>
        _transport.DeleteAsync(Path(address), cancellationToken);

    /// <summary>The wallet's signature over <paramref name="data"/> (at most 1 MiB).</summary>
    public Task<SignResponse> SignAsync(string address, byte[] data, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Path(address) + "/sign", new SignRequest(Convert.ToBase64String(data)), Json.SignRequest,
            Json.SignResponse, cancellationToken);

    /// <summary>Server-side verification of any signature (the check can equally run locally with Signatures.Verify).</summary>
    public async Task<bool> VerifyAsync(SignatureAlgorithm algorithm, byte[] publicKey, byte[] data, byte[] signature,
        CancellationToken cancellationToken = default) =>
        (await _transport.SendAsync(HttpMethod.Post, Root + "/verify", new VerifyRequest(AlgorithmNames.ToName(algorithm),
            Convert.ToBase64String(publicKey), Convert.ToBase64String(data), Convert.ToBase64String(signature)),
            Json.VerifyRequest, Json.VerifyResponse, cancellationToken).ConfigureAwait(false)).Valid;

    /// <summary>Encrypts <paramref name="data"/> from the caller's wallet <paramref name="sender"/> to any wallet <paramref name="recipient"/>.</summary>
    public Task<Envelope> EncryptAsync(string sender, string recipient, byte[] data, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Path(sender) + "/encrypt", new EncryptRequest(recipient, Convert.ToBase64String(data)),
            Json.EncryptRequest, Json.Envelope, cancellationToken);

    /// <summary>
    /// One call for encrypt-then-sign: the wallet <paramref name="sender"/> (the caller's) seals each recipient's data,
    /// builds the transaction around the envelopes and signs its txId. Check the answer before submitting it
    /// (<see cref="TransactionIds.Compute"/> equals <see cref="PreparedTransaction.TxId"/>).
    /// </summary>
    public Task<PreparedTransaction> PrepareTransactionAsync(string sender, PrepareTransactionRequest request,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Path(sender) + "/transactions", request, Json.PrepareTransactionRequest,
            Json.PreparedTransaction, cancellationToken);

    /// <summary>Opens an envelope addressed to the caller's wallet <paramref name="address"/>; tampering or a wrong recipient is 422.</summary>
    public async Task<byte[]> DecryptAsync(string address, Envelope envelope, CancellationToken cancellationToken = default) =>
        (await _transport.SendAsync(HttpMethod.Post, Path(address) + "/decrypt", envelope, Json.Envelope, Json.DecryptResponse,
            cancellationToken).ConfigureAwait(false)).Data;

    private static string Path(string address) => $"{Root}/{ApiTransport.Escape(address)}";

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
