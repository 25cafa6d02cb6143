using Sorcha.Contracts.Blueprints;

namespace Sorcha.Client;

/// <summary>
/// <c>/api/blueprints</c>. Any caller reads every blueprint; only its creator updates, deletes or publishes it (403);
/// editing a published blueprint makes its next draft; each publish freezes a version (<c>/versions</c>).
/// </summary>
public sealed class BlueprintsClient
{
    private const string Root = "api/blueprints";
    private readonly ApiTransport _transport;

    internal BlueprintsClient(ApiTransport transport) => _transport = transport;

    /// <summary>Stores a draft: the server assigns the id and starts it at version 1, unpublished.</summary>
    public Task<BlueprintDto> CreateAsync(BlueprintDocument blueprint, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Root, blueprint, Json.BlueprintDocument, Json.BlueprintDto, cancellationToken);

    public Task<Paged<BlueprintDto>> ListAsync(int? page = null, int? pageSize = null, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Root, page, pageSize), Json.PageBlueprintDto, cancellationToken);

    public Task<BlueprintDto> GetAsync(string blueprintId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(blueprintId), Json.BlueprintDto, cancellationToken);

    /// <summary>
    /// Replaces a draft and bumps its version; pass the version you read (GET, <see cref="BlueprintDto.ToDocument"/>,
    /// edit, PUT) to get 409 on a lost race.
    /// </summary>
    public Task<BlueprintDto> UpdateAsync(string blueprintId, BlueprintDocument blueprint, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Put, Path(blueprintId), blueprint, Json.BlueprintDocument, Json.BlueprintDto, cancellationToken);

    public Task DeleteAsync(string blueprintId, CancellationToken cancellationToken = default) =>
        _transport.DeleteAsync(Path(blueprintId), cancellationToken);

    /// <summary>Publishes (idempotent); 422 lists every problem in <see cref="SorchaApiException.Errors"/> by JSON Pointer.</summary>
    public Task<BlueprintDto> PublishAsync(string blueprintId, CancellationToken cancellationToken = default) =>
        _transport.PostAsync(Path(blueprintId) + "/publish", Json.BlueprintDto, cancellationToken);

    /// <summary><c>GET /versions</c>: every published version, oldest first (paged).</summary>
    public Task<Paged<BlueprintVersionEntry>> ListVersionsAsync(string blueprintId, int? page = null, int? pageSize = null,
        CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Path(blueprintId) + "/versions", page, pageSize), Json.PageBlueprintVersionEntry, cancellationToken);

    /// <summary><c>GET /versions/{version}</c>: the blueprint as that publish froze it (what an instance on it runs).</summary>
    public Task<BlueprintDto> GetVersionAsync(string blueprintId, int version, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(FormattableString.Invariant($"{Path(blueprintId)}/versions/{version}"), Json.BlueprintDto, cancellationToken);

    private static string Path(string blueprintId) => $"{Root}/{ApiTransport.Escape(blueprintId)}";

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
