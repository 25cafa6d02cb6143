using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;

namespace Sorcha.Register.Service.Verification;

/// <summary>
/// What a whole-register verify may take (Limits:Verify): it checks every signature of the register, so any caller
/// could otherwise keep every core busy. Each caller runs its verifies one at a time (more: 429); the process runs a
/// few at once (the rest wait their turn, then 503); each uses a bounded number of cores.
/// </summary>
public sealed class VerifyBudget(IOptions<LimitsOptions> limits) : IDisposable
{
    public CallerSlots PerCaller { get; } = new(limits.Value.Verify.PerCaller);

    public WorkSlots Running { get; } = new(limits.Value.Verify.Concurrent, TimeSpan.FromSeconds(limits.Value.Verify.QueueSeconds));

    public int MaxDegreeOfParallelism { get; } = Math.Max(1, limits.Value.Verify.MaxDegreeOfParallelism);

    public void Dispose()
    {
        PerCaller.Dispose();
        Running.Dispose();
    }
}
