using System.Text.Json.Nodes;
using Sorcha.Contracts.Execution;

namespace Sorcha.Client;

/// <summary>
/// <c>/api/execution/*</c>: dry runs of one action against data, nothing stored. route and disclose see the data
/// after calculation, as a real action does.
/// </summary>
public sealed class ExecutionClient
{
    private const string Root = "api/execution/";
    private readonly ApiTransport _transport;

    internal ExecutionClient(ApiTransport transport) => _transport = transport;

    /// <summary>200 with <c>valid: false</c> and every error when the data fails the action's schema.</summary>
    public Task<DataValidationResult> ValidateAsync(string blueprintId, string actionId, JsonNode? data, CancellationToken cancellationToken = default) =>
        Run("validate", blueprintId, actionId, data, Json.DataValidationResult, cancellationToken);

    /// <summary>The data plus the calculated fields.</summary>
    public async Task<JsonObject> CalculateAsync(string blueprintId, string actionId, JsonNode? data, CancellationToken cancellationToken = default) =>
        (await Run("calculate", blueprintId, actionId, data, Json.CalculateResponse, cancellationToken).ConfigureAwait(false)).Data;

    /// <summary>Where the data would go; 422 when no route matches.</summary>
    public Task<RouteResponse> RouteAsync(string blueprintId, string actionId, JsonNode? data, CancellationToken cancellationToken = default) =>
        Run("route", blueprintId, actionId, data, Json.RouteResponse, cancellationToken);

    /// <summary>Participant id → exactly the fields disclosed to it.</summary>
    public async Task<IReadOnlyDictionary<string, JsonObject>> DiscloseAsync(string blueprintId, string actionId, JsonNode? data,
        CancellationToken cancellationToken = default) =>
        (await Run("disclose", blueprintId, actionId, data, Json.DiscloseResponse, cancellationToken).ConfigureAwait(false)).Disclosures;

    private Task<T> Run<T>(string helper, string blueprintId, string actionId, JsonNode? data,
        System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> answer, CancellationToken cancellationToken) =>
        _transport.SendAsync(HttpMethod.Post, Root + helper, new ExecutionRequest(blueprintId, actionId, data), Json.ExecutionRequest, answer,
            cancellationToken);

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
