using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Templates;

namespace Sorcha.Client;

/// <summary>
/// <c>/api/templates</c>: blueprint templates (JSON-e), private to their creator (another caller's is 404). Instantiating
/// one makes a new draft blueprint of the caller's, or a 422 listing every problem by JSON Pointer (<c>/parameters/…</c>,
/// <c>/template</c>, <c>/result/…</c>).
/// </summary>
public sealed class TemplatesClient
{
    private const string Root = "api/templates";
    private readonly ApiTransport _transport;

    internal TemplatesClient(ApiTransport transport) => _transport = transport;

    public Task<TemplateDto> CreateAsync(CreateTemplateRequest template, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Root, template, Json.CreateTemplateRequest, Json.TemplateDto, cancellationToken);

    /// <summary>The caller's own templates, oldest first.</summary>
    public Task<Paged<TemplateDto>> ListAsync(int? page = null, int? pageSize = null, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Root, page, pageSize), Json.PageTemplateDto, cancellationToken);

    public Task<TemplateDto> GetAsync(string templateId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(templateId), Json.TemplateDto, cancellationToken);

    public Task DeleteAsync(string templateId, CancellationToken cancellationToken = default) =>
        _transport.DeleteAsync(Path(templateId), cancellationToken);

    /// <summary>Renders the template with <paramref name="parameters"/> into a new draft blueprint (version 1, unpublished).</summary>
    public Task<BlueprintDto> InstantiateAsync(string templateId, InstantiateTemplateRequest parameters, CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, Path(templateId) + "/instantiate", parameters, Json.InstantiateTemplateRequest, Json.BlueprintDto,
            cancellationToken);

    private static string Path(string templateId) => $"{Root}/{ApiTransport.Escape(templateId)}";

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
