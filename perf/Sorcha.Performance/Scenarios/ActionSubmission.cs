using System.Collections.Concurrent;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Wallets;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// Submits the next action of a live instance of the published expense-approval sample, the full path to the
/// register (validate, calculate, route, disclose, encrypt per participant, sign, commit). Three callers each own one
/// participant's wallet and submit that participant's actions. Instances wait in a queue of ready ones: a step takes
/// one (so no two steps ever act on the same instance), and puts it back after its action, or, when it completed,
/// starts a replacement in the background. The pool (<see cref="Pool"/> instances, made in InitAsync) is thus kept
/// full off the timed path; the refills are extra load on the platform, about one instance creation per three steps.
/// Only if every instance is busy does a step create one on the clock. OK = 201 with a txId, the expected next action,
/// envelopes for all three wallets and the right calculation; every 10th transaction is also read back from the
/// register off the clock (txId recomputed, signature verified, metadata and sender checked), see
/// <see cref="DeferredChecks"/>.
/// </summary>
public sealed class ActionSubmission : LoadScenario
{
    private const int Pool = 48;
    private const int CheckEvery = 10;

    private readonly ConcurrentQueue<LiveInstance> _ready = new();
    private readonly DeferredChecks _checks = new();
    private readonly Dictionary<string, (SorchaClient Client, WalletDto Wallet)> _parties = new(StringComparer.Ordinal);
    private Dictionary<string, string> _bindings = [];
    private HashSet<string> _wallets = [];
    private string _registerId = "";
    private string _blueprintId = "";
    private Engine.Soak.StoredObjects _stored = null!;
    private long _steps;

    public override string Name => "action_submission";
    public override double DefaultRate => 20;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        _stored = context.Stored;
        foreach (var participant in ExpenseFlow.Participants)
        {
            var client = await CallerAsync(context, $"load-{Name}-{participant}", ct);
            _parties[participant] = (client, await client.Wallets.CreateAsync($"{Name} {participant}", SignatureAlgorithm.ED25519, ct));
        }

        _bindings = _parties.ToDictionary(p => p.Key, p => p.Value.Wallet.Address, StringComparer.Ordinal);
        _wallets = [.. _bindings.Values];
        var owner = _parties["employee"].Client;
        _registerId = (await owner.Registers.CreateAsync(Name, ct)).Id;
        var blueprint = await owner.Blueprints.CreateAsync(SampleBlueprints.Load("expense-approval.json") with { Title = Name }, ct);
        _blueprintId = blueprint.Id!;
        await owner.Blueprints.PublishAsync(_blueprintId, ct);
        await Parallel.ForAsync(0, Pool, new ParallelOptions { MaxDegreeOfParallelism = 8, CancellationToken = ct },
            async (_, token) => _ready.Enqueue(await CreateInstanceAsync(token)));
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        if (!_ready.TryDequeue(out var instance))
        {
            instance = await CreateInstanceAsync(ct);
        }

        var step = ExpenseFlow.Steps[instance.Step];
        var (client, wallet) = _parties[step.Participant];
        SubmitActionResponse receipt;
        try
        {
            receipt = await client.Instances.SubmitActionAsync(instance.Id, step.ActionId, wallet.Address, step.Data, ct);
        }
        catch
        {
            // Where the instance stands is unknown now: leave it and bring a fresh one.
            Refill();
            throw;
        }

        _stored.Transaction();

        if (step.Problem(receipt, _wallets) is { } problem)
        {
            Refill();
            throw new AnswerMismatchException(problem);
        }

        if (receipt.NextActionId is null)
        {
            Refill();
        }
        else
        {
            _ready.Enqueue(instance with { Step = instance.Step + 1 });
        }

        if (Interlocked.Increment(ref _steps) % CheckEvery == 0)
        {
            _checks.Start("register check", () => InRegisterAsync(instance, step, wallet.Address, receipt));
        }

        _checks.ThrowIfAnyFailed();
        return true;
    }

    private async Task<LiveInstance> CreateInstanceAsync(CancellationToken ct)
    {
        var created = await _parties["employee"].Client.Instances.CreateAsync(_blueprintId, _registerId, _bindings, ct);
        _stored.Instance();
        return created.NextActionId == ExpenseFlow.Steps[0].ActionId
            ? new LiveInstance(created.InstanceId, 0)
            : throw new InvalidOperationException($"{Name}: a new instance starts at '{created.NextActionId}'");
    }

    /// <summary>A replacement instance, made in the background; a failure there counts as a failed step.</summary>
    private void Refill() => _checks.Start("refill", async () =>
    {
        _ready.Enqueue(await CreateInstanceAsync(CancellationToken.None));
        return null;
    });

    /// <summary>The committed transaction, read back from the register, is the action's and checks out.</summary>
    private async Task<string?> InRegisterAsync(LiveInstance instance, ExpenseFlow.FlowStep step, string sender, SubmitActionResponse receipt)
    {
        var tx = await _parties["employee"].Client.Registers.GetTransactionAsync(_registerId, receipt.TxId);
        return tx.TxId != receipt.TxId || tx.Sequence != receipt.Sequence ? "another txId or sequence"
            : tx.Sender != sender ? "another sender"
            : tx.Metadata != new TransactionMetadataDocument("Action", _blueprintId, instance.Id, step.ActionId) ? "other metadata"
            : !tx.Payload.TryGetProperty("envelopes", out var envelopes) || envelopes.GetArrayLength() != _wallets.Count ? "not three envelopes"
            : TransactionIds.Check(tx);
    }

    private sealed record LiveInstance(string Id, int Step);
}
