using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// A weighted mix of the other scenarios' steps, on their own objects and init data (each initialised once, whoever
/// asks first). Steps follow a fixed interleaved order (smooth weighted round-robin), so every run sends the same
/// mix and each component's requests are spread evenly in time. <see cref="Weights"/> is the mix.
/// </summary>
public sealed class MixedWorkload : LoadScenario
{
    private readonly Scenario[] _order;
    private long _counter;

    public MixedWorkload(IReadOnlyList<(Scenario Scenario, int Weight)> weights)
    {
        Weights = weights;
        _order = Interleave(weights);
    }

    public override string Name => "mixed_workload";
    public override double DefaultRate => 50;

    public IReadOnlyList<(Scenario Scenario, int Weight)> Weights { get; }

    /// <summary>
    /// Reads-heavy, as a platform in use is: 65 % reads (health 10, blueprint 15, wallet 15, register 15, execution
    /// helpers 10), 35 % writes and key operations (sign 10, transaction 10, encrypt+decrypt 5, blueprint 5, action 5).
    /// </summary>
    public static MixedWorkload ReadsHeavy(HealthCheck health, BlueprintRead blueprintRead, BlueprintWrite blueprintWrite,
        ActionSubmission action, ExecutionHelpers execution, WalletRead walletRead, WalletSign walletSign,
        WalletEncryptDecrypt encryptDecrypt, RegisterRead registerRead, TransactionSubmission transaction) =>
        new([
            (health, 10), (blueprintRead, 15), (walletRead, 15), (registerRead, 15), (execution, 10),
            (walletSign, 10), (transaction, 10), (encryptDecrypt, 5), (blueprintWrite, 5), (action, 5),
        ]);

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        foreach (var (scenario, _) in Weights)
        {
            await scenario.InitAsync(context, ct);
        }
    }

    public override Task<bool> StepAsync(LoadContext context, CancellationToken ct) =>
        StepAsync(context, Interlocked.Increment(ref _counter), ct);

    /// <summary>
    /// The step at <paramref name="index"/> of the order. A scenario built on the mix (stress_test) keeps its own count,
    /// so that the mix of its requests does not depend on how its arrivals interleave with mixed_workload's.
    /// </summary>
    public Task<bool> StepAsync(LoadContext context, long index, CancellationToken ct) =>
        _order[(index & long.MaxValue) % _order.Length].StepAsync(context, ct);

    /// <summary>Smooth weighted round-robin: each weight's share, spread as evenly as the weights allow.</summary>
    private static Scenario[] Interleave(IReadOnlyList<(Scenario Scenario, int Weight)> weights)
    {
        var total = weights.Sum(w => w.Weight);
        var current = new int[weights.Count];
        var order = new Scenario[total];
        for (var slot = 0; slot < total; slot++)
        {
            var best = 0;
            for (var i = 0; i < weights.Count; i++)
            {
                current[i] += weights[i].Weight;
                best = current[i] > current[best] ? i : best;
            }

            current[best] -= total;
            order[slot] = weights[best].Scenario;
        }

        return order;
    }
}
