using System.Text.Json;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>GET /health via the gateway; OK only when the aggregate says Healthy.</summary>
public sealed class HealthCheck : Scenario
{
    public override string Name => "health_check";
    public override double DefaultRate => 50;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        using var response = await context.Http.GetAsync("/health", ct);
        if (!response.IsSuccessStatusCode)
        {
            return false;
        }

        using var body = JsonDocument.Parse(await response.Content.ReadAsStreamAsync(ct));
        return body.RootElement.GetProperty("status").GetString() == "Healthy";
    }
}
