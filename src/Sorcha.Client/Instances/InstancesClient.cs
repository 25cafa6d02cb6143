using System.Text.Json.Nodes;

namespace Sorcha.Client;

/// <summary>Running published blueprints: instances bind participants to wallets; each action is submitted by its sender's owner.</summary>
public sealed class InstancesClient
{
    private readonly ApiTransport _transport;

    internal InstancesClient(ApiTransport transport) => _transport = transport;

    /// <summary>Starts an instance of a published blueprint on a register, every participant bound to a wallet address.</summary>
    public Task<CreatedInstance> CreateAsync(string blueprintId, string registerId, IReadOnlyDictionary<string, string> participants,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, $"api/blueprints/{ApiTransport.Escape(blueprintId)}/instances",
            new CreateInstanceRequest(registerId, participants), Json.CreateInstanceRequest, Json.CreatedInstance, cancellationToken);

    public Task<Instance> GetAsync(string instanceId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(instanceId), Json.Instance, cancellationToken);

    /// <summary>
    /// Submits the instance's next action as <paramref name="sender"/> (a wallet the caller owns, bound to the action's
    /// participant): validated, calculated, routed, disclosed, encrypted per participant, signed and committed.
    /// 409 when it is not the next action or the step is being submitted by someone else; 403 for the wrong sender.
    /// </summary>
    public Task<ActionReceipt> SubmitActionAsync(string instanceId, string actionId, string sender, JsonNode? data,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Post, $"{Path(instanceId)}/actions/{ApiTransport.Escape(actionId)}",
            new SubmitActionRequest(sender, data), Json.SubmitActionRequest, Json.ActionReceipt, cancellationToken);

    private static string Path(string instanceId) => $"api/instances/{ApiTransport.Escape(instanceId)}";

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
