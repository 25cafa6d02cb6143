using Microsoft.Kiota.Abstractions;
using Microsoft.Kiota.Abstractions.Authentication;
using Microsoft.Kiota.Abstractions.Serialization;
using Microsoft.Kiota.Http.HttpClientLibrary;
using Microsoft.Kiota.Serialization.Json;
using Sorcha.Samples.Client.Generated;
using Sorcha.Samples.Client.Generated.Api.Auth.Token;
using Sorcha.Samples.Client.Generated.Models;

namespace Sorcha.Samples.Client;

/// <summary>
/// README's expense-approval workflow through the Kiota client generated from Sorcha's OpenAPI document (Generated/):
/// three callers with development tokens, a wallet each, the sample blueprint created and published, then two runs,
/// each on its own register and instance. Nobody is told what to do next: each participant acts when its live event
/// <c>ActionAvailable</c> arrives, on the step it then finds in its inbox (<c>GET /api/inbox</c>), until
/// <c>InstanceEnded</c>. In the first run the claim goes straight through; in the second the manager sends it back
/// (<c>reject</c>), the employee is told of <c>submit</c> again and resubmits, and it then goes through.
/// </summary>
public static class ExpenseWorkflow
{
    /// <summary>How long any one live event may take to arrive before the run fails saying which it awaited.</summary>
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    /// <summary>Runs the workflow against <paramref name="gateway"/>; a failed call throws (a problem as <see cref="ProblemDetails"/>).</summary>
    /// <param name="gateway">The gateway's base URL, e.g. http://localhost:5000.</param>
    /// <param name="devClientSecret">The development client secret (the AppHost's dev-client-secret parameter).</param>
    /// <param name="blueprintJson">The blueprint to publish: samples/blueprints/expense-approval.json.</param>
    /// <param name="handler">The innermost handler of the API calls; null for a plain <see cref="HttpClientHandler"/>.
    /// The live-events connections do not use it (see <see cref="LiveEventFeed"/>).</param>
    /// <param name="callerPrefix">Put before the three client ids (employee, manager, finance): fresh callers per run.</param>
    /// <param name="log">Where each step is told; null for none.</param>
    public static async Task<ExpenseOutcome> RunAsync(Uri gateway, string devClientSecret, string blueprintJson,
        HttpMessageHandler? handler = null, string callerPrefix = "", TextWriter? log = null, CancellationToken ct = default)
    {
        // One HttpClient with Kiota's middleware (retry on 429/503 with Retry-After, redirects, …) for every caller; each
        // caller is its own request adapter, whose authentication provider adds that caller's token.
        using var http = KiotaClientFactory.Create(handler);
        var tokens = Client(http, gateway, new AnonymousAuthenticationProvider());
        await using var feed = new LiveEventFeed(gateway);
        var participants = new Dictionary<string, Participant>();
        foreach (var name in new[] { "employee", "manager", "finance" })
        {
            var token = Answer(await tokens.Api.Auth.Token.PostAsync(new TokenPostRequestBody
            {
                GrantType = "client_credentials",
                ClientId = callerPrefix + name,
                ClientSecret = devClientSecret,
            }, cancellationToken: ct)).AccessToken!;
            var api = Client(http, gateway, new BaseBearerTokenAuthenticationProvider(new StaticToken(token, gateway)));
            var wallet = Answer(await api.Api.Wallets.PostAsync(new CreateWalletRequest { Name = name, Algorithm = "ED25519" }, cancellationToken: ct));
            participants[name] = new Participant(name, api, wallet.Address!);

            // Subscribed before any instance exists, so no ActionAvailable of this caller's can be missed.
            await feed.ConnectAsync(name, token, wallet.Address!, ct);
        }

        log?.WriteLine($"wallets: {string.Join(", ", participants.Values.Select(p => $"{p.Name} {p.Wallet}"))}; live events subscribed");

        // The sample file read into the generated model: its rules and schemas are any JSON (UntypedNode).
        var employee = participants["employee"].Api;
        var sample = await KiotaJsonSerializer.DeserializeAsync(blueprintJson, Blueprint.CreateFromDiscriminatorValue, ct)
            ?? throw new InvalidOperationException("the blueprint file is empty");
        var blueprint = Answer(await employee.Api.Blueprints.PostAsync(sample, cancellationToken: ct));
        var published = Answer(await employee.Api.Blueprints[blueprint.Id].Publish.PostAsync(cancellationToken: ct));
        log?.WriteLine($"blueprint {published.Id} version {published.Version} published {published.Published}");

        var approved = await RunOnceAsync(participants, feed, blueprint.Id!, sendBack: false, log, ct);
        var sentBack = await RunOnceAsync(participants, feed, blueprint.Id!, sendBack: true, log, ct);
        return new ExpenseOutcome(blueprint.Id!, approved, sentBack);
    }

