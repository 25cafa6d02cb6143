using Sorcha.Client;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>GET /health via the gateway (anonymous); OK only when the aggregate says Healthy.</summary>
public sealed class HealthCheck : LoadScenario
{
    private SorchaClient _client = null!;

    public override string Name => "health_check";
    public override double DefaultRate => 50;

    protected override Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        _client = new SorchaClient(context.Http);
        return Task.CompletedTask;
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var report = await _client.GetHealthAsync(ct);
        return Expect(report.IsHealthy, $"health: {report.Status} ({string.Join(", ", report.Services.Where(s => s.Value != "Healthy").Select(s => s.Key))})");
    }
}
