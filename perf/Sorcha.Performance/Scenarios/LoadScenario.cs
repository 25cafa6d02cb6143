using Sorcha.Client;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// A scenario on <see cref="SorchaClient"/>. Init runs once however often it is asked for, because mixed_workload and
/// stress_test compose the other scenarios' objects and reuse their data: whoever asks first does the work.
/// </summary>
public abstract class LoadScenario : Scenario
{
    private readonly Lock _gate = new();
    private Task? _init;

    public sealed override Task InitAsync(LoadContext context, CancellationToken ct)
    {
        lock (_gate)
        {
            return _init ??= InitOnceAsync(context, ct);
        }
    }

    protected virtual Task InitOnceAsync(LoadContext context, CancellationToken ct) => Task.CompletedTask;

    /// <summary>True when <paramref name="condition"/> holds; otherwise the step fails with <paramref name="failure"/> as its error.</summary>
    protected static bool Expect(bool condition, string failure) => AnswerMismatchException.Expect(condition, failure);

    /// <summary>A client acting as the development caller <paramref name="clientId"/> on the harness's pooled HttpClient.</summary>
    protected static async Task<SorchaClient> CallerAsync(LoadContext context, string clientId, CancellationToken ct) =>
        new(context.Http, TokenSource.Fixed(await context.AuthAsync(clientId, ct)));
}