    /// <summary>One claim on a register of its own, from the instance's creation to its end, driven by live events.</summary>
    private static async Task<ExpenseRun> RunOnceAsync(Dictionary<string, Participant> participants, LiveEventFeed feed,
        string blueprintId, bool sendBack, TextWriter? log, CancellationToken ct)
    {
        var employee = participants["employee"].Api;
        var register = Answer(await employee.Api.Registers.PostAsync(new CreateRegisterRequest { Name = "expenses" }, cancellationToken: ct));
        var bound = new CreateInstanceRequest_participants();
        foreach (var participant in participants.Values)
        {
            bound.AdditionalData[participant.Name] = participant.Wallet;
        }

        var instance = Answer(await employee.Api.Blueprints[blueprintId].Instances.PostAsync(
            new CreateInstanceRequest { RegisterId = register.Id, Participants = bound }, cancellationToken: ct));
        var instanceId = instance.InstanceId!;
        log?.WriteLine($"{(sendBack ? "sent-back" : "approved")} run: register {register.Id}, instance {instanceId}");

        var steps = new List<ExpenseStep>();
        while (true)
        {
            var notice = await feed.NextAsync(instanceId, steps.Count == 0 ? "the first step's ActionAvailable" : "the next step or InstanceEnded", Patience, ct);
            if (notice.Event is InstanceEnded ended)
            {
                log?.WriteLine($"{notice.Participant} told: instance ended {ended.State}");
                break;
            }

            var available = (ActionAvailable)notice.Event;
            var participant = participants[notice.Participant];
            var item = await participant.InboxItemAsync(instanceId, available.ActionId, ct)
                ?? throw new InvalidOperationException(
                    $"{participant.Name} was told {available.ActionId} of {instanceId} is theirs, but it is not in their inbox");
            var step = await participant.ActAsync(item, rejectFirst: sendBack && !steps.Any(s => s.Rejected), ct);
            log?.WriteLine($"{participant.Name} told of {item.ActionId} ({item.ActionTitle}), found it in the inbox: " +
                $"{(step.Rejected ? "rejected" : "submitted")}, tx {step.TxId}, next {step.NextActionId ?? "none"}");
            steps.Add(step);
        }

        var state = Answer(await employee.Api.Instances[instanceId].GetAsync(cancellationToken: ct));
        var verification = Answer(await employee.Api.Registers[register.Id].Verify.GetAsync(cancellationToken: ct));
        log?.WriteLine($"instance {state.Status}; register verify: valid {verification.Valid}, " +
            $"{verification.CheckedTransactions} transactions, {verification.CheckedDockets} dockets");
        return new ExpenseRun(register.Id!, instanceId, steps, state.Status!, state.TxIds ?? [], verification.Valid == true,
            verification.CheckedTransactions ?? 0, verification.Reason);
    }

    private static SorchaApiClient Client(HttpClient http, Uri gateway, IAuthenticationProvider authentication) =>
        new(new HttpClientRequestAdapter(authentication, httpClient: http) { BaseUrl = gateway.ToString().TrimEnd('/') });

    /// <summary>A success answer's body: Kiota returns null for an empty one, which no call here expects.</summary>
    internal static T Answer<T>(T? body)
        where T : class => body ?? throw new InvalidOperationException($"an answer without a body where a {typeof(T).Name} was expected");

    /// <summary>A token obtained once (development tokens live an hour), sent only to the gateway's host.</summary>
    private sealed class StaticToken(string token, Uri gateway) : IAccessTokenProvider
    {
        public AllowedHostsValidator AllowedHostsValidator { get; } = new([gateway.Host]);

        public Task<string> GetAuthorizationTokenAsync(Uri uri, Dictionary<string, object>? additionalAuthenticationContext = null,
            CancellationToken cancellationToken = default) =>
            Task.FromResult(AllowedHostsValidator.IsUrlHostValid(uri) ? token : string.Empty);
    }
}

/// <summary>One step a participant took: the action, whether it was a rejection, its transaction and what came next.</summary>
public sealed record ExpenseStep(string Participant, string ActionId, bool Rejected, string TxId, string? NextActionId);

/// <summary>One run: its register and instance, the steps in order, the instance's state, the register's verification.</summary>
public sealed record ExpenseRun(
    string RegisterId,
    string InstanceId,
    IReadOnlyList<ExpenseStep> Steps,
    string Status,
    IReadOnlyList<string> InstanceTxIds,
    bool Valid,
    long CheckedTransactions,
    string? Reason)
{
    /// <summary>Completed, every step's transaction in the instance in order, a register that verifies with exactly those.</summary>
    public bool Succeeded => Status == "completed" && Valid && CheckedTransactions == Steps.Count
        && InstanceTxIds.SequenceEqual(Steps.Select(s => s.TxId));
}

/// <summary>What the workflow ended with: the blueprint, the claim approved straight through, and the one sent back once.</summary>
public sealed record ExpenseOutcome(string BlueprintId, ExpenseRun Approved, ExpenseRun SentBack)
{
    public bool Succeeded => Approved.Succeeded && SentBack.Succeeded
        && Approved.Steps.Select(s => s.ActionId).SequenceEqual(["submit", "approve", "finance-review"])
        && SentBack.Steps.Count(s => s.Rejected) == 1;
}
