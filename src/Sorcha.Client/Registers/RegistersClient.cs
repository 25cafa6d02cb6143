using System.Runtime.CompilerServices;
using System.Text.Json;
using Sorcha.Contracts.Registers;
using Sorcha.Contracts.Transactions;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tombstones;
using Sorcha.Ledger.Verification;

namespace Sorcha.Client;

/// <summary>
/// <c>/api/registers</c>: append-only ledgers, readable (and verifiable) by any authenticated caller. Dockets, proofs and
/// the verify answer are Sorcha.Ledger's own records, so a client checks them with the ledger's code
/// (<c>DocketChecks</c>, <c>InclusionProofs.Verify</c>, <c>ConsistencyProofs.Verify</c>).
/// </summary>
public sealed class RegistersClient
{
    private const string Root = "api/registers";
    private readonly ApiTransport _transport;

    internal RegistersClient(ApiTransport transport) => _transport = transport;

    public Task<RegisterDto> CreateAsync(string name, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Root, new CreateRegisterRequest(name), Json.CreateRegisterRequest, Json.RegisterDto,
            cancellationToken);

    public Task<Paged<RegisterDto>> ListAsync(int? page = null, int? pageSize = null, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Root, page, pageSize), Json.PageRegister, cancellationToken);

    /// <summary>The register; a deleted one throws <see cref="SorchaApiException"/> with status 410 (see <see cref="GetTombstoneAsync"/>).</summary>
    public Task<RegisterDto> GetAsync(string registerId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(registerId), Json.RegisterDto, cancellationToken);

    /// <summary>
    /// Renames and (re)describes the register (owner only; another caller's register is 404). A null argument is left
    /// as it is; a description of "" removes it.
    /// </summary>
    public Task<RegisterDto> UpdateAsync(string registerId, string? name = null, string? description = null,
        CancellationToken cancellationToken = default)
    {
        var request = (name, description) switch
        {
            (not null, not null) => new UpdateRegisterRequest { Name = name, Description = description },
            (not null, null) => new UpdateRegisterRequest { Name = name },
            (null, not null) => new UpdateRegisterRequest { Description = description },
            _ => new UpdateRegisterRequest(),
        };
        return _transport.SendAsync(HttpMethod.Patch, Path(registerId), request, Json.UpdateRegisterRequest, Json.RegisterDto, cancellationToken);
    }

    /// <summary>
    /// Archives the register (owner only): it answers once its last docket is sealed; every later transaction is refused
    /// with 409. Archiving again answers the same register.
    /// </summary>
    public Task<RegisterDto> ArchiveAsync(string registerId, CancellationToken cancellationToken = default) =>
        _transport.PostAsync(Path(registerId) + "/archive", Json.RegisterDto, cancellationToken);

    /// <summary>Deletes an archived register (owner only; 409 while it is not archived) and returns its signed tombstone.</summary>
    public async Task<Tombstone> DeleteAsync(string registerId, CancellationToken cancellationToken = default)
    {
        using var response = await _transport.SendAsync(HttpMethod.Delete, Path(registerId), null, cancellationToken).ConfigureAwait(false);
        return await ApiTransport.ReadAsync(response, Json.Tombstone, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The tombstone of a deleted register (from its 410), or null while the register exists; 404 for an unknown id.</summary>
    public async Task<Tombstone?> GetTombstoneAsync(string registerId, CancellationToken cancellationToken = default)
    {
        try
        {
            await GetAsync(registerId, cancellationToken).ConfigureAwait(false);
            return null;
        }
        catch (SorchaApiException e) when (e.Status == 410 && e.Problem?.Extensions?.TryGetValue("tombstone", out var tombstone) == true)
        {
            return tombstone.Deserialize(Json.Tombstone);
        }
    }

    /// <summary>Committed transactions in sequence order (page 1 starts at sequence 0).</summary>
    public Task<Paged<CommittedTransactionDocument>> GetTransactionsAsync(string registerId, int? page = null, int? pageSize = null,
        CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Path(registerId) + "/transactions", page, pageSize), Json.PageCommittedTransaction,
            cancellationToken);

    /// <summary>
    /// Only the committed transactions <paramref name="filter"/> matches, in sequence order; <c>totalCount</c> counts
    /// all of them. Several filters combine (AND) and may be refused with 422 when they are too broad together.
    /// </summary>
    public Task<Paged<CommittedTransactionDocument>> GetTransactionsAsync(string registerId, RegisterTransactionFilter filter, int? page = null,
        int? pageSize = null, CancellationToken cancellationToken = default)
    {
        var query = new List<string>();
        void Add(string name, object? value)
        {
            if (value is not null)
            {
                query.Add(name + "=" + ApiTransport.Escape(FormattableString.Invariant($"{value}")));
            }
        }

        Add("wallet", filter.Wallet);
        Add("blueprintId", filter.BlueprintId);
        Add("instanceId", filter.InstanceId);
        Add("page", page);
        Add("pageSize", pageSize);
        var path = Path(registerId) + "/transactions" + (query.Count == 0 ? "" : "?" + string.Join('&', query));
        return _transport.GetAsync(path, Json.PageCommittedTransaction, cancellationToken);
    }

    /// <summary>Height, dockets, the last seal and the transactions per metadata type, read together.</summary>
    public Task<RegisterStatsDto> GetStatsAsync(string registerId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(registerId) + "/stats", Json.RegisterStatsDto, cancellationToken);

    public Task<CommittedTransactionDocument> GetTransactionAsync(string registerId, string txId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync($"{Path(registerId)}/transactions/{ApiTransport.Escape(txId)}", Json.CommittedTransactionDocument,
            cancellationToken);

    /// <summary>The inclusion proof of a transaction; 409 until its docket is sealed (within about a second).</summary>
    public Task<InclusionProof> GetProofAsync(string registerId, string txId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync($"{Path(registerId)}/transactions/{ApiTransport.Escape(txId)}/proof", Json.InclusionProof, cancellationToken);

    public Task<Paged<Docket>> GetDocketsAsync(string registerId, int? page = null, int? pageSize = null,
        CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Path(registerId) + "/dockets", page, pageSize), Json.PageDocket, cancellationToken);

    public Task<Docket> GetDocketAsync(string registerId, long number, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(FormattableString.Invariant($"{Path(registerId)}/dockets/{number}"), Json.Docket, cancellationToken);

    /// <summary>The RFC 9162 consistency proof between the register trees of dockets <paramref name="from"/> and <paramref name="to"/>.</summary>
    public Task<ConsistencyProof> GetConsistencyProofAsync(string registerId, long from, long to, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(FormattableString.Invariant($"{Path(registerId)}/consistency?from={from}&to={to}"), Json.ConsistencyProof,
            cancellationToken);

    /// <summary>The owner and writers (shown to the owner and the writers only).</summary>
    public Task<RegisterWritersDto> GetWritersAsync(string registerId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(registerId) + "/writers", Json.RegisterWritersDto, cancellationToken);

    /// <summary>Grants <paramref name="subject"/> (a token subject) the right to append (owner only).</summary>
    public async Task GrantWriterAsync(string registerId, string subject, CancellationToken cancellationToken = default)
    {
        using var response = await _transport.SendAsync(HttpMethod.Put, $"{Path(registerId)}/writers/{ApiTransport.Escape(subject)}", null,
            cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Revokes <paramref name="subject"/>'s right to append (owner only).</summary>
    public Task RevokeWriterAsync(string registerId, string subject, CancellationToken cancellationToken = default) =>
        _transport.DeleteAsync($"{Path(registerId)}/writers/{ApiTransport.Escape(subject)}", cancellationToken);

    /// <summary>Server-side verification of the whole register, at the height read when it starts.</summary>
    public Task<VerificationResult> VerifyAsync(string registerId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(registerId) + "/verify", Json.VerificationResult, cancellationToken);

    /// <summary>
    /// The export as the raw NDJSON stream (every CommittedTransaction, then every Docket), e.g. to save it for the
    /// offline verifier. Disposing the stream ends the response.
    /// </summary>
    public async Task<Stream> OpenExportAsync(string registerId, CancellationToken cancellationToken = default)
    {
        var response = await _transport.SendAsync(HttpMethod.Get, Path(registerId) + "/export", null, cancellationToken).ConfigureAwait(false);
        try
        {
            return new ResponseStream(response, await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false));
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    /// <summary>The export read line by line as it streams in; memory stays flat whatever the register's size.</summary>
    public async IAsyncEnumerable<RegisterExportEntry> ExportAsync(string registerId,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var stream = await OpenExportAsync(registerId, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            using var reader = new StreamReader(stream);
            while (await reader.ReadLineAsync(cancellationToken).ConfigureAwait(false) is { } line)
            {
                if (line.Length > 0)
                {
                    yield return ParseExportLine(line);
                }
            }
        }
    }

    /// <summary>Only a docket has a top-level <c>merkleRoot</c> (a transaction's payload may hold one, deeper down).</summary>
    public static RegisterExportEntry ParseExportLine(string line)
    {
        using var document = JsonDocument.Parse(line);
        var root = document.RootElement;
        return root.TryGetProperty("merkleRoot", out _)
            ? new RegisterExportEntry(null, root.Deserialize(Json.Docket))
            : new RegisterExportEntry(root.Deserialize(Json.CommittedTransactionDocument), null);
    }

    private static string Path(string registerId) => $"{Root}/{ApiTransport.Escape(registerId)}";

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
