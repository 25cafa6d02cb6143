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
/// README's expense-approval workflow through the Kiota client generated from Sorcha's OpenAPI document (Generated/),
/// and nothing else: three callers with development tokens, a wallet each, the sample blueprint created and published,
/// a register, an instance, the three actions (submit, approve, finance-review), the instance read back and the
/// register verified.
/// </summary>
public static class ExpenseWorkflow
{
    /// <summary>Runs the workflow against <paramref name="gateway"/>; a failed call throws (a problem as <see cref="ProblemDetails"/>).</summary>
    /// <param name="gateway">The gateway's base URL, e.g. http://localhost:5000.</param>
    /// <param name="devClientSecret">The development client secret (the AppHost's dev-client-secret parameter).</param>
    /// <param name="blueprintJson">The blueprint to publish: samples/blueprints/expense-approval.json.</param>
    /// <param name="handler">The innermost handler (the network); null for a plain <see cref="HttpClientHandler"/>.</param>
    /// <param name="callerPrefix">Put before the three client ids (employee, manager, finance): fresh callers per run.</param>
    /// <param name="log">Where each step is told; null for none.</param>
    public static async Task<ExpenseOutcome> RunAsync(Uri gateway, string devClientSecret, string blueprintJson,
        HttpMessageHandler? handler = null, string callerPrefix = "", TextWriter? log = null, CancellationToken ct = default)
    {
        // One HttpClient with Kiota's middleware (retry on 429/503 with Retry-After, redirects, …) for every caller; each
        // caller is its own request adapter, whose authentication provider adds that caller's token.
        using var http = KiotaClientFactory.Create(handler);
        var tokens = Client(http, gateway, new AnonymousAuthenticationProvider());
        async Task<SorchaApiClient> CallerAsync(string name)
        {
            var token = Answer(await tokens.Api.Auth.Token.PostAsync(new TokenPostRequestBody
            {
                GrantType = "client_credentials",
                ClientId = callerPrefix + name,
                ClientSecret = devClientSecret,
            }, cancellationToken: ct));
            return Client(http, gateway, new BaseBearerTokenAuthenticationProvider(new StaticToken(token.AccessToken!, gateway)));
        }

        var employee = await CallerAsync("employee");
        var manager = await CallerAsync("manager");
        var finance = await CallerAsync("finance");
        var wallets = new Dictionary<string, string>
        {
            ["employee"] = await WalletAsync(employee, "employee", ct),
            ["manager"] = await WalletAsync(manager, "manager", ct),
            ["finance"] = await WalletAsync(finance, "finance", ct),
        };
        log?.WriteLine($"wallets: {string.Join(", ", wallets.Select(w => $"{w.Key} {w.Value}"))}");

        // The sample file read into the generated model: its rules and schemas are any JSON (UntypedNode).
        var sample = await KiotaJsonSerializer.DeserializeAsync(blueprintJson, Blueprint.CreateFromDiscriminatorValue, ct)
            ?? throw new InvalidOperationException("the blueprint file is empty");
        var blueprint = Answer(await employee.Api.Blueprints.PostAsync(sample, cancellationToken: ct));
        var published = Answer(await employee.Api.Blueprints[blueprint.Id].Publish.PostAsync(cancellationToken: ct));
        log?.WriteLine($"blueprint {published.Id} version {published.Version} published {published.Published}");

        var register = Answer(await employee.Api.Registers.PostAsync(new CreateRegisterRequest { Name = "expenses" }, cancellationToken: ct));
        var participants = new CreateInstanceRequest_participants();
        foreach (var (participant, address) in wallets)
        {
            participants.AdditionalData[participant] = address;
        }

        var instance = Answer(await employee.Api.Blueprints[blueprint.Id].Instances.PostAsync(
            new CreateInstanceRequest { RegisterId = register.Id, Participants = participants }, cancellationToken: ct));
        var instanceId = instance.InstanceId!;
        log?.WriteLine($"register {register.Id}, instance {instanceId}");

        var steps = new (SorchaApiClient Caller, string Action, string Participant, UntypedObject Data)[]
        {
            (employee, "submit", "employee", Data(
                ("employeeName", new UntypedString("Ada Lovelace")), ("employeeEmail", new UntypedString("ada@example.com")),
                ("expenseDate", new UntypedString("2025-03-14")), ("category", new UntypedString("travel")),
                ("amount", new UntypedInteger(1500)), ("currency", new UntypedString("GBP")),
                ("description", new UntypedString("Flights to the partner summit")))),
            (manager, "approve", "manager", Data(("decision", new UntypedString("approved")), ("approvedAmount", new UntypedInteger(1500)))),
            (finance, "finance-review", "finance", Data(("paid", new UntypedBoolean(true)),
                ("paymentReference", new UntypedString("PAY-123456")), ("paymentDate", new UntypedString("2025-03-20")))),
        };
        var receipts = new List<SubmitActionResponse>();
        foreach (var (caller, action, participant, data) in steps)
        {
            var receipt = Answer(await caller.Api.Instances[instanceId].Actions[action].PostAsync(
                new SubmitActionRequest { Sender = wallets[participant], Data = data }, cancellationToken: ct));
            log?.WriteLine($"{action}: tx {receipt.TxId}, next {receipt.NextActionId ?? "none"}");
            receipts.Add(receipt);
        }

        var state = Answer(await employee.Api.Instances[instanceId].GetAsync(cancellationToken: ct));
        var verification = Answer(await employee.Api.Registers[register.Id].Verify.GetAsync(cancellationToken: ct));
        log?.WriteLine($"instance {state.Status}; register verify: valid {verification.Valid}, " +
            $"{verification.CheckedTransactions} transactions, {verification.CheckedDockets} dockets");

        return new ExpenseOutcome(blueprint.Id!, register.Id!, instanceId, [.. receipts.Select(r => r.TxId!)],
            [.. receipts.Select(r => r.NextActionId)], state.Status!, state.TxIds ?? [], verification.Valid == true,
            verification.CheckedTransactions ?? 0, verification.Reason);
    }

