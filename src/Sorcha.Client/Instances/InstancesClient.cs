using System.Text.Json.Nodes;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>Running published blueprints: instances bind participants to wallets; each action is submitted by its sender's owner.</summary>
public sealed class InstancesClient
{
    private readonly ApiTransport _transport;

    internal InstancesClient(ApiTransport transport) => _transport = transport;

    /// <summary>Starts an instance of a published blueprint on a register, every participant bound to a wallet address.</summary>
    public Task<CreatedInstanceResponse> CreateAsync(string blueprintId, string registerId, IReadOnlyDictionary<string, string> participants,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, $"api/blueprints/{ApiTransport.Escape(blueprintId)}/instances",
            new CreateInstanceRequest(registerId, participants), Json.CreateInstanceRequest, Json.CreatedInstanceResponse, cancellationToken);

    public Task<InstanceDto> GetAsync(string instanceId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(instanceId), Json.InstanceDto, cancellationToken);

    /// <summary>
    /// Submits the instance's next action as <paramref name="sender"/> (a wallet the caller owns, bound to the action's
    /// participant): validated, calculated, routed, disclosed, encrypted per participant, signed and committed.
    /// 409 when it is not the next action or the step is being submitted by someone else; 403 for the wrong sender.
    /// </summary>
    public Task<SubmitActionResponse> SubmitActionAsync(string instanceId, string actionId, string sender, JsonNode? data,
        CancellationToken cancellationToken = default) =>
        SubmitActionAsync(instanceId, actionId, new SubmitActionRequest(sender, data), cancellationToken);

    /// <summary>As above, the request whole: with <see cref="SubmitActionRequest.Attachments"/>, files.</summary>
    public Task<SubmitActionResponse> SubmitActionAsync(string instanceId, string actionId, SubmitActionRequest request,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, $"{Path(instanceId)}/actions/{ApiTransport.Escape(actionId)}",
            request, Json.SubmitActionRequest, Json.SubmitActionResponse, cancellationToken);

    /// <summary>
    /// The envelope of file <paramref name="index"/> of the instance's transaction <paramref name="txId"/> sealed for a
    /// wallet the caller owns (open it with <c>Wallets.DecryptAsync</c>); 404 unless the caller's wallet is a recipient.
    /// </summary>
    public Task<Envelope> GetAttachmentAsync(string instanceId, string txId, int index, CancellationToken cancellationToken = default) =>
        _transport.GetAsync($"{Path(instanceId)}/attachments/{ApiTransport.Escape(txId)}/{index.ToString(System.Globalization.CultureInfo.InvariantCulture)}",
            Json.Envelope, cancellationToken);

    /// <summary>
    /// Refuses the instance's next action as <paramref name="sender"/> with a reason (1..1,000 characters): a signed
    /// Rejection transaction; the instance follows the action's <c>rejection</c>. 409 for an action without one.
    /// </summary>
    public Task<RejectActionResponse> RejectActionAsync(string instanceId, string actionId, string sender, string reason,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, $"{Path(instanceId)}/actions/{ApiTransport.Escape(actionId)}/reject",
            new RejectActionRequest(sender, reason), Json.RejectActionRequest, Json.RejectActionResponse, cancellationToken);

    /// <summary>The instances the caller created or has a wallet bound in, newest first; <paramref name="state"/>: open, completed or rejected.</summary>
    public Task<Paged<InstanceSummary>> ListAsync(string? state = null, string? blueprintId = null, int? page = null, int? pageSize = null,
        CancellationToken cancellationToken = default)
    {
        var filters = string.Join("&", new[] { ("state", state), ("blueprintId", blueprintId) }
            .Where(f => f.Item2 is not null).Select(f => $"{f.Item1}={ApiTransport.Escape(f.Item2!)}"));
        var path = ApiTransport.Paging("api/instances", page, pageSize);
        return _transport.GetAsync(filters.Length == 0 ? path : path + (path.Contains('?') ? "&" : "?") + filters,
            Json.PageInstanceSummary, cancellationToken);
    }

    /// <summary>The caller's open steps, oldest first: every instance waiting for an action of a wallet the caller owns.</summary>
    public Task<Paged<InboxItem>> InboxAsync(int? page = null, int? pageSize = null, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging("api/inbox", page, pageSize), Json.PageInboxItem, cancellationToken);

    private static string Path(string instanceId) => $"api/instances/{ApiTransport.Escape(instanceId)}";

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