    private static SorchaApiClient Client(HttpClient http, Uri gateway, IAuthenticationProvider authentication) =>
        new(new HttpClientRequestAdapter(authentication, httpClient: http) { BaseUrl = gateway.ToString().TrimEnd('/') });

    private static async Task<string> WalletAsync(SorchaApiClient caller, string name, CancellationToken ct)
    {
        var wallet = Answer(await caller.Api.Wallets.PostAsync(new CreateWalletRequest { Name = name, Algorithm = "ED25519" }, cancellationToken: ct));
        return wallet.Address!;
    }

    /// <summary>A success answer's body: Kiota returns null for an empty one, which no call here expects.</summary>
    private static T Answer<T>(T? body)
        where T : class => body ?? throw new InvalidOperationException($"an answer without a body where a {typeof(T).Name} was expected");

    private static UntypedObject Data(params (string Name, UntypedNode Value)[] members) =>
        new(members.ToDictionary(m => m.Name, m => m.Value));

    /// <summary>A token obtained once (development tokens live an hour), sent only to the gateway's host.</summary>
    private sealed class StaticToken(string token, Uri gateway) : IAccessTokenProvider
    {
        public AllowedHostsValidator AllowedHostsValidator { get; } = new([gateway.Host]);

        public Task<string> GetAuthorizationTokenAsync(Uri uri, Dictionary<string, object>? additionalAuthenticationContext = null,
            CancellationToken cancellationToken = default) =>
            Task.FromResult(AllowedHostsValidator.IsUrlHostValid(uri) ? token : string.Empty);
    }
}

/// <summary>What the workflow ended with: the ids it made, each step's transaction and next action, the instance's state, the register's verification.</summary>
public sealed record ExpenseOutcome(
    string BlueprintId,
    string RegisterId,
    string InstanceId,
    IReadOnlyList<string> TxIds,
    IReadOnlyList<string?> NextActionIds,
    string Status,
    IReadOnlyList<string> InstanceTxIds,
    bool Valid,
    long CheckedTransactions,
    string? Reason)
{
    /// <summary>Completed after three committed steps, in a register that verifies with those three transactions.</summary>
    public bool Succeeded => Status == "completed" && Valid && CheckedTransactions == 3 && InstanceTxIds.SequenceEqual(TxIds);
}
